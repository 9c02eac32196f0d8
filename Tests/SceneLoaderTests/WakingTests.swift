import SceneBehaviours
import SceneCore
import SceneLoader
import Testing

/// `TypeDescription.wakes`: the loader calls `awake(in:)` only on the
/// objects of types that wake, and a subtype does not inherit `false`.
@Suite struct WakingTests {
    private final class Counter: SceneObject {
        let log: AwakeLog
        let name: String
        init(log: AwakeLog, name: String) {
            self.log = log
            self.name = name
        }
        func awake(in scene: Scene) { log.entries.append(name) }
    }

    private func registry(_ log: AwakeLog) throws -> SceneRegistry {
        var registry = SceneRegistry.standard
        let quiet = TypeDescription(
            "Quiet", summary: "Does nothing on awake.", wakes: false, make: { Counter(log: log, name: "quiet") })
        try registry.register(quiet)
        try registry.register(
            TypeDescription(
                "Loud", summary: "Extends Quiet and wakes.", base: quiet, make: { Counter(log: log, name: "loud") }))
        return registry
    }

    @Test func onlyObjectsOfTypesThatWakeAreWoken() throws {
        let log = AwakeLog()
        let text = """
            objects:
              a: {type: Quiet}
              b: {type: Loud}
              c: {type: Quiet}
              d: {type: Loud}
            """
        _ = try SceneLoader(registry: try registry(log)).load(SceneSource(name: "w.yaml", text: text))
        #expect(log.entries == ["loud", "loud"])
    }

    @Test func textFieldsStillWakeAndShareTheirCoordinator() throws {
        let text = """
            objects:
              view: {type: View}
              first: {type: TextField, parent: view}
              second: {type: TextField, parent: view}
            """
        let scene = try SceneLoader(registry: .standard).load(SceneSource(name: "w.yaml", text: text))
        let first = try #require(scene.object("first", as: TextField.self))
        let second = try #require(scene.object("second", as: TextField.self))
        #expect(TextField.sceneDescription().wakes)
        #expect(first.focusCoordinator === second.focusCoordinator)
        #expect(!View.sceneDescription().wakes)
    }
}
