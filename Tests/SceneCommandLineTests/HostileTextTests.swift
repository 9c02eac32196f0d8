import Foundation
import SceneBehaviours
import SceneCore
import SceneLoader
import TestSupport
import Testing

@testable import SceneCommandLine

#if canImport(Glibc)
    import Glibc
#endif

/// What a scene wrote reaches a terminal with its control characters shown
/// by their codes, and a graph with them escaped for `dot`: a title or a
/// note cannot move the cursor, erase a FAILED line or break the DOT.
@Suite struct HostileTextTests {
    /// The characters a terminal acts on, or that hide themselves.
    static let hidden: [Unicode.Scalar] =
        (0..<0x20).compactMap(Unicode.Scalar.init).filter { $0 != "\t" && $0 != "\n" }
        + ["\u{7F}", "\u{85}", "\u{9B}", "\u{2028}", "\u{2029}", "\u{FEFF}", "\u{202E}"]

    /// The test's folder, removed when it ends.
    let temporary: TemporaryFolder

    init() throws {
        temporary = try temporaryFolder("hostile")
    }

    /// Writes `text` to a new file in a new folder in the test's; its path.
    func scene(_ text: String, name: String = "scene.yaml") throws -> String {
        try temporary.write(text, to: UUID().uuidString + "/" + name)
    }

    static func containsHidden(_ text: String) -> Bool {
        text.unicodeScalars.contains { hidden.contains($0) }
    }

    /// Every hidden character, in YAML double-quoted escapes.
    static let escaped = hidden.map { scalar in
        let digits = String(scalar.value, radix: 16)
        return "\\U" + String(repeating: "0", count: 8 - digits.count) + digits
    }.joined()

    @Test func theTextTranscriptShowsControlCharactersByTheirCodes() throws {
        let path = try scene(
            """
            scene: "Title\\e[2K\\r\(Self.escaped)"
            objects:
              label: {type: Label}
            script:
              - note: "erase\\e[1A\\e[2K\\rnothing failed \(Self.escaped)"
              - set: { label.text: "\(Self.escaped)" }
              - expect: { label.text: "other\\e[2K" }
            """, name: "hostile.yaml")
        let result = run(["run", path])
        #expect(result.status == 1)
        #expect(!Self.containsHidden(result.output), "\(result.output.debugDescription)")
        #expect(result.output.contains("== Title\\u{1B}[2K\\u{D}"))
        #expect(result.output.contains("note: erase\\u{1B}[1A\\u{1B}[2K\\u{D}nothing failed"))
        #expect(result.output.contains(": FAILED\n"))
    }

    @Test func aDiagnosticAtAnEscapeShowsIt() throws {
        let path = try scene("objects:\n  a: {type: Label, text: \"\u{1B}[2J\"}\n")
        let result = run(["check", path])
        #expect(result.status == 2)
        #expect(!Self.containsHidden(result.output), "\(result.output.debugDescription)")
        #expect(
            result.output.contains(
                "    2 |   a: {type: Label, text: \"\\u{1B}[2J\"}\n      |                           ^\n"))
    }

    @Test func aDiagnosticQuotingALineWithAnOverrideShowsItAndKeepsTheCaretUnderTheMistake() throws {
        let path = try scene("objects:\n  a: {type: Label, text: \"\u{202E}\u{FEFF}x\", hidden: maybe}\n")
        let result = run(["check", path])
        #expect(result.status == 2)
        #expect(!Self.containsHidden(result.output), "\(result.output.debugDescription)")
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let quoted = try #require(lines.firstIndex { $0.contains("hidden: maybe") })
        let caret = lines[quoted + 1]
        let column = try #require(lines[quoted].range(of: "maybe"))
        let caretColumn = try #require(caret.firstIndex(of: "^"))
        #expect(
            lines[quoted].distance(from: lines[quoted].startIndex, to: column.lowerBound)
                == caret.distance(from: caret.startIndex, to: caretColumn), "\(lines)")
    }

    @Test func aDiagnosticOfALiveLineWithAnEscapeShowsIt() {
        let rendered = DiagnosticRenderer.render(
            [
                Diagnostic(
                    .invalidStep, "bad \u{1B}[2K", at: SourceSpan(at: SourcePosition(line: 1, column: 1, offset: 0)))
            ],
            in: SceneSource(name: "<stdin>\u{9B}", text: "tapp\u{1B}[2K: x"))
        #expect(!Self.containsHidden(rendered), "\(rendered.debugDescription)")
    }

    /// Every code point below 32, DEL, quotes and backslashes, in a title,
    /// an id's label and a string: the DOT holds none raw, and `dot`
    /// (when it is installed; it is on CI) reads it.
    @Test func theGraphEscapesEveryControlCharacterAndDotReadsIt() throws {
        let all =
            String(String.UnicodeScalarView((0..<0x20).compactMap(Unicode.Scalar.init) + ["\u{7F}"]))
            + "\"\\'"
        for text in [all, "\u{0}", "a\\", "\\\"", "\u{85}\u{2028}\u{FFFE}"] {
            let quoted = DOT.quoted(text)
            let html = DOT.html(text)
            for output in [quoted, html, DOT.comment(text)] {
                #expect(
                    !output.unicodeScalars.contains {
                        ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F || $0.value == 0x85
                            || $0.properties.isNoncharacterCodePoint
                    }, "\(output.debugDescription)")
            }
            // The quotes open and close once: every inner quote is escaped.
            let inner = quoted.dropFirst().dropLast()
            var isEscaped = false
            for character in inner {
                if isEscaped {
                    isEscaped = false
                } else if character == "\\" {
                    isEscaped = true
                } else {
                    #expect(character != "\"", "\(quoted)")
                }
            }
            #expect(!isEscaped, "\(quoted) ends inside an escape")
        }
        let result = run(["graph", try hostileGraphScene()])
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        #expect(
            !result.output.unicodeScalars.contains {
                ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || $0.value == 0x7F
            })
    }

    @Test(
        .enabled(
            if: Graphviz.locate() != nil, "Graphviz's dot is not on PATH (apt-get install graphviz); CI installs it"))
    func dotDrawsAGraphWhoseTextsHoldEveryControlCharacter() throws {
        let drawn = run(["graph", "--format", "svg", try hostileGraphScene()])
        #expect(drawn.status == 0, "\(drawn.errors)")
        #expect(drawn.output.contains("<svg"))
    }

    /// A scene whose title and a button's title hold every code point below
    /// 32, DEL, quotes and a backslash.
    func hostileGraphScene() throws -> String {
        let escapedAll = (0..<0x20).map { "\\x" + String(format: "%02X", $0) }.joined() + "\\x7F\\\"\\\\'"
        return try scene(
            """
            scene: "\(escapedAll)"
            objects:
              box: {type: View}
              play: {type: Button, parent: box, title: "\(escapedAll)"}
              tap: {type: TapGesture, view: box, on: { recognized: play.hide }}
            """, name: "hostile-graph.yaml")
    }
}
