import SceneBehaviours
import SceneCore

/// Counts down whole seconds on the scene clock, shows what is left on a
/// label as `M:SS`, and sends `finished` at zero.
///
///     let scheduler = VirtualScheduler()
///     let countdown = Countdown(scheduler: scheduler, duration: .seconds(3))
///     countdown.finished.connect { print("done") }
///     countdown.start()
///     try scheduler.advance(by: .seconds(3))   // done
///
/// The timing contract: ``start()`` ticks once a second from the moment it
/// is called; ``pause()`` keeps what is left and cancels the next tick;
/// ``reset()`` pauses and goes back to ``duration``. Each tick takes one
/// second off ``remaining``, updates the label and sends `ticked` with the
/// whole seconds left; the tick that reaches zero stops the countdown and
/// then sends `finished`, once.
///
/// Each declared property reports its changes with its key path
/// (`propertyDidChange`), so that scenes can wire `remainingChanged` and a
/// run's recorder reads a property only after it changed.
public final class Countdown: SceneObject, PropertyNotifying {
    /// Who follows its properties; `nil` until someone does.
    public var propertyObservers: PropertyObservers?

    /// Where a reset (and the scene) starts from.
    public var duration: Duration = .seconds(10) {
        didSet {
            propertyDidChange(\.duration, from: oldValue, to: duration)
            if !isRunning { remaining = duration }
        }
    }

    /// What is left.
    public private(set) var remaining: Duration = .seconds(10) {
        didSet {
            propertyDidChange(\.remaining, from: oldValue, to: remaining)
            display?.text = Countdown.format(remaining)
        }
    }

    /// Whether it is counting.
    public private(set) var isRunning = false {
        didSet { propertyDidChange(\.isRunning, from: oldValue, to: isRunning) }
    }

    /// The label that shows ``remaining``, weakly held.
    public weak var display: Label? {
        didSet { display?.text = Countdown.format(remaining) }
    }

    /// Sent after each tick with the whole seconds left.
    public let ticked = SceneEvent<Int>()

    /// Sent when the countdown reaches zero.
    public let finished = SceneEvent<Void>()

    /// The clock: the scene's, from ``awake(in:)``, unless one was given.
    public private(set) var scheduler: VirtualScheduler?

    private var timer: VirtualScheduler.TimerID?

    /// A countdown that takes the scene's clock when it wakes.
    public init() {}

    /// A countdown on `scheduler`, for use without a scene.
    public init(scheduler: VirtualScheduler, duration: Duration) {
        self.scheduler = scheduler
        self.duration = duration
        remaining = duration
    }

    public func awake(in scene: Scene) {
        if scheduler == nil { scheduler = scene.scheduler }
    }

    /// Starts counting (the `start` action); ignored, and says why, when it
    /// is counting already, is at zero, or has no clock.
    @discardableResult
    public func start() -> ActionOutcome {
        guard !isRunning else { return .ignored(because: "it is already counting") }
        guard remaining > .zero else { return .ignored(because: "it is at zero; reset it first") }
        guard scheduler != nil else { return .ignored(because: "it has no clock") }
        isRunning = true
        scheduleTick()
        return .handled
    }

    /// Stops counting and keeps what is left (the `pause` action); ignored
    /// when it is not counting.
    @discardableResult
    public func pause() -> ActionOutcome {
        guard isRunning else { return .ignored(because: "it is not counting") }
        isRunning = false
        if let timer { scheduler?.cancel(timer) }
        timer = nil
        return .handled
    }

    /// Pauses and goes back to ``duration`` (the `reset` action); ignored
    /// when it is stopped at its duration already.
    @discardableResult
    public func reset() -> ActionOutcome {
        guard isRunning || remaining != duration else {
            return .ignored(because: "it is already stopped at its duration")
        }
        pause()
        remaining = duration
        return .handled
    }

    private func scheduleTick() {
        timer = scheduler?.schedule(after: .seconds(1)) { [weak self] in self?.tick() }
    }

    private func tick() {
        timer = nil
        remaining = max(.zero, remaining - .seconds(1))
        let seconds = Int(remaining.components.seconds)
        if remaining == .zero { isRunning = false }
        ticked.send(seconds)
        if remaining == .zero {
            finished.send()
        } else if isRunning {
            scheduleTick()
        }
    }

    /// `M:SS`, rounding a part second up: `0:05`, `1:30`.
    static func format(_ duration: Duration) -> String {
        let (whole, fraction) = duration.components
        let seconds = Int(whole) + (fraction > 0 ? 1 : 0)
        let padded = seconds % 60 < 10 ? "0\(seconds % 60)" : "\(seconds % 60)"
        return "\(seconds / 60):\(padded)"
    }

    /// How scenes see `Countdown`, registered next to the type.
    public static func sceneDescription() -> TypeDescription {
        TypeDescription("Countdown", summary: "Counts whole seconds down to zero on a label.", make: Countdown.init) {
            type in
            // Each property named once: its scene name, its key path, and
            // with `changeEvent: true` the event `remainingChanged`.
            type.property("duration", \.duration, range: 1...86_400, doc: "Where it starts and resets to.")
            type.readOnly("remaining", \.remaining, changeEvent: true, doc: "What is left.")
            type.readOnly("running", \.isRunning, doc: "Whether it is counting.")
            type.outlet("display", get: { $0.display }, set: { $0.display = $1 }, doc: "Shows what is left as M:SS.")
            type.event("ticked", \.ticked, doc: "A second passed; the payload is the whole seconds left.")
            type.event("finished", \.finished, doc: "It reached zero.")
            type.action("start", doc: "Starts counting.") { $0.start() }
            type.action("pause", doc: "Stops counting and keeps what is left.") { $0.pause() }
            type.action("reset", doc: "Pauses and goes back to the duration.") { $0.reset() }
        }
    }
}

extension SceneRegistry {
    /// The standard types and ``Countdown``.
    ///
    ///     let registry = try SceneRegistry.withCountdown()
    ///
    /// - Throws: the ``RegistrationError`` saying why the registry refused
    ///   `Countdown` (a mistake in its description, such as a member
    ///   declared twice).
    public static func withCountdown() throws(RegistrationError) -> SceneRegistry {
        var registry = SceneRegistry.standard
        try registry.register(Countdown.sceneDescription())
        return registry
    }
}
