import SceneCore
import Testing

@Suite struct AnimationTests {
    /// The values an animation applied, with the virtual time of each.
    final class Samples {
        private(set) var values: [Double] = []
        private(set) var times: [Duration] = []
        private(set) var completions: [AnimationPosition] = []

        func record(_ value: Double, at time: Duration) {
            values.append(value)
            times.append(time)
        }

        func complete(_ position: AnimationPosition) { completions.append(position) }
        var last: Double? { values.last }
    }

    private func animation(
        _ scheduler: VirtualScheduler, from start: Double = 0, to end: Double = 1, duration: Duration,
        _ samples: Samples
    ) -> Animation<Double> {
        let animation = Animation(on: scheduler, from: start, to: end, duration: duration) { [unowned scheduler] in
            samples.record($0, at: scheduler.now)
        }
        animation.completion = { samples.complete($0) }
        return animation
    }

    @Test func appliesTheStartValueAtOnceThenOneValuePerFrame() throws {
        let scheduler = VirtualScheduler()
        let samples = Samples()
        let fade = animation(scheduler, from: 1, to: 0, duration: .milliseconds(200), samples)
        fade.start()
        #expect(samples.values == [1])
        #expect(fade.isRunning)
        #expect(scheduler.pendingCount == 1)
        try scheduler.advance(by: .milliseconds(200))
        // 60 frames a second: 12 frames in 0.2 s, the last exactly at 0.2 s.
        #expect(samples.values.count == 13)
        for (k, value) in samples.values.enumerated() {
            #expect(abs(value - (1 - Double(k) / 12)) < 1e-12, "frame \(k)")
        }
        #expect(samples.last == 0)
        #expect(samples.times.last == .milliseconds(200))
        #expect(samples.completions == [.end])
        #expect(!fade.isRunning)
        #expect(fade.progress == 1)
        #expect(scheduler.isIdle)
    }

    @Test func frameTimesAreExactMultiplesOfTheFrameInterval() throws {
        let scheduler = VirtualScheduler()
        let samples = Samples()
        animation(scheduler, duration: .seconds(1), samples).start()
        try scheduler.advance(by: .seconds(1))
        #expect(samples.times.count == 61)
        #expect(samples.times[1] == Duration(secondsComponent: 0, attosecondsComponent: 16_666_666_666_666_666))
        #expect(samples.times[3] == .milliseconds(50))
        #expect(samples.times[30] == .milliseconds(500))
        #expect(samples.times[60] == .seconds(1))
        #expect(zip(samples.times, samples.times.dropFirst()).allSatisfy { $0 < $1 })
        #expect(scheduler.isIdle)
    }

    @Test func anHourOfFramesDoesNotDrift() throws {
        let scheduler = VirtualScheduler()
        let samples = Samples()
        var frames = 0
        var halfway: Duration?
        let long = Animation(on: scheduler, from: 0.0, to: 3600, duration: .seconds(3600)) { value in
            frames += 1
            if value == 1800 { halfway = scheduler.now }
        }
        long.completion = { samples.complete($0) }
        long.start()
        try scheduler.advance(by: .seconds(3600))
        #expect(frames == 1 + 216_000)
        #expect(halfway == .seconds(1800))
        #expect(samples.completions == [.end])
        #expect(scheduler.isIdle)
    }

    @Test func theLastFrameAppliesExactlyTheEndValueAtTheEnd() throws {
        let scheduler = VirtualScheduler()
        let samples = Samples()
        // 0.26 s is not a whole number of frames: frames at k/60, then the end.
        animation(scheduler, from: 0.1, to: 0.7, duration: .milliseconds(260), samples).start()
        try scheduler.advance(by: .seconds(1))
        try #require(samples.values.count == 1 + 15 + 1)
        #expect(samples.times[15] == .milliseconds(250))
        #expect(samples.times[16] == .milliseconds(260))
        #expect(samples.last == 0.7)
        #expect(samples.completions == [.end])
        #expect(scheduler.isIdle)
    }

    @Test func followsTheFrameRateOfTheSchedulerOrItsOwn() throws {
        let scheduler = VirtualScheduler()
        scheduler.framesPerSecond = 10
        let samples = Samples()
        animation(scheduler, duration: .seconds(1), samples).start()
        try scheduler.advance(by: .seconds(1))
        #expect(samples.values.count == 11)
        let own = Samples()
        let thirty = Animation(on: scheduler, from: 0.0, to: 1, duration: .seconds(1), framesPerSecond: 30) {
            own.record($0, at: scheduler.now)
        }
        #expect(thirty.framesPerSecond == 30)
        thirty.start()
        try scheduler.advance(by: .seconds(1))
        #expect(own.values.count == 31)
        #expect(scheduler.isIdle)
    }

    @Test func framesAreMarkedAsAnimationFrames() throws {
        let scheduler = VirtualScheduler()
        var frameFlags: Set<Bool> = []
        scheduler.observeFirings { frameFlags.insert($0.isAnimationFrame) }
        animation(scheduler, duration: .milliseconds(100), Samples()).start()
        try scheduler.advance(by: .milliseconds(100))
        #expect(frameFlags == [true])
        #expect(scheduler.isIdle)
    }

    @Test func keyFramesInterpolateLinearlyBetweenNeighbours() throws {
        // A shake: additive offsets 0, m, -0.8m, 0.4m, 0 at 0, 1/6, 3/6, 5/6, 1.
        let m = 10.0
        let values: [Double] = [0, m, -0.8 * m, 0.4 * m, 0]
        let times: [Double] = [0, 1.0 / 6, 3.0 / 6, 5.0 / 6, 1]
        let keyFrames = try #require(KeyFrames(values: values, times: times))
        #expect(keyFrames.value(at: 0) == 0)
        #expect(abs(keyFrames.value(at: 1.0 / 12) - 5) < 1e-9)
        #expect(abs(keyFrames.value(at: 1.0 / 6) - 10) < 1e-9)
        #expect(abs(keyFrames.value(at: 2.0 / 6) - 1) < 1e-9)
        #expect(abs(keyFrames.value(at: 0.5) + 8) < 1e-9)
        #expect(abs(keyFrames.value(at: 5.0 / 6) - 4) < 1e-9)
        #expect(keyFrames.value(at: 1) == 0)
        #expect(keyFrames.value(at: -1) == 0)
        #expect(keyFrames.value(at: 2) == 0)

        let scheduler = VirtualScheduler()
        let base = 5.0
        var offset = base
        let samples = Samples()
        let shake = Animation(on: scheduler, keyFrames: keyFrames, duration: .milliseconds(200)) { value in
            offset = base + value
            samples.record(offset, at: scheduler.now)
        }
        shake.start()
        try scheduler.advance(by: .milliseconds(200))
        // Frames at k/60 s: progress k/12, so key times fall on frames 2, 6 and 10.
        #expect(abs(samples.values[2] - 15) < 1e-9)
        #expect(abs(samples.values[6] + 3) < 1e-9)
        #expect(abs(samples.values[10] - 9) < 1e-9)
        #expect(offset == base)
        #expect(scheduler.isIdle)
    }

    @Test func keyFramesRejectInconsistentPaths() {
        #expect(KeyFrames(values: [0.0, 1], times: [0, 1]) != nil)
        #expect(KeyFrames(values: [0.0, 1, 2], times: [0, 1]) == nil)
        #expect(KeyFrames(values: [0.0], times: [0]) == nil)
        #expect(KeyFrames(values: [0.0, 1], times: [0.1, 1]) == nil)
        #expect(KeyFrames(values: [0.0, 1], times: [0, 0.9]) == nil)
        #expect(KeyFrames(values: [0.0, 1, 2], times: [0, 0.6, 0.4]) == nil)
        #expect(KeyFrames(values: [0.0, 1, 2], times: [0, .nan, 1]) == nil)
    }

    @Test func aRepeatedKeyTimeIsAJump() throws {
        let jump = try #require(KeyFrames(values: [0.0, 0, 1, 1], times: [0, 0.5, 0.5, 1]))
        #expect(jump.value(at: 0.25) == 0)
        #expect(jump.value(at: 0.5) == 1)
        #expect(jump.value(at: 0.75) == 1)
    }

    @Test func coloursInterpolateChannelByChannel() throws {
        let from = Color(red: 0, green: 100, blue: 255, alpha: 255)
        let to = Color(red: 255, green: 0, blue: 255, alpha: 0)
        #expect(from.interpolated(to: to, fraction: 0) == from)
        #expect(from.interpolated(to: to, fraction: 1) == to)
        #expect(from.interpolated(to: to, fraction: 0.5) == Color(red: 128, green: 50, blue: 255, alpha: 128))

        let scheduler = VirtualScheduler()
        var background = from
        let highlight = Animation(on: scheduler, from: from, to: to, duration: .milliseconds(200)) {
            background = $0
        }
        highlight.start()
        try scheduler.advance(by: .milliseconds(100))  // frame 6 of 12
        #expect(background == Color(red: 128, green: 50, blue: 255, alpha: 128))
        try scheduler.advance(by: .milliseconds(100))
        #expect(background == to)
        #expect(scheduler.isIdle)
    }

    @Test func cancelStopsWhereItIsWithoutCompletion() throws {
        let scheduler = VirtualScheduler()
        let samples = Samples()
        let fade = animation(scheduler, duration: .seconds(1), samples)
        fade.start()
        try scheduler.advance(by: .milliseconds(500))
        fade.cancel()
        fade.cancel()
        let applied = samples.values.count
        #expect(samples.last == 0.5)
        #expect(!fade.isRunning)
        #expect(scheduler.isIdle)
        try scheduler.advance(by: .seconds(1))
        #expect(samples.values.count == applied)
        #expect(samples.completions.isEmpty)
    }

    @Test func reverseRunsBackToTheStartTakingTheElapsedTime() throws {
        let scheduler = VirtualScheduler()
        let samples = Samples()
        let fade = animation(scheduler, duration: .seconds(1), samples)
        fade.start()
        try scheduler.advance(by: .milliseconds(400))
        #expect(abs((samples.last ?? -1) - 0.4) < 1e-12)
        #expect(fade.reverse())
        #expect(fade.isReversed)
        try scheduler.advance(by: .milliseconds(200))
        #expect(abs((samples.last ?? -1) - 0.2) < 1e-12)
        #expect(samples.completions.isEmpty)
        try scheduler.advance(by: .milliseconds(200))
        #expect(samples.last == 0)
        #expect(samples.times.last == .milliseconds(800))
        #expect(samples.completions == [.start])
        #expect(!fade.isRunning)
        #expect(fade.progress == 0)
        #expect(scheduler.isIdle)
    }

    @Test func reversingBetweenFramesStartsFromTheExactProgress() throws {
        let scheduler = VirtualScheduler()
        let samples = Samples()
        let fade = animation(scheduler, duration: .seconds(1), samples)
        fade.start()
        try scheduler.advance(by: .milliseconds(410))  // last frame at 400 ms
        fade.reverse()
        try scheduler.advance(by: .milliseconds(410))
        #expect(samples.last == 0)
        #expect(samples.times.last == .milliseconds(820))
        #expect(samples.completions == [.start])
        #expect(scheduler.isIdle)
    }

    @Test func reversingTwiceHeadsForTheEndAgain() throws {
        let scheduler = VirtualScheduler()
        let samples = Samples()
        let fade = animation(scheduler, duration: .seconds(1), samples)
        fade.start()
        try scheduler.advance(by: .milliseconds(400))
        fade.reverse()
        try scheduler.advance(by: .milliseconds(100))
        fade.reverse()
        #expect(!fade.isReversed)
        // From 0.3 to the end: 0.7 s.
        try scheduler.advance(by: .milliseconds(699))
        #expect(samples.completions.isEmpty)
        try scheduler.advance(by: .milliseconds(1))
        #expect(samples.last == 1)
        #expect(samples.completions == [.end])
        #expect(scheduler.isIdle)
    }

    @Test func reverseDoesNothingWhenNotRunning() throws {
        let scheduler = VirtualScheduler()
        let samples = Samples()
        let fade = animation(scheduler, duration: .seconds(1), samples)
        #expect(!fade.reverse())
        fade.start()
        try scheduler.advance(by: .seconds(1))
        #expect(!fade.reverse())
        #expect(samples.completions == [.end])
        #expect(scheduler.isIdle)
    }

    @Test func aZeroDurationAppliesTheEndValueImmediately() {
        let scheduler = VirtualScheduler()
        let samples = Samples()
        let fade = animation(scheduler, from: 1, to: 0, duration: .zero, samples)
        fade.start()
        #expect(samples.values == [0])
        #expect(samples.completions == [.end])
        #expect(!fade.isRunning)
        #expect(scheduler.isIdle)
        let negative = animation(scheduler, from: 1, to: 0.5, duration: .seconds(-1), samples)
        #expect(negative.duration == .zero)
        negative.start()
        #expect(samples.values == [0, 0.5])
        #expect(scheduler.isIdle)
    }

    @Test func startingAgainRestartsFromTheBeginning() throws {
        let scheduler = VirtualScheduler()
        let samples = Samples()
        let fade = animation(scheduler, duration: .seconds(1), samples)
        fade.start()
        try scheduler.advance(by: .milliseconds(500))
        fade.start()
        #expect(samples.last == 0)
        #expect(scheduler.pendingCount == 1)
        try scheduler.advance(by: .milliseconds(999))
        #expect(samples.completions.isEmpty)
        try scheduler.advance(by: .milliseconds(1))
        #expect(samples.completions == [.end])
        #expect(samples.times.last == .milliseconds(1500))
        #expect(scheduler.isIdle)
    }

    @Test func theCompletionMayStartTheAnimationAgain() throws {
        let scheduler = VirtualScheduler()
        let samples = Samples()
        let pulse = animation(scheduler, duration: .milliseconds(100), samples)
        var rounds = 0
        pulse.completion = { [unowned pulse] _ in
            rounds += 1
            if rounds < 3 { pulse.start() }
        }
        pulse.start()
        try scheduler.advance(by: .seconds(1))
        #expect(rounds == 3)
        #expect(samples.times.last == .milliseconds(300))
        #expect(scheduler.isIdle)
    }

    @Test func aRunningAnimationIsKeptAliveByItsFramesOnly() throws {
        let scheduler = VirtualScheduler()
        var value = 0.0
        weak var weakAnimation: Animation<Double>?
        do {
            let fade = Animation(on: scheduler, from: 0.0, to: 1, duration: .milliseconds(100)) { value = $0 }
            weakAnimation = fade
            fade.start()
        }
        #expect(weakAnimation != nil)
        try scheduler.advance(by: .milliseconds(100))
        #expect(value == 1)
        #expect(weakAnimation == nil)
        #expect(scheduler.isIdle)
    }

    @Test func anAnimationDoesNotKeepItsSchedulerAlive() {
        weak var weakScheduler: VirtualScheduler?
        do {
            let scheduler = VirtualScheduler()
            weakScheduler = scheduler
            Animation(on: scheduler, from: 0.0, to: 1, duration: .seconds(1)) { _ in }.start()
        }
        #expect(weakScheduler == nil)
    }

    /// Ends whose distance overflows a double, tiny ends and signed zeros.
    static let extremeEnds: [(Double, Double)] = [
        (-1e308, 1e308), (1e308, -8e307), (.greatestFiniteMagnitude, -.greatestFiniteMagnitude),
        (-.greatestFiniteMagnitude, .greatestFiniteMagnitude), (.leastNonzeroMagnitude, -.leastNonzeroMagnitude),
        (-0.0, 0.0), (0, 1e308),
    ]

    @Test(arguments: extremeEnds)
    func doublesInterpolateToFiniteValuesBetweenAnyFiniteEnds(start: Double, end: Double) {
        #expect(start.interpolated(to: end, fraction: 0) == start)
        #expect(start.interpolated(to: end, fraction: 1) == end)
        for fraction in [0.1, 0.25, 0.5, 0.75, 0.9] {
            let value = start.interpolated(to: end, fraction: fraction)
            #expect(value.isFinite, "\(start) to \(end) at \(fraction): \(value)")
            #expect(Swift.min(start, end) <= value && value <= Swift.max(start, end))
        }
    }
}
