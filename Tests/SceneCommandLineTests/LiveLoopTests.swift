import SceneBehaviours
import SceneCore
import SceneLoader
import SceneRunning
import SceneYAML
import Synchronization
import Testing

@testable import SceneCommandLine

/// A live session driven in plain Swift: a clock moved by hand and input
/// that arrives at given times, so that every wait, step and time is
/// checked without sleeping.
@Suite(.serialized) struct LiveLoopTests {
    static let scene = """
        scene: Live
        objects:
          play: {type: Button, title: Play}
          volume: {type: Slider, minimum: 0, maximum: 10, value: 5}

        """

    /// A session of ``scene`` fed by `inputs`; what it wrote, what it gave,
    /// and what the hooks heard.
    private func session(
        _ inputs: [(Duration, LiveInput)], duration: Duration? = nil, staysOpen: Bool = false, text: String = scene,
        registry: SceneRegistry = .standard
    ) -> (output: String, outcome: LiveLoop.Outcome, hooks: HookLog, input: ScriptedInput) {
        let clock = TestClock()
        let input = ScriptedInput(inputs, clock: clock, staysOpen: staysOpen)
        let log = HookLog()
        let loop = LiveLoop(
            source: SceneSource(name: "live.yaml", text: text), runner: SceneRunner(registry: registry),
            verbose: false, duration: duration, withScript: false, input: input, clock: clock.live,
            keepsInputs: true,
            hooks: LiveLoop.Hooks(
                observe: { _ in log.observed += 1 },
                tick: { _ in
                    log.ticks += 1; return false
                },
                inspect: { id, _ in log.inspected.append(id) }, notice: { log.notices.append($0) }))
        let output = CapturedText()
        let outcome = loop.run(into: output)
        return (output.text, outcome, log, input)
    }

    @Test func aSignalIsHandledBetweenInputsNotAfterAllThoseWaiting() throws {
        // Sixty inputs arrive together; Ctrl-C comes while the first is
        // performed (its notice sets the flag): the others are dropped.
        let interrupted = Atomic<Bool>(false)
        let inputs = (0..<60).map { _ in (Duration.seconds(1), LiveInput.slide(id: "play", fraction: 0.5)) }
        let clock = TestClock()
        let input = ScriptedInput(inputs, clock: clock, staysOpen: true)
        var notices = 0
        var loop = LiveLoop(
            source: SceneSource(name: "live.yaml", text: Self.scene), runner: SceneRunner(registry: .standard),
            verbose: false, duration: .seconds(10), withScript: false, input: input, clock: clock.live,
            keepsInputs: true,
            hooks: LiveLoop.Hooks(
                observe: { _ in }, tick: { _ in false }, inspect: { _, _ in },
                notice: { _ in
                    notices += 1
                    interrupted.store(true, ordering: .relaxed)
                }))
        loop.isInterrupted = { interrupted.load(ordering: .relaxed) }
        guard case .ran(let result) = loop.run(into: CapturedText()) else {
            Issue.record("the session did not run")
            return
        }
        #expect(notices == 1, "\(notices) inputs performed after the signal")
        #expect(result.summary.endTime < .seconds(10), "the session ended at the signal, not at --duration")
    }

    @Test func typedAndDraggedInputsAreStepsAtTheirTimes() throws {
        let (output, outcome, hooks, input) = session([
            (.seconds(1), .step("tap: play")), (.milliseconds(1500), .slide(id: "volume", fraction: 0.25)),
        ])
        guard case .ran(let result) = outcome else {
            Issue.record("the session did not run: \(output)")
            return
        }
        #expect(output.contains("1.000s  tap play"), "\(output)")
        #expect(output.contains("1.500s  slide volume 2.5"), "\(output)")
        #expect(output.contains("volume.value: 5 -> 2.5"), "\(output)")
        #expect(result.summary.endTime == .milliseconds(1500))
        #expect(result.rejectedLines == 0)
        #expect(result.inputs.map(\.time) == [.seconds(1), .milliseconds(1500)])
        #expect(result.finalValues.contains { $0.path == "volume.value" && $0.value == .double(2.5) })
        #expect(hooks.observed == 1)
        #expect(hooks.ticks > 10, "a turn of the loop at least every 100 ms")
        #expect(input.waits.allSatisfy { $0 <= .milliseconds(100) })
        let scene = try RecordedScene.make(
            of: SceneSource(name: "live.yaml", text: Self.scene), recordedAt: "recording.yaml", limits: YAMLLimits()
        ).get()
        let recording = LiveRecording.text(
            of: scene, sceneName: "live.yaml", inputs: result.inputs, end: result.summary.endTime,
            finalValues: result.finalValues)
        #expect(
            recording.contains("  - at: 1s\n  - tap: play\n  - at: 1.5s\n  - slide: { volume: 2.5 }\n"), "\(recording)")
    }

    @Test func aDragOnWhatIsNotASliderIsDroppedAndAnInspectionGoesToTheCommand() throws {
        let (output, outcome, hooks, _) = session([
            (.seconds(1), .slide(id: "play", fraction: 0.5)), (.seconds(1), .slide(id: "nothing", fraction: 0.5)),
            (.seconds(2), .inspect(id: "volume")), (.seconds(3), .step("tap: nosuchthing")),
            (.seconds(3), .overlongLine(maximumBytes: 64)),
        ])
        guard case .ran(let result) = outcome else {
            Issue.record("the session did not run: \(output)")
            return
        }
        #expect(
            hooks.notices == [
                "'play' is not a slider: the drag was dropped", "'nothing' is not a slider: the drag was dropped",
            ])
        #expect(hooks.inspected == ["volume"])
        #expect(result.inputs.isEmpty, "nothing was performed")
        #expect(result.rejectedLines == 2)
        #expect(
            output.contains("<stdin>:1:"),
            "the refused step is the first typed (drags and looks are no lines): \(output)")
        #expect(output.contains("the line is longer than 64 bytes"), "\(output)")
        #expect(!output.contains("slide"), "\(output)")
    }

    /// A property that follows the clock (a playing player's time) is
    /// read before each step, as the `at:` the recording writes before it
    /// reads it: the replay prints the same lines in the same order, not
    /// the time's change after the step.
    @Test func aReplayPrintsWhatTheSessionPrintedInTheSameOrder() throws {
        let text = """
            scene: Clock
            objects:
              player: {type: Player, duration: 60s, bufferingTime: 0.25s, timeUpdateInterval: 0.7s}
              label: {type: Label, text: x}

            """
        let (output, outcome, _, _) = session(
            [
                (.milliseconds(200), .step("call: player.load")), (.milliseconds(500), .step("call: player.play")),
                (.milliseconds(1900), .step("set: { label.text: \"y\" }")),
                (.milliseconds(1900), .step("note: same millisecond")),
                (.milliseconds(2300), .step("call: player.pause")),
            ], text: text)
        guard case .ran(let result) = outcome else {
            Issue.record("the session did not run: \(output)")
            return
        }
        let source = SceneSource(name: "clock.yaml", text: text)
        let scene = try RecordedScene.make(of: source, recordedAt: "clock.yaml", limits: YAMLLimits()).get()
        let recording = LiveRecording.text(
            of: scene, sceneName: "clock.yaml", inputs: result.inputs, end: result.summary.endTime,
            finalValues: result.finalValues)
        guard
            case .ran(let transcript) = SceneRunner(registry: .standard).run(
                SceneSource(name: "r.yaml", text: recording))
        else {
            Issue.record("the recording does not load:\n\(recording)")
            return
        }
        let live = LiveRecordingTests.happenings(output)
        #expect(LiveRecordingTests.happenings(LiveRecordingTests.rendered(transcript)) == live)
        #expect(live.contains { $0.contains("player.currentTime") }, "\(output)")
        #expect(transcript.succeeded)
    }

    /// A dial of a user's type: a `slide` input whose range is `low` and
    /// `high`, no property named minimum or maximum.
    final class Dial: SceneObject {
        var angle = 0.0
        var low = 0.0
        var high = 0.0

        func awake(in scene: Scene) {}

        static func sceneDescription() -> TypeDescription {
            TypeDescription("Dial", summary: "A dial.", make: Dial.init) { type in
                type.property("angle", get: { $0.angle }, set: { $0.angle = $1 }, doc: "Where it points.")
                type.property("low", get: { $0.low }, set: { $0.low = $1 }, doc: "Its lowest angle.")
                type.property("high", get: { $0.high }, set: { $0.high = $1 }, doc: "Its highest angle.")
                type.input("slide", range: { ($0.low, $0.high) }, doc: "Turns it.") {
                    $0.angle = $1
                    return .handled
                }
                type.input("spin", Double.self, doc: "A number, no range.") { _, _ in .handled }
                type.action("breakRange", doc: "Makes its range not finite.") { $0.low = -.infinity }
            }
        }
    }

    @Test func aDragFollowsTheDeclaredRangeWhateverThePropertiesAreNamed() throws {
        var registry = SceneRegistry.standard
        try registry.register(Dial.sceneDescription())
        let text = """
            objects:
              dial: {type: Dial, low: 10, high: 370}
              inverted: {type: Dial, low: 5, high: -5}
              huge: {type: Dial, low: -1.7e308, high: 1.7e308}

            """
        let (output, outcome, hooks, _) = session(
            [
                (.seconds(1), .slide(id: "dial", fraction: 0.25)), (.seconds(2), .slide(id: "inverted", fraction: 0.5)),
                (.seconds(3), .slide(id: "huge", fraction: 1)), (.seconds(3), .slide(id: "dial", fraction: .nan)),
                (.seconds(4), .step("call: dial.breakRange")), (.seconds(5), .slide(id: "dial", fraction: 0.5)),
            ], text: text, registry: registry)
        guard case .ran(let result) = outcome else {
            Issue.record("the session did not run: \(output)")
            return
        }
        #expect(output.contains("1.000s  slide dial 100"), "\(output)")
        #expect(output.contains("2.000s  slide inverted 5"), "an inverted range is its lower bound: \(output)")
        #expect(output.contains("3.000s  slide huge 1.7e+308"), "\(output)")
        #expect(
            hooks.notices == [
                "'dial' has no finite range to slide along: the drag was dropped",
                "'dial' has no finite range to slide along: the drag was dropped",
            ])
        #expect(result.inputs.count == 4)
    }

    @Test func aNumberInputWithoutARangeIsNoSlider() throws {
        var registry = SceneRegistry.standard
        try registry.register(Dial.sceneDescription())
        let (_, _, hooks, _) = session(
            [(.seconds(1), .slide(id: "dial", fraction: 0.5))], text: "objects:\n  dial: {type: Slider}\n",
            registry: registry)
        #expect(hooks.notices.isEmpty, "a Slider declares its range")
        let noRange = TypeDescription("Knob", summary: "A knob.", make: Dial.init) { type in
            type.input("slide", Double.self, doc: "A number, no range.") { _, _ in .handled }
        }
        try registry.register(noRange)
        let (_, outcome, knobHooks, _) = session(
            [(.seconds(1), .slide(id: "knob", fraction: 0.5))], text: "objects:\n  knob: {type: Knob}\n",
            registry: registry)
        #expect(knobHooks.notices == ["'knob' is not a slider: the drag was dropped"])
        if case .ran(let result) = outcome { #expect(result.inputs.isEmpty) }
    }

    @Test func theSessionEndsAtItsDurationOnItsClock() throws {
        let (output, outcome, _, input) = session([], duration: .seconds(2), staysOpen: true)
        guard case .ran(let result) = outcome else {
            Issue.record("the session did not run: \(output)")
            return
        }
        #expect(result.summary.endTime == .seconds(2))
        #expect(input.clock.now == .seconds(2))
        #expect(input.waits.allSatisfy { $0 > .zero && $0 <= .milliseconds(100) })
    }

    @Test func theEndOfInputWithNothingPendingEndsTheSession() throws {
        let (output, outcome, _, input) = session([(.seconds(1), .step("note: last"))], duration: .seconds(60))
        guard case .ran(let result) = outcome else {
            Issue.record("the session did not run: \(output)")
            return
        }
        #expect(result.summary.endTime == .seconds(1))
        #expect(input.clock.now == .seconds(1))
    }

    @Test func anInvalidSceneRunsNothing() {
        let (output, outcome, hooks, _) = session([], text: "objects:\n  play: {type: Buton}\n")
        guard case .invalid(let error) = outcome else {
            Issue.record("an invalid scene ran: \(output)")
            return
        }
        #expect(error.rendered.contains("Buton"))
        #expect(output.isEmpty)
        #expect(hooks.observed == 0 && hooks.ticks == 0)
    }
}

/// A clock moved by hand.
final class TestClock: Sendable {
    private let time = Mutex(Duration.zero)

    var now: Duration { time.withLock { $0 } }

    func advance(to instant: Duration) { time.withLock { $0 = max($0, instant) } }

    var live: LiveClock { LiveClock { [self] in now } }
}

/// Input that arrives at given times on a ``TestClock``: a wait moves the
/// clock to the next input, or by the whole wait when none comes in it.
final class ScriptedInput: LiveInputSource {
    private var pending: [(time: Duration, input: LiveInput)]
    let clock: TestClock
    /// Whether more input may come once these are taken (a terminal left open).
    private let staysOpen: Bool
    /// Every wait asked for.
    private(set) var waits: [Duration] = []

    init(_ inputs: [(Duration, LiveInput)], clock: TestClock, staysOpen: Bool = false) {
        pending = inputs.map { (time: $0.0, input: $0.1) }
        self.clock = clock
        self.staysOpen = staysOpen
    }

    var isAtEnd: Bool { pending.isEmpty && !staysOpen }

    func next(waitingUpTo timeout: Duration) -> [LiveInput] {
        waits.append(timeout)
        let now = clock.now
        guard let first = pending.first, first.time <= now + timeout else {
            clock.advance(to: now + timeout)
            return []
        }
        clock.advance(to: first.time)
        let due = pending.prefix { $0.time <= first.time }
        pending.removeFirst(due.count)
        return due.map(\.input)
    }
}

/// What a session's hooks heard.
private final class HookLog {
    var observed = 0
    var ticks = 0
    var inspected: [String] = []
    var notices: [String] = []
}
