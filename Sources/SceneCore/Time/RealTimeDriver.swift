#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Drives a ``VirtualScheduler`` from a monotonic clock, so that a scene
/// runs on real time with exactly the virtual scheduler's contract (the
/// order of timers, the same-instant rules, cancellation, runaway
/// protection): there is one scheduler, and the driver only decides when
/// to advance it and how far.
///
///     let driver = RealTimeDriver(scheduler: scene.scheduler)
///     while running {
///         let wait = driver.timeUntilNextDeadline(cap: .milliseconds(100))
///         waitForInput(upTo: wait)           // poll(2), say
///         try driver.advanceToNow()          // fires what is due, in order
///     }
///
/// The clock is injected: a test passes a fake one and moves it by hand,
/// so that the contract tests run fast and give the same result every time.
package final class RealTimeDriver {
    /// The scheduler driven.
    package let scheduler: VirtualScheduler
    /// The time elapsed since the session began.
    private let clock: () -> Duration

    /// A driver of `scheduler` whose time is `clock`: elapsed time since
    /// the start, never going back (``monotonicClock()`` by default).
    package init(scheduler: VirtualScheduler, clock: @escaping () -> Duration = RealTimeDriver.monotonicClock()) {
        self.scheduler = scheduler
        self.clock = clock
    }

    /// The time elapsed on the clock.
    package var elapsed: Duration { clock() }

    /// Fires every timer due by the clock's time now, in order, and moves
    /// the scheduler's time there. When the scheduler is already ahead (an
    /// input applied on the next whole millisecond), nothing moves.
    package func advanceToNow() throws(VirtualSchedulerError) {
        try advance(to: clock())
    }

    /// Fires every timer due by `instant` (not before the scheduler's time)
    /// and moves the scheduler there.
    package func advance(to instant: Duration) throws(VirtualSchedulerError) {
        try scheduler.advance(to: max(instant, scheduler.now))
    }

    /// How long to wait before the next timer is due, at most `cap`; zero
    /// when one is due already; `cap` when none is pending.
    package func timeUntilNextDeadline(cap: Duration) -> Duration {
        guard let next = scheduler.nextDeadline else { return cap }
        let remaining = next - clock()
        return remaining <= .zero ? .zero : min(remaining, cap)
    }

    /// A clock giving the time elapsed since it was made, from the
    /// system's monotonic clock (which does not jump with the time of day).
    package static func monotonicClock() -> () -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        return { start.duration(to: clock.now) }
    }
}

extension RealTimeDriver {
    /// Waits until `descriptor` has something to read (or its end), or
    /// until `timeout` has passed; whether it is readable. poll(2) counts
    /// whole milliseconds, so the wait's last fraction of a millisecond is
    /// slept first: a timer due then is not a millisecond late, and input
    /// waits at most that fraction. With no descriptor it only sleeps.
    package static func waitForInput(on descriptor: Int32?, upTo timeout: Duration) -> Bool {
        let (seconds, attoseconds) = timeout.components
        let milliseconds = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000)
        let fraction = descriptor == nil ? timeout : timeout - .milliseconds(milliseconds)
        if fraction > .zero && (descriptor == nil || milliseconds == 0) {
            let (wholeSeconds, rest) = fraction.components
            var request = timespec(tv_sec: Int(wholeSeconds), tv_nsec: Int(rest / 1_000_000_000))
            var remaining = timespec()
            _ = nanosleep(&request, &remaining)
        }
        guard let descriptor else { return false }
        var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&watched, 1, milliseconds) > 0
    }
}

extension Duration {
    /// The duration rounded up to a whole millisecond: the grain of a
    /// recorded session's `at:` times.
    package var roundedUpToMillisecond: Duration {
        let (seconds, attoseconds) = components
        let perMillisecond: Int64 = 1_000_000_000_000_000
        var milliseconds = attoseconds / perMillisecond
        if attoseconds % perMillisecond > 0 { milliseconds += 1 }
        return .seconds(seconds) + .milliseconds(milliseconds)
    }
}
