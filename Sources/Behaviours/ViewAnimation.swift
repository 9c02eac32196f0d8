/// An animation a view runs for a behaviour (a shake of its offset, a
/// change of its background colour): what stops it.
///
///     if animation.isRunning { animation.cancel() }
public protocol ViewAnimation: AnyObject {
    /// Whether it is still moving.
    var isRunning: Bool { get }
    /// Stops it, and calls its completion with `false`; what the view is
    /// left with is the animation's to say. Does nothing when it is not
    /// running.
    ///
    ///     animation.cancel()
    func cancel()
}

/// An animation stepped on a ``BehaviourClock``, 60 times a second: it
/// calls `apply` with its progress, 0 at once, then the fraction of the
/// duration passed at each step, exactly 1 at the last; then its
/// completion with `true`. What the default implementations of the view
/// protocols run (``Offsettable``, ``BackgroundColorable``), and what a
/// view of one's own can use.
///
///     let animation = ClockAnimation.start(duration: .milliseconds(250), clock: clock, completion: { _ in }) {
///         progress in view.backgroundColor = start.interpolated(to: target, fraction: progress)
///     }
public final class ClockAnimation: ViewAnimation {
    private let duration: Duration
    private let clock: any BehaviourClock
    private let apply: (Double) -> Void
    private var onCancel: (() -> Void)?
    private var completion: ((Bool) -> Void)?
    private var began: Duration = .zero
    private var timer: ClockTimer?
    /// Whether it is still moving.
    public private(set) var isRunning = false

    private static let frame = Duration.nanoseconds(16_666_667)

    private init(duration: Duration, clock: any BehaviourClock, apply: @escaping (Double) -> Void) {
        self.duration = duration
        self.clock = clock
        self.apply = apply
    }

    /// Starts an animation of `duration` on `clock`, calling `apply` with
    /// each progress, then `completion(true)`; a zero (or negative)
    /// duration applies 1 and completes at once. ``cancel()`` calls
    /// `onCancel`, then `completion(false)`.
    ///
    ///     ClockAnimation.start(duration: .seconds(1), clock: clock, completion: { _ in }) { print($0) }
    @discardableResult
    public static func start(
        duration: Duration, clock: any BehaviourClock, onCancel: (() -> Void)? = nil,
        completion: @escaping (Bool) -> Void, apply: @escaping (Double) -> Void
    ) -> ClockAnimation {
        let animation = ClockAnimation(duration: duration, clock: clock, apply: apply)
        animation.onCancel = onCancel
        animation.completion = completion
        animation.begin()
        return animation
    }

    private func begin() {
        guard duration > .zero else {
            apply(1)
            finish(true)
            return
        }
        isRunning = true
        began = clock.now
        apply(0)
        scheduleFrame()
    }

    private func scheduleFrame() {
        timer = clock.schedule(after: Self.frame) { [weak self] in self?.step() }
    }

    private func step() {
        let progress = min(1, max(0, (clock.now - began) / duration))
        apply(progress)
        guard progress < 1 else {
            isRunning = false
            timer = nil
            finish(true)
            return
        }
        scheduleFrame()
    }

    /// Stops it where it is, calls its `onCancel`, then its completion with
    /// `false`.
    ///
    ///     animation.cancel()
    public func cancel() {
        guard isRunning else { return }
        isRunning = false
        if let timer { clock.cancel(timer) }
        timer = nil
        let onCancel = self.onCancel
        self.onCancel = nil
        onCancel?()
        finish(false)
    }

    private func finish(_ finished: Bool) {
        onCancel = nil
        let completion = self.completion
        self.completion = nil
        completion?(finished)
    }
}
