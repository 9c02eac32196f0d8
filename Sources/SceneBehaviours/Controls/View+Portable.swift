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
        let fade = SceneFade(animation, completion: completion)
        animation.completion = { [weak fade] _ in fade?.finish() }
        animation.start()
        return fade
    }
}

/// A fade that a scene's ``Animation`` runs.
private final class SceneFade: AlphaAnimation {
    private let animation: Animation<Double>
    private var completion: ((Bool) -> Void)?

    init(_ animation: Animation<Double>, completion: @escaping (Bool) -> Void) {
        self.animation = animation
        self.completion = completion
    }

    var isRunning: Bool { animation.isRunning }

    @discardableResult
    func reverse() -> Bool { animation.reverse() }

    func cancel() {
        guard animation.isRunning else { return }
        animation.cancel()
        let completion = self.completion
        self.completion = nil
        completion?(false)
    }

    func finish() {
        let completion = self.completion
        self.completion = nil
        completion?(true)
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
