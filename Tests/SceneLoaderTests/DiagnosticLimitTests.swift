import Foundation
import SceneBehaviours
import SceneCore
import SceneLoader
import SceneYAML
import Testing

/// The diagnostics that need more than a scene's text to provoke: files,
/// bytes, limits and broken registrations. Together with
/// ``DiagnosticTests/cases`` they cover every ``DiagnosticCode``.
@Suite struct DiagnosticLimitTests {
    static let codesTestedHere: Set<DiagnosticCode> = [
        .unreadableFile, .fileTooLarge, .invalidEncoding, .nestingTooDeep, .aliasBudget, .tooManyDiagnostics,
        .internalError, .emptyFile, .objectFailed, .expansionTooLarge,
    ]

    /// The codes of `scene-runner import`, whose diagnostics are about an
    /// Interface Builder file: their whole text is tested in
    /// `SceneImportTests` (`ImportDiagnosticTextTests` and, for the
    /// warnings, `ImportWarningCodeTests`), which this target does not link.
    static let codesTestedInSceneImportTests = Set<DiagnosticCode>([.xmlSyntax, .unsupportedDocument]).union(
        DiagnosticCode.importWarnings)

    @Test func everyDiagnosticCodeHasATestOfItsWholeText() {
        let covered = Set(DiagnosticTests.cases.map(\.code)).union(Self.codesTestedHere).union(
            ComponentTests.codesTestedHere
        ).union(Self.codesTestedInSceneImportTests).union(InvariantLoadingTests.cases.map(\.code))
            .union(DeviceCanvasTests.codesTestedHere).union(ConstraintCheckTests.codesTestedHere)
        #expect(Set(DiagnosticCode.allCases).subtracting(covered) == [])
    }

    /// `allCases` lists every code `Diagnostic.swift` declares, once, so
    /// that the test above sees a new code (the codes are constants, which
    /// the compiler cannot enumerate).
    @Test func allCasesListsEveryDeclaredCodeOnce() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/SceneLoader/Diagnostic.swift").standardized
        let source = try String(contentsOf: file, encoding: .utf8)
        let declared = source.split(separator: "\n").compactMap { line -> String? in
            let parts = line.split(separator: "\"")
            guard line.contains("package static let "), line.contains("= Self(rawValue: "), parts.count == 3 else {
                return nil
            }
            return String(parts[1])
        }
        #expect(declared.count > 60)
        #expect(Set(declared) == Set(DiagnosticCode.allCases.map(\.rawValue)))
        #expect(Set(declared).count == declared.count)
        #expect(DiagnosticCode.allCases.count == declared.count)
    }

    @Test func aMissingFileIsUnreadable() throws {
        let loader = SceneLoader(registry: .standard)
        #expect {
            _ = try loader.load(contentsOf: "/nonexistent/scene.yaml")
        } throws: { error in
            (error as? SceneLoadError)?.rendered
                == "/nonexistent/scene.yaml:1:1: error: cannot read '/nonexistent/scene.yaml': No such file or directory\n"
        }
    }

    @Test func aDirectoryIsUnreadable() {
        #expect(throws: Diagnostic.self) { try SceneSource(contentsOf: "/tmp") }
        do {
            _ = try SceneSource(contentsOf: "/tmp")
        } catch {
            #expect(error.code == .unreadableFile)
            #expect(error.message == "cannot read '/tmp': Is a directory")
        }
    }

    @Test func aFileOverTheSizeLimitIsRejectedBeforeParsing() throws {
        var limits = SceneLimits()
        limits.yaml.maxInputBytes = 16
        let text = try renderedDiagnostics("objects:\n  a: {type: View}\n", limits: limits)
        #expect(
            text == """
                test.yaml:1:1: error: the file is 27 bytes, more than the limit of 16
                    1 | objects:
                      | ^
                      = help: split the scene, or raise the limit in the embedding program

                """)
    }

    @Test func invalidUTF8IsReportedWhereItIs() throws {
        let loader = SceneLoader(registry: .standard)
        var bytes = Array("objects:\n  a:\n    type: Label\n    text: caf".utf8)
        bytes += [0xC3, 0x28]  // a lead byte followed by a non-continuation byte
        bytes += Array("\n".utf8)
        let source = SceneSource(name: "bad.yaml", bytes: bytes)
        let diagnostics = loader.check(source)
        #expect(diagnostics.map(\.code) == [.invalidEncoding])
        #expect(
            DiagnosticRenderer.render(diagnostics, in: source) == """
                bad.yaml:4:15: error: the file is not valid UTF-8: invalid trailing UTF-8 octet (byte 0x28)
                    4 |     text: caf\u{FFFD}(
                      |               ^
                      = help: save the file as UTF-8

                """)
    }

    @Test func nestingDeeperThanTheLimitIsAnError() throws {
        var limits = SceneLimits()
        limits.yaml.maxDepth = 4
        let text = try renderedDiagnostics("objects:\n  a: {type: Probe, tags: [[x]]}\n", limits: limits)
        #expect(
            text == """
                test.yaml:2:27: error: lists and mappings are nested more than 4 deep
                    2 |   a: {type: Probe, tags: [[x]]}
                      |                           ^
                      = help: flatten the structure, or raise the depth limit in the embedding program

                """)
    }

    @Test func aliasesOverTheBudgetAreAnError() throws {
        var limits = SceneLimits()
        limits.yaml.maxAliasNodes = 5
        let text = try renderedDiagnostics(
            "objects:\n  a: {type: Probe, tags: &t [a, b, c]}\n  b: {type: Probe, tags: *t}\n  c: {type: Probe, tags: *t}\n",
            limits: limits)
        #expect(
            text == """
                test.yaml:4:26: error: aliases expand to more than 5 nodes; the document is an alias bomb or far too repetitive
                    4 |   c: {type: Probe, tags: *t}
                      |                          ^~
                      = help: write the values out, or raise the alias limit in the embedding program

                """)
    }

    @Test func aTrulyEmptyFileIsAnError() throws {
        #expect(
            try renderedDiagnostics("") == """
                test.yaml:1:1: error: the file is empty
                      = help: a scene needs 'objects:', with each object indented below it, e.g. '  box: {type: View}'

                """)
    }

    @Test func collectingStopsAtTheLimitWithALastDiagnosticSayingSo() throws {
        var limits = SceneLimits()
        limits.maxDiagnostics = 1
        let text = try renderedDiagnostics(
            "objects:\n  a: {type: View, alpha: 2}\n  b: {type: View, alpha: 3}\n", limits: limits)
        #expect(
            text == """
                test.yaml:2:26: error: 'alpha' must be between 0 and 1, not 2
                    2 |   a: {type: View, alpha: 2}
                      |                          ^
                test.yaml:3:26: error: too many diagnostics; stopped after the first 1
                    3 |   b: {type: View, alpha: 3}
                      |                          ^
                      = help: fix these and check again

                """)
    }

    @Test func anErrorBehindTheLimitOfWarningsStillMakesTheFileInvalid() throws {
        var limits = SceneLimits()
        limits.maxDiagnostics = 2
        let loader = SceneLoader(registry: try testRegistry(), limits: limits)
        let warned = (0..<3).map { "  b\($0):\n    type: Button\n    on: {tap: []}\n" }.joined()
        let invalid = SceneSource(name: "test.yaml", text: "objects:\n" + warned + "  v: {type: View, alpha: 2}\n")
        let diagnostics = loader.check(invalid)
        #expect(diagnostics.map(\.severity) == [.warning, .warning, .error])
        #expect(diagnostics.last?.code == .tooManyDiagnostics)
        #expect(throws: SceneLoadError.self) { try loader.load(invalid) }

        let onlyWarned = SceneSource(name: "test.yaml", text: "objects:\n" + warned)
        #expect(loader.check(onlyWarned).map(\.severity) == [.warning, .warning, .warning])
        _ = try loader.load(onlyWarned)
        var strict = loader
        strict.warningsAreErrors = true
        #expect(throws: SceneLoadError.self) { try strict.load(onlyWarned) }
    }

    @Test(arguments: [2, 8, 9, 40])
    func anActionListedTwiceIsFoundInAListOfAnyLength(length: Int) throws {
        let loader = SceneLoader(registry: try testRegistry())
        let objects = (0..<length).map { "  l\($0): {type: Label}\n" }.joined()
        // Every label once, then the first again, quoted: the same action.
        let actions = (0..<length).map { "l\($0).show" }.joined(separator: ", ") + ", \"l0.show\""
        let source = SceneSource(
            name: "test.yaml", text: "objects:\n" + objects + "  b:\n    type: Button\n    on: {tap: [\(actions)]}\n")
        let diagnostics = loader.check(source)
        #expect(diagnostics.map(\.code) == [.duplicateConnection])
        #expect(diagnostics.first?.message == "'tap' calls 'l0.show' twice")
        #expect(diagnostics.first?.notes.first?.position.column == 16)
    }

    /// A type whose outlet holds a Label: its requirement is the property's
    /// Swift type, so a View is refused when the scene is checked, not when
    /// it loads.
    final class LabelHolder: SceneObject {
        weak var label: Label?
        func awake(in scene: Scene) {}
    }

    @Test func anOutletRequiresItsPropertysSwiftTypeSoCheckRefusesWhatLoadCouldNotConnect() throws {
        var registry = SceneRegistry.standard
        try registry.register(
            TypeDescription("LabelHolder", summary: "Holds a label.", make: LabelHolder.init) { type in
                type.outlet("label", \.label, doc: "A Label, from the property's type.")
            })
        let loader = SceneLoader(registry: registry)
        let source = SceneSource(
            name: "test.yaml", text: "objects:\n  v: {type: View}\n  m: {type: LabelHolder, label: v}\n")
        #expect(
            loader.check(source).map { DiagnosticRenderer.render($0, in: source) } == [
                """
                test.yaml:3:33: error: 'label' needs a Label, but 'v' is a View
                    3 |   m: {type: LabelHolder, label: v}
                      |                                 ^
                      = help: the scene has no other Label to connect

                """
            ])
        let fitting = SceneSource(
            name: "test.yaml", text: "objects:\n  v: {type: Label}\n  m: {type: LabelHolder, label: v}\n")
        let scene = try loader.load(fitting)
        #expect(scene.object("m", as: LabelHolder.self)?.label === scene.object("v", as: Label.self))
    }

    /// A type that cannot wake, as a store whose file is not a database.
    final class FailsToWake: SceneObject {
        func awake(in scene: Scene) {
            scene.reportFailure(of: self, "cannot open 'state/x.db': it is not an SQLite database")
        }
    }

    @Test func anObjectThatFailsToWakeFailsTheLoadAtItsID() throws {
        var registry = SceneRegistry.standard
        try registry.register(TypeDescription("FailsToWake", summary: "Fails in awake.", make: FailsToWake.init))
        let loader = SceneLoader(registry: registry)
        let source = SceneSource(name: "test.yaml", text: "objects:\n  v: {type: View}\n  f: {type: FailsToWake}\n")
        #expect(loader.check(source).isEmpty)
        #expect {
            _ = try loader.load(source)
        } throws: { error in
            (error as? SceneLoadError)?.rendered == """
                test.yaml:3:3: error: cannot open 'state/x.db': it is not an SQLite database
                    3 |   f: {type: FailsToWake}
                      |   ^

                """
        }
    }
}

/// Source lines in diagnostics: a long line is cut around the caret, and
/// every line break YAML counts ends a line.
@Suite struct DiagnosticSnippetTests {
    private func rendered(_ text: String) -> String {
        let source = SceneSource(name: "s.yaml", text: text)
        return DiagnosticRenderer.render(SceneLoader(registry: .standard).check(source), in: source)
    }

    @Test func aMistakeOnAHundredKilobyteLineShowsTheTextAroundIt() {
        let views = (0..<4000).map { "v\($0): {type: View}" }
        let line =
            "objects: {" + views.joined(separator: ", ") + ", bad: {type: Buton}, "
            + (0..<4000).map { "w\($0): {type: View}" }.joined(separator: ", ") + "}\n"
        #expect(line.utf8.count > 100_000)
        let text = rendered(line)
        let lines = text.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines[1].count < 200, "\(lines[1].count) characters")
        #expect(lines[1].hasPrefix("    1 | …iew}, v3998: {type: View}"))
        #expect(lines[1].hasSuffix("…"))
        // The caret stands under the misspelt type name, whose column the header gives.
        let shownLine = lines[1].dropFirst(8)
        let caretLine = lines[2].dropFirst(8)
        let caret = caretLine.firstIndex(of: "^").map { caretLine.distance(from: caretLine.startIndex, to: $0) }
        #expect(caret.map { String(Array(shownLine)[$0..<$0 + 5]) } == "Buton")
        #expect(caretLine.hasSuffix("^~~~~"))
    }

    @Test(arguments: ["\r", "\r\n", "\u{85}", "\u{2028}", "\u{2029}"])
    func everyLineBreakEndsTheShownLine(lineBreak: String) {
        let text = rendered("objects:" + lineBreak + "  v: {type: Buton}" + lineBreak)
        #expect(
            text == """
                s.yaml:2:13: error: unknown type 'Buton'
                    2 |   v: {type: Buton}
                      |             ^~~~~
                      = help: did you mean 'Button'?

                """)
    }
}
