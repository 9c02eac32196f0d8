// The objects a storyboard names as custom objects, with the outlets and
// inspectables of the TimeoutController seed's Main.storyboard. Outlets and
// inspectables need the Objective-C runtime, so this file is compiled only
// where UIKit is (not in this repository's CI): a thin shell whose every
// property hands its value to TimeoutControllerWiring and
// TimeoutControllerHostWiring, which compile and are tested everywhere.
#if canImport(UIKit) && !os(watchOS) && canImport(ObjectiveC)
    import Behaviours
    import UIKit

    /// A ``TimeoutController`` as a storyboard's custom object: connect its
    /// `interactionProviders` outlet collection to the controls and gestures
    /// whose touches hold the timeout off, and set `timeout` (seconds) as a
    /// user-defined runtime attribute. No code.
    ///
    ///     // Custom Class: TimeoutControllerObject, Module: BehavioursUIKit
    ///     hostObject.timeoutController = controllerObject   // what the outlet does
    @MainActor
    public final class TimeoutControllerObject: NSObject {
        /// The plain Swift this object hands its outlets to, on the main clock.
        ///
        ///     controllerObject.wiring.controller.pause()
        public private(set) lazy var wiring = TimeoutControllerWiring(clock: MainClock.shared)

        /// The controller this object stands for.
        ///
        ///     controllerObject.controller.resume()
        public var controller: TimeoutController { wiring.controller }

        /// The controls and gesture recognisers whose touches hold the timeout off.
        ///
        ///     controllerObject.interactionProviders = [playButton, volumeSlider]
        @IBOutlet public var interactionProviders: [NSObject] = [] {
            didSet { wiring.interactionProviders = interactionProviders }
        }

        /// How long after the last touch the controller times out, in seconds.
        ///
        ///     controllerObject.timeout = 3
        @IBInspectable public var timeout: Double {
            get { wiring.timeout }
            set { wiring.timeout = newValue }
        }
    }

    /// A ``TimeoutControllerHost`` as a storyboard's custom object: connect
    /// `viewToHide`, `tapGesture` and `timeoutController` (a
    /// ``TimeoutControllerObject``), set `animationDuration` (seconds),
    /// `autoStart` and `autoHide` as user-defined runtime attributes; at
    /// `awakeFromNib` the host starts. No code.
    ///
    ///     // Custom Class: TimeoutControllerHostObject, Module: BehavioursUIKit
    ///     hostObject.awakeFromNib()   // what loading the storyboard does
    @MainActor
    public final class TimeoutControllerHostObject: NSObject {
        /// The plain Swift this object hands its outlets to, on the main clock.
        ///
        ///     hostObject.wiring.host.toggle()
        public private(set) lazy var wiring = TimeoutControllerHostWiring(clock: MainClock.shared)

        /// The host this object stands for.
        ///
        ///     hostObject.host.hideView()
        public var host: TimeoutControllerHost { wiring.host }

        /// The view that hides and shows.
        ///
        ///     hostObject.viewToHide = controlsView
        @IBOutlet public weak var viewToHide: UIView? {
            didSet { wiring.viewToHide = viewToHide }
        }

        /// The tap gesture that toggles the view.
        ///
        ///     hostObject.tapGesture = backgroundTap
        @IBOutlet public weak var tapGesture: UITapGestureRecognizer? {
            didSet { wiring.tapGesture = tapGesture }
        }

        /// The controller whose timeout hides the view.
        ///
        ///     hostObject.timeoutController = controllerObject
        @IBOutlet public weak var timeoutController: TimeoutControllerObject? {
            didSet { wiring.timeoutController = timeoutController?.controller }
        }

        /// How long a fade takes, in seconds.
        ///
        ///     hostObject.animationDuration = 0.2
        @IBInspectable public var animationDuration: Double {
            get { wiring.animationDuration }
            set { wiring.animationDuration = newValue }
        }

        /// Whether the controller resumes when the storyboard is loaded.
        ///
        ///     hostObject.autoStart = false
        @IBInspectable public var autoStart: Bool {
            get { wiring.autoStart }
            set { wiring.autoStart = newValue }
        }

        /// Whether the view hides when the controller times out.
        ///
        ///     hostObject.autoHide = false
        @IBInspectable public var autoHide: Bool {
            get { wiring.autoHide }
            set { wiring.autoHide = newValue }
        }

        /// Starts the host once the storyboard set every outlet.
        ///
        ///     hostObject.awakeFromNib()
        public override func awakeFromNib() {
            super.awakeFromNib()
            wiring.awake()
        }
    }
#endif
