import Foundation
import SceneLoader
import SceneRunning
import SceneTesting
import TestSupport
import Testing

@testable import SceneBehaviours

/// The bugs of the seeds' original implementations (``SeededBug``), put
/// back one at a time in a faulty variant of the shipped type, registered
/// in its place: each one breaks an invariant that its shipped scene
/// states, on a short script that a person would write to show it, and the
/// same script breaks nothing once the bug is gone. So the invariants the
/// scenes ship with are strong enough to catch each bug, and true of the
/// behaviours as they are.
@Suite struct SeededBugTests {
    /// A bug, the shipped scene whose invariants catch it, the script that
    /// shows it, and the name of the invariant it breaks.
    struct Case: CustomTestStringConvertible, Sendable {
        let bug: SeededBug
        let scene: String
        let script: String
        let invariant: String
        /// Whether explore needs `--actions` to reach it (a second
        /// `resume` comes from code, not from a hand); it then explores the
        /// scene with this invariant alone, as the others state what a
        /// hand can break and actions such as `controls.hide` break them.
        var needsActions = false
        var testDescription: String { bug.rawValue }
    }

    static let cases: [Case] = [
        Case(
            bug: .resumeKeepsPendingTimeout, scene: "video-player",
            script: """
                  - call: timeout.resume
                  - wait: 3s
                """,
            invariant: "a timeout is pending only while the controller runs", needsActions: true),
        Case(
            bug: .endedTouchRearmsWhileAnotherIsDown, scene: "video-player",
            script: """
                  - press: volume
                  - press: playPause
                  - release: volume
                """,
            invariant: "a touch holds the timeout off"),
        Case(
            bug: .cancelledTouchNeverEnds, scene: "video-player",
            script: """
                  - press: volume
                  - cancel: volume
                """,
            invariant: "every touch that ended is over"),
        Case(
            bug: .tapDuringFadeIsIgnored, scene: "video-player",
            script: """
                  - wait: 3.1s
                  - tap: backgroundTap
                  - wait: 0.2s
                """,
            invariant: "a running timeout has the controls up"),
        Case(
            bug: .expiredWindowKeepsWrongCodes, scene: "passcode-lock",
            script: """
                  - type: { code: "1111" }
                  - returnKey: code
                  - wait: 60s
                """,
            invariant: "a wrong code counts only within its window"),
    ]

    /// The shipped scene `name` with its script replaced by `script`.
    static func scene(_ name: String, script: String) throws -> SceneSource {
        let url = packageRoot.appendingPathComponent("Scenes/\(name).yaml")
        let text = try String(contentsOf: url, encoding: .utf8)
        let head = try #require(text.range(of: "\nscript:\n"), "\(name).yaml has a script")
        return SceneSource(name: "Scenes/\(name).yaml", text: text[..<head.upperBound] + script)
    }

    /// The names of the invariants that broke when `source` ran over `registry`.
    static func brokenInvariants(_ source: SceneSource, registry: SceneRegistry = .standard) throws -> [String] {
        guard case .ran(let transcript) = SceneRunner(registry: registry).run(source) else {
            Issue.record("\(source.name) did not load")
            return []
        }
        return transcript.entries.compactMap { entry in
            guard case .invariant(let check, _, _, _, _) = entry.kind else { return nil }
            guard let open = check.lastIndex(of: "("), check.hasSuffix(")") else { return check }
            return String(check[check.index(after: open)..<check.index(before: check.endIndex)])
        }
    }

    @Test(arguments: cases) func theBugBreaksItsInvariant(_ test: Case) throws {
        let source = try Self.scene(test.scene, script: test.script)
        let broken = try Self.brokenInvariants(source, registry: test.bug.registry)
        #expect(broken.first == test.invariant, "broken: \(broken)")
    }

    @Test(arguments: cases) func withoutTheBugTheSameScriptBreaksNothing(_ test: Case) throws {
        let source = try Self.scene(test.scene, script: test.script)
        #expect(try Self.brokenInvariants(source) == [])
    }

    /// The shipped scene as a file, with only `test`'s invariant when it
    /// needs actions.
    static func exploredScene(_ test: Case) throws -> SceneSource {
        let url = packageRoot.appendingPathComponent("Scenes/\(test.scene).yaml")
        var text = try String(contentsOf: url, encoding: .utf8)
        if test.needsActions {
            let start = try #require(text.range(of: "\ninvariants:\n"))
            let end = try #require(text.range(of: "\nscript:\n"))
            let entries = text[start.upperBound..<end.lowerBound].components(separatedBy: "\n  - ")
            let kept = try #require(entries.first { $0.contains("name: \(test.invariant)\n") })
            text = text[..<start.upperBound] + "  - " + kept.drop { $0 == " " || $0 == "-" } + text[end.lowerBound...]
        }
        return SceneSource(name: "Scenes/\(test.scene).yaml", text: text)
    }

    /// What `explore` with its default budget finds in `test`'s scene over `registry`.
    static func explore(_ test: Case, registry: SceneRegistry = .standard) throws -> ExploreResult {
        var options = ExploreOptions()
        options.includeActions = test.needsActions
        let loader = SceneLoader(registry: registry)
        return try SceneExplorer.load(exploredScene(test), loader: loader, options: options).get().explore()
    }

    @Test(arguments: cases) func exploreFindsTheBugAndShrinksItToAtMostSixSteps(_ test: Case) throws {
        let result = try Self.explore(test, registry: test.bug.registry)
        let failure = try #require(result.failure, "explore found nothing in \(result.stepCount) steps")
        guard case .invariant(let check, _, _, _, _) = failure.kind else {
            Issue.record("explore found \(failure.message), not an invariant")
            return
        }
        #expect(check.hasSuffix("(\(test.invariant))"), "\(check)")
        #expect(!result.isInSetup)
        #expect((1...6).contains(result.steps.count), "\(result.minimalSteps)")
    }

    @Test(arguments: cases) func withoutTheBugExploreFindsNothing(_ test: Case) throws {
        let result = try Self.explore(test)
        #expect(result.failure == nil, "\(result.failure?.message ?? ""): \(result.minimalSteps)")
        #expect(result.stepCount > 1_000)
    }

    @Test func everySeededBugHasACase() {
        #expect(Set(Self.cases.map(\.bug)) == Set(SeededBug.allCases))
    }

    @Test(arguments: SeededBug.allCases)
    func eachFaultyVariantReplacesItsTypeUnderTheSameName(_ bug: SeededBug) throws {
        let faulty = bug.faultyType
        let standard = try #require(SceneRegistry.standard.type(named: faulty.name))
        let registered = try #require(bug.registry.type(named: faulty.name))
        #expect(
            ObjectIdentifier(type(of: registered.makeInstance())) != ObjectIdentifier(type(of: standard.makeInstance()))
        )
        #expect(registered.properties.map(\.name) == standard.properties.map(\.name))
        #expect(bug.registry.types.count == SceneRegistry.standard.types.count)
    }
}
