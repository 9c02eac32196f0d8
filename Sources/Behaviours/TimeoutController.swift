/// A timeout that the user's touches hold off: the timer half of
/// auto-hiding controls (a video player's controls that hide after three
/// seconds without a touch).
///
///     let controller = TimeoutController(providers: [playButton, volumeSlider], timeout: .seconds(3))
///     controller.timeoutHandler = { controls.isHidden = true }
///     controller.resume()      // three seconds without a touch: the controls hide
///
/// The timing contract:
/// - ``resume()`` marks the controller running and starts a full timeout,
///   replacing any pending one (there is never more than one timer).
///   Restarting the timeout is its effect even when it was running, so it
///   is ignored only when it changes nothing: running already while a
///   touch is in progress.
/// - ``pause()`` cancels the pending timeout and marks it not running:
///   it never times out until the next ``resume()``. Ignored when it is
///   not running (paused, timed out, or never resumed).
/// - Touches are counted per touch across all providers, and those told
///   by ``interactionBegan()`` and ``interactionEnded()``. A touch that
///   begins cancels the pending timeout; when the last active touch ends
///   or is cancelled and the controller is running, a full timeout starts.
///   While a touch is active, ``resume()`` waits for it to end.
/// - Touches while not running are counted but arm nothing.
/// - Setting ``timeout`` while a timeout is pending restarts it with the
///   new value.
/// - A timeout calls ``timeoutHandler``, sends ``timedOut`` exactly once,
///   and leaves the controller not running until the next ``resume()``.
///
/// It reads time from its ``clock``: ``MainClock/shared`` for one made with
/// ``init(providers:timeout:)`` on the main thread, the scene's virtual
/// scheduler in a scene. Its state is ``Reported``: SwiftUI and the scene
/// runtime follow it.
open class TimeoutController: ReportsChanges {
    /// Where changes of the reported state are told (see ``ReportsChanges``).
    public let changeReports = ChangeReports()

    /// How long after the last interaction, or after ``resume()``, the
    /// controller times out. Setting it restarts a pending timeout.
    ///
    ///     controller.timeout = .seconds(5)
    @Reported public var timeout: Duration = .seconds(5) {
        didSet { if isPending { arm() } }
    }

    /// Called when a timeout passes, before ``timedOut`` is sent.
    ///
    ///     controller.timeoutHandler = { [weak controls] in controls?.isHidden = true }
    public var timeoutHandler: (() -> Void)?

    /// Sent when a timeout passes, after ``timeoutHandler``.
    ///
    ///     let connection = controller.timedOut.connect { print("timed out") }
    public let timedOut = BehaviourEvent<Void>()

    /// The clock it times out on; a controller without one arms nothing
    /// until it is given one.
    ///
    ///     controller.clock = scheduler   // a scene's virtual clock
    public var clock: (any BehaviourClock)? {
        didSet {
            guard clock !== oldValue else { return }
            if let timer, let oldValue { oldValue.cancel(timer) }
            timer = nil
            if isRunning && activeInteractions == 0 { arm() }
        }
    }

    /// Whether the controller is running: resumed, and neither paused nor
    /// timed out since.
    @Reported public private(set) var isRunning = false

    /// How many touches are in progress across all providers.
    @Reported public private(set) var activeInteractions = 0

    /// Whether a timeout is scheduled.
    @Reported public private(set) var isPending = false

    private var timer: ClockTimer? {
        didSet { isPending = timer != nil }
    }
    private var watches: [ProviderWatch] = []
    /// The touches told by ``interactionBegan()`` and not yet ended.
    private var directTouches = 0
    /// How many timeouts were scheduled: the pending one's number.
    private var timeoutsStarted: UInt64 = 0

    /// One provider followed, with its touches in progress.
    final class ProviderWatch {
        weak var provider: (any InteractionProviding)?
        var connection: BehaviourConnection?
        var activeTouches = 0

        init(provider: any InteractionProviding) {
            self.provider = provider
        }
    }

    /// A controller on `clock` (none: it arms nothing until given one),
    /// following the touches of `providers`.
    ///
    ///     let controller = TimeoutController(providers: [button], timeout: .seconds(3), clock: scheduler)
    public init(
        providers: [any InteractionProviding] = [], timeout: Duration = .seconds(5),
        clock: (any BehaviourClock)?
    ) {
        self.clock = clock
        self.timeout = timeout
        self.providers = providers
    }

    /// A controller on the main thread's real clock, following the touches
    /// of `providers`: what an app makes.
    ///
    ///     let controller = TimeoutController(providers: [playButton, volumeSlider], timeout: .seconds(3))
    @MainActor
    public convenience init(providers: [any InteractionProviding], timeout: Duration) {
        self.init(providers: providers, timeout: timeout, clock: MainClock.shared)
    }

    /// The objects whose touches hold the timeout off, weakly held: those
    /// still alive. Setting the list stops following the old providers and
    /// follows the new ones, each once.
    ///
    ///     controller.providers = [playButton, volumeSlider, backgroundTap]
    public var providers: [any InteractionProviding] {
        get { watches.compactMap(\.provider) }
        set { follow(newValue) }
    }

    /// Starts a full timeout and marks the controller running; a pending
    /// timeout is replaced, not doubled. While a touch is in progress the
    /// timeout starts when the last one ends; a resume then is ignored if
    /// the controller was already running.
    ///
    ///     controller.resume()
    @discardableResult
    open func resume() -> ActionOutcome {
        if activeInteractions > 0 && isRunning {
            return .ignored(because: "it is already running and waits for the touches in progress to end")
        }
        isRunning = true
        if activeInteractions == 0 {
            arm()
        } else {
            disarm()
        }
        return .handled
    }

    /// Cancels the pending timeout and marks the controller not running;
    /// ignored when it is not running.
    ///
    ///     controller.pause()
    @discardableResult
    open func pause() -> ActionOutcome {
        guard isRunning else { return .ignored(because: "it is not running") }
        isRunning = false
        disarm()
        return .handled
    }

    /// A touch began that no provider reports: what an object that pushes
    /// its touches calls (the seed's interaction providers do).
    ///
    ///     controller.interactionBegan()   // held off until interactionEnded()
    open func interactionBegan() {
        directTouches += 1
        activeInteractions += 1
        disarm()
    }

    /// A touch told by ``interactionBegan()`` ended; one without a
    /// beginning is not counted.
    ///
    ///     controller.interactionEnded()
    open func interactionEnded() {
        guard directTouches > 0 else { return }
        directTouches -= 1
        touchEnded()
    }

    // MARK: Touches

    /// Counts one phase of a touch on one provider.
    func interaction(_ phase: InteractionPhase, on watch: ProviderWatch) {
        switch phase {
        case .began:
            watch.activeTouches += 1
            activeInteractions += 1
            disarm()
        case .ended, .cancelled:
            // A provider followed in the middle of a touch reports its end
            // without its beginning: it does not count.
            guard watch.activeTouches > 0 else { return }
            watch.activeTouches -= 1
            touchEnded()
        }
    }

    private func touchEnded() {
        activeInteractions -= 1
        if activeInteractions == 0 && isRunning { arm() }
    }

    private func follow(_ providers: [any InteractionProviding]) {
        for watch in watches {
            watch.connection?.disconnect()
            activeInteractions -= watch.activeTouches
        }
        watches = []
        // A provider listed twice is followed once; a set keeps this linear in the providers.
        var followed = Set<ObjectIdentifier>()
        for provider in providers where followed.insert(ObjectIdentifier(provider)).inserted {
            let watch = ProviderWatch(provider: provider)
            // The provider holds the handler, which holds the watch, which
            // holds the provider weakly: no cycle.
            watch.connection = provider.connectInteractions { [weak self] phase in
                self?.interaction(phase, on: watch)
            }
            watches.append(watch)
        }
        if isRunning && activeInteractions == 0 && timer == nil { arm() }
    }

    // MARK: The timer

    /// Replaces any pending timeout with a full one.
    func arm() {
        disarm()
        guard let clock else { return }
        schedule(on: clock)
    }

    /// Schedules a full timeout and makes it the pending one.
    func schedule(on clock: any BehaviourClock) {
        timeoutsStarted &+= 1
        let number = timeoutsStarted
        timer = clock.schedule(after: timeout) { [weak self] in self?.fire(number) }
    }

    private func disarm() {
        guard let timer else { return }
        clock?.cancel(timer)
        self.timer = nil
    }

    /// The timeout numbered `number` passed. There is only ever one
    /// (`arm()` cancels the one before); a timeout that is not the pending
    /// one still stops the controller, and leaves the pending one be.
    private func fire(_ number: UInt64) {
        if number == timeoutsStarted { timer = nil }
        isRunning = false
        timeoutHandler?()
        timedOut.send()
    }
}
