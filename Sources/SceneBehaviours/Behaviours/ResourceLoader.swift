import Behaviours
import SceneCore

/// The portable `ResourceLoader` in a scene: its resources arrive on the
/// scene's virtual scheduler, taken in ``awake(in:)`` unless it was given
/// a clock, and its `@Reported` state reaches the transcript.
///
/// For its keys, defaults, events, actions and inputs, see
/// `scene-runner types ResourceLoader`.
///
///     let scheduler = VirtualScheduler()
///     let settled = PreemptiveDelay(scheduler: scheduler, delay: .milliseconds(600))
///     let loader = ResourceLoader(scheduler: scheduler, loadTimes: [.seconds(1), .milliseconds(700)])
///     loader.allLoaded = settled
///     settled.fired.connect { print("all loaded at", scheduler.now) }   // 1.6 s
///     loader.start()
///     try scheduler.advance(by: .seconds(3))
extension ResourceLoader: SceneObject, PropertyNotifying {
    /// A loader on `scheduler`, for use without a scene.
    ///
    ///     let loader = ResourceLoader(scheduler: scheduler, loadTimes: [.seconds(1)])
    package convenience init(scheduler: VirtualScheduler, loadTimes: [Duration] = []) {
        self.init(loadTimes: loadTimes, clock: scheduler.clock)
    }

    /// Takes the scene's clock, unless one was given.
    public func awake(in scene: Scene) {
        if clock == nil { clock = scene.scheduler.clock }
    }

    /// Registers `ResourceLoader`: `loadTimes`, `allLoaded`, its read-only
    /// state, `start` and `resourceLoaded`.
    package static func sceneDescription() -> TypeDescription {
        TypeDescription(
            "ResourceLoader", summary: "Loads resources concurrently and reports each as it arrives.",
            make: { ResourceLoader(clock: nil) }
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
            type.event("resourceLoaded", \.resourceLoaded, doc: "A resource arrived.")
        }
    }
}
