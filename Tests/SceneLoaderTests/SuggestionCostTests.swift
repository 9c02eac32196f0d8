import Foundation
import SceneBehaviours
import SceneCore
import Testing

@testable import SceneLoader

/// "Did you mean" and the lists of candidates in hints cost a search of
/// the scene: they are worked out only for the diagnostics shown, on names
/// of a length one could type, and lists count what they leave out.
@Suite struct SuggestionCostTests {
    @Test func hintsPastTheDiagnosticLimitAreNotWorkedOut() {
        // 2,000 objects each naming an unknown parent: 50 are shown.
        var text = "objects:\n  screen: { type: View }\n"
        for index in 0..<2_000 { text += "  v\(index): { type: View, parent: missing\(index) }\n" }
        let loader = SceneLoader(registry: .standard)
        let (diagnostics, hints) = loader.checkCountingHints(SceneSource(name: "many.yaml", text: text))
        #expect(diagnostics.count == 51)
        #expect(diagnostics.last?.code == .tooManyDiagnostics)
        #expect(hints == 50)
        #expect(diagnostics.first?.hint == "objects that fit: screen, v1, v2, v3, v4, v5, v6, v7 and 1992 more")
    }

    @Test(arguments: [
        "  o{i}: {{ type: Veiw }}\n", "  o{i}: {{ type: View, alpah: 1 }}\n",
        "  o{i}: {{ type: Button, on: {{ tapp: o{i}.hide }} }}\n",
        "  o{i}: {{ type: Button, on: {{ tap: o{i}.hied }} }}\n",
    ])
    func unknownNamesPastTheLimitAreNotLookedUp(line: String) {
        let text =
            "objects:\n"
            + (0..<200).map {
                line.replacingOccurrences(of: "{i}", with: "\($0)")
                    .replacingOccurrences(of: "{{", with: "{").replacingOccurrences(of: "}}", with: "}")
            }.joined()
        let (diagnostics, hints) = SceneLoader(registry: .standard).checkCountingHints(
            SceneSource(name: "names.yaml", text: text))
        #expect(diagnostics.count == 51)
        #expect(hints == 50)
        #expect(diagnostics.first?.hint?.hasPrefix("did you mean") == true)
    }

    @Test func unknownParameterNamesPastTheLimitAreNotLookedUp() throws {
        let given = (0..<300).map { "p\($0): 1" }.joined(separator: ", ")
        let folder = try SceneFolder([
            "scene.yaml": "objects:\n  c: { include: c.yaml, params: { \(given) } }\n",
            "c.yaml": "params:\n  q: {}\nobjects:\n  box: { type: View }\n",
        ])
        let loader = SceneLoader(registry: .standard)
        let source = try loader.source(contentsOf: folder.path + "/scene.yaml")
        let (diagnostics, hints) = loader.checkCountingHints(source)
        #expect(diagnostics.count == 51)
        #expect(hints == 50)
    }

    @Test func theObjectsThatFitAreCountedWhole() {
        // 20 views fit; 8 are named and the other 12 counted.
        var text = "objects:\n"
        for index in 0..<20 { text += "  l\(index): { type: View }\n" }
        text += "  label: { type: Label, parent: nowhere }\n"
        let diagnostics = SceneLoader(registry: .standard).check(SceneSource(name: "fit.yaml", text: text))
        #expect(diagnostics.first?.hint == "objects that fit: l0, l1, l2, l3, l4, l5, l6, l7 and 12 more")
    }

    @Test func aListUpToTheLimitNamesEveryName() {
        #expect(Suggestions.list(["a", "b"]) == "a, b")
        #expect(Suggestions.list((0..<9).map { "n\($0)" }) == "n0, n1, n2, n3, n4, n5, n6, n7 and 1 more")
        #expect(Suggestions.list(["a", "b"], total: 5) == "a, b and 3 more")
    }

    @Test func aVeryLongUnknownIdGetsNoSuggestionAndNoSearch() {
        let long = String(repeating: "screen", count: 13_334)
        #expect(Suggestions.closest(to: long, in: ["screen"]) == nil)
        #expect(Suggestions.closest(to: "screen", in: [long]) == nil)
        let text = "objects:\n  screen: { type: View }\n  label: { type: Label, parent: \(long) }\n"
        let diagnostics = SceneLoader(registry: .standard).check(SceneSource(name: "long.yaml", text: text))
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.hint == "objects that fit: screen")
    }

    @Test func suggestionsStillFindTyposAndExtensions() {
        #expect(Suggestions.closest(to: "scren", in: ["screen", "label"]) == "screen")
        #expect(Suggestions.closest(to: "tapped", in: ["tap", "press"]) == "tap")
        #expect(Suggestions.closest(to: "Screen", in: ["screen"]) == "screen")
        #expect(Suggestions.closest(to: "zzzzzz", in: ["screen"]) == nil)
    }
}
