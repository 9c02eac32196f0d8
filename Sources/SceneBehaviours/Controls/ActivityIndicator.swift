import SceneCore

/// A headless activity indicator (a spinner). Hidden or not, it takes
/// `start` and `stop`.
///
/// While it animates it turns on the scene's clock, one spoke every
/// ``spokeDuration`` (a turn a second of virtual time), so that a picture
/// at any moment shows where it is:
///
///     let spinner = ActivityIndicator(scheduler: scheduler)
///     spinner.start()
///     try scheduler.advance(by: .milliseconds(375))   // spinner.spokePhase == 3
///
/// Turning sets no timer and sends nothing: the phase is read from the
/// clock when the spinner is drawn.
///
/// For its keys, defaults, events, actions and inputs, see
/// `scene-runner types ActivityIndicator`.
open class ActivityIndicator: View {
    /// Whether the spinner turns.
    public final private(set) var animating = false {
        didSet { propertyDidChange(\.animating, from: oldValue, to: animating) }
    }

    /// Whether the spinner starts when its scene wakes (Interface
    /// Builder's "Animating"); `false` by default.
    public final var startsAnimating = false {
        didSet { propertyDidChange(\.startsAnimating, from: oldValue, to: startsAnimating) }
    }

    /// Its size, as UIKit's: `medium` (20 by 20 points, the default) or
    /// `large` (37 by 37).
    public final var style = ActivityIndicatorStyle.medium {
        didSet { propertyDidChange(\.style, from: oldValue, to: style) }
    }

    /// The spokes' colour: UIKit's system grey, #8E8E93, by default.
    public final var color = ActivityIndicatorStyle.defaultColor {
        didSet { propertyDidChange(\.color, from: oldValue, to: color) }
    }

    /// How long the spinner takes to move on by one of its eight spokes:
    /// an eighth of a second, so a turn takes a second.
    package static let spokeDuration: Duration = .milliseconds(125)

    /// The clock the spinner turns on: the scene's, from ``awake(in:)``,
    /// unless one was given.
    package private(set) var scheduler: VirtualScheduler?
    /// When the current turning started, on ``scheduler``.
    private var startedAt: Duration = .zero

    /// A stopped indicator; it gets its clock in ``awake(in:)``.
    override public init() {}

    /// A stopped indicator that turns on `scheduler`, for use without a scene.
    public init(scheduler: VirtualScheduler) {
        self.scheduler = scheduler
    }

    /// Takes the scene's clock, unless one was given, and starts turning
    /// when ``startsAnimating`` says so.
    override open func awake(in scene: Scene) {
        super.awake(in: scene)
        if scheduler == nil { scheduler = scene.scheduler }
        if startsAnimating { _ = start() }
    }

    /// The spoke drawn brightest, 0 (the top) to 7, clockwise: how many
    /// ``spokeDuration``s have passed since the spinner started, modulo 8;
    /// 0 when it is stopped or has no clock.
    package var spokePhase: Int {
        guard animating, let scheduler else { return 0 }
        let elapsed = scheduler.now - startedAt
        guard elapsed > .zero else { return 0 }
        // A turn is exactly a second: the whole seconds do not matter, and
        // the fraction is counted in attoseconds, without overflow.
        let step = Self.spokeDuration.components.attoseconds
        return Int(truncatingIfNeeded: elapsed.components.attoseconds / step) % 8
    }

    /// Starts the spinner (the `start` action); ignored when it already turns.
    @discardableResult
    public func start() -> ActionOutcome {
        guard !animating else { return .ignored(because: "it is already animating") }
        animating = true
        startedAt = scheduler?.now ?? .zero
        return .handled
    }

    /// Stops the spinner (the `stop` action); ignored when it does not turn.
    @discardableResult
    public func stop() -> ActionOutcome {
        guard animating else { return .ignored(because: "it is not animating") }
        animating = false
        return .handled
    }

    // MARK: Registration

    /// Registers `ActivityIndicator` as a `View` with `animating`,
    /// `startsAnimating`, its style and colour, and `start`/`stop`.
    override open class func sceneDescription() -> TypeDescription {
        TypeDescription(
            "ActivityIndicator", summary: "A spinner: actions start and stop.", base: View.sceneDescription(),
            make: { ActivityIndicator() }
        ) { type in
            type.readOnly("animating", \.animating, doc: "Whether the spinner turns.")
            type.property(
                "startsAnimating", \.startsAnimating, changeEvent: true,
                doc: "Starts the spinner when the scene starts (Interface Builder's Animating).")
            type.property(
                "style", \.style, changeEvent: true, doc: "medium (20x20 points) or large (37x37), as UIKit's.")
            type.property("color", \.color, changeEvent: true, doc: "The spokes' colour; system grey, #8E8E93.")
            type.action("start", doc: "Starts the spinner; ignored when it is already animating.") {
                $0.start()
            }
            type.action("stop", doc: "Stops the spinner; ignored when it is not animating.") { $0.stop() }
        }
    }
}

/// An activity indicator's size, as UIKit's `UIActivityIndicatorView.Style`.
public enum ActivityIndicatorStyle: String, Sendable, CaseIterable, SceneEnum {
    /// 20 by 20 points.
    case medium
    /// 37 by 37 points.
    case large

    /// The spinner's size in points.
    public var size: Size {
        switch self {
        case .medium: Size(width: 20, height: 20)
        case .large: Size(width: 37, height: 37)
        }
    }

    /// A spinner's default colour: UIKit's system grey, #8E8E93.
    public static let defaultColor = Color(red: 0x8E, green: 0x8E, blue: 0x93)
}
