import Behaviours
import SceneCore

/// The portable `EventCounter` in a scene: it reads the scene's virtual
/// time, taken in ``awake(in:)`` unless it was given a clock.
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
extension EventCounter: SceneObject, PropertyNotifying {
    /// Takes the scene's clock, unless one was given.
    public func awake(in scene: Scene) {
        if clock == nil { clock = scene.scheduler.clock }
    }

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
