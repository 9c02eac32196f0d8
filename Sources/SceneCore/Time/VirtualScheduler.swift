/// A virtual clock with timers: the only source of time in a scene, and a
/// test double for any code that waits.
///
/// Time starts at zero and moves only when someone calls ``advance(by:)``
/// or ``advance(to:)``; every timer due by the new time fires first, in
/// order, with ``now`` set to its deadline. A script of an hour runs in
/// milliseconds, and the same calls always give the same result. Like
/// pointfreeco's `TestClock`, it is public API meant for tests: build the
/// object under test with a scheduler, drive the clock, check what
/// happened, and end by proving that nothing is left pending.
///
///     let scheduler = VirtualScheduler()
///     var fired: [Duration] = []
///     scheduler.schedule(after: .seconds(3)) { fired.append(scheduler.now) }
///     scheduler.schedule(after: .seconds(1)) { fired.append(scheduler.now) }
///
///     try scheduler.advance(by: .seconds(2))
///     // fired == [.seconds(1)], scheduler.now == .seconds(2)
///     try scheduler.advance(by: .seconds(1))
///     // fired == [.seconds(1), .seconds(3)]
///     #expect(scheduler.isIdle)
///
/// The contract:
/// - Timers fire in order of deadline, then of scheduling.
/// - Inside a callback, ``now`` is that timer's deadline.
/// - A timer scheduled from a callback for a time not after ``now`` fires
///   in the same advance, after the timers already due at that instant.
/// - Cancelling a timer that is due at the same instant stops it;
///   cancelling twice, or after the timer fired, is harmless.
/// - More than ``maximumFiringsPerInstant`` firings at one instant (a
///   timer that keeps rescheduling itself with no delay) stop the advance
///   with ``VirtualSchedulerError/runaway(at:firings:)`` instead of hanging.
///
/// The scheduler is plain synchronous code: no wall clock, no threads. It
/// is not `Sendable`; a scene and its behaviours use it from one context.
///
/// - Complexity: scheduling and firing are O(log n) in the number of
///   timers in the queue; cancelling is O(1) amortised (the queue entry is
///   dropped when it reaches the front, or when cancelled entries outnumber
///   live ones and the queue is rebuilt).
public final class VirtualScheduler {
    /// The current virtual time, from zero at creation; inside a timer's
    /// callback, that timer's deadline.
    public var now: Duration { nowKey.duration }

    /// How many animation frames a second the scene's animations sample
    /// (60 by default); see ``Animation``.
    package var framesPerSecond: Int = 60

    /// How many timers may fire at one instant within one advance before it
    /// is taken for a runaway loop (100,000 by default).
    package var maximumFiringsPerInstant: Int = 100_000

    /// How many timers may fire in all, over the scheduler's life, before an
    /// advance stops with ``VirtualSchedulerError/tooManyFirings(at:limit:)``
    /// (no limit by default; a scene run sets ``SceneLimits``' limit).
    package var maximumFirings: Int = .max

    /// How many timers have fired so far.
    package private(set) var firingCount = 0

    /// Calls `handler` after each timer's callback, with what fired, until
    /// the returned connection is disconnected: the place to look at what
    /// that callback changed. Several observers may listen; each hears
    /// every firing, in the order they connected.
    ///
    ///     let connection = scheduler.observeFirings { firing in
    ///         if !firing.isAnimationFrame { print("fired at", firing.deadline) }
    ///     }
    ///     connection.disconnect()   // no longer called
    ///
    /// While nobody observes, a firing pays one `nil` check for it.
    @discardableResult
    public func observeFirings(_ handler: @escaping (Firing) -> Void) -> SceneConnection {
        if let firingObservers { return firingObservers.connect(handler) }
        let made = ObserverList<Firing>()
        firingObservers = made
        return made.connect(handler)
    }

    /// Who observes the firings; `nil` until the first observer.
    private var firingObservers: ObserverList<Firing>?

    /// Whether the callback running now, or the one an observer of the
    /// firings (``observeFirings(_:)``) hears about,
    /// belongs to an animation frame timer; false outside any callback.
    public var isAnimationFrame: Bool { firing.isAnimationFrame }

    /// Whether a timer's callback is running now.
    package var isFiring: Bool { firing.depth > 0 }

    // The hot state skips the run-time exclusivity checks, which every
    // firing would otherwise pay (`scene-bench --scheduler` measures the
    // difference). That is sound because no caller's code runs inside an
    // access to it: the queue returns
    // callbacks instead of calling or releasing them, and `fire` reads and
    // writes `firing` around the callback, never across it.
    @exclusivity(unchecked) private var queue = TimerQueue()
    @exclusivity(unchecked) private var nowKey = TimeKey.zero
    @exclusivity(unchecked) private var firing = (depth: 0, isAnimationFrame: false)
    private var isAdvancing = false
    /// The scheduler as a `BehaviourClock` (``clock``), made when first asked for.
    private(set) lazy var behaviourClock = SchedulerClock(self)

    /// A new scheduler at time zero with no timers.
    public init() {}

    // MARK: Scheduling

    /// Calls `action` once, `delay` from now; a negative delay counts as zero.
    ///
    ///     let id = scheduler.schedule(after: .seconds(3)) { controls.hidden = true }
    ///     scheduler.cancel(id)   // changed our mind
    ///
    /// Scheduled from a callback with a zero delay, it fires later in the
    /// same advance, after the timers already due at this instant.
    ///
    /// - Parameter isAnimationFrame: marks the timer as an animation frame,
    ///   so that observers can tell frames from other events.
    /// - Returns: the timer's identifier, for ``cancel(_:)``.
    /// - Complexity: O(log n).
    @discardableResult
    public func schedule(
        after delay: Duration, isAnimationFrame: Bool = false, _ action: consuming @escaping () -> Void
    ) -> TimerID {
        let delay = TimeKey(delay)
        let deadline = delay.high < 0 ? nowKey : nowKey.adding(delay)
        return queue.insert(at: deadline, isAnimationFrame: isAnimationFrame, consume action)
    }

    /// Calls `action` once at the virtual time `deadline`; a deadline
    /// before ``now`` counts as now.
    ///
    /// - Complexity: O(log n).
    @discardableResult
    public func schedule(
        at deadline: Duration, isAnimationFrame: Bool = false, _ action: consuming @escaping () -> Void
    ) -> TimerID {
        let deadline = TimeKey(deadline)
        return queue.insert(at: Swift.max(deadline, nowKey), isAnimationFrame: isAnimationFrame, consume action)
    }

    /// Stops the timer `id` from firing. Harmless when it already fired or
    /// was cancelled.
    ///
    /// - Complexity: O(1), amortised.
    public func cancel(_ id: TimerID) {
        // The callback is released here, once the queue is no longer being
        // modified: releasing it may run code that uses the scheduler.
        // (`withExtendedLifetime` boxed it: an allocation per cancel.)
        let callback = queue.remove(id)
        _ = consume callback
    }

    /// Whether the timer `id` has neither fired nor been cancelled.
    public func isPending(_ id: TimerID) -> Bool {
        queue.contains(id)
    }

    /// How many timers are waiting to fire.
    public var pendingCount: Int { queue.count }

    /// Whether no timer is waiting to fire.
    public var isIdle: Bool { queue.count == 0 }

    /// The deadline of the next timer to fire, if any.
    public var nextDeadline: Duration? { queue.firstDeadline()?.duration }

    // MARK: Advancing

    /// Moves the clock forward by `duration`, firing every timer due by
    /// the new time (deadlines equal to it included).
    ///
    ///     try scheduler.advance(by: .milliseconds(2900))
    ///
    /// - Throws: ``VirtualSchedulerError/negativeDuration(_:)`` for a
    ///   negative duration, and as ``advance(to:)``.
    public func advance(by duration: Duration) throws(VirtualSchedulerError) {
        let step = TimeKey(duration)
        guard step.high >= 0 else { throw .negativeDuration(duration) }
        try advance(to: nowKey.adding(step).duration)
    }

    /// Moves the clock forward to `instant`, firing every timer due by then
    /// (deadlines equal to it included), in order; ``now`` ends at
    /// `instant`. `advance(to: now)` fires what is due now.
    ///
    /// - Throws: ``VirtualSchedulerError/backwards(from:to:)`` when
    ///   `instant` is before ``now``;
    ///   ``VirtualSchedulerError/reentrantAdvance`` when called from a
    ///   timer's callback; ``VirtualSchedulerError/runaway(at:firings:)``
    ///   when more than ``maximumFiringsPerInstant`` timers fire at one
    ///   instant, in which case ``now`` stays at that instant and the
    ///   timers not fired yet stay pending.
    public func advance(to instant: Duration) throws(VirtualSchedulerError) {
        guard !isAdvancing else { throw .reentrantAdvance }
        let target = TimeKey(instant)
        guard target >= nowKey else { throw .backwards(from: now, to: instant) }
        isAdvancing = true
        defer { isAdvancing = false }
        let limit = maximumFiringsPerInstant
        var firingsAtInstant = 0
        while true {
            if firingCount >= maximumFirings, let next = queue.firstDeadline(), next <= target {
                if next > nowKey { nowKey = next }
                throw .tooManyFirings(at: now, limit: maximumFirings)
            }
            guard let deadline = queue.firstDeadline(through: target) else {
                nowKey = target
                return
            }
            if firingsAtInstant >= limit && deadline == nowKey { throw .runaway(at: now, firings: firingsAtInstant) }
            let due = queue.removeFirst()
            guard due.id.sequence != 0 else {
                nowKey = target
                return
            }
            if due.deadline != nowKey {
                nowKey = due.deadline
                firingsAtInstant = 0
            }
            firingsAtInstant += 1
            firingCount += 1
            fire(due)
        }
    }

    @inline(__always)
    private func fire(_ due: TimerQueue.Due) {
        let outer = firing
        firing = (outer.depth + 1, due.isAnimationFrame)
        due.action?()
        if let firingObservers {
            firingObservers.send(
                Firing(id: due.id, deadline: due.deadline.duration, isAnimationFrame: due.isAnimationFrame))
        }
        firing = outer
    }
}

extension VirtualScheduler {
    /// Identifies one scheduled timer, for ``VirtualScheduler/cancel(_:)``.
    /// Identifiers are never reused by the scheduler that made them.
    public struct TimerID: Hashable, Sendable {
        let slot: UInt32
        let sequence: UInt64
    }

    /// What an observer of ``VirtualScheduler/observeFirings(_:)`` hears after a callback.
    public struct Firing: Sendable {
        /// The timer that fired.
        public let id: TimerID
        /// Its deadline, which is the scheduler's `now` during the callback.
        public let deadline: Duration
        /// Whether it was scheduled as an animation frame.
        public let isAnimationFrame: Bool
    }
}

/// Why a ``VirtualScheduler`` refused to advance.
public enum VirtualSchedulerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `advance(to:)` was asked for a time before now.
    case backwards(from: Duration, to: Duration)
    /// `advance(by:)` was given a negative duration.
    case negativeDuration(Duration)
    /// More timers fired at one instant than the scheduler allows: a timer
    /// that keeps rescheduling itself with no delay.
    case runaway(at: Duration, firings: Int)
    /// `advance` was called from a timer's callback.
    case reentrantAdvance
    /// More timers fired over the scheduler's life than ``VirtualScheduler/maximumFirings``.
    case tooManyFirings(at: Duration, limit: Int)

    /// The error as a sentence, for diagnostics and transcripts.
    public var description: String {
        switch self {
        case .backwards(let now, let instant):
            "cannot go back in time: the clock is at \(now.sceneText), asked for \(instant.sceneText)"
        case .negativeDuration(let duration):
            "cannot advance by a negative duration (\(duration.sceneText))"
        case .runaway(let instant, let firings):
            "runaway timers: \(firings) fired at \(instant.sceneText) without time moving on; "
                + "a timer probably reschedules itself with no delay"
        case .reentrantAdvance:
            "cannot advance the clock from inside a timer's callback"
        case .tooManyFirings(let instant, let limit):
            "the run fired \(limit) timers by \(instant.sceneText), its limit; "
                + "shorten the script, or raise the limit in the embedding program"
        }
    }
}
