import SceneCore
import Testing

/// `Scene.shared(by:make:)`: one value per asking type and scene, made once.
@Suite struct SceneSharedValueTests {
    private final class Probe: SceneObject {
        func awake(in scene: Scene) {}
    }

    private struct Other {}

    @Test func aValueIsMadeOnceForEachTypeThatAsks() {
        let scene = Scene(title: nil, summary: nil, entries: [])
        var made = 0
        let first = scene.shared(by: Probe.self) {
            made += 1
            return "probe"
        }
        let second = scene.shared(by: Probe.self) {
            made += 1
            return "again"
        }
        let other = scene.shared(by: Other.self) {
            made += 1
            return "other"
        }
        #expect([first, second, other] == ["probe", "probe", "other"])
        #expect(made == 2)
    }

    @Test func aMissingValueIsRememberedAsMissing() {
        let scene = Scene(title: nil, summary: nil, entries: [])
        var made = 0
        let first: Int? = scene.shared(by: Probe.self) {
            made += 1
            return nil
        }
        let second: Int? = scene.shared(by: Probe.self) {
            made += 1
            return 7
        }
        #expect(first == nil && second == nil)
        #expect(made == 1)
    }

    @Test func eachSceneHasItsOwnValues() {
        let one = Scene(title: nil, summary: nil, entries: [])
        let two = Scene(title: nil, summary: nil, entries: [])
        #expect(one.shared(by: Probe.self) { 1 } == 1)
        #expect(two.shared(by: Probe.self) { 2 } == 2)
    }
}
