import SceneCore

/// Runs its `fired` event once, after the latest of any number of pending
/// delays: delayed preemptive dispatch, on the scene clock.
///
/// For its keys, defaults, events, actions and inputs, see
/// `scene-runner types PreemptiveDelay`.
///
///     let scheduler = VirtualScheduler()
///     let delay = PreemptiveDelay(scheduler: scheduler)
///     delay.fired.connect { print("settled at", scheduler.now) }
///     delay.trigger(after: .seconds(3))      // due at 3 s
///     try scheduler.advance(by: .seconds(1))
///     delay.trigger(after: .seconds(1))      // due at 2 s: the 3 s one still wins
///     try scheduler.advance(by: .seconds(2)) // fired once, at 3 s
///
/// The timing contract:
/// - Each trigger adds a pending deadline, now plus its delay (a negative
///   delay counts as zero). `fired` is sent once, when the latest pending
///   deadline passes: a shorter delay never shortens a longer pending one,
///   and a longer one postpones the firing. A trigger whose deadline is
///   not later than the pending one changes nothing: the `trigger` and
///   `triggerAfter` actions say so (ignored because it is already due then).
/// - ``cancel()`` forgets every pending deadline: nothing fires, and the
///   next trigger starts afresh. (The original only set a flag, so its
///   timers kept running and a later short delay still waited for them.)
///   With nothing pending it is ignored.
/// - The state is reset (``deadline`` `nil`, ``fireCount`` counted) before
///   `fired` is sent, so a handler may trigger again; the object is
///   reusable as often as wanted.
/// - Any number of triggers costs one scheduler timer. The timer stays due
///   at the earliest deadline it was set for; when it fires and the
///   deadline has moved later meanwhile, it is set again for the new
///   deadline. So the scheduler's queue never holds more than one timer of
///   a delay, and the work is one timer per distinct "settling" check, not
///   one per trigger.
/// - Changing ``delay`` affects later triggers, not the pending deadline.
///
/// It reads time from the scene's ``VirtualScheduler``, taken in
/// ``awake(in:)`` (or given to ``init(scheduler:delay:)``). Triggers made
/// before it has a scheduler count from time zero and are armed in
/// ``awake(in:)``.
///
/// - Complexity: a trigger is O(1), except the one that sets the timer
///   (O(log n) in the scheduler's queue, as is each firing of the timer).
package final class PreemptiveDelay: SceneObject, PropertyNotifying {
    /// Who follows the declared properties (see ``PropertyNotifying``); `nil`
    /// until someone does.
    package final var propertyObservers: PropertyObservers?
    /// The delay of ``trigger()`` (the YAML key `delay`).
    package var delay: Duration = .seconds(1) {
        didSet { propertyDidChange(\.delay, from: oldValue, to: delay) }
    }

    /// The scene time at which `fired` is due: the latest pending deadline,
    /// or `nil` when nothing is pending.
    package private(set) var deadline: Duration? {
        didSet {
            propertyDidChange(\.deadline, from: oldValue, to: deadline)
            propertyMayHaveChanged(\.isPending)
        }
    }

    /// How many times `fired` was sent.
    package private(set) var fireCount = 0 {
        didSet { propertyDidChange(\.fireCount, from: oldValue, to: fireCount) }
    }

    /// Whether a firing is pending.
    package var isPending: Bool { deadline != nil }

    /// Sent once when the latest pending deadline passes (`fired`).
    package private(set) lazy var fired = SceneEvent<Void>()

    /// The clock: the scene's, from ``awake(in:)``, unless one was given.
    package private(set) var scheduler: VirtualScheduler?

    /// The one scheduler timer, due at ``timerDeadline``, which is at or
    /// before ``deadline``.
    private var timer: VirtualScheduler.TimerID?
    private var timerDeadline: Duration = .zero

    /// A delay of 1 s; it gets its scheduler in ``awake(in:)``.
    package init() {}

    /// A delay on `scheduler`, for use without a scene.
    package init(scheduler: VirtualScheduler, delay: Duration = .seconds(1)) {
        self.scheduler = scheduler
        self.delay = delay
    }

    /// Takes the scene's scheduler (unless one was given), and arms the
    /// timer for triggers that came before.
    package func awake(in scene: Scene) {
        if scheduler == nil { scheduler = scene.scheduler }
        if let deadline, timer == nil { arm(at: deadline) }
    }

    // MARK: Actions

    /// Adds a pending deadline ``delay`` from now (the `trigger` action).
    @discardableResult
    package func trigger() -> ActionOutcome {
        trigger(after: delay)
    }

    /// Adds a pending deadline `delay` from now (the `triggerAfter` action);
    /// a negative delay counts as zero. The firing moves only later, never
    /// earlier: ignored when the pending deadline is not earlier than the
    /// new one, which then changes nothing.
    @discardableResult
    package func trigger(after delay: Duration) -> ActionOutcome {
        let now = scheduler?.now ?? .zero
        let candidate = now + Swift.max(delay, .zero)
        if let deadline, deadline >= candidate {
            let (due, wanted) = (deadline.sceneText, candidate.sceneText)
            return .ignored(because: "it is already due at \(due), no earlier than this trigger's \(wanted)")
        }
        deadline = candidate
        // The timer already set fires no later than the new deadline; when
        // it does, it sees that the deadline moved and sets itself again.
        if timer == nil { arm(at: candidate) }
        return .handled
    }

    /// Forgets every pending deadline (the `cancel` action): nothing fires,
    /// and the next trigger starts afresh. Ignored, and harmless, when
    /// nothing is pending.
    @discardableResult
    package func cancel() -> ActionOutcome {
        guard deadline != nil else { return .ignored(because: "nothing is pending") }
        deadline = nil
        if let timer {
            scheduler?.cancel(timer)
            self.timer = nil
        }
        return .handled
    }

    // MARK: The timer

    private func arm(at instant: Duration) {
        guard let scheduler else { return }  // armed in `awake(in:)`
        timerDeadline = instant
        timer = scheduler.schedule(at: instant) { [weak self] in self?.timerFired() }
    }

    private func timerFired() {
        timer = nil
        guard let deadline else { return }
        if deadline > timerDeadline {
            arm(at: deadline)
            return
        }
        self.deadline = nil
        fireCount += 1
        fired.send()
    }

    // MARK: Registration

    /// Registers `PreemptiveDelay`: `delay`, its read-only state, the
    /// `trigger`, `triggerAfter` and `cancel` actions and `fired`.
    package static func sceneDescription() -> TypeDescription {
        TypeDescription(
            "PreemptiveDelay", summary: "Fires once, when the latest of any number of pending delays passes.",
            make: { PreemptiveDelay() }
        ) { type in
            type.property(
                "delay", \.delay, changeEvent: true,
                doc: "The delay of trigger; changing it leaves the pending deadline as it is.")
            type.readOnly("pending", \.isPending, doc: "Whether a firing is pending.")
            type.readOnly(
                "deadline", \.deadline,
                doc: "The scene time at which fired is due (the latest pending deadline), or null.")
            type.readOnly("fireCount", \.fireCount, doc: "How many times fired was sent.")
            type.action(
                "trigger", doc: "Adds a deadline `delay` from now; the latest deadline wins (ignored when not later)."
            ) {
                $0.trigger()
            }
            type.action(
                "triggerAfter", Duration.self,
                doc: "Adds a deadline the given delay from now; the latest deadline wins (ignored when not later)."
            ) { $0.trigger(after: $1) }
            type.action("cancel", doc: "Forgets every pending deadline: nothing fires; ignored when none is.") {
                $0.cancel()
            }
            type.event(
                "fired", connect: { $0.fired.connect($1) },
                doc: "The latest pending deadline passed; the state is reset first, so a handler may trigger again.")
        }
    }
}
