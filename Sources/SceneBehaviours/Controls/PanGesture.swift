import SceneCore

/// A headless pan (drag) gesture recogniser.
///
/// For its keys, defaults, events, actions and inputs, see
/// `scene-runner types PanGesture`.
///
/// One pan at a time: `panBegan` starts it (interaction began, then
/// `began`), `panMoved` moves it (`changed`), `panEnded` finishes it
/// (interaction ended, then `ended`). A move or an end with no pan in
/// progress, and a begin during one, are ignored.
open class PanGesture: SceneObject, InteractionProvider {
    /// Whether a pan is in progress.
    package final private(set) var isPanning = false

    /// Sent when a pan begins (`began`).
    public final private(set) lazy var began = SceneEvent<Void>()
    /// Sent when the pan moves (`changed`).
    public final private(set) lazy var changed = SceneEvent<Void>()
    /// Sent when the pan ends (`ended`).
    public final private(set) lazy var ended = SceneEvent<Void>()
    /// Sent with began when a pan begins and ended when it ends, before the
    /// gesture's own event.
    public final private(set) lazy var interaction = SceneEvent<InteractionPhase>()

    /// A recogniser with no pan in progress.
    public init() {}

    /// Does nothing; subclasses that need the wired scene override it.
    open func awake(in scene: Scene) {}

    /// Starts a pan (the `panBegan` input): reports began, sends `began`.
    @discardableResult
    public func panBegan() -> ActionOutcome {
        guard !isPanning else { return .ignored(because: "a pan is already in progress") }
        isPanning = true
        interaction.send(.began)
        began.send()
        return .handled
    }

    /// Moves the pan in progress (the `panMoved` input): sends `changed`.
    @discardableResult
    public func panMoved() -> ActionOutcome {
        guard isPanning else { return .ignored(because: "no pan is in progress") }
        changed.send()
        return .handled
    }

    /// Ends the pan in progress (the `panEnded` input): reports ended, sends
    /// `ended`.
    @discardableResult
    public func panEnded() -> ActionOutcome {
        guard isPanning else { return .ignored(because: "no pan is in progress") }
        isPanning = false
        interaction.send(.ended)
        ended.send()
        return .handled
    }

    // MARK: Registration

    /// Registers `PanGesture` with its three inputs and three events.
    open class func sceneDescription() -> TypeDescription {
        TypeDescription(
            "PanGesture", summary: "Recognises a drag: began, changed, ended.",
            wakes: false, make: { PanGesture() }
        ) { type in
            type.input("panBegan", doc: "A pan begins.") { $0.panBegan() }
            type.input("panMoved", doc: "The pan moves.") { $0.panMoved() }
            type.input("panEnded", doc: "The pan ends.") { $0.panEnded() }
            type.event("began", connect: { $0.began.connect($1) }, doc: "A pan began.")
            type.event("changed", connect: { $0.changed.connect($1) }, doc: "The pan moved.")
            type.event("ended", connect: { $0.ended.connect($1) }, doc: "The pan ended.")
        }
    }
}
