import Behaviours

#if canImport(UIKit) && !os(watchOS)
    import UIKit
#else
    import UIKitStandIn
#endif

/// A fade of a view's `alpha` run by `UIView.animate`, turned round by
/// another animation from the current state: what
/// ``UIView/animateAlpha(to:duration:clock:completion:)`` returns.
///
/// The fade runs in legs, each one `UIView.animate` call; only the last
/// leg's completion ends the fade (UIKit also completes a leg that a later
/// one interrupted). How far it has come is measured on its clock, a
/// fraction of the way from where it started to its target, as the
/// stepped fade of ``Hideable`` measures it.
@MainActor
final class ViewFade: @MainActor AlphaAnimation {
    private weak var view: UIView?
    private let origin: Double
    private let target: Double
    private let clock: any BehaviourClock
    private var completion: ((Bool) -> Void)?
    private var progress: FadeProgress
    /// The running leg's number: a leg whose number is not this one was
    /// replaced, and its completion is not the fade's.
    private var leg = 0
    private(set) var isRunning = false

    init(
        view: UIView, to target: Double, duration: Duration, clock: any BehaviourClock,
        completion: @escaping (Bool) -> Void
    ) {
        self.view = view
        let alpha: CGFloat = view.alpha
        self.origin = Double(alpha)
        self.target = target
        self.progress = FadeProgress(duration: duration)
        self.clock = clock
        self.completion = completion
    }

    func start() {
        guard progress.duration > .zero else {
            view?.alpha = CGFloat(target)
            finish(true)
            return
        }
        isRunning = true
        progress.began = clock.now
        run(to: target, over: progress.duration)
    }

    /// Starts a leg to `value` over `time`, from what is on screen.
    private func run(to value: Double, over time: Duration) {
        leg += 1
        let number = leg
        let seconds = Double(time.components.seconds) + Double(time.components.attoseconds) * 1e-18
        UIView.animate(
            withDuration: seconds, delay: 0, options: [.allowUserInteraction, .beginFromCurrentState],
            animations: { [weak view] in view?.alpha = CGFloat(value) },
            completion: { [weak self] finished in self?.legEnded(number, finished: finished) })
    }

    private func legEnded(_ number: Int, finished: Bool) {
        guard isRunning, number == leg else { return }
        isRunning = false
        finish(finished)
    }

    private func finish(_ finished: Bool) {
        let completion = self.completion
        self.completion = nil
        completion?(finished)
    }

    @discardableResult
    func reverse() -> Bool {
        guard isRunning else { return false }
        progress.turn(at: clock.now)
        run(to: progress.isReversed ? origin : target, over: progress.duration * progress.remaining)
        return true
    }

    func cancel() {
        guard isRunning else { return }
        isRunning = false
        leg += 1
        if let view {
            // What is on screen, read before the animations that move it go.
            let shown = view.layer.presentation().map { CGFloat($0.opacity) }
            view.layer.removeAllAnimations()
            if let shown { view.alpha = shown }
        }
        finish(false)
    }
}
