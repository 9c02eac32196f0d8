import SceneCore

/// A headless tap gesture recogniser.
///
/// For its keys, defaults, events, actions and inputs, see
/// `scene-runner types TapGesture`.
///
/// A tap sends began and ended through ``interaction``, then sends
/// `recognized`. It is ignored when the recogniser is disabled or attached
/// to a view that is not visible (as UIKit delivers no touch to a hidden
/// view); without a view it is always delivered.
open class TapGesture: SceneObject, InteractionProvider, PropertyNotifying {
    /// Who follows `enabled` (see ``PropertyNotifying``); `nil` until someone does.
    public final var propertyObservers: PropertyObservers?
    /// Whether the recogniser takes taps.
    public final var enabled = true {
        didSet { propertyDidChange(\.enabled, from: oldValue, to: enabled) }
    }
    /// The view the recogniser is attached to, if any; weak, as every outlet.
    public final weak var view: View?

    /// Sent when a tap is recognised (`recognized`).
    public final private(set) lazy var recognized = SceneEvent<Void>()
    /// Sent with began and ended for every tap recognised, before `recognized`.
    public final private(set) lazy var interaction = SceneEvent<InteractionPhase>()

    /// A recogniser with the defaults above.
    public init() {}

    /// Does nothing; subclasses that need the wired scene override it.
    open func awake(in scene: Scene) {}

    /// Whether a tap is recognised now: enabled, and its view, if any, visible.
    public var acceptsInput: Bool { inputRefusal == nil }

    /// Why a tap is not recognised now, or `nil` when it is.
    open var inputRefusal: String? {
        if !enabled { return "it is disabled" }
        if let view, !view.visible { return "its view is not visible" }
        return nil
    }

    /// Taps (the `tap` input): reports began and ended, then sends `recognized`.
    ///
    /// Ignored unless ``acceptsInput``.
    @discardableResult
    public func tap() -> ActionOutcome {
        if let refusal = inputRefusal { return .ignored(because: refusal) }
        interaction.send(.began)
        interaction.send(.ended)
        recognized.send()
        return .handled
    }

    // MARK: Registration

    /// Registers `TapGesture` with `enabled`, the `view` outlet, the `tap`
    /// input and the `recognized` event.
    open class func sceneDescription() -> TypeDescription {
        TypeDescription(
            "TapGesture", summary: "Recognises taps: input tap, event recognized.",
            wakes: false, make: { TapGesture() }
        ) { type in
            type.property("enabled", \.enabled, changeEvent: true, doc: "Whether the recogniser takes taps.")
            type.outlet(
                "view", get: { $0.view }, set: { $0.view = $1 },
                doc: "The view it is attached to; taps need it visible.")
            type.input("tap", doc: "A tap: interaction began and ended, then recognized.") { $0.tap() }
            type.event("recognized", connect: { $0.recognized.connect($1) }, doc: "A tap was recognised.")
        }
    }
}
