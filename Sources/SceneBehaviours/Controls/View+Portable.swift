import Behaviours
import SceneCore

/// A headless view is what the portable behaviours hide and fade
/// (a `TimeoutControllerHost`'s `viewToHide`): `isHidden` is ``View/hidden``,
/// and a fade on a scene's clock is an animation on its virtual scheduler,
/// one value a frame, as every animation of a scene.
extension View: Hideable {
    /// ``hidden``, by the name UIKit gives it.
    ///
    ///     view.isHidden = true   // the same as view.hidden = true
    public final var isHidden: Bool {
        get { hidden }
        set { hidden = newValue }
    }

    /// Fades ``alpha`` to `target` over `duration`: on a scene's clock
    /// (`VirtualScheduler.clock`), an animation frame by frame on the
    /// scheduler; on another clock, the portable library's stepped fade.
    ///
    ///     let fade = view.animateAlpha(to: 0, duration: .milliseconds(200), clock: scheduler.clock) { _ in }
    public func animateAlpha(
        to target: Double, duration: Duration, clock: any BehaviourClock,
        completion: @escaping (_ finished: Bool) -> Void
    ) -> any AlphaAnimation {
        guard let scheduler = VirtualScheduler.behind(clock) else {
            return ClockFade.start(from: alpha, to: target, duration: duration, clock: clock, completion: completion) {
                [weak self] in self?.alpha = $0
            }
        }
        let animation = Animation(on: scheduler, from: alpha, to: target, duration: duration) { [weak self] in
            self?.alpha = $0
        }
        return SceneViewAnimation.start(animation, completion: completion)
    }
}

/// A headless view is what a portable shake moves (a `ShakeAnimation`'s
/// `view`): its ``View/offsetX`` and ``View/offsetY``, and, on a scene's
/// clock, an animation frame by frame on its virtual scheduler, as every
/// animation of a scene.
extension View: Offsettable {
    /// Plays `path` additively on the offset of `path.axis`: on a scene's
    /// clock (`VirtualScheduler.clock`), an animation of the path's
    /// progress on the scheduler's animation frames; on another clock, the
    /// portable library's stepped animation.
    ///
    ///     let shake = view.animateOffset(along: .shake(maxOffset: 10, axis: .x, duration: .milliseconds(200)),
    ///                                    clock: scheduler.clock) { _ in }
    public func animateOffset(
        along path: OffsetPath, clock: any BehaviourClock, completion: @escaping (_ finished: Bool) -> Void
    ) -> any ViewAnimation {
        guard let scheduler = VirtualScheduler.behind(clock),
            let keyFrames = KeyFrames(values: path.values, times: path.keyTimes)
        else {
            return ClockAnimation.offset(of: self, along: path, clock: clock, completion: completion)
        }
        let shift = AdditiveOffset(of: self, axis: path.axis)
        // The animation runs through the progress, 0 to 1, and the path is
        // read at it (key values land exactly on their key times).
        let animation = Animation(on: scheduler, from: 0.0, to: 1.0, duration: path.duration) { progress in
            shift.apply(keyFrames.value(at: progress))
        }
        return SceneViewAnimation.start(animation, onCancel: { shift.remove() }, completion: completion)
    }
}

/// A headless view is what a portable behaviour colours (a
/// `HighlightBehaviour`'s `view`): its ``View/backgroundColor``, and, on a
/// scene's clock, an animation frame by frame on its virtual scheduler.
extension View: BackgroundColorable {
    /// Animates ``backgroundColor`` to `target`: on a scene's clock
    /// (`VirtualScheduler.clock`), an animation on the scheduler's
    /// animation frames; on another clock, the portable library's stepped
    /// animation. Without a colour now, `target` is set at once.
    ///
    ///     view.animateBackgroundColor(to: .white, duration: .milliseconds(250), clock: scheduler.clock) { _ in }
    public func animateBackgroundColor(
        to target: Color, duration: Duration, clock: any BehaviourClock,
        completion: @escaping (_ finished: Bool) -> Void
    ) -> any ViewAnimation {
        guard let scheduler = VirtualScheduler.behind(clock), let start = backgroundColor else {
            return ClockAnimation.backgroundColor(
                of: self, to: target, duration: duration, clock: clock, completion: completion)
        }
        let animation = Animation(on: scheduler, from: start, to: target, duration: duration) { [weak self] in
            self?.backgroundColor = $0
        }
        return SceneViewAnimation.start(animation, completion: completion)
    }
}

/// A view's animation for a portable behaviour (a fade, a shake, a
/// colour) that a scene's ``Animation`` runs: its completion is called
/// once, with `true` at the end (after any reversal), or after `onCancel`
/// with `false` when it is cancelled.
private final class SceneViewAnimation<Value: Interpolatable>: ViewAnimation, AlphaAnimation {
    private let animation: Animation<Value>
    private var onCancel: (() -> Void)?
    private var completion: ((Bool) -> Void)?

    private init(_ animation: Animation<Value>, onCancel: (() -> Void)?, completion: @escaping (Bool) -> Void) {
        self.animation = animation
        self.onCancel = onCancel
        self.completion = completion
    }

    /// Starts `animation`, which then completes through the returned object.
    static func start(
        _ animation: Animation<Value>, onCancel: (() -> Void)? = nil, completion: @escaping (Bool) -> Void
    ) -> SceneViewAnimation {
        let viewAnimation = SceneViewAnimation(animation, onCancel: onCancel, completion: completion)
        animation.completion = { [weak viewAnimation] _ in viewAnimation?.complete(true) }
        animation.start()
        return viewAnimation
    }

    var isRunning: Bool { animation.isRunning }

    @discardableResult
    func reverse() -> Bool { animation.reverse() }

    func cancel() {
        guard animation.isRunning else { return }
        animation.cancel()
        let onCancel = self.onCancel
        self.onCancel = nil
        onCancel?()
        complete(false)
    }

    private func complete(_ finished: Bool) {
        onCancel = nil
        let completion = self.completion
        self.completion = nil
        completion?(finished)
    }
}

/// A headless tap gesture is what the portable behaviours follow the taps
/// of (a `TimeoutControllerHost`'s `tapGesture`): its `recognized` event.
extension TapGesture: TapRecognizing {
    /// Connects `handler` to ``recognized``.
    ///
    ///     let connection = tap.connectTaps { print("tapped") }
    @discardableResult
    public func connectTaps(_ handler: @escaping () -> Void) -> BehaviourConnection {
        let connection = recognized.connect(handler)
        return BehaviourConnection { connection.disconnect() }
    }
}
