import Behaviours
import SceneCore
import Testing

/// A view of the app's own: two offsets, shaken by the library's default
/// stepped animation.
private final class Field: Offsettable {
    var offsetX = 0.0
    var offsetY = 0.0
}

/// A view that plays offset animations itself, as Core Animation does: it
/// records the path and completes when the test says.
private final class AnimatingField: Offsettable, ViewAnimation {
    var offsetX = 0.0
    var offsetY = 0.0
    private(set) var paths: [OffsetPath] = []
    private(set) var isRunning = false
    private var completion: ((Bool) -> Void)?

    func animateOffset(
        along path: OffsetPath, clock: any BehaviourClock, completion: @escaping (Bool) -> Void
    ) -> any ViewAnimation {
        paths.append(path)
        isRunning = true
        self.completion = completion
        return self
    }

    func cancel() { end(false) }

    func end(_ finished: Bool) {
        guard isRunning else { return }
        isRunning = false
        completion?(finished)
    }
}

@Suite struct PortableShakeAnimationTests {
    private struct Fixture {
        let scheduler = VirtualScheduler()
        let field = Field()
        let shake: ShakeAnimation
        var finishes: () -> Int

        init(duration: Duration = .milliseconds(200), axis: ShakeAnimation.Axis = .x) {
            shake = ShakeAnimation(clock: scheduler.clock)
            shake.duration = duration
            shake.axis = axis
            shake.view = field
            let count = Counter()
            shake.finished.connect { count.value += 1 }
            finishes = { count.value }
        }
    }

    private final class Counter { var value = 0 }

    @Test func aShakeSwingsThroughItsKeyValuesAndEndsExactlyWhereItBegan() throws {
        let fixture = Fixture()
        fixture.shake.play()
        #expect(fixture.shake.isPlaying)
        // The first swing peaks at 1/6 of 0.2 s: frames come every 1/60 s.
        try fixture.scheduler.advance(to: .milliseconds(34))
        #expect(abs(fixture.field.offsetX - 10) < 1e-3)
        try fixture.scheduler.advance(to: .milliseconds(101))
        #expect(abs(fixture.field.offsetX - -8) < 1e-3)
        #expect(fixture.finishes() == 0)
        try fixture.scheduler.advance(to: .milliseconds(201))
        #expect(fixture.field.offsetX == 0)
        #expect(fixture.field.offsetY == 0)
        #expect(!fixture.shake.isPlaying)
        #expect(fixture.finishes() == 1)
        #expect(fixture.scheduler.isIdle)
    }

    @Test func aChangeMadeToTheOffsetDuringAShakeIsKept() throws {
        let fixture = Fixture()
        fixture.field.offsetX = 5
        fixture.shake.play()
        try fixture.scheduler.advance(to: .milliseconds(50))
        fixture.field.offsetX += 3
        try fixture.scheduler.advance(to: .milliseconds(201))
        #expect(fixture.field.offsetX == 8)
        #expect(fixture.finishes() == 1)
    }

    @Test func playingAgainRestartsFromTheStartWithoutFinishingTheFirst() throws {
        let fixture = Fixture()
        fixture.shake.play()
        try fixture.scheduler.advance(to: .milliseconds(100))
        fixture.shake.play()
        #expect(fixture.field.offsetX == 0)
        try fixture.scheduler.advance(to: .milliseconds(250))
        #expect(fixture.shake.isPlaying)
        #expect(fixture.finishes() == 0)
        try fixture.scheduler.advance(to: .milliseconds(301))
        #expect(fixture.finishes() == 1)
        #expect(fixture.field.offsetX == 0)
        #expect(fixture.scheduler.isIdle)
    }

    @Test func theVerticalAxisMovesOnlyTheVerticalOffset() throws {
        let fixture = Fixture(axis: .y)
        fixture.shake.play()
        try fixture.scheduler.advance(to: .milliseconds(34))
        #expect(abs(fixture.field.offsetY - 10) < 1e-3)
        #expect(fixture.field.offsetX == 0)
    }

    @Test func withoutAViewPlayIsIgnoredAndNothingFinishes() {
        let shake = ShakeAnimation(clock: VirtualScheduler().clock)
        var finished = false
        shake.finished.connect { finished = true }
        #expect(shake.play() == .ignored(because: "it has no view to shake"))
        #expect(!finished)
    }

    @Test func withoutAClockOrWithAZeroDurationItFinishesAtOnceWithoutMoving() {
        let unclocked = Fixture()
        unclocked.shake.clock = nil
        #expect(unclocked.shake.play() == .handled)
        #expect(unclocked.finishes() == 1 && !unclocked.shake.isPlaying)
        let instant = Fixture(duration: .zero)
        instant.shake.play()
        #expect(instant.finishes() == 1 && !instant.shake.isPlaying)
        #expect(instant.field.offsetX == 0)
        #expect(instant.scheduler.isIdle)
    }

    @Test func theViewPlaysTheShakesPathAndItsCompletionFinishesIt() {
        let field = AnimatingField()
        let shake = ShakeAnimation(clock: VirtualScheduler().clock)
        shake.maxOffset = 6
        shake.view = field
        var finishes = 0
        shake.finished.connect { finishes += 1 }
        shake.play()
        #expect(field.paths == [.shake(maxOffset: 6, axis: .x, duration: .milliseconds(200))])
        #expect(field.paths.first?.values == [0, 6, -0.8 * 6, 0.4 * 6, 0])
        shake.play()  // cancels the first: its completion(false) finishes nothing
        #expect(finishes == 0 && field.paths.count == 2)
        field.end(true)
        #expect(finishes == 1 && !shake.isPlaying)
    }

    @Test func itsSettingsAndPlayingAreReported() throws {
        let fixture = Fixture()
        var keys: [AnyKeyPath] = []
        fixture.shake.changeReports.listen { key, _ in keys.append(key) }
        fixture.shake.maxOffset = 4
        fixture.shake.play()
        try fixture.scheduler.advance(to: .seconds(1))
        #expect(keys == [\ShakeAnimation.maxOffset, \ShakeAnimation.isPlaying, \ShakeAnimation.isPlaying])
    }

    @Test func aPathGivesItsKeyValuesExactlyAndRefusesTimesOutOfOrder() throws {
        let path = OffsetPath.shake(maxOffset: 10, axis: .x, duration: .milliseconds(200))
        #expect(path.value(at: 1.0 / 6) == 10)
        #expect(path.value(at: 0.5) == -8)
        #expect(abs(path.value(at: 1.0 / 3) - 1) < 1e-9)
        #expect(path.value(at: 2) == 0 && path.value(at: -1) == 0)
        #expect(OffsetPath(axis: .x, values: [0, 1, 0], keyTimes: [0, 0.6, 0.5], duration: .seconds(1)) == nil)
        #expect(OffsetPath(axis: .x, values: [0, 1], keyTimes: [0, 0.5, 1], duration: .seconds(1)) == nil)
        let jump = try #require(
            OffsetPath(axis: .y, values: [0, 1, 5, 0], keyTimes: [0, 0.5, 0.5, 1], duration: .seconds(1)))
        #expect(jump.value(at: 0.5) == 5)
    }

    @Test func anOffsetNearTheLargestDoubleStaysFinite() throws {
        let fixture = Fixture()
        fixture.field.offsetX = 1e308
        fixture.shake.maxOffset = 1.7e308
        fixture.shake.play()
        for step in 1...12 {
            try fixture.scheduler.advance(to: .milliseconds(17 * step))
            #expect(fixture.field.offsetX.isFinite)
        }
        try fixture.scheduler.advance(to: .seconds(1))
        #expect(fixture.field.offsetX == 1e308)
    }
}
