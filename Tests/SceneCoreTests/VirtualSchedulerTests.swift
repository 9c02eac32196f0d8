import SceneCore
import Testing

/// The scheduler's contract holds however it is driven: by hand, as a
/// script drives it, or from a monotonic clock by ``RealTimeDriver``, as a
/// live session drives it (here with a fake clock, so that the tests are
/// fast and always give the same result).
@Suite struct VirtualSchedulerTests {
    /// Records what fired, with the virtual time it saw.
    final class Recorder {
        private(set) var entries: [String] = []
        func append(_ entry: String) { entries.append(entry) }
    }

    private func at(_ scheduler: VirtualScheduler) -> String { scheduler.now.sceneText }

    @Test func startsAtZeroIdle() {
        let scheduler = VirtualScheduler()
        #expect(scheduler.now == .zero)
        #expect(scheduler.isIdle)
        #expect(scheduler.pendingCount == 0)
        #expect(scheduler.nextDeadline == nil)
        #expect(!scheduler.isFiring)
        #expect(!scheduler.isAnimationFrame)
    }

    @Test(arguments: Driving.allCases) func timersFireInDeadlineOrder(_ driving: Driving) throws {
        let scheduler = VirtualScheduler()
        let clock = driving.clock(for: scheduler)
        let log = Recorder()
        scheduler.schedule(after: .seconds(3)) { log.append("c") }
        scheduler.schedule(after: .seconds(1)) { log.append("a") }
        scheduler.schedule(after: .seconds(2)) { log.append("b") }
        #expect(scheduler.pendingCount == 3)
        #expect(scheduler.nextDeadline == .seconds(1))
        try clock.advance(by: .seconds(5))
        #expect(log.entries == ["a", "b", "c"])
        #expect(scheduler.now == .seconds(5))
        #expect(scheduler.isIdle)
    }

    @Test(arguments: Driving.allCases) func tiesFireInSchedulingOrder(_ driving: Driving) throws {
        let scheduler = VirtualScheduler()
        let clock = driving.clock(for: scheduler)
        let log = Recorder()
        for name in ["first", "second", "third", "fourth"] {
            scheduler.schedule(at: .seconds(1)) { log.append(name) }
        }
        scheduler.schedule(after: .seconds(1)) { log.append("fifth") }
        try clock.advance(by: .seconds(1))
        #expect(log.entries == ["first", "second", "third", "fourth", "fifth"])
        #expect(scheduler.isIdle)
    }

    @Test(arguments: Driving.allCases) func nowInsideACallbackIsItsDeadline(_ driving: Driving) throws {
        let scheduler = VirtualScheduler()
        let clock = driving.clock(for: scheduler)
        let log = Recorder()
        for milliseconds in [250, 1500, 2999] {
            scheduler.schedule(after: .milliseconds(milliseconds)) { log.append(self.at(scheduler)) }
        }
        try clock.advance(to: .seconds(10))
        #expect(log.entries == ["250ms", "1.5s", "2.999s"])
        #expect(scheduler.now == .seconds(10))
        #expect(scheduler.isIdle)
    }

    @Test(arguments: Driving.allCases) func advanceFiresDeadlinesEqualToTheNewTimeButNotLater(_ driving: Driving) throws
    {
        let scheduler = VirtualScheduler()
        let clock = driving.clock(for: scheduler)
        let log = Recorder()
        scheduler.schedule(after: .seconds(2)) { log.append("due") }
        scheduler.schedule(after: .seconds(2) + .nanoseconds(1)) { log.append("later") }
        try clock.advance(by: .seconds(2))
        #expect(log.entries == ["due"])
        #expect(scheduler.pendingCount == 1)
        try clock.advance(by: .nanoseconds(1))
        #expect(log.entries == ["due", "later"])
        #expect(scheduler.isIdle)
    }

    @Test(arguments: Driving.allCases) func zeroDelayFromACallbackRunsInTheSameAdvanceAfterThoseAlreadyDue(
        _ driving: Driving
    ) throws {
        let scheduler = VirtualScheduler()
        let clock = driving.clock(for: scheduler)
        let log = Recorder()
        scheduler.schedule(at: .seconds(1)) {
            log.append("a@\(self.at(scheduler))")
            scheduler.schedule(after: .zero) { log.append("a-follow-up@\(self.at(scheduler))") }
        }
        scheduler.schedule(at: .seconds(1)) { log.append("b@\(self.at(scheduler))") }
        scheduler.schedule(at: .seconds(2)) { log.append("c@\(self.at(scheduler))") }
        try clock.advance(to: .seconds(2))
        #expect(log.entries == ["a@1s", "b@1s", "a-follow-up@1s", "c@2s"])
        #expect(scheduler.isIdle)
    }

    @Test(arguments: Driving.allCases) func aDeadlineInThePastFromACallbackCountsAsNow(_ driving: Driving) throws {
        let scheduler = VirtualScheduler()
        let clock = driving.clock(for: scheduler)
        let log = Recorder()
        scheduler.schedule(at: .seconds(5)) {
            scheduler.schedule(at: .seconds(1)) { log.append("past@\(self.at(scheduler))") }
            scheduler.schedule(after: .seconds(-3)) { log.append("negative@\(self.at(scheduler))") }
        }
        scheduler.schedule(at: .seconds(5)) { log.append("due@\(self.at(scheduler))") }
        scheduler.schedule(at: .seconds(6)) { log.append("later@\(self.at(scheduler))") }
        try clock.advance(to: .seconds(5))
        #expect(log.entries == ["due@5s", "past@5s", "negative@5s"])
        #expect(scheduler.pendingCount == 1)
        try clock.advance(by: .seconds(1))
        #expect(scheduler.isIdle)
    }

    @Test(arguments: Driving.allCases) func aTimerScheduledOutsideAnAdvanceForNowFiresOnTheNextAdvance(
        _ driving: Driving
    ) throws {
        let scheduler = VirtualScheduler()
        let clock = driving.clock(for: scheduler)
        try clock.advance(to: .seconds(4))
        let log = Recorder()
        scheduler.schedule(after: .zero) { log.append("now@\(self.at(scheduler))") }
        #expect(log.entries.isEmpty)
        try clock.advance(by: .zero)
        #expect(log.entries == ["now@4s"])
        #expect(scheduler.isIdle)
    }

    @Test(arguments: Driving.allCases) func aCallbackSchedulingLaterTimersWithinTheAdvanceSeesThemFire(
        _ driving: Driving
    ) throws {
        let scheduler = VirtualScheduler()
        let clock = driving.clock(for: scheduler)
        let log = Recorder()
        var remaining = 5
        func tick() {
            log.append(at(scheduler))
            remaining -= 1
            if remaining > 0 { scheduler.schedule(after: .seconds(1), tick) }
        }
        scheduler.schedule(after: .seconds(1), tick)
        try clock.advance(by: .milliseconds(3500))
        #expect(log.entries == ["1s", "2s", "3s"])
        #expect(scheduler.now == .milliseconds(3500))
        try clock.advance(by: .seconds(10))
        #expect(log.entries == ["1s", "2s", "3s", "4s", "5s"])
        #expect(scheduler.isIdle)
    }

    @Test(arguments: Driving.allCases) func cancellingStopsATimer(_ driving: Driving) throws {
        let scheduler = VirtualScheduler()
        let clock = driving.clock(for: scheduler)
        let log = Recorder()
        let id = scheduler.schedule(after: .seconds(1)) { log.append("cancelled one") }
        scheduler.schedule(after: .seconds(2)) { log.append("kept") }
        #expect(scheduler.isPending(id))
        scheduler.cancel(id)
        #expect(!scheduler.isPending(id))
        #expect(scheduler.pendingCount == 1)
        #expect(scheduler.nextDeadline == .seconds(2))
        try clock.advance(by: .seconds(3))
        #expect(log.entries == ["kept"])
        #expect(scheduler.isIdle)
    }

    @Test(arguments: Driving.allCases) func cancellingATimerDueAtTheSameInstantFromACallbackStopsIt(_ driving: Driving)
        throws
    {
        let scheduler = VirtualScheduler()
        let clock = driving.clock(for: scheduler)
        let log = Recorder()
        var victim: VirtualScheduler.TimerID?
        scheduler.schedule(at: .seconds(1)) {
            log.append("canceller")
            if let victim { scheduler.cancel(victim) }
        }
        victim = scheduler.schedule(at: .seconds(1)) { log.append("victim") }
        scheduler.schedule(at: .seconds(1)) { log.append("bystander") }
        try clock.advance(by: .seconds(1))
        #expect(log.entries == ["canceller", "bystander"])
        #expect(scheduler.isIdle)
    }

    @Test(arguments: Driving.allCases) func cancellingTwiceOrAfterFiringIsHarmless(_ driving: Driving) throws {
        let scheduler = VirtualScheduler()
        let clock = driving.clock(for: scheduler)
        let log = Recorder()
        let fired = scheduler.schedule(after: .seconds(1)) { log.append("fired") }
        let cancelled = scheduler.schedule(after: .seconds(1)) { log.append("cancelled") }
        scheduler.cancel(cancelled)
        scheduler.cancel(cancelled)
        try clock.advance(by: .seconds(1))
        scheduler.cancel(fired)
        scheduler.cancel(fired)
        #expect(log.entries == ["fired"])
        #expect(scheduler.pendingCount == 0)
        // A new timer reuses the freed slots; the old ids must not touch it.
        let fresh = scheduler.schedule(after: .seconds(1)) { log.append("fresh") }
        scheduler.cancel(fired)
        scheduler.cancel(cancelled)
        #expect(scheduler.isPending(fresh))
        #expect(fresh != fired && fresh != cancelled)
        try clock.advance(by: .seconds(1))
        #expect(log.entries == ["fired", "fresh"])
        #expect(scheduler.isIdle)
    }

    @Test(arguments: Driving.allCases) func aTimerCancellingItselfWhileFiringIsHarmless(_ driving: Driving) throws {
        let scheduler = VirtualScheduler()
        let clock = driving.clock(for: scheduler)
        var id: VirtualScheduler.TimerID?
        var count = 0
        id = scheduler.schedule(after: .seconds(1)) {
            count += 1
            if let id { scheduler.cancel(id) }
        }
        try clock.advance(by: .seconds(2))
        #expect(count == 1)
        #expect(scheduler.isIdle)
    }

    @Test(arguments: Driving.allCases) func cancellingManyTimersCompactsTheQueueAndKeepsOrder(_ driving: Driving) throws
    {
        let scheduler = VirtualScheduler()
        let clock = driving.clock(for: scheduler)
        let log = Recorder()
        var ids: [VirtualScheduler.TimerID] = []
        for index in 0..<1_000 {
            ids.append(scheduler.schedule(after: .milliseconds(1_000 - index)) { log.append("\(index)") })
        }
        for (index, id) in ids.enumerated() where index % 10 != 0 { scheduler.cancel(id) }
        #expect(scheduler.pendingCount == 100)
        try clock.advance(by: .seconds(1))
        #expect(log.entries == stride(from: 990, through: 0, by: -10).map { "\($0)" })
        #expect(scheduler.isIdle)
    }

    @Test(arguments: Driving.allCases) func aRunawayZeroDelayLoopIsCutOffWithAnError(_ driving: Driving) throws {
        let scheduler = VirtualScheduler()
        let clock = driving.clock(for: scheduler)
        scheduler.maximumFiringsPerInstant = 1_000
        var firings = 0
        var last: VirtualScheduler.TimerID?
        func loop() {
            firings += 1
            last = scheduler.schedule(after: .zero, loop)
        }
        scheduler.schedule(after: .seconds(1), loop)
        let error = #expect(throws: VirtualSchedulerError.self) { try clock.advance(by: .seconds(2)) }
        #expect(error == .runaway(at: .seconds(1), firings: 1_000))
        #expect(error?.description.contains("1000 fired at 1s") == true)
        #expect(firings == 1_000)
        #expect(scheduler.now == .seconds(1))
        // The loop's next timer is still there, unfired; cancelling it ends the loop.
        #expect(scheduler.pendingCount == 1)
        if let last { scheduler.cancel(last) }
        try clock.advance(by: .seconds(1))
        #expect(firings == 1_000)
        #expect(scheduler.now == .seconds(2))
        #expect(scheduler.isIdle)
    }

    @Test(arguments: Driving.allCases) func theDefaultRunawayLimitIsAHundredThousandFiringsAtOneInstant(
        _ driving: Driving
    ) throws {
        let scheduler = VirtualScheduler()
        let clock = driving.clock(for: scheduler)
        #expect(scheduler.maximumFiringsPerInstant == 100_000)
        var firings = 0
        var last: VirtualScheduler.TimerID?
        func loop() {
            firings += 1
            last = scheduler.schedule(after: .zero, loop)
        }
        scheduler.schedule(after: .zero, loop)
        #expect(throws: VirtualSchedulerError.runaway(at: .zero, firings: 100_000)) {
            try clock.advance(by: .seconds(1))
        }
        #expect(firings == 100_000)
        if let last { scheduler.cancel(last) }
        #expect(scheduler.isIdle)
    }

    @Test(arguments: Driving.allCases) func manyFiringsSpreadOverTimeAreNotARunaway(_ driving: Driving) throws {
        let scheduler = VirtualScheduler()
        let clock = driving.clock(for: scheduler)
        scheduler.maximumFiringsPerInstant = 10
        var count = 0
        func tick() {
            count += 1
            if count < 1_000 { scheduler.schedule(after: .milliseconds(1), tick) }
        }
        scheduler.schedule(after: .zero, tick)
        // Ten at one instant is fine: the limit is on more than ten.
        for _ in 0..<10 { scheduler.schedule(at: .microseconds(500_500)) {} }
        try clock.advance(by: .seconds(5))
        #expect(count == 1_000)
        #expect(scheduler.isIdle)
    }

    @Test func advancingBackwardsIsAnError() throws {
        let scheduler = VirtualScheduler()
        try scheduler.advance(to: .seconds(10))
        #expect(throws: VirtualSchedulerError.backwards(from: .seconds(10), to: .seconds(9))) {
            try scheduler.advance(to: .seconds(9))
        }
        #expect(throws: VirtualSchedulerError.negativeDuration(.seconds(-1))) {
            try scheduler.advance(by: .seconds(-1))
        }
        #expect(scheduler.now == .seconds(10))
        try scheduler.advance(to: .seconds(10))  // to now: allowed
        let error = VirtualSchedulerError.backwards(from: .seconds(10), to: .seconds(9))
        #expect(error.description == "cannot go back in time: the clock is at 10s, asked for 9s")
        #expect(scheduler.isIdle)
    }

    @Test(arguments: Driving.allCases) func advancingFromACallbackIsAnError(_ driving: Driving) throws {
        let scheduler = VirtualScheduler()
        let clock = driving.clock(for: scheduler)
        var inner: VirtualSchedulerError?
        scheduler.schedule(after: .seconds(1)) {
            do throws(VirtualSchedulerError) { try clock.advance(by: .seconds(1)) } catch { inner = error }
        }
        try clock.advance(by: .seconds(5))
        #expect(inner == .reentrantAdvance)
        #expect(scheduler.now == .seconds(5))
        #expect(scheduler.isIdle)
    }

    @Test(arguments: Driving.allCases) func theObserverRunsAfterEachCallbackAndSeesAnimationFrames(_ driving: Driving)
        throws
    {
        let scheduler = VirtualScheduler()
        let clock = driving.clock(for: scheduler)
        let log = Recorder()
        scheduler.observeFirings { firing in
            log.append("did \(firing.deadline.sceneText) frame=\(firing.isAnimationFrame)")
        }
        scheduler.schedule(after: .seconds(1)) {
            log.append("timer frame=\(scheduler.isAnimationFrame) firing=\(scheduler.isFiring)")
        }
        let frame = scheduler.schedule(after: .seconds(2), isAnimationFrame: true) {
            log.append("frame frame=\(scheduler.isAnimationFrame)")
        }
        try clock.advance(by: .seconds(3))
        #expect(
            log.entries == [
                "timer frame=false firing=true", "did 1s frame=false", "frame frame=true", "did 2s frame=true",
            ])
        #expect(!scheduler.isAnimationFrame)
        #expect(!scheduler.isFiring)
        #expect(!scheduler.isPending(frame))
        #expect(scheduler.isIdle)
    }

    @Test func nextDeadlineSkipsCancelledTimers() {
        let scheduler = VirtualScheduler()
        let first = scheduler.schedule(after: .seconds(1)) {}
        let second = scheduler.schedule(after: .seconds(2)) {}
        scheduler.cancel(first)
        #expect(scheduler.nextDeadline == .seconds(2))
        scheduler.cancel(second)
        #expect(scheduler.nextDeadline == nil)
        #expect(scheduler.isIdle)
    }

    @Test(arguments: Driving.allCases) func aLongRunDoesNotDrift(_ driving: Driving) throws {
        let scheduler = VirtualScheduler()
        let clock = driving.clock(for: scheduler)
        var count = 0
        var next: VirtualScheduler.TimerID?
        func tick() {
            count += 1
            next = scheduler.schedule(after: .milliseconds(250), tick)
        }
        next = scheduler.schedule(after: .milliseconds(250), tick)
        try clock.advance(by: .seconds(3600))
        #expect(count == 14_400)
        #expect(scheduler.nextDeadline == .seconds(3600) + .milliseconds(250))
        #expect(scheduler.pendingCount == 1)
        if let next { scheduler.cancel(next) }
        #expect(scheduler.isIdle)
    }

    @Test(arguments: Driving.allCases) func callbacksReleasedByCancelOrFiringMayUseTheScheduler(_ driving: Driving)
        throws
    {
        /// Schedules a timer when it is freed.
        final class Reschedules {
            let scheduler: VirtualScheduler
            let log: Recorder
            init(_ scheduler: VirtualScheduler, _ log: Recorder) {
                self.scheduler = scheduler
                self.log = log
            }
            deinit {
                let log = self.log
                scheduler.schedule(after: .seconds(1)) { log.append("from deinit") }
            }
        }
        let scheduler = VirtualScheduler()
        let clock = driving.clock(for: scheduler)
        let log = Recorder()
        do {
            let cancelled = Reschedules(scheduler, log)
            let id = scheduler.schedule(after: .seconds(1)) { withExtendedLifetime(cancelled) {} }
            let fired = Reschedules(scheduler, log)
            scheduler.schedule(after: .seconds(1)) { withExtendedLifetime(fired) {} }
            scheduler.cancel(id)
        }
        #expect(scheduler.pendingCount == 2)
        try clock.advance(by: .seconds(1))
        #expect(log.entries == ["from deinit"])
        #expect(scheduler.pendingCount == 1)
        try clock.advance(by: .seconds(1))
        #expect(log.entries == ["from deinit", "from deinit"])
        #expect(scheduler.isIdle)
    }

    @Test(arguments: Driving.allCases) func farDeadlinesAndLongAdvancesNeitherOverflowNorFire(_ driving: Driving) throws
    {
        let scheduler = VirtualScheduler()
        let clock = driving.clock(for: scheduler)
        let log = Recorder()
        let far = Duration.seconds(Int64.max / 2)
        scheduler.schedule(after: far) { log.append("far") }
        #expect(scheduler.nextDeadline == far)
        try clock.advance(by: .seconds(86_400 * 365))
        #expect(log.entries.isEmpty)
        try clock.advance(to: far)
        #expect(log.entries == ["far"])
        scheduler.schedule(after: far) { log.append("beyond") }
        try clock.advance(by: .milliseconds(1))
        #expect(scheduler.pendingCount == 1)
        #expect(scheduler.now == far + .milliseconds(1))
        scheduler.schedule(at: .zero) { log.append("past") }
        try clock.advance(by: .zero)
        #expect(log.entries == ["far", "past"])
        #expect(scheduler.pendingCount == 1)
    }

    @Test(arguments: Driving.allCases) func timesWithAttosecondsKeepTheirExactOrder(_ driving: Driving) throws {
        let scheduler = VirtualScheduler()
        let clock = driving.clock(for: scheduler)
        let log = Recorder()
        let third = Duration(secondsComponent: 0, attosecondsComponent: 333_333_333_333_333_333)
        scheduler.schedule(at: third + Duration(secondsComponent: 0, attosecondsComponent: 1)) { log.append("b") }
        scheduler.schedule(at: third) { log.append("a@\(scheduler.now == third)") }
        scheduler.schedule(at: .seconds(1) + third) { log.append("c") }
        try clock.advance(to: third)
        #expect(log.entries == ["a@true"])
        try clock.advance(by: .seconds(2))
        #expect(log.entries == ["a@true", "b", "c"])
        #expect(scheduler.isIdle)
    }

    @Test func releasingTheSchedulerReleasesPendingCallbacks() {
        final class Token {}
        weak var weakToken: Token?
        do {
            let scheduler = VirtualScheduler()
            let token = Token()
            weakToken = token
            scheduler.schedule(after: .seconds(1)) { withExtendedLifetime(token) {} }
        }
        #expect(weakToken == nil)
    }
}
