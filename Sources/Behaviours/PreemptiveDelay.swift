/// Sends ``fired`` once, after the latest of any number of pending delays:
/// delayed preemptive dispatch (a search field that queries once the
/// typing settles, a loader that reports once no resource came for a
/// while).
///
///     let settled = PreemptiveDelay(delay: .milliseconds(300))
///     settled.fired.connect { search(field.text) }
///     field.editingChanged.connect { settled.trigger() }   // each keystroke postpones the search
///
/// The timing contract:
/// - Each trigger adds a pending deadline, now plus its delay (a negative
///   delay counts as zero). ``fired`` is sent once, when the latest pending
///   deadline passes: a shorter delay never shortens a longer pending one,
///   and a longer one postpones the firing. A trigger whose deadline is
///   not later than the pending one changes nothing, and says so (ignored
///   because it is already due then).
/// - ``cancel()`` forgets every pending deadline: nothing fires, and the
///   next trigger starts afresh. With nothing pending it is ignored.
/// - The state is reset (``deadline`` `nil`, ``fireCount`` counted) before
///   ``fired`` is sent, so a handler may trigger again; the object is
///   reusable as often as wanted.
/// - Any number of triggers costs one clock timer. The timer stays due
///   at the earliest deadline it was set for; when it fires and the
///   deadline has moved later meanwhile, it is set again for the new
///   deadline.
/// - Changing ``delay`` affects later triggers, not the pending deadline.
///
/// It reads time from its ``clock``: ``MainClock/shared`` for one made with
/// ``init(delay:)`` on the main thread, the scene's virtual scheduler in a
/// scene. Triggers made before it has a clock count from time zero and are
/// armed when it gets one. Its state is ``Reported``.
///
/// - Complexity: a trigger is O(1), except the one that sets the timer.
open class PreemptiveDelay: ReportsChanges {
    /// Where changes of the reported state are told (see ``ReportsChanges``).
    public let changeReports = ChangeReports()

    /// The delay of ``trigger()``; changing it leaves the pending deadline
    /// as it is.
    ///
    ///     settled.delay = .milliseconds(600)
    @Reported public var delay: Duration = .seconds(1)

    /// The clock time at which ``fired`` is due: the latest pending
    /// deadline, or `nil` when nothing is pending.
    ///
    ///     settled.deadline   // .seconds(3) after trigger(after: .seconds(3)) at zero
    @Reported public private(set) var deadline: Duration? {
        didSet { isPending = deadline != nil }
    }

    /// How many times ``fired`` was sent.
    ///
    ///     settled.fireCount   // 1 after the first firing
    @Reported public private(set) var fireCount = 0

    /// Whether a firing is pending.
    ///
    ///     if settled.isPending { settled.cancel() }
    @Reported public private(set) var isPending = false

    /// Sent once when the latest pending deadline passes, after the state
    /// is reset.
    ///
    ///     let connection = settled.fired.connect { print("settled") }
    public let fired = BehaviourEvent<Void>()

    /// The clock it fires on. Setting it moves a pending firing to the new
    /// clock; a delay without one arms nothing until it gets one.
    ///
    ///     settled.clock = scheduler.clock   // a scene's virtual clock
    public var clock: (any BehaviourClock)? {
        didSet {
            guard clock !== oldValue else { return }
            if let timer {
                oldValue?.cancel(timer)
                self.timer = nil
            }
            if let deadline { arm(at: deadline) }
        }
    }

    /// The one clock timer, due at ``timerDeadline``, which is at or
    /// before ``deadline``.
    private var timer: ClockTimer?
    private var timerDeadline: Duration = .zero

    /// A delay of `delay` on `clock` (none: it arms nothing until given one).
    ///
    ///     let settled = PreemptiveDelay(delay: .milliseconds(600), clock: scheduler.clock)
    public init(delay: Duration = .seconds(1), clock: (any BehaviourClock)?) {
        self.delay = delay
        self.clock = clock
    }

    /// A delay of `delay` on the main thread's real clock: what an app makes.
    ///
    ///     let settled = PreemptiveDelay(delay: .milliseconds(300))
    @MainActor
    public convenience init(delay: Duration = .seconds(1)) {
        self.init(delay: delay, clock: MainClock.shared)
    }

    // MARK: Actions

    /// Adds a pending deadline ``delay`` from now.
    ///
    ///     settled.trigger()
    @discardableResult
    open func trigger() -> ActionOutcome {
        trigger(after: delay)
    }

    /// Adds a pending deadline `delay` from now; a negative delay counts as
    /// zero. The firing moves only later, never earlier: ignored when the
    /// pending deadline is not earlier than the new one, which then changes
    /// nothing.
    ///
    ///     settled.trigger(after: .seconds(2))
    @discardableResult
    open func trigger(after delay: Duration) -> ActionOutcome {
        let now = clock?.now ?? .zero
        let candidate = now + Swift.max(delay, .zero)
        if let deadline, deadline >= candidate {
            let (due, wanted) = (deadline.compactText, candidate.compactText)
            return .ignored(because: "it is already due at \(due), no earlier than this trigger's \(wanted)")
        }
        deadline = candidate
        // The timer already set fires no later than the new deadline; when
        // it does, it sees that the deadline moved and sets itself again.
        if timer == nil { arm(at: candidate) }
        return .handled
    }

    /// Forgets every pending deadline: nothing fires, and the next trigger
    /// starts afresh. Ignored, and harmless, when nothing is pending.
    ///
    ///     settled.cancel()
    @discardableResult
    open func cancel() -> ActionOutcome {
        guard deadline != nil else { return .ignored(because: "nothing is pending") }
        deadline = nil
        if let timer {
            clock?.cancel(timer)
            self.timer = nil
        }
        return .handled
    }

    // MARK: The timer

    private func arm(at instant: Duration) {
        guard let clock else { return }  // armed when it gets one
        timerDeadline = instant
        timer = clock.schedule(after: instant - clock.now) { [weak self] in self?.timerFired() }
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
}
