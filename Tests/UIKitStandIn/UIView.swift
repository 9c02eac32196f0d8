// The part of UIKit's interface that BehavioursUIKit uses, declared with
// Apple's names, types and defaults, for the systems that have no UIKit.
// What the adapters call is UIKit's API and nothing more; what only tests
// call (to finish an animation, to move a gesture's state) is marked
// "Stand-in only". Closures are declared `@MainActor @Sendable`, at least
// as strict as the SDK's, so code that compiles here compiles there.
@_exported import Foundation

/// UIKit's `UIView`: whether it is hidden, how opaque it is, its layer,
/// and block animations.
///
///     let view = UIView()
///     view.isHidden = true
@MainActor
open class UIView {
    /// UIKit's `isHidden`.
    ///
    ///     view.isHidden = false
    open var isHidden = false

    /// UIKit's `alpha`; the animation in progress is what
    /// ``animate(withDuration:delay:options:animations:completion:)`` runs.
    ///
    ///     view.alpha = 0.5
    open var alpha: CGFloat = 1

    /// UIKit's `layer`.
    ///
    ///     view.layer.removeAllAnimations()
    public let layer = CALayer()

    /// A view; UIKit's `init(frame:)` with an empty frame.
    ///
    ///     let view = UIView()
    public init() {}

    /// UIKit's `UIView.AnimationOptions`, with Apple's raw values.
    ///
    ///     let options: UIView.AnimationOptions = [.allowUserInteraction, .beginFromCurrentState]
    public struct AnimationOptions: OptionSet, Sendable {
        /// The options' bits.
        public let rawValue: UInt
        /// The options of `rawValue`.
        ///
        ///     UIView.AnimationOptions(rawValue: 1 << 1)
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Touches reach the view while it animates.
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        /// The animation starts from what is on screen, not from the last value set.
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
    }

    /// An animation ``animate(withDuration:delay:options:animations:completion:)``
    /// started and has not finished. Stand-in only.
    ///
    ///     UIView.pendingAnimations.first?.duration   // 0.2
    public struct PendingAnimation {
        /// Its duration, in seconds.
        ///
        ///     animation.duration == 0.2
        public let duration: TimeInterval
        /// Its options.
        ///
        ///     animation.options.contains(.allowUserInteraction)
        public let options: AnimationOptions
        let completion: (@MainActor @Sendable (Bool) -> Void)?
    }

    /// The animations started and not finished, oldest first. Stand-in only.
    ///
    ///     UIView.pendingAnimations.count
    public private(set) static var pendingAnimations: [PendingAnimation] = []

    /// UIKit's block animation. As UIKit does, it runs `animations` at once
    /// (the views' values are the targets from then on); the completion of
    /// an animation with neither duration nor delay is called at once, the
    /// others wait for ``finishAnimations(finished:)``.
    ///
    ///     UIView.animate(withDuration: 0.2, delay: 0, options: [], animations: { view.alpha = 0 })
    public class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
        animations: @escaping @MainActor @Sendable () -> Void,
        completion: (@MainActor @Sendable (Bool) -> Void)? = nil
    ) {
        animations()
        if duration <= 0 && delay <= 0 {
            completion?(true)
        } else {
            pendingAnimations.append(PendingAnimation(duration: duration, options: options, completion: completion))
        }
    }

    /// Ends every pending animation, oldest first, calling its completion
    /// with `finished`; animations their completions start stay pending.
    /// Stand-in only: what the render server does over time.
    ///
    ///     UIView.finishAnimations()
    public static func finishAnimations(finished: Bool = true) {
        let ending = pendingAnimations
        pendingAnimations = []
        for animation in ending { animation.completion?(finished) }
    }
}

/// Core Animation's `CALayer`: what the view's animations run on.
///
///     view.layer.removeAllAnimations()
@MainActor
open class CALayer {
    /// UIKit's `opacity`.
    ///
    ///     layer.opacity = 0.5
    open var opacity: Float = 1

    /// A layer.
    ///
    ///     let layer = CALayer()
    public init() {}

    /// UIKit's presentation layer, what is on screen during an animation:
    /// `nil` here, as for a layer that was never drawn.
    ///
    ///     view.layer.presentation()?.opacity
    open func presentation() -> Self? { nil }

    /// Removes the layer's animations; here, ends the pending block
    /// animations unfinished, as UIKit calls their completions with `false`.
    ///
    ///     view.layer.removeAllAnimations()
    open func removeAllAnimations() {
        UIView.finishAnimations(finished: false)
    }
}
