/// A stand-in for a library that fetches resources concurrently and only
/// reports each one as it arrives; a ``PreemptiveDelay`` it triggers on
/// each arrival tells when all have loaded.
///
///     let settled = PreemptiveDelay(delay: .milliseconds(600))
///     let loader = ResourceLoader(loadTimes: [.seconds(1), .milliseconds(700)])
///     loader.allLoaded = settled
///     settled.fired.connect { print("all loaded") }   // 1.6 s after start
///     loader.start()
///
/// The timing contract:
/// - ``start()`` starts every resource at once: resource i arrives at the
///   start time plus `loadTimes[i]`. Arrivals at one instant come in the
///   order of ``loadTimes``.
/// - Each arrival counts in ``loadedCount``, calls ``allLoaded``'s
///   ``PreemptiveDelay/trigger()``, then sends ``resourceLoaded``.
/// - So ``allLoaded`` fires once, its own `delay` after the last arrival,
///   provided that delay is longer than the longest gap between two
///   consecutive arrivals (a "brief timer": the client does not know how
///   many resources there are, only that none came for a while). With a
///   shorter delay it fires early, once per gap it does not cover; with a
///   zero delay, once per distinct arrival time.
/// - ``start()`` while loading is ignored; after the last arrival it loads
///   everything again, ``loadedCount`` starting from zero. With no load
///   times nothing loads: it only sets ``loadedCount`` back to zero, and is
///   ignored when it is zero already.
///
/// It reads time from its ``clock``: ``MainClock/shared`` for one made with
/// ``init(loadTimes:)`` on the main thread, the scene's virtual scheduler in
/// a scene. Its state is ``Reported``.
open class ResourceLoader: ReportsChanges {
    /// Where changes of the reported state are told (see ``ReportsChanges``).
    public let changeReports = ChangeReports()

    /// How long each resource takes to load, one per resource.
    ///
    ///     loader.loadTimes = [.seconds(1), .milliseconds(300)]
    @Reported public var loadTimes: [Duration] = []

    /// Triggered on each arrival; its `fired` means all loaded. Weakly held.
    ///
    ///     loader.allLoaded = settled
    public weak var allLoaded: PreemptiveDelay?

    /// How many resources arrived since the last ``start()``.
    ///
    ///     loader.loadedCount   // 2 once both arrived
    @Reported public private(set) var loadedCount = 0

    /// Whether resources are still on their way.
    ///
    ///     if !loader.isLoading { loader.start() }
    @Reported public private(set) var isLoading = false

    /// Sent as each resource arrives, after ``allLoaded`` is triggered.
    ///
    ///     let connection = loader.resourceLoaded.connect { print(loader.loadedCount) }
    public let resourceLoaded = BehaviourEvent<Void>()

    /// The clock resources arrive on; without one, ``start()`` is ignored.
    ///
    ///     loader.clock = scheduler.clock
    public var clock: (any BehaviourClock)?

    /// Resources still on their way.
    private var remaining = 0 {
        didSet { isLoading = remaining > 0 }
    }

    /// A loader of resources taking `loadTimes` on `clock` (none: it loads
    /// nothing until given one).
    ///
    ///     let loader = ResourceLoader(loadTimes: [.seconds(1)], clock: scheduler.clock)
    public init(loadTimes: [Duration] = [], clock: (any BehaviourClock)?) {
        self.loadTimes = loadTimes
        self.clock = clock
    }

    /// A loader on the main thread's real clock: what an app makes.
    ///
    ///     let loader = ResourceLoader(loadTimes: [.seconds(1), .milliseconds(700)])
    @MainActor
    public convenience init(loadTimes: [Duration] = []) {
        self.init(loadTimes: loadTimes, clock: MainClock.shared)
    }

    /// Starts loading every resource at once; ignored while loading,
    /// without a clock, and with nothing to load and nothing to reset.
    ///
    ///     loader.start()
    @discardableResult
    open func start() -> ActionOutcome {
        guard !isLoading else { return .ignored(because: "it is already loading") }
        guard let clock else { return .ignored(because: "it has no clock") }
        guard !loadTimes.isEmpty || loadedCount != 0 else { return .ignored(because: "it has no resources to load") }
        loadedCount = 0
        remaining = loadTimes.count
        for loadTime in loadTimes {
            clock.schedule(after: loadTime) { [weak self] in self?.arrived() }
        }
        return .handled
    }

    private func arrived() {
        remaining -= 1
        loadedCount += 1
        allLoaded?.trigger()
        resourceLoaded.send()
    }
}
