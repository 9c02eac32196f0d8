import SceneCore

/// A timeout that the user's touches hold off: the timer half of
/// auto-hiding controls.
///
/// For its keys, defaults, events, actions and inputs, see
/// `scene-runner types TimeoutController`.
///
///     let scheduler = VirtualScheduler()
///     let controller = TimeoutController(scheduler: scheduler, timeout: .seconds(3))
///     controller.providers = WeakList([playButton, volumeSlider])
///     controller.timedOut.connect { controls.hidden = true }
///     controller.resume()
///     try scheduler.advance(by: .seconds(3))   // timedOut: the controls hide
///
/// The timing contract:
/// - ``resume()`` marks the controller running and starts a full timeout,
///   replacing any pending one (there is never more than one timer).
///   Restarting the timeout is its effect even when it was running, so it
///   is ignored only when it changes nothing: running already while a
///   touch is in progress.
/// - ``pause()`` cancels the pending timeout and marks it not running:
///   `timedOut` never fires until the next ``resume()``. Ignored when it is
///   not running (paused, timed out, or never resumed): nothing is pending
///   then.
/// - Touches are counted per touch across all providers. A touch that
///   begins cancels the pending timeout; when the last active touch ends or
///   is cancelled and the controller is running, a full timeout starts.
///   While a touch is active, ``resume()`` waits for it to end.
/// - Touches while not running are counted but arm nothing.
/// - Setting ``timeout`` while a timeout is pending restarts it with the
///   new value.
/// - A timeout sends `timedOut` exactly once and leaves the controller not
///   running until the next ``resume()``.
///
/// It reads time from the scene's ``VirtualScheduler``, taken in
/// ``awake(in:)`` (or given to ``init(scheduler:timeout:)``). It connects
/// to each provider's ``InteractionProvider/interaction`` from the moment
/// ``providers`` is set, and disconnects from the old providers when the
/// list changes.
package class TimeoutController: SceneObject, PropertyNotifying {
    /// Who follows the declared properties (see ``PropertyNotifying``); `nil`
    /// until someone does.
    package final var propertyObservers: PropertyObservers?
    /// How long after the last interaction, or after ``resume()``, the
    /// controller times out. Setting it restarts a pending timeout.
    package var timeout: Duration = .seconds(5) {
        didSet {
            if isPending { arm() }
            propertyDidChange(\.timeout, from: oldValue, to: timeout)
        }
    }

    /// The objects whose touches hold the timeout off, weakly held. Setting
    /// the list stops observing the old providers and observes the new ones.
    package var providers = WeakList<any InteractionProvider>() {
        didSet { observeProviders() }
    }

    /// Sent when a timeout passes (`timedOut`).
    package private(set) lazy var timedOut = SceneEvent<Void>()

    /// The clock: the scene's, from ``awake(in:)``, unless one was given.
    package private(set) var scheduler: VirtualScheduler?

    /// Whether the controller is running: resumed, and neither paused nor
    /// timed out since.
    package private(set) var isRunning = false {
        didSet { propertyDidChange(\.isRunning, from: oldValue, to: isRunning) }
    }

    /// How many touches are in progress across all providers.
    package private(set) var activeInteractions = 0 {
        didSet { propertyDidChange(\.activeInteractions, from: oldValue, to: activeInteractions) }
    }

    /// Whether a timeout is scheduled.
    package var isPending: Bool { timer != nil }

    private var timer: VirtualScheduler.TimerID? {
        didSet { propertyMayHaveChanged(\.isPending) }
    }
    private var observations: [Observation] = []
    /// How many timeouts were scheduled: the pending one's number.
    private var timeoutsStarted: UInt64 = 0

    /// One provider observed, with its touches in progress.
    final class Observation {
        weak var provider: (any InteractionProvider)?
        var connection: SceneConnection?
        var activeTouches = 0

        init(provider: any InteractionProvider) {
            self.provider = provider
        }
    }

    /// A controller with the defaults above; it gets its scheduler in
    /// ``awake(in:)``.
    package init() {}

    /// A controller on `scheduler`, for use without a scene.
    package init(scheduler: VirtualScheduler, timeout: Duration = .seconds(5)) {
        self.scheduler = scheduler
        self.timeout = timeout
    }

    /// Takes the scene's scheduler (unless one was given), and starts the
    /// timeout if ``resume()`` came first.
    package func awake(in scene: Scene) {
        if scheduler == nil { scheduler = scene.scheduler }
        if isRunning && activeInteractions == 0 && timer == nil { arm() }
    }

    /// Starts a full timeout and marks the controller running (the `resume`
    /// action); a pending timeout is replaced, not doubled. While a touch is
    /// in progress the timeout starts when the last one ends; a resume then
    /// is ignored if the controller was already running.
    @discardableResult
    package func resume() -> ActionOutcome {
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

    /// Cancels the pending timeout and marks the controller not running
    /// (the `pause` action); ignored when it is not running.
    @discardableResult
    package func pause() -> ActionOutcome {
        guard isRunning else { return .ignored(because: "it is not running") }
        isRunning = false
        disarm()
        return .handled
    }

    // MARK: Interactions

    /// Counts one phase of a touch on one provider.
    func interaction(_ phase: InteractionPhase, on observation: Observation) {
        switch phase {
        case .began:
            observation.activeTouches += 1
            activeInteractions += 1
            disarm()
        case .ended, .cancelled:
            // A provider observed in the middle of a touch reports its end
            // without its beginning: it does not count.
            guard observation.activeTouches > 0 else { return }
            observation.activeTouches -= 1
            activeInteractions -= 1
            if activeInteractions == 0 && isRunning { arm() }
        }
    }

    private func observeProviders() {
        for observation in observations {
            observation.connection?.disconnect()
            activeInteractions -= observation.activeTouches
        }
        observations = []
        // A provider listed twice is observed once; a set keeps this linear in the providers.
        var observed = Set<ObjectIdentifier>()
        for provider in providers.elements where observed.insert(ObjectIdentifier(provider)).inserted {
            let observation = Observation(provider: provider)
            // The provider's event holds the handler, which holds the
            // observation, which holds the provider weakly: no cycle.
            observation.connection = provider.interaction.connect { [weak self] phase in
                self?.interaction(phase, on: observation)
            }
            observations.append(observation)
        }
        if isRunning && activeInteractions == 0 && timer == nil { arm() }
    }

    // MARK: The timer

    /// Replaces any pending timeout with a full one.
    func arm() {
        disarm()
        guard let scheduler else { return }  // armed in `awake(in:)`
        schedule(on: scheduler)
    }

    /// Schedules a full timeout and makes it the pending one.
    func schedule(on scheduler: VirtualScheduler) {
        timeoutsStarted &+= 1
        let number = timeoutsStarted
        timer = scheduler.schedule(after: timeout) { [weak self] in self?.fire(number) }
    }

    private func disarm() {
        guard let timer else { return }
        scheduler?.cancel(timer)
        self.timer = nil
    }

    /// The timeout numbered `number` passed. There is only ever one
    /// (`arm()` cancels the one before); a timeout that is not the pending
    /// one still stops the controller, and leaves the pending one be.
    private func fire(_ number: UInt64) {
        if number == timeoutsStarted { timer = nil }
        isRunning = false
        timedOut.send()
    }

    // MARK: Registration

    /// Registers `TimeoutController`: `timeout`, the `providers` collection,
    /// its read-only state, `resume`/`pause` and `timedOut`.
    /// Each instance comes from `make`: a subclass's, for a variant of the
    /// type under the same name and keys.
    package static func sceneDescription(
        make: @escaping @Sendable () -> TimeoutController = { TimeoutController() }
    ) -> TypeDescription {
        TypeDescription(
            "TimeoutController", summary: "A timeout that touches on its providers hold off: event timedOut.",
            make: make
        ) { type in
            type.property(
                "timeout", \.timeout, changeEvent: true,
                doc: "How long after resume or the last touch it times out; setting it restarts a pending timeout.")
            type.outletCollection(
                "providers", get: { $0.providers }, set: { $0.providers = $1 },
                doc: "Whose touches hold the timeout off, counted per touch across all of them.")
            type.readOnly("running", \.isRunning, doc: "Resumed, and neither paused nor timed out since.")
            type.readOnly("pending", \.isPending, doc: "Whether a timeout is scheduled.")
            type.readOnly("activeInteractions", \.activeInteractions, doc: "Touches in progress across all providers.")
            type.action("resume", doc: "Starts a full timeout (replacing a pending one) and runs.") { $0.resume() }
            type.action("pause", doc: "Cancels the pending timeout and stops running; ignored when not running.") {
                $0.pause()
            }
            type.event(
                "timedOut", connect: { $0.timedOut.connect($1) },
                doc: "The timeout passed; the controller stops running.")
        }
    }
}
