import Foundation
import NIOCore
import NIOEmbedded
import SceneBehaviours
import SceneCommandLine
import SceneLoader
import SceneRunning
import Synchronization
import Testing

@testable import ScenePreview

/// The painter and the sessions in plain Swift, on an injected clock, the
/// page an `EmbeddedChannel`: the browser check (scripts/check-preview.py)
/// is then the last check of the preview, not the only one.
@Suite(.serialized) struct PreviewSessionTests {
    static let scene = """
        scene: Preview
        objects:
          play: {type: Button, title: Play}
          volume: {type: Slider, minimum: 0, maximum: 10, value: 5}
          label: {type: Label, text: idle}

        """

    @Test func thePainterDrawsAChangeAtMostAtItsFrameRateAndAnAnswerAtOnce() throws {
        let clock = ManualClock()
        let hub = PreviewHub(clock: clock.live)
        let page = EmbeddedChannel()
        hub.connect(page)
        let painter = PreviewPainter(hub: hub, framesPerSecond: 10, clock: clock.live)
        let runner = SceneRunner(registry: .standard)
        guard case .success(let live) = LiveRun.load(SceneSource(name: "p.yaml", text: Self.scene), runner: runner)
        else {
            Issue.record("the scene did not load")
            return
        }
        live.session.observe(painter)
        live.session.start()
        painter.tick(live)
        let first = try outbound(page)
        #expect(first.count == 2)
        #expect(first.first?.contains(#"["slide",true]"#) == true, "the objects, with their declared inputs")
        #expect(first.last?.hasPrefix(#"{"kind":"frame""#) == true)
        painter.tick(live)
        #expect(try outbound(page).isEmpty, "nothing changed")

        guard case .step(let step) = live.compiler.compile("set: { label.text: changed }", line: 1) else {
            Issue.record("the step did not compile")
            return
        }
        #expect(live.perform(step))
        painter.tick(live)
        #expect(try outbound(page).isEmpty, "a change waits for the frame interval")
        clock.advance(by: .milliseconds(100))
        painter.tick(live)
        let changed = try outbound(page)
        #expect(changed.count == 1 && changed[0].contains("changed"))

        hub.queue(.step("note: answered"))
        _ = hub.next(waitingUpTo: .zero)
        painter.tick(live)
        #expect(try outbound(page).count == 1, "a step taken is answered at once, changed or not")

        painter.inspect("volume", in: live.scene)
        painter.inspect("nothing", in: live.scene)
        let answers = try outbound(page)
        #expect(answers.count == 2)
        #expect(answers[0].contains(#""kind":"inspect","id":"volume","type":"Slider""#), "\(answers)")
        #expect(answers[0].contains(#"["maximum","10"]"#), "\(answers)")
        #expect(answers[1].contains("there is no object 'nothing'"))
        _ = live.finish()
    }

    @Test func aSessionPerformsThePagesInputsAndIsRecorded() throws {
        let folder = try Self.folder()
        let file = folder + "/scene.yaml"
        try Self.scene.write(toFile: file, atomically: true, encoding: .utf8)
        let clock = SteppingClock()
        let hub = PreviewHub(clock: clock.live)
        let page = EmbeddedChannel()
        hub.connect(page)
        hub.queue(.step("tap: play"))
        hub.queue(.inspect(id: "play"))
        hub.queue(.slide(id: "volume", fraction: 0.75))
        hub.queue(.slide(id: "label", fraction: 0.75))
        let output = CapturedOutput()
        let outcome = try Self.sessions(file, hub: hub, clock: clock).run(into: output)
        #expect(outcome.invalid == nil)
        #expect(!outcome.failed)
        let (_, result) = try #require(outcome.last)
        #expect(result.inputs.count == 2)
        #expect(output.text.contains("tap play"), "\(output.text)")
        #expect(output.text.contains("slide volume 7.5"), "\(output.text)")
        let sent = try outbound(page)
        #expect(sent.contains { $0.hasPrefix(#"{"kind":"objects""#) })
        #expect(sent.contains { $0.hasPrefix(#"{"kind":"inspect","id":"play""#) })
        #expect(sent.contains { $0.contains("'label' is not a slider") })
        #expect(sent.contains { $0.hasPrefix(#"{"kind":"transcript""#) && $0.contains("slide volume 7.5") })
        #expect(!hub.latencies.isEmpty, "the steps were answered with a picture")
    }

    @Test func aSceneInvalidFromTheStartRunsNothingAsInLive() throws {
        let folder = try Self.folder()
        let file = folder + "/scene.yaml"
        try "objects:\n  play: {type: Buton}\n".write(toFile: file, atomically: true, encoding: .utf8)
        let clock = SteppingClock()
        let hub = PreviewHub(clock: clock.live)
        let output = CapturedOutput()
        let outcome = try Self.sessions(file, hub: hub, clock: clock).run(into: output)
        let error = try #require(outcome.invalid)
        #expect(error.rendered.contains("Buton"))
        #expect(outcome.last == nil)
        #expect(output.text.isEmpty, "the command writes the diagnostics, as live does")
    }

    /// The sessions of `file`, a second of the stepping clock long.
    private static func sessions(_ file: String, hub: PreviewHub, clock: SteppingClock) throws -> PreviewSessions {
        let runner = SceneRunner(registry: .standard)
        return PreviewSessions(
            source: try runner.loader.source(contentsOf: file), file: file, runner: runner, hub: hub, verbose: false,
            withScript: false, keepsInputs: true, frameRate: 60, duration: .seconds(1), watched: [file],
            clock: clock.live)
    }

    private static func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}

/// A clock that moves 2 ms each time it is read: a session on it ends its
/// `--duration` after a bounded number of turns, whatever the machine.
final class SteppingClock: Sendable {
    private let time = Mutex(Duration.zero)

    var live: LiveClock {
        LiveClock { [self] in
            time.withLock {
                $0 += .milliseconds(2)
                return $0
            }
        }
    }
}

/// Text written by a session.
final class CapturedOutput: TextSink {
    var text = ""
    func write(_ text: String) { self.text += text }
    var hasFailed: Bool { false }
}
