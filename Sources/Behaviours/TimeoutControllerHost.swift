/// Wires a ``TimeoutController`` to a view and a tap gesture: the view
/// controller's half of auto-hiding controls, as an object a storyboard or
/// a scene can hold.
///
///     let host = TimeoutControllerHost(viewToHide: controls, tapGesture: backgroundTap, clock: MainClock.shared)
///     host.timeoutController = TimeoutController(providers: [playButton, volumeSlider], timeout: .seconds(3))
///     host.start()     // autoStart: the controller resumes
///
/// The contract:
/// - ``start()`` (what a scene's awake and a storyboard's `awakeFromNib`
///   call), with ``autoStart``, resumes the controller.
/// - A tap while the view is shown hides it and pauses the controller; a
///   tap while it is hidden shows it and resumes the controller. During a
///   fade, the view counts as what the fade heads for. A tap that would
///   hide the view while a touch on the controller's providers is in
///   progress is ignored: the controls never hide under a finger.
/// - When the controller times out, with ``autoHide``, the view hides.
/// - Hiding fades `alpha` to 0 over ``animationDuration``, then sets
///   `isHidden`; showing clears `isHidden` (from alpha 0 if the view was
///   hidden), then fades `alpha` to 1. With a zero duration, or no clock,
///   both are immediate. A tap during a fade turns it round: it runs back
///   for as long as it had run.
/// - The host's own tap gesture is not a provider of the controller: the
///   host never adds it, so toggling never re-arms the timeout.
open class TimeoutControllerHost: ReportsChanges {
    /// Where changes of the reported settings are told (see ``ReportsChanges``).
    public let changeReports = ChangeReports()

    /// The view that hides and shows; weak, as an outlet.
    ///
    ///     host.viewToHide = controlsView
    public weak var viewToHide: (any Hideable)?

    /// The gesture whose taps toggle the view; weak, as an outlet. Setting
    /// it stops following the old gesture.
    ///
    ///     host.tapGesture = backgroundTap
    public weak var tapGesture: (any TapRecognizing)? {
        didSet {
            guard tapGesture !== oldValue else { return }
            followTaps()
        }
    }

    /// The controller whose timeout hides the view; weak, as an outlet.
    /// Setting it stops following the old controller.
    ///
    ///     host.timeoutController = controller
    public weak var timeoutController: TimeoutController? {
        didSet {
            guard timeoutController !== oldValue else { return }
            controllerConnection?.disconnect()
            controllerConnection = timeoutController?.timedOut.connect { [weak self] in self?.timeoutDidPass() }
        }
    }

    /// Whether ``start()`` resumes the controller.
    @Reported public var autoStart = true
    /// Whether the view hides when the controller times out.
    @Reported public var autoHide = true
    /// How long a fade takes; zero hides and shows at once.
    @Reported public var animationDuration: Duration = .milliseconds(200)

    /// The clock fades run on; without one they are immediate.
    ///
    ///     host.clock = scheduler
    public var clock: (any BehaviourClock)?

    private var tapConnection: BehaviourConnection?
    private var controllerConnection: BehaviourConnection?
    private var fade: (any AlphaAnimation)?
    /// What the running fade heads for: shown or hidden.
    private var fadeShows = true

    /// A host of `viewToHide` and `tapGesture` whose fades run on `clock`.
    ///
    ///     let host = TimeoutControllerHost(viewToHide: controls, tapGesture: tap, clock: scheduler)
    public init(
        viewToHide: (any Hideable)? = nil, tapGesture: (any TapRecognizing)? = nil,
        clock: (any BehaviourClock)? = nil
    ) {
        self.viewToHide = viewToHide
        self.clock = clock
        self.tapGesture = tapGesture
        followTaps()
    }

    /// With ``autoStart``, resumes the controller: what the object that
    /// wires the host calls once everything is connected.
    ///
    ///     host.start()
    open func start() {
        if autoStart { timeoutController?.resume() }
    }

    /// Whether the view is shown: not hidden and not transparent, or, during
    /// a fade, whether the fade is showing it.
    ///
    ///     host.isShown   // false once the controls faded out
    public var isShown: Bool {
        if let fade, fade.isRunning { return fadeShows }
        guard let view = viewToHide else { return false }
        return !view.isHidden && view.alpha > 0
    }

    /// Whether a fade is running.
    ///
    ///     host.isFading
    public var isFading: Bool { fade?.isRunning ?? false }

    /// What a tap does: hides a shown view and pauses the controller, or
    /// shows a hidden view and resumes the controller.
    ///
    ///     host.toggle()
    open func toggle() {
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
    ///
    ///     host.hideView()
    open func hideView() {
        setShown(false)
    }

    /// Shows the view, then fades it in; turns a fade out round.
    ///
    ///     host.showView()
    open func showView() {
        setShown(true)
    }

    private func followTaps() {
        tapConnection?.disconnect()
        tapConnection = tapGesture?.connectTaps { [weak self] in self?.toggle() }
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
        if shown && view.isHidden {
            view.alpha = 0
            view.isHidden = false
        }
        let target: Double = shown ? 1 : 0
        guard animationDuration > .zero, let clock else {
            view.alpha = target
            if !shown { view.isHidden = true }
            return
        }
        fadeShows = shown
        fade = view.animateAlpha(to: target, duration: animationDuration, clock: clock) { [weak self] finished in
            if finished { self?.fadeDidFinish() }
        }
    }

    /// A fade reached an end: the one it heads for after any reversal.
    private func fadeDidFinish() {
        fade = nil
        if !fadeShows { viewToHide?.isHidden = true }
    }
}
