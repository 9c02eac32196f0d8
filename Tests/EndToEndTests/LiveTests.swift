import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `scene-runner live` end to end: the built executable, fed its input at
/// chosen moments through a pipe and through a pseudo-terminal, its
/// transcript read back as it streams. The timings are short (a timeout of
/// 150 ms; 2 s where a line must arrive while it runs) and every check
/// waits for what it needs with a generous limit, so that a loaded machine
/// is slower but not wrong.
@Suite struct LiveTests {
    /// The video player's controls, with short times.
    static let scene = """
        scene: Quick controls
        objects:
          controls:
            type: View
          volume:
            type: Slider
            parent: controls
            value: 0.5
          backgroundTap:
            type: TapGesture
          timeout:
            type: TimeoutController
            timeout: 150ms
            providers: [volume]
          host:
            type: TimeoutControllerHost
            viewToHide: controls
            tapGesture: backgroundTap
            timeoutController: timeout
            animationDuration: 50ms
        script:
          - note: ignored by live unless --with-script
          - wait: 10s

        """

    /// Through a pipe and through a pseudo-terminal (where the typed lines
    /// echo and the status line draws among the transcript's lines).
    @Test(arguments: [false, true])
    func theTranscriptStreamsABadLineIsReportedAndTheRecordingReplaysTheSession(terminal: Bool) throws {
        // The slide must come while the tap's timeout runs (a touch while
        // it is not running arms nothing), two round trips after the tap:
        // 2 s, not 150 ms, so that a loaded machine cannot miss it.
        let folder = try temporaryFolder()
        let path = try folder.write(
            Self.scene.replacingOccurrences(of: "timeout: 150ms", with: "timeout: 2s"), to: "quick.yaml")
        let recording = folder.path("session.yaml")
        let session = try LiveProcess(["live", path, "--record", recording], terminal: terminal)
        // The controls hide 2 s after the start; a tap shows them again.
        try session.waitForOutput(containing: "controls.hidden: false -> true")
        session.type("tap: backgroundTap\n")
        // Streamed: the tap's lines arrive while the input is still open.
        try session.waitForOutput(containing: "tap backgroundTap")
        session.type("tapp: volume\n")
        try session.waitForOutput(containing: "help: did you mean 'tap'?")
        session.type("slide: { volume: 0.8 }\n")
        session.endInput()
        let (status, raw) = try session.finish()
        let output = Self.plain(raw)
        // The refused line makes the session's status 1.
        #expect(status == 1, "\(raw)")
        #expect(output.contains("<stdin>:2:1: error: unknown script verb 'tapp'\n    2 | tapp: volume\n"))
        // The session went on after the bad line, and on after the end of
        // input until the controls had hidden again.
        let lines = output.split(separator: "\n").map(String.init)
        let slide = try #require(lines.firstIndex { $0.hasSuffix("  slide volume 0.8") })
        #expect(lines[slide...].contains { $0.hasSuffix("timeout sent timedOut") })
        #expect(lines.last?.hasPrefix("-- Quick controls: 0 expectations, 0 passed, 0 failed, virtual time ") == true)
        #expect(!output.contains("note: ignored by live"))

        let recorded = try String(contentsOfFile: recording, encoding: .utf8)
        #expect(recorded.hasPrefix("scene: Quick controls\nobjects:\n"))
        #expect(!recorded.contains("wait: 10s"))
        #expect(recorded.contains("\n  - tap: backgroundTap\n"))
        #expect(recorded.contains("\n  - slide: { volume: 0.8 }\n"))
        #expect(!recorded.contains("tapp"))
        #expect(recorded.contains("\n  - expect: { controls.hidden: true }\n"))
        #expect(recorded.contains("\n  - expect: { volume.value: 0.8 }\n"))

        let replay = try runSceneRunner(["run", recording])
        #expect(replay.status == 0, "\(replay.output)")
        #expect(replay.output.contains(" 0 failed, "))
        let happened = Self.happenings(output)
        #expect(happened.count > 10)
        #expect(Self.happenings(replay.output) == happened)
    }

    @Test func throughAPseudoTerminalAStatusLineShowsAndCtrlCEndsTheSessionAtOnce() throws {
        let folder = try temporaryFolder()
        let path = try folder.write(Self.scene.replacingOccurrences(of: "150ms", with: "1h"), to: "slow.yaml")
        let session = try LiveProcess(["live", path], terminal: true)
        try session.waitForOutput(containing: "[live ")
        session.type("tap: backgroundTap\n")
        try session.waitForOutput(containing: "backgroundTap sent recognized")
        let started = ContinuousClock.now
        session.interrupt()
        let (status, output) = try session.finish()
        // At once: long before its timers (an hour), with room for a loaded machine.
        #expect(ContinuousClock.now - started < .seconds(30))
        #expect(status == 0, "\(output)")
        #expect(output.contains("timer pending; Ctrl-C ends]") || output.contains("timers pending; Ctrl-C ends]"))
        // The status line keeps the bottom row of the 24: the rows above
        // scroll, it is drawn with the cursor saved and restored, and the
        // whole height is given back at the end.
        #expect(output.contains("\u{1B}[1;23r"))
        #expect(output.contains("\u{1B}7\u{1B}[24;1H\u{1B}[2K[live "))
        #expect(output.contains("\u{1B}[r"))
        #expect(output.contains("-- Quick controls: 0 expectations, 0 passed, 0 failed, virtual time "))
    }

    @Test func withoutATerminalThereIsNoStatusLineAndDurationEndsTheSession() throws {
        let folder = try temporaryFolder()
        let path = try folder.write(Self.scene.replacingOccurrences(of: "150ms", with: "1h"), to: "slow.yaml")
        let session = try LiveProcess(["live", path, "--duration", "200ms"])
        let (status, output) = try session.finish()
        #expect(status == 0, "\(output)")
        #expect(!output.contains("[live "))
        #expect(!output.contains("\u{1B}"))
        #expect(output.hasSuffix(" virtual time 0.200s\n"))
    }

    @Test func waitIsRefusedAndAFailedExpectationExitsOne() throws {
        let folder = try temporaryFolder()
        let path = try folder.write(Self.scene, to: "quick.yaml")
        let session = try LiveProcess(["live", path, "--duration", "100ms"])
        session.type("wait: 2s\nexpect: { controls.hidden: true }\n")
        session.endInput()
        let (status, output) = try session.finish()
        #expect(status == 1, "\(output)")
        #expect(output.contains("<stdin>:1:1: error: 'wait' has no place in a live session"))
        #expect(output.contains("expected true, actual false (<stdin>:2:11)"))
    }

    @Test func withScriptTheScenesStepsRunAtTheirTimesAndJSONStreamsRecords() throws {
        let folder = try temporaryFolder()
        let path = try folder.write(
            Self.scene.replacingOccurrences(
                of: "  - wait: 10s\n",
                with: "  - wait: 60ms\n  - slide: { volume: 0.3 }\n  - expect: { volume.value: 0.3 }\n"),
            to: "scripted.yaml")
        let session = try LiveProcess(["live", path, "--with-script", "--format", "json", "--duration", "120ms"])
        session.type("  set: { volume.value: 0.2 }\nexpect: { volume.nope: 1 }\n")
        session.endInput()
        let (status, output) = try session.finish()
        // The refused line makes the status 1.
        #expect(status == 1, "\(output)")
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { $0.hasPrefix("{\"type\":") })
        let slide = try #require(lines.first { $0.contains("\"verb\":\"slide\"") })
        #expect(slide.contains("\"time\":0.06,"))
        #expect(lines.contains { $0.contains("\"verb\":\"set\"") && $0.contains("volume.value = 0.2") })
        let diagnostic = try #require(lines.first { $0.hasPrefix("{\"type\":\"diagnostic\"") })
        #expect(diagnostic.contains("\"file\":\"<stdin>\",\"line\":2,\"column\":11,"))
        #expect(lines.contains { $0.contains("\"type\":\"expect\"") && $0.contains("\"passed\":true") })
        #expect(lines.last?.contains("\"type\":\"summary\"") == true)
        #expect(lines.last?.contains("\"endTime\":0.12") == true)
    }

    /// A line holding a carriage return, NEL, LS or PS is cut there, as a
    /// scene file's line would be, and every part runs: the failing
    /// `expect` after the break is not dropped.
    @Test(arguments: ["\r", "\u{85}", "\u{2028}", "\u{2029}"])
    func aLineBreakInsideALineCutsItAndEveryPartRuns(lineBreak: String) throws {
        let folder = try temporaryFolder()
        let path = try folder.write(Self.scene, to: "quick.yaml")
        let session = try LiveProcess(["live", path, "--duration", "100ms"])
        session.type("tap: backgroundTap\(lineBreak)expect: { volume.value: 0.9 }\n")
        session.endInput()
        let (status, output) = try session.finish()
        #expect(status == 1, "\(output)")
        #expect(output.contains("tap backgroundTap"))
        #expect(output.contains("expected 0.9, actual 0.5 (<stdin>:2:"), "\(output)")
    }

    @Test func aSessionWithNothingWrongStillExitsZero() throws {
        let folder = try temporaryFolder()
        let path = try folder.write(Self.scene, to: "quick.yaml")
        let session = try LiveProcess(["live", path, "--duration", "100ms"])
        session.type("tap: backgroundTap\n# a comment\n\n")
        session.endInput()
        let (status, output) = try session.finish()
        #expect(status == 0, "\(output)")
    }

    /// Through the binary: a recording written in another folder keeps the
    /// scene's components, and a string holding NEL comes back the same.
    @Test func aRecordingInAnotherFolderWithAnNELTitleReplays() throws {
        let temporary = try temporaryFolder()
        let folder = temporary.path
        try FileManager.default.createDirectory(atPath: folder + "/Components", withIntermediateDirectories: true)
        try "objects:\n  play: {type: Button, title: Play}\n".write(
            toFile: folder + "/Components/part.yaml", atomically: true, encoding: .utf8)
        let scene = folder + "/scene.yaml"
        try "scene: Parts\nobjects:\n  part:\n    include: Components/part.yaml\n".write(
            toFile: scene, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: folder + "/elsewhere/deep", withIntermediateDirectories: true)
        let recording = folder + "/elsewhere/deep/session.yaml"
        let session = try LiveProcess(["live", scene, "--duration", "100ms", "--record", recording])
        session.type("set: { part.play.title: \"a\\x85b\\u2028c\" }\n")
        session.endInput()
        let (status, output) = try session.finish()
        #expect(status == 0, "\(output)")
        let replay = try runSceneRunner(["run", recording])
        #expect(replay.status == 0, "\(replay.output)")
        #expect(replay.output.contains(" 0 failed, "))
        #expect(Self.happenings(replay.output) == Self.happenings(output))
    }

    @Test func aRecordingThatCannotBeWrittenIsAnError() throws {
        let folder = try temporaryFolder()
        let path = try folder.write(Self.scene, to: "quick.yaml")
        let session = try LiveProcess(["live", path, "--duration", "10ms", "--record", "/nonexistent/folder/x.yaml"])
        session.endInput()
        let (status, output) = try session.finish()
        #expect(status == 74, "\(output)")
        #expect(output.contains("Error: could not write the recording '/nonexistent/folder/x.yaml': "))
    }

    @Test func aSceneWrittenAsAFlowMappingCannotBeRecordedAndSaysWhy() throws {
        let folder = try temporaryFolder()
        let path = try folder.write("{objects: {play: {type: Button}}}\n", to: "flow.yaml")
        let session = try LiveProcess(["live", path, "--record", path + ".session.yaml"])
        session.endInput()
        let (status, output) = try session.finish()
        #expect(status == 64, "\(output)")
        #expect(output.contains("is not written as a block mapping (keys at the start of lines)"))
        #expect(!output.contains("== "))
    }

    /// `output` without a terminal's status line and control sequences,
    /// with plain line breaks.
    static func plain(_ output: String) -> String {
        output.replacingOccurrences(of: "\r\n", with: "\n")
            .replacing(/\u{1B}(\[[0-9;]*[A-Za-z]|[78])/, with: "")
            .replacing(/\[live [^\]]*\]/, with: "")
    }

    /// The transcript's inputs, events and changes, with their times: what
    /// a live session and the replay of its recording must share (the
    /// replay adds its `at` steps, note and expectations).
    static func happenings(_ transcript: String) -> [String] {
        transcript.split(separator: "\n").map(String.init).filter { line in
            line.wholeMatch(of: /\s+\d+\.\d{3}s  .*/) != nil && !line.contains("s  at ")
                && !line.contains("s  note: ") && !line.contains("s  expect ")
        }
    }
}

/// `scene-runner` running with its input written by the test and its
/// output collected as it comes, through pipes or a pseudo-terminal.
final class LiveProcess {
    private let running: RunningExecutable

    init(_ arguments: [String], terminal: Bool = false) throws {
        running = try RunningExecutable(
            try sceneRunnerURL(), arguments: arguments, terminal: terminal, mergingErrors: true)
    }

    var output: String { running.output }

    func type(_ text: String) {
        running.type(text)
    }

    /// Ends the input: the pipe is closed; on a terminal, Ctrl-D is typed.
    func endInput() {
        running.endInput()
    }

    func interrupt() {
        running.send(SIGINT)
    }

    /// Waits until the output contains `text`, or the program has ended
    /// and its output with it (a hang guard of `limit`, not a speed target).
    func waitForOutput(containing text: String, limit: Duration = .seconds(60)) throws {
        // Polled often: a test types its next line as soon as it sees this.
        waitUntil(timeout: limit, poll: .milliseconds(2)) {
            output.contains(text) || (!running.isRunning && running.isOutputEnded)
        }
        guard output.contains(text) else {
            Issue.record("no '\(text)' in the output: \(output)")
            throw CancellationError()
        }
    }

    /// Waits for the end (a hang guard of 60 s, then kills it) and returns
    /// the exit status and the whole output.
    func finish() throws -> (Int32, String) {
        let result = try running.wait(timeout: .seconds(60))
        return (result.status, result.output)
    }
}
