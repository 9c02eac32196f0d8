import SceneCore
import Testing

/// `Scene.shared(by:make:)`: one object per asking type and scene, made once.
@Suite struct SceneSharedValueTests {
    private final class Probe: SceneObject {
        func awake(in scene: Scene) {}
    }

    private struct Other {}

    private final class Value {
        let name: String
        init(_ name: String) { self.name = name }
    }

    @Test func aValueIsMadeOnceForEachTypeThatAsks() {
        let scene = Scene(title: nil, summary: nil, entries: [])
        var made = 0
        let first = scene.shared(by: Probe.self) {
            made += 1
            return Value("probe")
        }
        let second = scene.shared(by: Probe.self) {
            made += 1
            return Value("again")
        }
        let other = scene.shared(by: Other.self) {
            made += 1
            return Value("other")
        }
        #expect(first === second)
        #expect([first.name, second.name, other.name] == ["probe", "probe", "other"])
        #expect(made == 2)
    }

    @Test func eachSceneHasItsOwnValues() {
        let one = Scene(title: nil, summary: nil, entries: [])
        let two = Scene(title: nil, summary: nil, entries: [])
        #expect(one.shared(by: Probe.self) { Value("one") }.name == "one")
        #expect(two.shared(by: Probe.self) { Value("two") }.name == "two")
    }
}
