import SceneCore

/// A stand-in for a library that fetches resources concurrently and only
/// reports each one as it arrives; a ``PreemptiveDelay`` it triggers on
/// each arrival tells when all have loaded.
///
/// For its keys, defaults, events, actions and inputs, see
/// `scene-runner types ResourceLoader`.
///
///     let scheduler = VirtualScheduler()
///     let settled = PreemptiveDelay(scheduler: scheduler, delay: .milliseconds(600))
///     let loader = ResourceLoader(scheduler: scheduler, loadTimes: [.seconds(2), .milliseconds(300)])
///     loader.allLoaded = settled
///     settled.fired.connect { print("all loaded at", scheduler.now) }   // 2.6 s
///     loader.start()
///     try scheduler.advance(by: .seconds(3))
///
/// The timing contract:
/// - ``start()`` starts every resource at once: resource i arrives at the
///   start time plus `loadTimes[i]`. Arrivals at one instant come in the
///   order of `loadTimes`.
/// - Each arrival counts in ``loadedCount``, calls ``allLoaded``'s
///   ``PreemptiveDelay/trigger()``, then sends `resourceLoaded`.
/// - So `allLoaded` fires once, its own `delay` after the last arrival,
///   provided that delay is longer than the longest gap between two
///   consecutive arrivals (a "brief timer": the client does not
///   know how many resources there are, only that none came for a while).
///   With a shorter delay it fires early, once per gap it does not cover;
///   with a zero delay, once per distinct arrival time.
/// - ``start()`` while loading is ignored; after the last arrival it loads
///   everything again, ``loadedCount`` starting from zero. With no load
///   times nothing loads: it only sets ``loadedCount`` back to zero, and
///   is ignored when it is zero already.
///
/// It reads time from the scene's ``VirtualScheduler``, taken in
/// ``awake(in:)`` (or given to ``init(scheduler:loadTimes:)``).
package final class ResourceLoader: SceneObject, PropertyNotifying {
    /// Who follows the declared properties (see ``PropertyNotifying``); `nil`
    /// until someone does.
    package final var propertyObservers: PropertyObservers?
    /// How long each resource takes to load, one per resource.
    package var loadTimes: [Duration] = [] {
        didSet { propertyDidChange(\.loadTimes, from: oldValue, to: loadTimes) }
    }

    /// Triggered on each arrival; its `fired` means all loaded. Weak, as
    /// every outlet.
    package weak var allLoaded: PreemptiveDelay?

    /// How many resources arrived since the last ``start()``.
    package private(set) var loadedCount = 0 {
        didSet { propertyDidChange(\.loadedCount, from: oldValue, to: loadedCount) }
    }

    /// Whether resources are still on their way.
    package var isLoading: Bool { remaining > 0 }

    /// Sent as each resource arrives (`resourceLoaded`).
    package private(set) lazy var resourceLoaded = SceneEvent<Void>()

    /// The clock: the scene's, from ``awake(in:)``, unless one was given.
    package private(set) var scheduler: VirtualScheduler?

    /// Resources still on their way.
    private var remaining = 0 {
        didSet { propertyMayHaveChanged(\.isLoading) }
    }

    /// A loader with no resources; it gets its scheduler in ``awake(in:)``.
    package init() {}

    /// A loader on `scheduler`, for use without a scene.
    package init(scheduler: VirtualScheduler, loadTimes: [Duration] = []) {
        self.scheduler = scheduler
        self.loadTimes = loadTimes
    }

    /// Takes the scene's scheduler, unless one was given.
    package func awake(in scene: Scene) {
        if scheduler == nil { scheduler = scene.scheduler }
    }

    /// Starts loading every resource at once (the `start` action); ignored
    /// while loading, without a scheduler, and with nothing to load and
    /// nothing to reset.
    @discardableResult
    package func start() -> ActionOutcome {
        guard !isLoading else { return .ignored(because: "it is already loading") }
        guard let scheduler else { return .ignored(because: "it has no clock") }
        guard !loadTimes.isEmpty || loadedCount != 0 else { return .ignored(because: "it has no resources to load") }
        loadedCount = 0
        remaining = loadTimes.count
        for loadTime in loadTimes {
            scheduler.schedule(after: loadTime) { [weak self] in self?.arrived() }
        }
        return .handled
    }

    private func arrived() {
        remaining -= 1
        loadedCount += 1
        allLoaded?.trigger()
        resourceLoaded.send()
    }

    // MARK: Registration

    /// Registers `ResourceLoader`: `loadTimes`, `allLoaded`, its read-only
    /// state, `start` and `resourceLoaded`.
    package static func sceneDescription() -> TypeDescription {
        TypeDescription(
            "ResourceLoader", summary: "Loads resources concurrently and reports each as it arrives.",
            make: { ResourceLoader() }
        ) { type in
            type.property(
                "loadTimes", \.loadTimes, range: 0...Double.infinity,
                changeEvent: true, doc: "How long each resource takes to load, one per resource.")
            type.outlet(
                "allLoaded", get: { $0.allLoaded }, set: { $0.allLoaded = $1 },
                doc: "Triggered on each arrival; its fired means all loaded if its delay covers the gaps.")
            type.readOnly("loadedCount", \.loadedCount, doc: "Resources arrived since the last start.")
            type.readOnly("loading", \.isLoading, doc: "Whether resources are still on their way.")
            type.action("start", doc: "Starts loading every resource at once; ignored while loading.") {
                $0.start()
            }
            type.event(
                "resourceLoaded", connect: { $0.resourceLoaded.connect($1) }, doc: "A resource arrived.")
        }
    }
}
