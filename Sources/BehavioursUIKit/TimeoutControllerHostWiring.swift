import Behaviours

#if canImport(UIKit) && !os(watchOS)
    import UIKit
#else
    import UIKitStandIn
#endif

/// What a storyboard's timeout controller host object sets, applied to a
/// ``TimeoutControllerHost``: the plain Swift under
/// `TimeoutControllerHostObject` (whose outlets and inspectables need the
/// Objective-C runtime), so that the wiring is the same code on every system.
///
///     let wiring = TimeoutControllerHostWiring(clock: MainClock.shared)
///     wiring.viewToHide = controlsView
///     wiring.tapGesture = backgroundTap
///     wiring.timeoutController = controllerWiring.controller
///     wiring.animationDuration = 0.2                  // seconds
///     wiring.awake()                                  // autoStart: the controller resumes
///
/// Each outlet is held weakly, as the host holds it; the view hides
/// through its ``Hideable`` conformance and the tap toggles it through its
/// ``TapRecognizing`` one.
@MainActor
public final class TimeoutControllerHostWiring {
    /// The host the object stands for.
    ///
    ///     wiring.host.toggle()
    public let host: TimeoutControllerHost

    /// The view that hides and shows.
    ///
    ///     wiring.viewToHide = controlsView
    public weak var viewToHide: UIView? {
        didSet { host.viewToHide = viewToHide }
    }

    /// The gesture whose taps toggle the view; following it stops it
    /// cancelling its view's touches.
    ///
    ///     wiring.tapGesture = backgroundTap
    public weak var tapGesture: UITapGestureRecognizer? {
        didSet { host.tapGesture = tapGesture }
    }

    /// The controller whose timeout hides the view.
    ///
    ///     wiring.timeoutController = controllerWiring.controller
    public weak var timeoutController: TimeoutController? {
        didSet { host.timeoutController = timeoutController }
    }

    /// How long a fade takes, in seconds, as a storyboard's number
    /// attribute gives it; zero (or less) hides and shows at once.
    ///
    ///     wiring.animationDuration = 0.2
    public var animationDuration: Double {
        get {
            let components = host.animationDuration.components
            return Double(components.seconds) + Double(components.attoseconds) * 1e-18
        }
        set { host.animationDuration = .seconds(max(0, newValue)) }
    }

    /// Whether ``awake()`` resumes the controller.
    ///
    ///     wiring.autoStart = false
    public var autoStart: Bool {
        get { host.autoStart }
        set { host.autoStart = newValue }
    }

    /// Whether the view hides when the controller times out.
    ///
    ///     wiring.autoHide = false
    public var autoHide: Bool {
        get { host.autoHide }
        set { host.autoHide = newValue }
    }

    /// A wiring of a host whose fades run on `clock`.
    ///
    ///     let wiring = TimeoutControllerHostWiring(clock: scheduler.clock)
    public init(clock: any BehaviourClock) {
        host = TimeoutControllerHost(clock: clock)
    }

    /// What `awakeFromNib` calls once the outlets are set: starts the host
    /// (with ``autoStart``, the controller resumes).
    ///
    ///     wiring.awake()
    public func awake() {
        host.start()
    }
}
