import SceneCore
import Testing

/// How a contract test moves a scheduler's time: by hand, or from a clock
/// through ``RealTimeDriver`` as a live session does.
enum Driving: String, CaseIterable, CustomTestStringConvertible {
    /// `advance(to:)` and `advance(by:)` on the scheduler itself.
    case virtual
    /// A fake monotonic clock moved to each deadline in turn, then to the
    /// target, with the driver catching the scheduler up after each move:
    /// the steps a live session's loop takes, without its waits.
    case drivenByClock

    var testDescription: String { rawValue }

    func clock(for scheduler: VirtualScheduler) -> SchedulerClock {
        SchedulerClock(scheduler: scheduler, isDriven: self == .drivenByClock)
    }
}

/// Moves a scheduler's time the way a ``Driving`` says.
final class SchedulerClock {
    private let scheduler: VirtualScheduler
    private let isDriven: Bool
    /// The fake clock's time: only ever moves forward.
    private var time = Duration.zero
    private var driver: RealTimeDriver?
    /// How many times the driver caught the scheduler up.
    private(set) var steps = 0

    init(scheduler: VirtualScheduler, isDriven: Bool) {
        self.scheduler = scheduler
        self.isDriven = isDriven
        if isDriven {
            driver = nil
            let driver = RealTimeDriver(scheduler: scheduler) { [unowned self] in self.time }
            self.driver = driver
        }
    }

    func advance(to instant: Duration) throws(VirtualSchedulerError) {
        guard let driver else { return try scheduler.advance(to: instant) }
        guard !scheduler.isFiring else { return try driver.advance(to: instant) }
        guard instant >= scheduler.now else { throw .backwards(from: scheduler.now, to: instant) }
        // As a live session: wait for the next deadline (or the target),
        // let the clock reach it, catch the scheduler up; again until the
        // target. At most one step per timer, and never a busy loop.
        while true {
            let wait = driver.timeUntilNextDeadline(cap: instant - time)
            time = min(time + wait, instant)
            steps += 1
            try driver.advanceToNow()
            if time >= instant { return }
        }
    }

    func advance(by duration: Duration) throws(VirtualSchedulerError) {
        guard duration >= .zero else { throw .negativeDuration(duration) }
        try advance(to: scheduler.now + duration)
    }
}
