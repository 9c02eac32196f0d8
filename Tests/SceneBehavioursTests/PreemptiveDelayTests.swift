import Behaviours
import SceneBehaviours
import SceneCore
import TestSupport
import Testing

@Suite struct PreemptiveDelayTests {
    /// A delay on its own clock, logging `fired` with the time.
    private func makeDelay(delay: Duration = .seconds(1)) -> (PreemptiveDelay, VirtualScheduler, Log) {
        let scheduler = VirtualScheduler()
        let preemptive = PreemptiveDelay(scheduler: scheduler, delay: delay)
        let log = Log()
        preemptive.fired.connect { log.append("fired@\(scheduler.now.sceneText)") }
        return (preemptive, scheduler, log)
    }

    // MARK: Registration

    @Test func registersDelayStateActionsAndFired() {
        let type = PreemptiveDelay.sceneDescription()
        #expect(
            MemberList(of: type)
                == MemberList(
                    properties: [
                        "delay: Duration in 0.0...inf", "pending: Bool (read-only)",
                        "deadline: Duration? (read-only)", "fireCount: Int (read-only)",
                    ],
                    events: ["delayChanged: Duration", "fired"],
                    actions: ["trigger", "triggerAfter: Duration", "cancel"]))
        #expect(
            type.defaultValues() == [
                "delay": .duration(.seconds(1)), "pending": .bool(false), "deadline": .null, "fireCount": .int(0),
            ])
    }

    @Test func theDescriptionDrivesTheDelayAsALoaderWould() throws {
        let type = PreemptiveDelay.sceneDescription()
        let scheduler = VirtualScheduler()
        let preemptive = PreemptiveDelay(scheduler: scheduler)
        let log = Log()
        log.observeEvents(of: preemptive, type)
        #expect(type.property(named: "delay")?.set(.duration(.seconds(2)), on: preemptive) == true)
        #expect(type.action("trigger", on: preemptive) == .handled)
        #expect(type.action("triggerAfter", on: preemptive, .duration(.seconds(3))) == .handled)
        #expect(type.property(named: "pending")?.value(of: preemptive) == .bool(true))
        #expect(type.property(named: "deadline")?.value(of: preemptive) == .duration(.seconds(3)))
        try scheduler.advance(by: .seconds(3))
        #expect(log.entries == ["fired"])
        #expect(type.property(named: "fireCount")?.value(of: preemptive) == .int(1))
        #expect(type.action("trigger", on: preemptive) == .handled)
        #expect(type.action("cancel", on: preemptive) == .handled)
        #expect(type.property(named: "deadline")?.value(of: preemptive) == .null)
        #expect(scheduler.isIdle)
    }

    // MARK: Firing

    @Test func triggerFiresOnceAfterDelay() throws {
        let (preemptive, scheduler, log) = makeDelay()
        preemptive.trigger()
        #expect(preemptive.isPending)
        #expect(preemptive.deadline == .seconds(1))
        try scheduler.advance(by: .milliseconds(999))
        #expect(log.entries.isEmpty)
        try scheduler.advance(by: .milliseconds(1))
        #expect(log.entries == ["fired@1s"])
        #expect(!preemptive.isPending)
        #expect(preemptive.deadline == nil)
        #expect(preemptive.fireCount == 1)
        try scheduler.advance(by: .seconds(10))
        #expect(log.entries == ["fired@1s"])
        #expect(scheduler.isIdle)
    }

    @Test func aShorterDelayNeverShortensALongerPendingOne() throws {
        let (preemptive, scheduler, log) = makeDelay()
        preemptive.trigger(after: .seconds(3))
        try scheduler.advance(to: .seconds(1))
        #expect(
            preemptive.trigger(after: .seconds(1))
                == .ignored(because: "it is already due at 3s, no earlier than this trigger's 2s"))
        #expect(preemptive.deadline == .seconds(3))
        try scheduler.advance(to: .milliseconds(2999))
        #expect(log.entries.isEmpty)
        try scheduler.advance(to: .seconds(3))
        #expect(log.entries == ["fired@3s"])
        try scheduler.advance(by: .seconds(10))
        #expect(log.entries == ["fired@3s"])
        #expect(scheduler.isIdle)
    }

    @Test func aLaterDeadlinePostponesTheFiring() throws {
        let (preemptive, scheduler, log) = makeDelay()
        preemptive.trigger(after: .seconds(1))
        try scheduler.advance(to: .milliseconds(500))
        #expect(preemptive.trigger(after: .seconds(3)) == .handled)
        #expect(preemptive.deadline == .milliseconds(3500))
        try scheduler.advance(to: .milliseconds(3499))
        #expect(log.entries.isEmpty)
        #expect(preemptive.isPending)
        try scheduler.advance(to: .milliseconds(3500))
        #expect(log.entries == ["fired@3.5s"])
        #expect(preemptive.fireCount == 1)
        #expect(scheduler.isIdle)
    }

    @Test func triggersDueAtTheSameInstantFireOnce() throws {
        let (preemptive, scheduler, log) = makeDelay()
        preemptive.trigger(after: .seconds(2))
        try scheduler.advance(to: .seconds(1))
        #expect(
            preemptive.trigger(after: .seconds(1))
                == .ignored(because: "it is already due at 2s, no earlier than this trigger's 2s"))
        #expect(preemptive.trigger(after: .seconds(1)).isIgnored)
        #expect(preemptive.deadline == .seconds(2))
        try scheduler.advance(to: .seconds(5))
        #expect(log.entries == ["fired@2s"])
        #expect(scheduler.isIdle)
    }

    @Test func aNegativeDelayCountsAsZero() throws {
        let (preemptive, scheduler, log) = makeDelay()
        try scheduler.advance(to: .seconds(2))
        preemptive.trigger(after: .seconds(-1))
        #expect(preemptive.deadline == .seconds(2))
        try scheduler.advance(by: .zero)
        #expect(log.entries == ["fired@2s"])
        #expect(scheduler.isIdle)
    }

    // MARK: cancel

    @Test func cancelForgetsEveryPendingDeadline() throws {
        let (preemptive, scheduler, log) = makeDelay()
        preemptive.trigger(after: .seconds(3))
        preemptive.trigger(after: .seconds(5))
        try scheduler.advance(to: .seconds(1))
        preemptive.cancel()
        #expect(!preemptive.isPending)
        #expect(preemptive.deadline == nil)
        #expect(scheduler.isIdle)
        try scheduler.advance(to: .seconds(10))
        #expect(log.entries.isEmpty)
        #expect(preemptive.fireCount == 0)
        #expect(scheduler.isIdle)
    }

    @Test func theNextTriggerAfterCancelStartsAfresh() throws {
        // The original only set a flag: its 5 s timer kept running, so a 1 s
        // delay after the cancel still waited until 5 s.
        let (preemptive, scheduler, log) = makeDelay()
        preemptive.trigger(after: .seconds(5))
        try scheduler.advance(to: .seconds(1))
        preemptive.cancel()
        try scheduler.advance(to: .milliseconds(1500))
        preemptive.trigger(after: .seconds(1))
        #expect(preemptive.deadline == .milliseconds(2500))
        try scheduler.advance(to: .seconds(10))
        #expect(log.entries == ["fired@2.5s"])
        #expect(scheduler.isIdle)
    }

    @Test func cancelWhenNothingIsPendingIsHarmlessAndIgnored() throws {
        let (preemptive, scheduler, log) = makeDelay()
        #expect(preemptive.cancel() == .ignored(because: "nothing is pending"))
        #expect(preemptive.cancel() == .ignored(because: "nothing is pending"))
        preemptive.trigger()
        try scheduler.advance(by: .seconds(1))
        #expect(preemptive.cancel() == .ignored(because: "nothing is pending"))
        #expect(log.entries == ["fired@1s"])
        #expect(preemptive.fireCount == 1)
        #expect(scheduler.isIdle)
    }

    @Test func theActionsThroughTheDescriptionSayWhenTheyChangeNothing() throws {
        let type = PreemptiveDelay.sceneDescription()
        let (preemptive, scheduler, log) = makeDelay(delay: .seconds(2))
        #expect(type.action("cancel", on: preemptive) == .ignored(because: "nothing is pending"))
        #expect(type.action("triggerAfter", on: preemptive, .duration(.seconds(5))) == .handled)
        #expect(
            type.action("trigger", on: preemptive)
                == .ignored(because: "it is already due at 5s, no earlier than this trigger's 2s"))
        #expect(
            type.action("triggerAfter", on: preemptive, .duration(.seconds(5)))
                == .ignored(because: "it is already due at 5s, no earlier than this trigger's 5s"))
        #expect(preemptive.deadline == .seconds(5))
        try scheduler.advance(to: .seconds(5))
        #expect(log.entries == ["fired@5s"])
        #expect(scheduler.isIdle)
    }

    @Test func cancelFromAnotherTimerDueAtTheSameInstantStopsTheFiring() throws {
        let (preemptive, scheduler, log) = makeDelay()
        scheduler.schedule(after: .seconds(1)) { preemptive.cancel() }
        preemptive.trigger(after: .seconds(1))
        try scheduler.advance(by: .seconds(2))
        #expect(log.entries.isEmpty)
        #expect(scheduler.isIdle)
    }

    // MARK: Reuse

    @Test func stateIsResetBeforeFiredSoAHandlerCanTriggerAgain() throws {
        let (preemptive, scheduler, log) = makeDelay()
        preemptive.fired.connect { [unowned preemptive] in
            log.append("pending=\(preemptive.isPending) deadline=\(String(describing: preemptive.deadline))")
            log.append("fireCount=\(preemptive.fireCount)")
            if preemptive.fireCount == 1 { preemptive.trigger(after: .seconds(2)) }
        }
        preemptive.trigger()
        try scheduler.advance(by: .seconds(1))
        #expect(log.entries == ["fired@1s", "pending=false deadline=nil", "fireCount=1"])
        #expect(preemptive.deadline == .seconds(3))
        try scheduler.advance(by: .seconds(2))
        #expect(log.entries.suffix(3) == ["fired@3s", "pending=false deadline=nil", "fireCount=2"])
        #expect(scheduler.isIdle)
    }

    @Test func aHandlerCanTriggerAgainWithNoDelayInTheSameAdvance() throws {
        let (preemptive, scheduler, log) = makeDelay()
        preemptive.fired.connect { [unowned preemptive] in
            if preemptive.fireCount < 3 { preemptive.trigger(after: .zero) }
        }
        preemptive.trigger()
        try scheduler.advance(by: .seconds(1))
        #expect(log.entries == ["fired@1s", "fired@1s", "fired@1s"])
        #expect(preemptive.fireCount == 3)
        #expect(scheduler.isIdle)
    }

    @Test func isReusableAfterFiring() throws {
        let (preemptive, scheduler, log) = makeDelay()
        for round in 1...3 {
            preemptive.trigger(after: .seconds(2))
            preemptive.trigger(after: .seconds(1))
            try scheduler.advance(by: .seconds(2))
            #expect(preemptive.fireCount == round)
        }
        #expect(log.entries == ["fired@2s", "fired@4s", "fired@6s"])
        #expect(scheduler.isIdle)
    }

    @Test func changingDelayLeavesThePendingDeadline() throws {
        let (preemptive, scheduler, log) = makeDelay()
        preemptive.trigger()
        preemptive.delay = .seconds(5)
        #expect(preemptive.deadline == .seconds(1))
        try scheduler.advance(by: .seconds(1))
        preemptive.trigger()
        try scheduler.advance(by: .seconds(5))
        #expect(log.entries == ["fired@1s", "fired@6s"])
        #expect(scheduler.isIdle)
    }

    // MARK: One timer

    @Test func anyNumberOfTriggersCostsOneTimer() throws {
        let (preemptive, scheduler, log) = makeDelay()
        for step in 1...1_000 {
            preemptive.trigger(after: .milliseconds(step))
            #expect(scheduler.pendingCount == 1)
        }
        var firings = 0
        scheduler.observeFirings { _ in firings += 1 }
        try scheduler.advance(by: .seconds(2))
        #expect(log.entries == ["fired@1s"])
        // One firing at the first deadline finds that it moved, one at the last.
        #expect(firings == 2)
        #expect(scheduler.isIdle)
    }

    @Test func triggersBeforeAwakeCountFromZeroAndAreArmedInAwake() throws {
        let scene = Scene(title: nil, summary: nil, entries: [])
        let preemptive = PreemptiveDelay(clock: nil)
        var firedAt: [Duration] = []
        preemptive.fired.connect { firedAt.append(scene.scheduler.now) }
        preemptive.trigger(after: .seconds(2))
        #expect(preemptive.deadline == .seconds(2))
        preemptive.awake(in: scene)
        #expect(preemptive.scheduler === scene.scheduler)
        #expect(scene.scheduler.pendingCount == 1)
        try scene.scheduler.advance(by: .seconds(2))
        #expect(firedAt == [.seconds(2)])
        #expect(scene.scheduler.isIdle)
    }

    // MARK: Stress

    @Test func eightThousandRandomTriggersFireOnceAtTheLatestDeadlineWithOneTimer() throws {
        let (preemptive, scheduler, log) = makeDelay()
        var generator = SplitMix64(seed: 0x5EED_0003)
        var firings = 0
        scheduler.observeFirings { _ in firings += 1 }
        var latest = Duration.zero
        // Triggers 0 to 1 ms apart with delays of 1 to 3 s: the latest
        // deadline is always ahead of the clock, so nothing may fire before
        // the last trigger.
        for _ in 0..<8_000 {
            try scheduler.advance(by: .microseconds(Int.random(in: 0...1_000, using: &generator)))
            let delay = Duration.milliseconds(Int.random(in: 1_000...3_000, using: &generator))
            preemptive.trigger(after: delay)
            latest = Swift.max(latest, scheduler.now + delay)
            #expect(scheduler.pendingCount == 1)
            #expect(preemptive.deadline == latest)
        }
        #expect(preemptive.fireCount == 0)
        let firingsBeforeTheEnd = firings
        try scheduler.advance(to: latest - .microseconds(1))
        #expect(log.entries.isEmpty)
        try scheduler.advance(to: latest)
        #expect(log.entries == ["fired@\(latest.sceneText)"])
        #expect(preemptive.fireCount == 1)
        // The one timer fired a handful of times in all, not once per trigger.
        #expect(firings < 20, "\(firingsBeforeTheEnd) timer firings while triggering, \(firings) in all")
        #expect(scheduler.isIdle)

        // Reusable afterwards.
        preemptive.trigger(after: .seconds(2))
        preemptive.trigger(after: .seconds(1))
        try scheduler.advance(by: .seconds(2))
        #expect(
            log.entries == ["fired@\(latest.sceneText)", "fired@\((latest + .seconds(2)).sceneText)"])
        #expect(preemptive.fireCount == 2)
        #expect(scheduler.isIdle)
    }
}
