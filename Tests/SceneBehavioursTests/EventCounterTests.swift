import Behaviours
import SceneBehaviours
import SceneCore
import Testing

@Suite struct EventCounterTests {
    @Test func registersCountLastFiredAtAndFire() {
        let type = EventCounter.sceneDescription()
        #expect(
            MemberList(of: type)
                == MemberList(
                    properties: ["count: Int (read-only)", "lastFiredAt: Duration? (read-only)"],
                    actions: ["fire"]))
        #expect(type.defaultValues() == ["count": .int(0), "lastFiredAt": .null])
    }

    @Test func fireCountsAndRecordsTheSceneTime() throws {
        let scheduler = VirtualScheduler()
        let counter = EventCounter(clock: scheduler.clock)
        #expect(counter.lastFiredAt == nil)
        try scheduler.advance(to: .milliseconds(1250))
        counter.fire()
        try scheduler.advance(to: .seconds(3))
        counter.fire()
        #expect(counter.count == 2)
        #expect(counter.lastFiredAt == .seconds(3))
        #expect(scheduler.isIdle)
    }

    @Test func anEventSentByATimerIsRecordedAtItsDeadline() throws {
        let scheduler = VirtualScheduler()
        let counter = EventCounter(clock: scheduler.clock)
        let type = EventCounter.sceneDescription()
        scheduler.schedule(after: .milliseconds(700)) { _ = type.action("fire", on: counter) }
        try scheduler.advance(by: .seconds(2))
        #expect(counter.count == 1)
        #expect(counter.lastFiredAt == .milliseconds(700))
        #expect(scheduler.isIdle)
    }

    @Test func theCounterTakesTheSceneClockInAwakeAndCountsFromZeroWithoutOne() throws {
        let counter = EventCounter()
        counter.fire()
        #expect(counter.lastFiredAt == .zero)
        let scene = Scene(title: nil, summary: nil, entries: [])
        counter.awake(in: scene)
        try scene.scheduler.advance(to: .seconds(4))
        counter.fire()
        #expect(counter.count == 2)
        #expect(counter.lastFiredAt == .seconds(4))
        #expect(scene.scheduler.isIdle)
    }
}
