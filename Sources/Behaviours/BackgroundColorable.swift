/// Something whose background a behaviour colours, at once or animated: a
/// view. What a ``HighlightBehaviour`` changes.
///
///     button.backgroundColor = Color(parsing: "#2F6FDE")
///     let animation = button.animateBackgroundColor(to: .white, duration: .milliseconds(250), clock: clock) { _ in }
///
/// Who implements it: the scene's headless `View`; in UIKit
/// (BehavioursUIKit), a `UIView`.
///
/// The contract: ``animateBackgroundColor(to:duration:clock:completion:)``
/// moves ``backgroundColor`` from its value now to `target` over
/// `duration`, each channel in a straight line, then calls
/// `completion(true)`; with a zero duration, or no colour now, it sets
/// `target` at once and completes. ``ViewAnimation/cancel()`` leaves the
/// colour where it is and calls `completion(false)`. The default
/// implementation steps on `clock`, 60 times a second
/// (``ClockAnimation``); a view system with animations of its own
/// (`UIView.animate`) provides its own.
public protocol BackgroundColorable: AnyObject {
    /// The fill colour; `nil` is none.
    var backgroundColor: Color? { get set }

    /// Animates ``backgroundColor`` to `target` over `duration` on
    /// `clock`, then calls `completion` with whether it ran to its end.
    ///
    ///     view.animateBackgroundColor(to: highlighted, duration: .milliseconds(250), clock: clock) { _ in }
    func animateBackgroundColor(
        to target: Color, duration: Duration, clock: any BehaviourClock,
        completion: @escaping (_ finished: Bool) -> Void
    ) -> any ViewAnimation
}

extension BackgroundColorable {
    /// Steps the colour on `clock`, 60 times a second (see
    /// ``ClockAnimation/backgroundColor(of:to:duration:clock:completion:)``).
    ///
    ///     view.animateBackgroundColor(to: .white, duration: .milliseconds(250), clock: MainClock.shared) { _ in }
    public func animateBackgroundColor(
        to target: Color, duration: Duration, clock: any BehaviourClock,
        completion: @escaping (_ finished: Bool) -> Void
    ) -> any ViewAnimation {
        ClockAnimation.backgroundColor(of: self, to: target, duration: duration, clock: clock, completion: completion)
    }
}

extension ClockAnimation {
    /// Steps `view`'s background colour to `target` on `clock`, 60 times a
    /// second, each channel in a straight line from the colour it has now
    /// (none: `target` at once): the default
    /// ``BackgroundColorable/animateBackgroundColor(to:duration:clock:completion:)``,
    /// and what a view of one's own falls back on.
    ///
    ///     ClockAnimation.backgroundColor(of: view, to: .white, duration: .seconds(1), clock: clock) { _ in }
    @discardableResult
    public static func backgroundColor(
        of view: any BackgroundColorable, to target: Color, duration: Duration, clock: any BehaviourClock,
        completion: @escaping (Bool) -> Void
    ) -> ClockAnimation {
        let start = view.backgroundColor
        return self.start(duration: start == nil ? .zero : duration, clock: clock, completion: completion) {
            [weak view] progress in
            view?.backgroundColor = start?.interpolated(to: target, fraction: progress) ?? target
        }
    }
}
