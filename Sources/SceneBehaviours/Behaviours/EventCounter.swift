import SceneCore

/// Counts the events connected to it and remembers when the last came: a
/// general sink for demos and tests.
///
/// For its keys, defaults, events, actions and inputs, see
/// `scene-runner types EventCounter`.
///
///     objects:
///       stopped: { type: PreemptiveDelay, delay: 0.5s, on: { fired: settled.fire } }
///       settled: { type: EventCounter }
///     script:
///       - call: stopped.trigger
///       - wait: 0.5s
///       - expect: { settled.count: 1, settled.lastFiredAt: 0.5s }
///
/// Inside a timer's callback the scene time is that timer's deadline, so
/// an event sent by a timer is recorded at the instant it was due. It
/// reads time from the scene's ``VirtualScheduler``, taken in
/// ``awake(in:)`` (or given to ``init(scheduler:)``); without one, time is
/// zero, where a scene's clock starts.
package final class EventCounter: SceneObject, PropertyNotifying {
    /// Who follows its properties (see ``PropertyNotifying``); `nil` until someone does.
    package var propertyObservers: PropertyObservers?

    /// How many times ``fire()`` was called.
    package private(set) var count = 0 {
        didSet { propertyDidChange(\.count, from: oldValue, to: count) }
    }

    /// The scene time of the last ``fire()``, or `nil` before the first.
    package private(set) var lastFiredAt: Duration? {
        didSet { propertyDidChange(\.lastFiredAt, from: oldValue, to: lastFiredAt) }
    }

    /// The clock: the scene's, from ``awake(in:)``, unless one was given.
    package private(set) var scheduler: VirtualScheduler?

    /// A counter at zero; it gets its scheduler in ``awake(in:)``.
    package init() {}

    /// A counter on `scheduler`, for use without a scene.
    package init(scheduler: VirtualScheduler) {
        self.scheduler = scheduler
    }

    /// Takes the scene's scheduler, unless one was given.
    package func awake(in scene: Scene) {
        if scheduler == nil { scheduler = scene.scheduler }
    }

    /// Counts one event and records the time (the `fire` action).
    package func fire() {
        count += 1
        lastFiredAt = scheduler?.now ?? .zero
    }

    // MARK: Registration

    /// Registers `EventCounter`: `count`, `lastFiredAt` and `fire`.
    package static func sceneDescription() -> TypeDescription {
        TypeDescription(
            "EventCounter", summary: "Counts the events connected to its fire action, with the last one's time.",
            make: { EventCounter() }
        ) { type in
            type.readOnly("count", \.count, doc: "How many times fire was called.")
            type.readOnly(
                "lastFiredAt", \.lastFiredAt, doc: "The scene time of the last fire, or null before the first."
            )
            type.action("fire", doc: "Counts one event and records the scene time.") { $0.fire() }
        }
    }
}
