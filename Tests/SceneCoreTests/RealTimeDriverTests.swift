import SceneCore
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite struct RealTimeDriverTests {
    @Test func theWaitIsUntilTheNextDeadlineCappedAndZeroWhenOneIsDue() throws {
        let scheduler = VirtualScheduler()
        var time = Duration.zero
        let driver = RealTimeDriver(scheduler: scheduler) { time }
        #expect(driver.timeUntilNextDeadline(cap: .milliseconds(100)) == .milliseconds(100))
        scheduler.schedule(after: .milliseconds(30)) {}
        #expect(driver.timeUntilNextDeadline(cap: .milliseconds(100)) == .milliseconds(30))
        #expect(driver.timeUntilNextDeadline(cap: .milliseconds(10)) == .milliseconds(10))
        time = .milliseconds(45)
        #expect(driver.timeUntilNextDeadline(cap: .milliseconds(100)) == .zero)
        try driver.advanceToNow()
        #expect(scheduler.now == .milliseconds(45))
        #expect(scheduler.isIdle)
    }

    @Test func aSchedulerAheadOfTheClockIsNotMovedBack() throws {
        let scheduler = VirtualScheduler()
        var time = Duration.milliseconds(5)
        let driver = RealTimeDriver(scheduler: scheduler) { time }
        try driver.advance(to: .milliseconds(8))
        try driver.advanceToNow()
        #expect(scheduler.now == .milliseconds(8))
        time = .milliseconds(9)
        try driver.advanceToNow()
        #expect(scheduler.now == .milliseconds(9))
    }

    @Test func drivenByAClockTheSchedulerStepsFromDeadlineToDeadline() throws {
        let scheduler = VirtualScheduler()
        let clock = Driving.drivenByClock.clock(for: scheduler)
        var seen: [Duration] = []
        for milliseconds in [10, 20, 30] {
            scheduler.schedule(after: .milliseconds(milliseconds)) { seen.append(scheduler.now) }
        }
        try clock.advance(to: .milliseconds(50))
        #expect(seen == [.milliseconds(10), .milliseconds(20), .milliseconds(30)])
        // One step a deadline, and one to the target.
        #expect(clock.steps == 4)
    }

    @Test func timesRoundUpToTheMillisecond() {
        #expect(Duration.milliseconds(1234).roundedUpToMillisecond == .milliseconds(1234))
        #expect((Duration.milliseconds(1234) + .nanoseconds(1)).roundedUpToMillisecond == .milliseconds(1235))
        #expect(Duration.microseconds(999_999).roundedUpToMillisecond == .seconds(1))
        #expect(Duration.zero.roundedUpToMillisecond == .zero)
    }

    /// On the real clock: timers fire at their deadlines (the scheduler's
    /// time), never before them in real time, and late by no more than a
    /// tolerance that holds on a loaded machine. About 60 ms in all.
    @Test func onTheRealClockTimersFireInOrderNeverEarlyAndAboutOnTime() throws {
        let scheduler = VirtualScheduler()
        let driver = RealTimeDriver(scheduler: scheduler)
        var firings: [(deadline: Duration, real: Duration)] = []
        for milliseconds in [20, 5, 40, 60] {
            scheduler.schedule(after: .milliseconds(milliseconds)) {
                firings.append((scheduler.now, driver.elapsed))
            }
        }
        var rounds = 0
        while !scheduler.isIdle, rounds < 10_000 {
            rounds += 1
            // Real time is what this test is about: it passes until the next deadline.
            letRealTimePass(driver.timeUntilNextDeadline(cap: .milliseconds(100)))
            try driver.advanceToNow()
        }
        #expect(firings.map(\.deadline) == [5, 20, 40, 60].map { Duration.milliseconds($0) })
        for firing in firings {
            #expect(firing.real >= firing.deadline)
            // Generous: a loaded machine may not run the thread for a while;
            // a timer the driver forgot would be late by its cap and more.
            #expect(firing.real - firing.deadline < .milliseconds(500), "late by \(firing.real - firing.deadline)")
        }
    }
}
