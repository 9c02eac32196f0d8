import Behaviours
import SceneCore
import Testing

@Suite struct PortablePreemptiveDelayTests {
    @Test func theLatestDeadlineWinsOnTheVirtualClock() throws {
        let scheduler = VirtualScheduler()
        let delay = PreemptiveDelay(delay: .seconds(1), clock: scheduler.clock)
        var firedAt: [Duration] = []
        let connection = delay.fired.connect { firedAt.append(scheduler.now) }
        #expect(delay.trigger(after: .seconds(3)) == .handled)
        try scheduler.advance(by: .seconds(1))
        #expect(
            delay.trigger()
                == .ignored(because: "it is already due at 3s, no earlier than this trigger's 2s"))
        #expect(delay.isPending && delay.deadline == .seconds(3))
        try scheduler.advance(to: .milliseconds(2999))
        #expect(firedAt.isEmpty)
        try scheduler.advance(to: .seconds(3))
        #expect(firedAt == [.seconds(3)])
        #expect(!delay.isPending && delay.deadline == nil && delay.fireCount == 1)
        #expect(scheduler.isIdle)
        connection.disconnect()
    }

    @Test func triggersWithoutAClockCountFromZeroAndArmWhenItComes() throws {
        let scheduler = VirtualScheduler()
        try scheduler.advance(by: .seconds(5))
        let delay = PreemptiveDelay(clock: nil)
        var fired = 0
        delay.fired.connect { fired += 1 }
        delay.trigger(after: .seconds(2))
        #expect(delay.deadline == .seconds(2))
        delay.clock = scheduler.clock
        #expect(scheduler.pendingCount == 1)
        // Already past: due at once.
        try scheduler.advance(by: .zero)
        #expect(fired == 1)
        #expect(scheduler.isIdle)
    }

    @Test func aNewClockTakesOverThePendingFiring() throws {
        let first = VirtualScheduler()
        let second = VirtualScheduler()
        let delay = PreemptiveDelay(clock: first.clock)
        var fired = 0
        delay.fired.connect { fired += 1 }
        delay.trigger()
        delay.clock = second.clock
        #expect(first.isIdle)
        try second.advance(by: .seconds(1))
        #expect(fired == 1)
        #expect(second.isIdle)
    }

    @Test func cancelForgetsTheDeadlineAndIsIgnoredWhenNothingIsPending() throws {
        let scheduler = VirtualScheduler()
        let delay = PreemptiveDelay(clock: scheduler.clock)
        #expect(delay.cancel() == .ignored(because: "nothing is pending"))
        delay.trigger()
        #expect(delay.cancel() == .handled)
        #expect(scheduler.isIdle && !delay.isPending)
    }

    @Test func eachChangeIsReportedAfterItIsStored() {
        let scheduler = VirtualScheduler()
        let delay = PreemptiveDelay(clock: scheduler.clock)
        var reports: [String] = []
        let listening = delay.changeReports.listen { key, _ in
            switch key {
            case \PreemptiveDelay.deadline: reports.append("deadline=\(delay.deadline?.compactText ?? "nil")")
            case \PreemptiveDelay.isPending: reports.append("pending=\(delay.isPending)")
            case \PreemptiveDelay.delay: reports.append("delay=\(delay.delay.compactText)")
            default: reports.append("other")
            }
        }
        delay.delay = .milliseconds(250)
        delay.trigger()
        delay.cancel()
        #expect(
            reports == [
                "delay=250ms", "deadline=250ms", "pending=true", "deadline=nil", "pending=false",
            ])
        listening.disconnect()
    }

    @Test(arguments: [
        (Duration.zero, "0s"), (.milliseconds(250), "250ms"), (.seconds(3), "3s"), (.milliseconds(1500), "1.5s"),
        (.seconds(90), "1m30s"), (.seconds(3600), "1h"), (.milliseconds(3_723_500), "1h2m3.5s"),
        (.microseconds(1), "0.000001s"), (.milliseconds(-250), "-250ms"), (.seconds(-61), "-1m1s"),
    ])
    func durationsAreWrittenAsScenesWriteThem(duration: Duration, text: String) {
        #expect(duration.compactText == text)
        #expect(duration.sceneText == text)
    }
}
