/// A value an ``Animation`` can move: one that can be blended linearly
/// with another.
package protocol Interpolatable {
    /// The value `fraction` of the way from `self` to `other` (0 is `self`,
    /// 1 is `other`).
    func interpolated(to other: Self, fraction: Double) -> Self
}

extension Double: Interpolatable {
    /// `self + (other - self) * fraction`, exactly `other` at 1; finite
    /// between any two finite values, even when their distance is not (as
    /// from `-1e308` to `1e308`), and never NaN.
    package func interpolated(to other: Double, fraction: Double) -> Double {
        if fraction == 1 { return other }
        let distance = other - self
        if distance.isFinite { return self + distance * fraction }
        // Each end weighed on its own cannot overflow: the blend lies
        // between them. Infinite ends can still give NaN: the nearer end.
        if fraction == 0 { return self }
        let blend = self * (1 - fraction) + other * fraction
        return blend.isNaN ? (fraction < 0.5 ? self : other) : blend
    }
}

/// Each channel (alpha included) blended linearly and rounded: the
/// portable library's ``Color/interpolated(to:fraction:)``.
extension Color: Interpolatable {}

/// The path of an ``Animation``: values at fractions of its duration,
/// with linear interpolation between neighbours.
///
///     // A shake: offsets 0, m, -0.8m, 0.4m, 0 at 0, 1/6, 3/6, 5/6, 1.
///     let m = 10.0
///     let shake = KeyFrames(values: [0, m, -0.8 * m, 0.4 * m, 0], times: [0, 1.0 / 6, 3.0 / 6, 5.0 / 6, 1])
package struct KeyFrames<Value: Interpolatable> {
    /// The values, one per key time.
    package let values: [Value]
    /// The key times: fractions of the duration, from 0 to 1, not decreasing.
    package let times: [Double]

    /// A path from `start` to `end`.
    package init(from start: Value, to end: Value) {
        values = [start, end]
        times = [0, 1]
    }

    /// A path through `values` at `times`; `nil` unless there are as many
    /// times as values (at least two), the times do not decrease, the
    /// first is 0 and the last is 1.
    package init?(values: [Value], times: [Double]) {
        guard values.count >= 2, values.count == times.count, times.first == 0, times.last == 1 else { return nil }
        for (earlier, later) in zip(times, times.dropFirst()) where !(earlier <= later) { return nil }
        self.values = values
        self.times = times
    }

    /// The value at the start of the path.
    package var startValue: Value { values[0] }
    /// The value at the end of the path.
    package var endValue: Value { values[values.count - 1] }

    /// The value at `progress` (0...1 of the duration; clamped): exactly
    /// the first value at 0 and the last at 1, and exactly a key value at a
    /// progress within 1e-12 of its key time.
    ///
    /// A frame's progress is a quotient of durations in attoseconds, which
    /// can miss a key time the frame falls on by an ulp (1/6 of 0.2 s is no
    /// whole number of attoseconds); frames are far more than 1e-12 apart,
    /// so snapping moves no other frame.
    package func value(at progress: Double) -> Value {
        var progress = progress
        for time in times where abs(progress - time) <= 1e-12 {
            progress = time
            break
        }
        if !(progress > 0) { return startValue }
        if progress >= 1 { return endValue }
        // Few key frames: a linear scan finds the segment. At a repeated key
        // time (a jump) the later value wins.
        var upper = 1
        while upper < times.count - 1 && times[upper] <= progress { upper += 1 }
        let lower = upper - 1
        let span = times[upper] - times[lower]
        guard span > 0 else { return values[upper] }
        return values[lower].interpolated(to: values[upper], fraction: (progress - times[lower]) / span)
    }
}

/// Where an ``Animation`` stopped when it completed.
package enum AnimationPosition: Sendable, Hashable {
    /// Back at the start value, after ``Animation/reverse()``.
    case start
    /// At the end value.
    case end
}

/// A property animation on a scene's ``VirtualScheduler``: sets a value
/// through a closure on each animation frame, along ``KeyFrames`` over a
/// duration.
///
///     let fade = Animation(on: scene.scheduler, from: view.alpha, to: 0, duration: .milliseconds(200)) {
///         [weak view] in view?.alpha = $0
///     }
///     fade.completion = { [weak view] position in if position == .end { view?.hidden = true } }
///     fade.start()
///     try scene.scheduler.advance(by: .milliseconds(100))   // view.alpha == 0.5
///     fade.reverse()                                        // back to 1 in 100 ms
///
/// Timing: ``start()`` applies the start value at once; frame k then comes
/// k / ``framesPerSecond`` after the start (computed from k each time, so
/// an hour of frames does not drift), and the last frame, exactly at the
/// end of the duration, applies exactly the end value and calls
/// ``completion``. A zero duration applies the end value and completes at
/// once. Frames are scheduled one at a time, as animation frames
/// (``VirtualScheduler/isAnimationFrame``).
///
/// An additive animation (a shake that moves an offset by 0, m, -0.8m, ...)
/// is the same thing with a closure that adds the value to a base.
///
/// The scheduler keeps a running animation alive through its pending
/// frame; the animation holds the scheduler weakly, so neither keeps the
/// other (nor the scene) alive. Capture the animated object weakly in
/// `apply`.
package final class Animation<Value: Interpolatable> {
    /// The path.
    package let keyFrames: KeyFrames<Value>
    /// How long the whole path takes, start to end.
    package let duration: Duration
    /// Frames a second.
    package let framesPerSecond: Int
    /// Called once when the animation reaches its end, or its start after
    /// ``reverse()``; not called when it is cancelled or restarted.
    package var completion: ((AnimationPosition) -> Void)?

    /// Whether frames are still to come.
    package private(set) var isRunning = false
    /// Whether it is running back towards the start (an odd number of
    /// ``reverse()`` calls since ``start()``).
    package private(set) var isReversed = false
    /// The fraction of the path (0...1) at the last frame applied.
    package private(set) var progress: Double = 0

    private weak var scheduler: VirtualScheduler?
    private let apply: (Value) -> Void
    private var frameTimer: VirtualScheduler.TimerID?
    /// The current run, in exact durations along the path (0 is the start
    /// value, `duration` the end value): it leaves `runFrom` at `runStart`
    /// and reaches `runTo`, which is 0 or `duration`.
    private var runStart: Duration = .zero
    private var runFrom: Duration = .zero
    private var runTo: Duration = .zero
    private var frameIndex: Int64 = 0
    /// Counts runs, so that a frame of an earlier run never applies.
    private var run = 0

    /// An animation along `keyFrames` over `duration`, sampled
    /// `framesPerSecond` times a second (the scheduler's rate when `nil`),
    /// calling `apply` with each value. Nothing happens until ``start()``.
    ///
    /// A negative duration counts as zero; the frame rate is kept within
    /// 1...1,000,000.
    package init(
        on scheduler: VirtualScheduler, keyFrames: KeyFrames<Value>, duration: Duration, framesPerSecond: Int? = nil,
        apply: @escaping (Value) -> Void
    ) {
        self.scheduler = scheduler
        self.keyFrames = keyFrames
        self.duration = Swift.max(duration, .zero)
        self.framesPerSecond = Swift.min(Swift.max(framesPerSecond ?? scheduler.framesPerSecond, 1), 1_000_000)
        self.apply = apply
    }

    /// An animation from `start` to `end` over `duration`.
    package convenience init(
        on scheduler: VirtualScheduler, from start: Value, to end: Value, duration: Duration,
        framesPerSecond: Int? = nil, apply: @escaping (Value) -> Void
    ) {
        self.init(
            on: scheduler, keyFrames: KeyFrames(from: start, to: end), duration: duration,
            framesPerSecond: framesPerSecond, apply: apply)
    }

    /// Starts from the beginning of the path (restarting it if it runs):
    /// applies the start value now, then a value each frame.
    package func start() {
        stopFrames()
        isReversed = false
        progress = 0
        guard duration > .zero, let scheduler else {
            finish(at: duration)
            return
        }
        isRunning = true
        let token = run
        apply(keyFrames.startValue)
        guard isRunning && run == token else { return }  // `apply` may have cancelled or restarted it
        beginRun(from: .zero, to: duration, at: scheduler.now, scheduler)
    }

    /// Stops where it is, without applying anything more or calling
    /// ``completion``. Harmless when not running.
    package func cancel() {
        stopFrames()
    }

    /// Turns a running animation round: from where it is now it runs back
    /// the way it came, taking as long as it took to get there (reversing
    /// again heads for the end). Returns false, doing nothing, when it is
    /// not running.
    @discardableResult
    package func reverse() -> Bool {
        guard isRunning, let scheduler else { return false }
        let position = self.position(at: scheduler.now)
        stopFrames()
        isRunning = true
        isReversed.toggle()
        beginRun(from: position, to: isReversed ? .zero : duration, at: scheduler.now, scheduler)
        return true
    }

    // MARK: Frames

    private func beginRun(from: Duration, to: Duration, at start: Duration, _ scheduler: VirtualScheduler) {
        runStart = start
        runFrom = from
        runTo = to
        frameIndex = 0
        run &+= 1
        progress = from / duration
        if from == to {
            finish(at: to)
            return
        }
        scheduleNextFrame(scheduler)
    }

    private func scheduleNextFrame(_ scheduler: VirtualScheduler) {
        frameIndex += 1
        let length = runTo > runFrom ? runTo - runFrom : runFrom - runTo
        let offset = Self.frameOffset(frameIndex, framesPerSecond: framesPerSecond)
        let isLast = offset >= length
        let deadline = runStart + (isLast ? length : offset)
        let run = self.run
        frameTimer = scheduler.schedule(at: deadline, isAnimationFrame: true) { [self] in
            guard self.run == run else { return }
            frameTimer = nil
            if isLast {
                finish(at: runTo)
                return
            }
            progress = position(at: deadline) / duration
            apply(keyFrames.value(at: progress))
            if isRunning && self.run == run, let scheduler = self.scheduler { scheduleNextFrame(scheduler) }
        }
    }

    /// Where the current run is along the path at `time`, exactly.
    private func position(at time: Duration) -> Duration {
        let elapsed = time - runStart
        if runTo > runFrom { return Swift.min(runFrom + elapsed, runTo) }
        return Swift.max(runFrom - elapsed, runTo)
    }

    /// Applies exactly the value at `end` (0 or `duration`), stops and
    /// calls the completion.
    private func finish(at end: Duration) {
        isRunning = false
        let atStart = end == .zero && duration > .zero
        progress = atStart ? 0 : 1
        apply(atStart ? keyFrames.startValue : keyFrames.endValue)
        completion?(atStart ? .start : .end)
    }

    private func stopFrames() {
        isRunning = false
        run &+= 1
        if let frameTimer {
            scheduler?.cancel(frameTimer)
            self.frameTimer = nil
        }
    }

    /// `index` frames at `framesPerSecond`, exactly: whole seconds plus
    /// the remainder's attoseconds, rounded down, with no accumulated error.
    static func frameOffset(_ index: Int64, framesPerSecond: Int) -> Duration {
        let rate = Int64(framesPerSecond)
        let seconds = index / rate
        let remainder = index % rate
        let attosecondsPerSecond: Int64 = 1_000_000_000_000_000_000
        let whole = attosecondsPerSecond / rate
        let leftover = attosecondsPerSecond % rate
        // remainder * whole < 10^18, and remainder * leftover < rate^2.
        let attoseconds = remainder * whole + remainder * leftover / rate
        return Duration(secondsComponent: seconds, attosecondsComponent: attoseconds)
    }
}
