/// UIKit's `UIGestureRecognizer`: its state, and whether it cancels the
/// touches of its view.
///
/// UIKit reports a state change to its targets (`addTarget(_:action:)`,
/// an Objective-C selector). Without the Objective-C runtime the stand-in
/// has closures in their place, ``addStandInTarget(_:)``, called as UIKit
/// calls targets: for every change to `.began`, `.changed`, `.ended` and
/// `.cancelled`.
///
///     let pan = UIGestureRecognizer()
///     pan.state = .began     // what UIKit's touch handling does
@MainActor
open class UIGestureRecognizer {
    /// UIKit's `UIGestureRecognizer.State`, with Apple's raw values.
    ///
    ///     recognizer.state == .recognized
    public enum State: Int, Sendable {
        /// Not yet recognised: the default.
        case possible
        /// A continuous gesture began.
        case began
        /// A continuous gesture moved.
        case changed
        /// A continuous gesture ended, or a discrete one was recognised.
        case ended
        /// The gesture was cancelled.
        case cancelled
        /// The touches cannot be the gesture.
        case failed

        /// A discrete gesture was recognised: ``ended``.
        public static var recognized: State { .ended }
    }

    /// UIKit's `state`; setting it calls the targets as UIKit does.
    /// (UIKit's is read-only outside a subclass; a test sets it here.)
    ///
    ///     recognizer.state = .recognized
    open var state: State = .possible {
        didSet {
            switch state {
            case .began, .changed, .ended, .cancelled:
                for target in targets { target.action(self) }
            case .possible, .failed:
                break
            }
        }
    }

    /// UIKit's `cancelsTouchesInView`: `true` by default.
    ///
    ///     recognizer.cancelsTouchesInView = false
    open var cancelsTouchesInView = true

    private var targets: [StandInTarget] = []

    /// A recogniser with no targets.
    ///
    ///     let recognizer = UIGestureRecognizer()
    public init() {}

    /// A target of a recogniser. Stand-in only.
    ///
    ///     let target: UIGestureRecognizer.StandInTarget = recognizer.addStandInTarget { _ in }
    public final class StandInTarget {
        let action: @MainActor (UIGestureRecognizer) -> Void
        init(_ action: @escaping @MainActor (UIGestureRecognizer) -> Void) { self.action = action }
    }

    /// Calls `action` for each state change UIKit reports to a target,
    /// holding it until ``removeStandInTarget(_:)``; stand-in only, the
    /// place of `addTarget(_:action:)`.
    ///
    ///     let target = recognizer.addStandInTarget { print($0.state) }
    @discardableResult
    public func addStandInTarget(_ action: @escaping @MainActor (UIGestureRecognizer) -> Void) -> StandInTarget {
        let target = StandInTarget(action)
        targets.append(target)
        return target
    }

    /// Stops calling `target`; stand-in only, the place of `removeTarget(_:action:)`.
    ///
    ///     recognizer.removeStandInTarget(target)
    public func removeStandInTarget(_ target: StandInTarget) {
        targets.removeAll { $0 === target }
    }

    /// How many targets the recogniser has. Stand-in only.
    ///
    ///     recognizer.targetCount
    public var targetCount: Int { targets.count }
}

/// UIKit's `UITapGestureRecognizer`: a discrete gesture, recognised once
/// per tap (its state goes to `.ended`, `.recognized`).
///
///     let tap = UITapGestureRecognizer()
///     tap.state = .recognized
@MainActor
open class UITapGestureRecognizer: UIGestureRecognizer {}
