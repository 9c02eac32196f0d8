import SceneCore

/// Wires a ``TimeoutController`` to a view and a tap gesture: the scene
/// half of auto-hiding controls.
///
/// For its keys, defaults, events, actions and inputs, see
/// `scene-runner types TimeoutControllerHost`.
///
///     let host = TimeoutControllerHost(scheduler: scheduler)
///     host.viewToHide = controls
///     host.tapGesture = backgroundTap
///     host.timeoutController = controller
///     host.awake(in: scene)        // autoStart: the controller resumes
///     backgroundTap.tap()          // hides the controls, pauses the controller
///
/// The contract:
/// - On awake, with `autoStart`, the controller is resumed.
/// - A tap while the view is shown hides it and pauses the controller; a
///   tap while it is hidden shows it and resumes the controller. During a
///   fade, the view counts as what the fade heads for.
/// - On `timedOut`, with `autoHide`, the view hides.
/// - Hiding fades `alpha` to 0 over `animationDuration`, then sets
///   `hidden`; showing clears `hidden` (from alpha 0 if the view was
///   hidden), then fades `alpha` to 1. With a zero duration both are
///   immediate. A tap during a fade turns it round: it runs back for as
///   long as it had run.
/// - The host's own tap gesture is not a provider of the controller: the
///   host never adds it, so toggling never re-arms the timeout.
///
/// Fades run on the scene's ``VirtualScheduler``, taken in ``awake(in:)``
/// (or given to ``init(scheduler:)``); without one they are immediate.
package class TimeoutControllerHost: SceneObject, PropertyNotifying {
    /// Who follows the declared properties (see ``PropertyNotifying``); `nil`
    /// until someone does.
    package final var propertyObservers: PropertyObservers?
    /// The view that hides and shows; weak, as every outlet.
    package weak var viewToHide: View?

    /// The gesture whose taps toggle the view; weak, as every outlet.
    /// Setting it stops following the old gesture.
    package weak var tapGesture: TapGesture? {
        didSet {
            guard tapGesture !== oldValue else { return }
            tapConnection?.disconnect()
            tapConnection = tapGesture?.recognized.connect { [weak self] in self?.toggle() }
        }
    }

    /// The controller whose timeout hides the view; weak, as every outlet.
    /// Setting it stops following the old controller's `timedOut`.
    package weak var timeoutController: TimeoutController? {
        didSet {
            guard timeoutController !== oldValue else { return }
            controllerConnection?.disconnect()
            controllerConnection = timeoutController?.timedOut.connect { [weak self] in self?.timeoutDidPass() }
        }
    }

    /// Whether ``awake(in:)`` resumes the controller.
    package var autoStart = true {
        didSet { propertyDidChange(\.autoStart, from: oldValue, to: autoStart) }
    }
    /// Whether the view hides when the controller times out.
    package var autoHide = true {
        didSet { propertyDidChange(\.autoHide, from: oldValue, to: autoHide) }
    }
    /// How long a fade takes; zero hides and shows at once.
    package var animationDuration: Duration = .milliseconds(200) {
        didSet { propertyDidChange(\.animationDuration, from: oldValue, to: animationDuration) }
    }

    /// The clock fades run on: the scene's, from ``awake(in:)``, unless one
    /// was given.
    package private(set) var scheduler: VirtualScheduler?

    /// The connection to the `recognized` event of ``tapGesture``.
    private var tapConnection: SceneConnection?
    /// The connection to the `timedOut` event of ``timeoutController``.
    private var controllerConnection: SceneConnection?
    private var fade: Animation<Double>?
    /// What the running fade heads for: shown or hidden.
    private var fadeShows = true

    /// A host with the defaults above; it gets its scheduler in ``awake(in:)``.
    package init() {}

    /// A host whose fades run on `scheduler`, for use without a scene.
    package init(scheduler: VirtualScheduler) {
        self.scheduler = scheduler
    }

    /// Takes the scene's scheduler (unless one was given) and, with
    /// `autoStart`, resumes the controller.
    package func awake(in scene: Scene) {
        if scheduler == nil { scheduler = scene.scheduler }
        if autoStart { timeoutController?.resume() }
    }

    /// Whether the view is shown: not hidden and not transparent, or, during
    /// a fade, whether the fade is showing it.
    package var isShown: Bool {
        if let fade, fade.isRunning { return fadeShows }
        guard let view = viewToHide else { return false }
        return !view.hidden && view.alpha > 0
    }

    /// Whether a fade is running.
    package var isFading: Bool { fade?.isRunning ?? false }

    /// What a tap does: hides a shown view and pauses the controller, or
    /// shows a hidden view and resumes the controller. A tap that would
    /// hide the view while a touch on one of the controller's providers is
    /// in progress is ignored: the controls never hide under a finger.
    package func toggle() {
        if isShown {
            // A finger still on a control keeps the controls up: hiding them
            // would leave the touch on a view that is gone.
            if let timeoutController, timeoutController.activeInteractions > 0 { return }
            hideView()
            timeoutController?.pause()
        } else {
            showView()
            timeoutController?.resume()
        }
    }

    /// Fades the view out, then hides it; turns a fade in round.
    package func hideView() {
        setShown(false)
    }

    /// Shows the view, then fades it in; turns a fade out round.
    package func showView() {
        setShown(true)
    }

    private func timeoutDidPass() {
        if autoHide { hideView() }
    }

    private func setShown(_ shown: Bool) {
        guard let view = viewToHide else { return }
        if let fade, fade.isRunning {
            guard shown != fadeShows else { return }
            fadeShows = shown
            fade.reverse()
            return
        }
        guard shown != isShown else { return }
        fade = nil
        if shown {
            if view.hidden {
                view.alpha = 0
                view.hidden = false
            }
        }
        let target: Double = shown ? 1 : 0
        guard animationDuration > .zero, let scheduler else {
            view.alpha = target
            if !shown { view.hidden = true }
            return
        }
        fadeShows = shown
        let animation = Animation(on: scheduler, from: view.alpha, to: target, duration: animationDuration) {
            [weak view] in view?.alpha = $0
        }
        animation.completion = { [weak self] _ in self?.fadeDidFinish() }
        fade = animation
        animation.start()
    }

    /// A fade reached an end: the one it heads for after any reversal.
    private func fadeDidFinish() {
        fade = nil
        if !fadeShows { viewToHide?.hidden = true }
    }

    // MARK: Registration

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
                "viewToHide", get: { $0.viewToHide }, set: { $0.viewToHide = $1 }, required: true,
                doc: "The view that fades out and hides, and shows and fades in.")
            type.outlet(
                "tapGesture", get: { $0.tapGesture }, set: { $0.tapGesture = $1 },
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
