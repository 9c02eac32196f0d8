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

    /// Writes no `awake(in:)`: the protocol's default is its awake.
    private final class Plain: SceneObject {
        var tag = 0
    }

    private class Root: SceneObject {
        let log: AwakeLog
        init(log: AwakeLog) { self.log = log }
        func awake(in scene: Scene) {}
    }

    private final class Leaf: Root {
        override func awake(in scene: Scene) { log.entries.append("leaf") }
    }

    @Test func aTypeWithoutAwakeLoadsWhetherOrNotItWakes() throws {
        var registry = SceneRegistry.standard
        try registry.register(
            TypeDescription(
                "Plain", summary: "Writes no awake.", wakes: false, make: Plain.init,
                members: { $0.property("tag", get: { $0.tag }, set: { $0.tag = $1 }, doc: "A number.") }))
        try registry.register(TypeDescription("Woken", summary: "Wakes by default.", make: Plain.init))
        let text = """
            objects:
              a: {type: Plain, tag: 3}
              b: {type: Woken}
            """
        let scene = try SceneLoader(registry: registry).load(SceneSource(name: "w.yaml", text: text))
        #expect(scene.object("a", as: Plain.self)?.tag == 3)
        #expect(scene.object("b", as: Plain.self) != nil)
    }

    @Test func aSubclassOverridingItsRootsAwakeIsWoken() throws {
        let log = AwakeLog()
        var registry = SceneRegistry.standard
        let root = TypeDescription("Root", summary: "Declares an empty awake.", make: { Root(log: log) })
        try registry.register(root)
        try registry.register(TypeDescription("Leaf", summary: "Overrides it.", base: root, make: { Leaf(log: log) }))
        let text = """
            objects:
              r: {type: Root}
              l: {type: Leaf}
            """
        _ = try SceneLoader(registry: registry).load(SceneSource(name: "w.yaml", text: text))
        #expect(log.entries == ["leaf"])
    }
}
