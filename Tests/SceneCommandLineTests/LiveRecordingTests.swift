import Foundation
import SceneBehaviours
import SceneCore
import SceneLoader
import SceneRunning
import SceneYAML
import TestSupport
import Testing

@testable import SceneCommandLine

#if canImport(Glibc)
    import Glibc
#endif

/// `live --record`, in process: whatever a session's strings hold and
/// wherever its recording is written, the recording replays the session.
@Suite struct LiveRecordingTests {
    /// The characters random strings are made of: every C0 control, DEL,
    /// C1 with NEL, the line and paragraph separators, the byte order mark,
    /// quotes, backslashes, YAML indicators, spaces, non-ASCII and emoji.
    static let alphabet: [Unicode.Scalar] =
        (0..<0x20).compactMap(Unicode.Scalar.init) + [
            "\u{7F}", "\u{80}", "\u{85}", "\u{9F}", "\u{A0}", "\u{2028}", "\u{2029}", "\u{FEFF}", "\"", "'", "\\",
            "#", ":", " ", "-", "&", "*", "!", "|", ">", "%", "@", "`", "{", "}", "[", "]", ",", "?", "a", "Z", "0",
            "é", "ß", "中", "\u{0301}", "😀", "🇫", "🇷",
        ]

    static func randomString(_ generator: inout SplitMix64) -> String {
        let count = Int.random(in: 0...12, using: &generator)
        var scalars = String.UnicodeScalarView()
        for _ in 0..<count { scalars.append(alphabet[Int.random(in: 0..<alphabet.count, using: &generator)]) }
        // Leading and trailing spaces are kept too.
        if Bool.random(using: &generator) { scalars.insert(" ", at: scalars.startIndex) }
        return String(scalars)
    }

    /// `text` as a YAML double-quoted scalar with every character escaped:
    /// what a person could type, independent of the recording's quoting.
    static func typed(_ text: String) -> String {
        "\""
            + text.unicodeScalars.map { scalar in
                let digits = String(scalar.value, radix: 16)
                return "\\U" + String(repeating: "0", count: 8 - digits.count) + digits
            }.joined() + "\""
    }

    static let component = "objects:\n  label: {type: Label, text: from the component}\n"
    static let scene = """
        scene: Recorded strings
        objects:
          play: {type: Button, title: Play}
          part:
            include: Components/part.yaml

        """

    /// Runs a live session of `scenePath` on `lines` (all typed at once)
    /// and records it at `recordingPath`, as `live --record` does; the
    /// session's transcript.
    static func session(
        _ scenePath: String, lines: [String], recordingPath: String,
        runner: SceneRunner = SceneRunner(registry: .standard), rejects: Int = 0
    ) throws -> String {
        let source = try runner.loader.source(contentsOf: scenePath)
        var options = LiveOptions()
        options.file = scenePath
        options.record = recordingPath
        let plan = try #require(
            try LiveRecordingPlan.plan(
                options, source: source, loader: runner.loader, includes: runner.loader.includedFiles(of: scenePath)))
        var descriptors: [Int32] = [0, 0]
        try #require(pipe(&descriptors) == 0)
        let text = lines.map { $0 + "\n" }.joined()
        let written = text.utf8CString.withUnsafeBytes { write(descriptors[1], $0.baseAddress, text.utf8.count) }
        try #require(written == text.utf8.count)
        close(descriptors[1])
        defer { close(descriptors[0]) }
        let session = LiveLoop(
            source: source, runner: runner, format: .text, verbose: false, duration: .seconds(5), withScript: false,
            input: TerminalInput(descriptor: descriptors[0]), clock: .monotonic(), keepsInputs: true)
        let output = CapturedText()
        guard case .ran(let result) = session.run(into: output) else {
            Issue.record("the session did not run: \(output.text)")
            throw CancellationError()
        }
        #expect(result.rejectedLines == rejects, "\(output.text)")
        try plan.write(result, of: source)
        return output.text
    }

    /// The inputs, events and changes of a text transcript, with their times.
    static func happenings(_ transcript: String) -> [String] {
        transcript.split(separator: "\n").map(String.init).filter { line in
            line.wholeMatch(of: /\s+\d+\.\d{3}s  .*/) != nil && !line.contains("s  at ")
                && !line.contains("s  note: ") && !line.contains("s  expect ")
        }
    }

    /// `transcript` as `run` prints it.
    static func rendered(_ transcript: Transcript) -> String {
        let writer = CapturedText()
        let text = TextTranscriptWriter(verbose: false) { writer.write($0) }
        text.begin(transcript.header)
        for entry in transcript.entries { text.record(entry) }
        text.end(transcript.summary)
        return writer.text
    }

    @Test func everyRecordingReplaysTheSessionWhateverItsStringsAndWhereverItIsWritten() throws {
        var generator = SplitMix64(seed: 0x5EC0_4D1E)
        let temporary = try temporaryFolder("recordings")
        let base = temporary.path
        let folder = base + "/scenes/here"
        try FileManager.default.createDirectory(atPath: folder + "/Components", withIntermediateDirectories: true)
        try Self.component.write(toFile: folder + "/Components/part.yaml", atomically: true, encoding: .utf8)
        let scenePath = folder + "/scene.yaml"
        try Self.scene.write(toFile: scenePath, atomically: true, encoding: .utf8)
        // Deeper, the same folder, shallower, a sibling, elsewhere.
        let targets = [
            folder + "/deeper/still", folder, base + "/scenes", base + "/scenes/sibling", base + "/other/a/b/c",
        ]
        for target in targets {
            try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        }
        for round in 0..<40 {
            let title = Self.randomString(&generator)
            let note = Self.randomString(&generator)
            let label = Self.randomString(&generator)
            let lines = [
                "set: { play.title: \(Self.typed(title)) }", "note: \(Self.typed(note))",
                "set: { part.label.text: \(Self.typed(label)) }",
            ]
            let recordingPath =
                targets[Int.random(in: 0..<targets.count, using: &generator)] + "/recording-\(round).yaml"
            let live = try Self.session(scenePath, lines: lines, recordingPath: recordingPath)

            let replay = SceneRunner(registry: .standard).run(contentsOf: recordingPath)
            guard case .ran(let transcript) = replay else {
                let recorded = (try? String(contentsOfFile: recordingPath, encoding: .utf8)) ?? ""
                Issue.record("round \(round): the recording does not load:\n\(recorded)\n\(replay)")
                continue
            }
            #expect(transcript.succeeded, "round \(round): \(transcript.entries)")
            #expect(transcript.failedCount == 0)
            let changes = transcript.entries.compactMap { entry -> SceneValue? in
                guard case .change(_, let property, _, let to, _) = entry.kind, property != "alpha" else { return nil }
                return to
            }
            #expect(changes.contains(.string(title)) || title == "Play", "round \(round): \(changes)")
            #expect(changes.contains(.string(label)) || label == "from the component")
            #expect(transcript.entries.contains { $0.kind == .note(note) }, "round \(round)")
            #expect(Self.happenings(Self.rendered(transcript)) == Self.happenings(live), "round \(round)")
            #expect(!Self.happenings(live).isEmpty)
        }
    }

    @Test func aStringIsQuotedSoThatYAMLReadsItBackTheSame() throws {
        let nasty = "\u{85}a\u{2028}b\u{2029}\u{FEFF}\u{0}\u{1B}[2J\u{7F} # x: y \"'\\ 😀 "
        let quoted = YAMLWriter.doubleQuoted(nasty)
        #expect(!quoted.unicodeScalars.contains { [0x85, 0x2028, 0x2029, 0xFEFF, 0, 0x1B, 0x7F].contains($0.value) })
        let runner = SceneRunner(registry: .standard)
        let source = SceneSource(
            name: "quoted.yaml", text: "objects:\n  play: {type: Button}\nscript:\n  - set: { play.title: \(quoted) }\n"
        )
        guard case .ran(let transcript) = runner.run(source) else {
            Issue.record("the scene does not load")
            return
        }
        #expect(
            transcript.entries.contains { entry in
                if case .change(_, "title", _, .string(nasty), _) = entry.kind { return true }
                return false
            })
    }

    @Test func theNoteNamingTheSceneIsPlainOnlyWhenThatIsSafe() {
        #expect(LiveRecording.noteText("of Scenes/video-player.yaml") == "of Scenes/video-player.yaml")
        for name in ["of a: b.yaml", "of a #b.yaml", "of \u{85}.yaml", "- x", "true", "12:30", "of [x]"] {
            #expect(LiveRecording.noteText(name) == YAMLWriter.doubleQuoted(name), "\(name)")
        }
        // Quotes and double spaces inside a plain scalar read back as written.
        for name in ["of \"q\".yaml", "of  two"] { #expect(LiveRecording.noteText(name) == name) }
    }

    @Test func includePathsAreRewrittenRelativeToTheRecordingsFolder() {
        #expect(IncludePaths.relative("/a/b/c.yaml", from: "/a/d/e") == "../../b/c.yaml")
        #expect(IncludePaths.relative("/a/b/c.yaml", from: "/a/b") == "c.yaml")
        #expect(IncludePaths.relative("/a/b/c.yaml", from: "/") == "a/b/c.yaml")
        #expect(IncludePaths.relative("/x.yaml", from: "/a/b") == "../../x.yaml")
    }

    @Test func aLineIsCutAtEveryLineBreakYAMLKnows() {
        #expect(LineReader.split("tap: a\rexpect: b") == ["tap: a", "expect: b"])
        #expect(LineReader.split("a\r\nb") == ["a", "b"])
        #expect(LineReader.split("a\u{85}b\u{2028}c\u{2029}d") == ["a", "b", "c", "d"])
        #expect(LineReader.split("plain") == ["plain"])
    }
}
