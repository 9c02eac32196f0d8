/// The live mode's wait for time, for the benchmarks package (`scene-bench
/// --live`), which sees only public API: a ``RealTimeDriver`` on the
/// system's monotonic clock, waiting exactly as `scene-runner live` waits.
///
///     @_spi(Benchmarks) import SceneCore
///     let waiter = RealTimeWaiter(scheduler: scheduler)
///     while !scheduler.isIdle { try waiter.waitAndFire(watching: input, upTo: .milliseconds(100)) }
@_spi(Benchmarks) public struct RealTimeWaiter {
    private let driver: RealTimeDriver

    /// A waiter that drives `scheduler` from now on.
    public init(scheduler: VirtualScheduler) {
        driver = RealTimeDriver(scheduler: scheduler)
    }

    /// The real time since the waiter was made.
    public var elapsed: Duration { driver.elapsed }

    /// Waits until the next timer is due (at most `cap`) or `descriptor`
    /// has something to read, then fires every timer due by the clock.
    public func waitAndFire(watching descriptor: Int32?, upTo cap: Duration) throws(VirtualSchedulerError) {
        _ = RealTimeDriver.waitForInput(on: descriptor, upTo: driver.timeUntilNextDeadline(cap: cap))
        try driver.advanceToNow()
    }
}
