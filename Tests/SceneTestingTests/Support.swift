import SceneTesting

/// A behaviour that reschedules itself with no delay forever: a script
/// that starts it stops on the scheduler's runaway error.
final class Looper: SceneObject {
    private weak var scene: Scene?

    func awake(in scene: Scene) { self.scene = scene }

    func start() {
        scene?.scheduler.schedule(after: .zero) { [weak self] in self?.start() }
    }

    static func sceneDescription() -> TypeDescription {
        TypeDescription("Looper", summary: "Loops at one instant.", make: Looper.init) { type in
            type.action("start", doc: "Starts looping.") { $0.start() }
        }
    }
}

/// The standard types and `Looper`.
var loopingRegistry: SceneRegistry {
    var registry = SceneRegistry.standard
    registry.registerBuiltIn([Looper.sceneDescription()])
    return registry
}

/// The fixtures' folder, relative to the package root.
let fixtures = "Tests/SceneTestingTests/Fixtures"
