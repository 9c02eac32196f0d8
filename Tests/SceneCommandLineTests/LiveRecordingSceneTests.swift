import Foundation
import SceneBehaviours
import SceneCore
import SceneLoader
import SceneRunning
import SceneYAML
import TestSupport
import Testing

@testable import SceneCommandLine

/// A recording is made from the session and checked by loading it: every
/// valid scene gives one that `run` loads and that replays the session,
/// whatever its text looks like around its script, however the steps were
/// typed; what cannot be recorded is refused before it is played.
@Suite struct LiveRecordingSceneTests {
    /// Scenes around a `script` that copying text around it got wrong, or
    /// that are written in less usual ways; each has a Button `play`.
    static let scenes: [(name: String, text: String)] = [
        (
            "a description with a line that starts with script:",
            "scene: Hostile\ndescription: \"a description\nscript: whose line starts with script\"\nobjects:\n  play: {type: Button, title: Play}\nscript:\n  - tap: play\n"
        ),
        (
            "a folded description whose line reads script:",
            "scene: Folded\ndescription: >\n  script: - tap: play\nobjects:\n  play: {type: Button, title: Play}\n"
        ),
        (
            "a double-quoted script key",
            "scene: Quoted key\n\"script\":\n  - tap: play\nobjects:\n  play: {type: Button, title: Play}\n"
        ),
        (
            "a single-quoted script key with a flow script",
            "scene: Single\n'script': [ {tap: play}, {wait: 1s} ]   # a comment\nobjects:\n  play: {type: Button, title: Play}\n"
        ),
        (
            "an explicit key",
            "scene: Explicit\nobjects:\n  play: {type: Button, title: Play}\n? script\n: - tap: play\n"
        ),
        (
            "the script between keys, comments and a document end",
            "# first\nscene: Middle\n\nscript:\n  # steps\n  - tap: play\n\n# the objects\nobjects:\n  play: {type: Button, title: Play}\n...\n# after the end\n"
        ),
        (
            "an indented top level",
            "  scene: Indented\n  objects:\n    play: {type: Button, title: Play}\n  script:\n    - tap: play\n"
        ),
        (
            "carriage returns and line feeds",
            "scene: CRLF\r\nobjects:\r\n  play: {type: Button, title: Play}\r\nscript:\r\n  - tap: play\r\n"
        ),
        (
            "no script and no line break at the end",
            "scene: Bare\nobjects:\n  play: {type: Button, title: &t Play}\n  other: {type: Label, text: *t}"
        ),
        (
            "a script last, with a literal block that keeps its blank lines before it",
            "scene: Kept\ndescription: |+\n  kept\n\nobjects:\n  play: {type: Button, title: Play}\nscript: [ {tap: play} ]"
        ),
    ]

    @Test(arguments: scenes.indices)
    func everyValidSceneGivesARecordingThatReplaysTheSession(_ index: Int) throws {
        let (name, text) = Self.scenes[index]
        let temporary = try temporaryFolder("recording")
        let folder = temporary.path
        let scenePath = folder + "/scene.yaml"
        try text.write(toFile: scenePath, atomically: true, encoding: .utf8)
        let runner = SceneRunner(registry: .standard)
        guard case .success = runner.loader.validate(SceneSource(name: scenePath, text: text)) else {
            Issue.record("\(name): the scene itself is invalid")
            return
        }
        let recordingPath = folder + "/recording.yaml"
        let live = try LiveRecordingTests.session(
            scenePath, lines: ["tap: play", "set: { play.title: \"Stop\" }", "note: done"],
            recordingPath: recordingPath)
        let recorded = (try? String(contentsOfFile: recordingPath, encoding: .utf8)) ?? ""
        guard case .ran(let transcript) = runner.run(contentsOf: recordingPath) else {
            Issue.record("\(name): the recording does not load:\n\(recorded)")
            return
        }
        #expect(transcript.succeeded, "\(name): \(recorded)")
        let document = try YAMLDocumentReader.readDocument(Array(recorded.utf8))
        let keys = try #require(document.root.map { document.entries($0).map(\.key) })
        #expect(keys.filter { $0 == "script" }.count == 1 && keys.last == "script", "\(name): \(keys)")
        #expect(
            LiveRecordingTests.happenings(LiveRecordingTests.rendered(transcript))
                == LiveRecordingTests.happenings(live), "\(name)")
        #expect(LiveRecordingTests.happenings(live).contains { $0.hasSuffix("play.title: \"Play\" -> \"Stop\"") })
    }

    @Test func aSceneWhoseOtherKeysUseAnAnchorOfItsScriptIsRefusedBeforeTheSession() throws {
        let text = "scene: Anchors\nscript:\n  - note: &n hello\nobjects:\n  play: {type: Button, title: *n}\n"
        let failure = try Self.planFailure(text)
        #expect(failure.status == ExitStatus.usage)
        #expect(failure.message.contains("an anchor defined in the script (line 2)"), "\(failure.message)")
    }

    @Test func aTopLevelFlowMappingIsRefusedBeforeTheSession() throws {
        let failure = try Self.planFailure("{scene: Flow, objects: {play: {type: Button}}}\n")
        #expect(failure.status == ExitStatus.usage)
        #expect(failure.message.contains("not written as a block mapping"), "\(failure.message)")
    }

    @Test func anInvalidSceneIsLeftToTheSessionToReport() throws {
        let temporary = try temporaryFolder("recording")
        let folder = temporary.path
        let path = folder + "/scene.yaml"
        try "objects: [unclosed\n".write(toFile: path, atomically: true, encoding: .utf8)
        let runner = SceneRunner(registry: .standard)
        var options = LiveOptions()
        options.file = path
        options.record = folder + "/recording.yaml"
        let plan = try LiveRecordingPlan.plan(
            options, source: try runner.loader.source(contentsOf: path), loader: runner.loader, includes: [])
        #expect(plan != nil)
    }

    /// Why planning a recording of `text` failed.
    static func planFailure(_ text: String) throws -> CommandFailure {
        let temporary = try temporaryFolder("recording")
        let folder = temporary.path
        let path = folder + "/scene.yaml"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let runner = SceneRunner(registry: .standard)
        var options = LiveOptions()
        options.file = path
        options.record = folder + "/recording.yaml"
        let source = try runner.loader.source(contentsOf: path)
        do {
            _ = try LiveRecordingPlan.plan(options, source: source, loader: runner.loader, includes: [])
        } catch {
            #expect(!FileManager.default.fileExists(atPath: folder + "/recording.yaml"))
            return error
        }
        Issue.record("the recording was planned")
        throw CancellationError()
    }

    static let labels = """
        scene: Labels
        objects:
          play: {type: Button, title: Play}
          a: {type: Label}
          b: {type: Label}
          c: {type: Label}
          d: {type: Label}

        """

    @Test func typedLinesWhoseAliasesEachFitMakeARecordingThatFitsToo() throws {
        var limits = SceneLimits()
        limits.yaml.maxAliasBytes = 2000
        let runner = SceneRunner(registry: .standard, limits: limits)
        let temporary = try temporaryFolder("recording")
        let folder = temporary.path
        let scenePath = folder + "/scene.yaml"
        try Self.labels.write(toFile: scenePath, atomically: true, encoding: .utf8)
        // Each line's aliases repeat 1,200 bytes: within the limit alone,
        // over it twice.
        let lines = ["x", "y"].map { letter in
            let text = String(repeating: letter, count: 400)
            return "set: { a.text: &v \"\(text)\", b.text: *v, c.text: *v, d.text: *v }"
        }
        let recordingPath = folder + "/recording.yaml"
        let live = try LiveRecordingTests.session(
            scenePath, lines: lines, recordingPath: recordingPath, runner: runner)
        guard case .ran(let transcript) = runner.run(contentsOf: recordingPath) else {
            Issue.record("the recording does not load within the limits the session had")
            return
        }
        #expect(transcript.succeeded)
        #expect(
            LiveRecordingTests.happenings(LiveRecordingTests.rendered(transcript))
                == LiveRecordingTests.happenings(live))
        let recorded = try String(contentsOfFile: recordingPath, encoding: .utf8)
        #expect(!recorded.contains("*v"), "the values are written out")
    }

    @Test func aLineThatWouldMakeTheRecordingTooLargeIsRefusedAndNotPerformed() throws {
        let long = String(repeating: "z", count: 300)
        var limits = SceneLimits()
        limits.yaml.maxInputBytes =
            Self.labels.utf8.count + RecordedSteps.reserve + 2 * RecordedSteps.cost(of: "set: { a.text: \"\(long)\" }")
            + 10
        let runner = SceneRunner(registry: .standard, limits: limits)
        let temporary = try temporaryFolder("recording")
        let folder = temporary.path
        let scenePath = folder + "/scene.yaml"
        try Self.labels.write(toFile: scenePath, atomically: true, encoding: .utf8)
        let recordingPath = folder + "/recording.yaml"
        let lines = ["set: { a.text: \"\(long)\" }", "set: { b.text: \"\(long)\" }", "set: { c.text: \"\(long)\" }"]
        let live = try LiveRecordingTests.session(
            scenePath, lines: lines, recordingPath: recordingPath, runner: runner, rejects: 1)
        #expect(
            live.contains(
                "<stdin>:3:1: error: the step was not performed: it cannot be recorded (the recording would be larger than"
            ), "\(live)")
        #expect(!LiveRecordingTests.happenings(live).contains { $0.contains("c.text") }, "not performed: \(live)")
        guard case .ran(let transcript) = runner.run(contentsOf: recordingPath) else {
            Issue.record("the recording does not load")
            return
        }
        #expect(
            LiveRecordingTests.happenings(LiveRecordingTests.rendered(transcript))
                == LiveRecordingTests.happenings(live))
    }

    @Test func aRecordingThatWouldNotLoadIsAnErrorAndIsNotWritten() throws {
        let temporary = try temporaryFolder("recording")
        let folder = temporary.path
        let scenePath = folder + "/scene.yaml"
        try Self.labels.write(toFile: scenePath, atomically: true, encoding: .utf8)
        let runner = SceneRunner(registry: .standard)
        let source = try runner.loader.source(contentsOf: scenePath)
        var options = LiveOptions()
        options.file = scenePath
        options.record = folder + "/recording.yaml"
        let plan = try #require(
            try LiveRecordingPlan.plan(options, source: source, loader: runner.loader, includes: []))
        let result = LiveLoop.Result(
            summary: Transcript.Summary(header: Transcript.Header(title: "Labels", file: scenePath, objectCount: 5)),
            inputs: [LiveRecording.Input(time: .seconds(1), text: "tap: nothing")], finalValues: [],
            objectIDs: ["play", "a", "b", "c", "d"])
        do {
            try plan.write(result, of: source)
            Issue.record("a recording that does not load was written")
        } catch {
            #expect(error.status == ExitStatus.outputFailed)
            #expect(error.message.contains("would not replay, so"), "\(error.message)")
            #expect(error.message.contains("nothing"), "the loader's diagnostic: \(error.message)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/recording.yaml"))
        let partials = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".partial") }
        #expect(partials.isEmpty)
    }
}
