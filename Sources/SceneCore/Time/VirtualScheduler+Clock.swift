import Behaviours

extension VirtualScheduler {
    /// The scheduler as the portable behaviours' clock: what a scene gives
    /// a `TimeoutController` and every other behaviour of the
    /// `Behaviours` library, so that they time out on the scene's virtual
    /// time.
    ///
    ///     let controller = TimeoutController(timeout: .seconds(3), clock: scheduler.clock)
    ///     controller.resume()
    ///     try scheduler.advance(by: .seconds(3))   // timed out
    ///
    /// The clock holds the scheduler weakly: once the scheduler is gone, it
    /// schedules nothing and its time stays where it was.
    public var clock: any BehaviourClock { behaviourClock }
}

/// A ``VirtualScheduler`` seen as a `BehaviourClock`.
final class SchedulerClock: BehaviourClock {
    private(set) weak var scheduler: VirtualScheduler?
    private var lastNow: Duration = .zero

    init(_ scheduler: VirtualScheduler) {
        self.scheduler = scheduler
    }

    var now: Duration {
        if let scheduler { lastNow = scheduler.now }
        return lastNow
    }

    @discardableResult
    func schedule(after delay: Duration, _ action: @escaping () -> Void) -> ClockTimer {
        guard let scheduler else { return ClockTimer(number: 0) }
        let id = scheduler.schedule(after: delay, action)
        return ClockTimer(number: id.sequence, slot: id.slot)
    }

    func cancel(_ timer: ClockTimer) {
        scheduler?.cancel(VirtualScheduler.TimerID(slot: timer.slot, sequence: timer.number))
    }
}
