import Behaviours
import SceneCore

/// The portable `TimeoutControllerHost` in a scene: its fades run on the
/// scene's virtual scheduler, taken in ``awake(in:)`` unless it was given
/// a clock, frame by frame as every animation of a scene; awake starts it.
///
/// For its keys, defaults, events, actions and inputs, see
/// `scene-runner types TimeoutControllerHost`.
///
///     let host = TimeoutControllerHost(viewToHide: controls, tapGesture: backgroundTap, clock: scheduler.clock)
///     host.timeoutController = controller
///     host.awake(in: scene)        // autoStart: the controller resumes
///     backgroundTap.tap()          // hides the controls, pauses the controller
extension TimeoutControllerHost: SceneObject, PropertyNotifying {
    /// Takes the scene's clock (unless one was given) and, with `autoStart`,
    /// resumes the controller.
    public func awake(in scene: Scene) {
        if clock == nil { clock = scene.scheduler.clock }
        start()
    }

    /// Registers `TimeoutControllerHost`: its three outlets, `autoStart`,
    /// `autoHide` and `animationDuration`.
    /// Each instance comes from `make`: a subclass's, for a variant of the
    /// type under the same name and keys.
    package static func sceneDescription(
        make: @escaping @Sendable () -> TimeoutControllerHost = { TimeoutControllerHost() }
    ) -> TypeDescription {
        TypeDescription(
            "TimeoutControllerHost",
            summary: "Hides a view when a TimeoutController times out; a tap toggles it.",
            make: make
        ) { type in
            type.outlet(
                "viewToHide", get: { $0.viewToHide as? View }, set: { $0.viewToHide = $1 }, required: true,
                doc: "The view that fades out and hides, and shows and fades in.")
            type.outlet(
                "tapGesture", get: { $0.tapGesture as? TapGesture }, set: { $0.tapGesture = $1 },
                doc: "Its taps toggle the view (and pause or resume the controller), but never hide it while a control"
                    + " is held; never a provider.")
            type.outlet(
                "timeoutController", get: { $0.timeoutController }, set: { $0.timeoutController = $1 },
                required: true, doc: "Its timedOut hides the view.")
            type.property("autoStart", \.autoStart, changeEvent: true, doc: "Whether awake resumes the controller.")
            type.property(
                "autoHide", \.autoHide, changeEvent: true, doc: "Whether the view hides when the controller times out.")
            type.property(
                "animationDuration", \.animationDuration, changeEvent: true,
                doc: "How long a fade takes; 0 hides and shows at once.")
        }
    }
}
