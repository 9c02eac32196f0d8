import Foundation
import NIOCore
import NIOEmbedded
import SceneBehaviours
import SceneCommandLine
import SceneLoader
import SceneRunning
import Synchronization
import TestSupport
import Testing

@testable import ScenePreview

/// The painter and the sessions in plain Swift, on an injected clock, the
/// page an `EmbeddedChannel`: the browser check (scripts/check-preview.py)
/// is then the last check of the preview, not the only one.
@Suite(.serialized) struct PreviewSessionTests {
    /// The test's folder, removed when it ends.
    let temporary: TemporaryFolder

    init() throws {
        temporary = try temporaryFolder("preview")
    }

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

    @Test func theInspectorFollowsChangesAndTheTimeFollowsTheTranscript() throws {
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
        painter.inspect("volume", in: live.scene)
        #expect(try outbound(page).contains { $0.contains(#"["value","5"]"#) })
        func perform(_ line: String) {
            guard case .step(let step) = live.compiler.compile(line, line: 1) else {
                Issue.record("'\(line)' did not compile")
                return
            }
            #expect(live.perform(step))
        }
        // The slider moves: the inspector is sent its new value.
        perform("slide: { volume: 8 }")
        clock.advance(by: .milliseconds(100))
        painter.tick(live)
        let afterSlide = try outbound(page)
        #expect(
            afterSlide.contains { $0.hasPrefix(#"{"kind":"inspect","id":"volume""#) && $0.contains(#"["value","8"]"#) })
        // Nothing it shows changes: it is not sent again.
        perform("set: { label.text: other }")
        clock.advance(by: .milliseconds(100))
        painter.tick(live)
        #expect(!(try outbound(page)).contains { $0.hasPrefix(#"{"kind":"inspect""#) })
        // Three seconds later a step changes nothing drawn: the page is
        // still told the scene's time, the transcript's.
        _ = live.advance(to: .seconds(3))
        perform("note: later")
        clock.advance(by: .milliseconds(100))
        painter.tick(live)
        let later = try outbound(page)
        #expect(later.contains(#"{"kind":"time","time":"3s"}"#), "\(later)")
        _ = live.finish()
    }

    @Test func typedStepsAreThePagesAndAnIgnoredScriptIsSaid() throws {
        let folder = try sceneFolder()
        let file = folder + "/scene.yaml"
        try (Self.scene + "script:\n  - tap: play\n").write(toFile: file, atomically: true, encoding: .utf8)
        let clock = SteppingClock()
        let hub = PreviewHub(clock: clock.live)
        let page = EmbeddedChannel()
        hub.connect(page)
        hub.queue(.inspect(id: "play"))
        hub.queue(.slide(id: "volume", fraction: 0.5))
        hub.queue(.step("tap: play"))
        hub.queue(.inspect(id: "volume"))
        hub.queue(.step("tap: nosuch"))
        let output = CapturedOutput()
        _ = try Self.sessions(file, hub: hub, clock: clock).run(into: output)
        // The second step typed, column 6: drags and looks are not counted.
        #expect(output.text.contains("<page>:2:6"), "\(output.text)")
        #expect(!output.text.contains("<stdin>"), "\(output.text)")
        let sent = try outbound(page)
        let objects = try #require(sent.first { $0.hasPrefix(#"{"kind":"objects""#) })
        #expect(objects.contains("--with-script"), "\(objects)")
    }

    @Test func theHelpSaysWhereTheStepBoxIs() {
        let help = PreviewCommand.configuration.discussion
        let page = String(decoding: PreviewPage.bytes, as: UTF8.self)
        // The page's sections, each from its heading to its end.
        func section(_ heading: String) -> Substring {
            guard let start = page.range(of: "<h2>\(heading)</h2>") else { return "" }
            let rest = page[start.upperBound...]
            return rest[..<(rest.range(of: "</section>")?.lowerBound ?? rest.endIndex)]
        }
        #expect(section("Transcript").contains(#"id="stepForm""#))
        #expect(!section("Scene").contains(#"id="stepForm""#))
        #expect(help.contains("in the box under the transcript"), "\(help)")
        #expect(!help.contains("under the picture"))
    }

    @Test func aSessionPerformsThePagesInputsAndIsRecorded() throws {
        let folder = try sceneFolder()
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

    /// The first session starts when a page is there (connected, or its
    /// first message): its time and its recording count from what the
    /// user sees, not from when the server started. Here nothing comes
    /// for a second of the real clock, then a step: it is performed near
    /// the scene's time zero.
    @Test func theFirstSessionStartsWhenThePageComes() throws {
        let folder = try sceneFolder()
        let file = folder + "/scene.yaml"
        try Self.scene.write(toFile: file, atomically: true, encoding: .utf8)
        let clock = LiveClock.monotonic()
        let hub = PreviewHub(clock: clock)
        let runner = SceneRunner(registry: .standard)
        let sessions = PreviewSessions(
            source: try runner.loader.source(contentsOf: file), file: file, runner: runner, hub: hub, verbose: false,
            withScript: false, keepsInputs: true, frameRate: 60, duration: .seconds(2), watched: [file],
            clock: clock)
        let queued = DispatchQueue(label: "page")
        queued.asyncAfter(deadline: .now() + .seconds(1)) { hub.queue(.step("note: hello")) }
        let output = CapturedOutput()
        let outcome = sessions.run(into: output)
        let (_, result) = try #require(outcome.last)
        let recorded = try #require(result.inputs.first)
        #expect(recorded.time < .milliseconds(500), "performed at \(recorded.time), \(output.text)")
    }

    @Test func aSceneInvalidFromTheStartRunsNothingAsInLive() throws {
        let folder = try sceneFolder()
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

    /// A fresh folder in the test's; its path.
    private func sceneFolder() throws -> String {
        try temporary.folder(UUID().uuidString).path
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
