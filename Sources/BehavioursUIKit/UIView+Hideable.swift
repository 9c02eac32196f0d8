import Behaviours

#if canImport(UIKit) && !os(watchOS)
    import UIKit
#else
    import UIKitStandIn
#endif

/// A view hides, shows and fades as UIKit animates it: what a
/// ``TimeoutControllerHost`` hides.
///
///     let host = TimeoutControllerHost(viewToHide: controlsView, tapGesture: backgroundTap, clock: MainClock.shared)
///
/// ``Hideable/isHidden`` is the view's own; ``Hideable/alpha`` is its
/// `alpha` as a `Double`, ``hideableAlpha``. A fade is a `UIView.animate`
/// with `.allowUserInteraction` (the controls take touches while they fade)
/// and `.beginFromCurrentState`, in UIKit's default curve. Use it on the
/// main thread, as UIKit is.
extension UIView: @MainActor Hideable {
    /// The view's `alpha` as a `Double`: ``Hideable/alpha``, under another
    /// name, so that `view.alpha` in an app's code still means UIKit's
    /// `CGFloat` one (a second `alpha` on `UIView` would shadow it).
    ///
    ///     let hideable: any Hideable = view
    ///     hideable.alpha = 0.5     // view.alpha == 0.5, view.hideableAlpha == 0.5
    @_implements(Hideable,alpha) @_disfavoredOverload
    public var hideableAlpha: Double {
        get {
            let value: CGFloat = alpha
            return Double(value)
        }
        set { alpha = CGFloat(newValue) }
    }

    /// Fades the view's `alpha` to `target` with `UIView.animate` over
    /// `duration`, then calls `completion` with whether the fade ran to its
    /// end; `clock` measures how long it has run, for
    /// ``AlphaAnimation/reverse()``. A zero duration sets `alpha` at once
    /// and completes.
    ///
    ///     let fade = view.animateAlpha(to: 0, duration: .milliseconds(200), clock: MainClock.shared) { finished in
    ///         if finished { view.isHidden = true }
    ///     }
    ///     fade.reverse()   // back to 1, for as long as it had run
    public func animateAlpha(
        to target: Double, duration: Duration, clock: any BehaviourClock,
        completion: @escaping (_ finished: Bool) -> Void
    ) -> any AlphaAnimation {
        let fade = ViewFade(view: self, to: target, duration: duration, clock: clock, completion: completion)
        fade.start()
        return fade
    }
}
