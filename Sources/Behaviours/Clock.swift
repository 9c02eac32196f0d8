/// What a behaviour reads time from and schedules its work on: now, work
/// after a duration, and cancelling that work.
///
/// Two clocks ship: the scene runtime's virtual scheduler (`VirtualScheduler`
/// in SceneCore), whose time moves only when a script or a test advances it,
/// and ``MainClock``, the real time of the main thread, which an app uses.
/// A behaviour takes its clock when it is made, so the same type runs in an
/// app and in a test:
///
///     let controller = TimeoutController(providers: [], timeout: .seconds(3), clock: MainClock.shared)
///
/// The contract: `schedule(after:_:)` calls `action` once, on the clock's
/// thread, no earlier than `delay` after ``now`` at the call (a negative
/// delay counts as zero), unless ``cancel(_:)`` is given its timer first.
/// Cancelling a timer that fired or was cancelled does nothing. Timers due
/// at the same instant fire in the order they were scheduled.
public protocol BehaviourClock: AnyObject {
    /// The time since the clock's origin.
    var now: Duration { get }

    /// Calls `action` once, `delay` from now, unless the returned timer is
    /// cancelled first.
    ///
    ///     let timer = clock.schedule(after: .seconds(3)) { controls.isHidden = true }
    @discardableResult
    func schedule(after delay: Duration, _ action: @escaping () -> Void) -> ClockTimer

    /// Cancels `timer`: its action is not called. Does nothing when it fired
    /// or was cancelled already.
    ///
    ///     clock.cancel(timer)
    func cancel(_ timer: ClockTimer)
}

/// A timer a ``BehaviourClock`` scheduled: what cancels it. Each clock
/// numbers its timers; the numbers mean nothing to another clock.
///
///     let timer = clock.schedule(after: .milliseconds(300)) { print("now") }
///     clock.cancel(timer)
public struct ClockTimer: Hashable, Sendable {
    /// The clock's number for the timer, never reused by that clock.
    public let number: UInt64
    /// Where the clock keeps the timer, if it says (a slot of its queue):
    /// what lets it cancel in constant time.
    public let slot: UInt32

    /// The timer a clock numbered `number`, kept at `slot`.
    ///
    ///     ClockTimer(number: 1)
    public init(number: UInt64, slot: UInt32 = 0) {
        self.number = number
        self.slot = slot
    }
}
