import SceneBehaviours
import SceneCore
import SceneLoader
import Testing

/// The last phase of a load, `SceneAssembler`, the only place objects are
/// made: `SceneLoader.load` checks the whole file, then makes and wires its
/// objects, as `validate` then `instantiate` does. These tests hold the two
/// to the same result, and check that a file with a mistake makes nothing.
@Suite struct AssemblyTests {
    /// Weak references to every `Tracked` object made. Unchecked: a
    /// description's factory must be `@Sendable`, and this one records
    /// into the test's own state; the loader calls it on the test's thread.
    final class Made: @unchecked Sendable {
        struct Entry {
            weak var object: Tracked?
        }
        var entries: [Entry] = []
        /// The children held by the objects made so far, as each new one was made.
        var childrenWhenMade: [Int] = []
        var alive: Int { entries.filter { $0.object != nil }.count }
    }

    /// An object that holds its children strongly once its `parent` is
    /// set, as a view hierarchy does: connecting a `parent` cycle would leak.
    final class Tracked: SceneObject {
        var children: [Tracked] = []
        weak var parent: Tracked? {
            didSet { parent?.children.append(self) }
        }

        func awake(in scene: Scene) {}

        static func sceneDescription(made: Made) -> TypeDescription {
            TypeDescription(
                "Tracked", summary: "Keeps its children.",
                make: {
                    made.childrenWhenMade.append(made.entries.compactMap(\.object).map(\.children.count).reduce(0, +))
                    let object = Tracked()
                    made.entries.append(Made.Entry(object: object))
                    return object
                }
            ) { type in
                type.outlet("parent", \.parent, hierarchy: true, doc: "Holds this one.")
            }
        }
    }

    private func registry(_ made: Made) throws -> SceneRegistry {
        var registry = try testRegistry()
        try registry.register(Tracked.sceneDescription(made: made))
        // Registration makes (and releases) one instance to check the type; only loads count here.
        made.entries.removeAll()
        made.childrenWhenMade.removeAll()
        return registry
    }

    private static let wiring = """
        objects:
          early: {type: Probe, host: late, target: view, items: [button, view], on: {fired: late.reset}}
          view: {type: View}
          button: {type: Button, parent: view, on: {tap: early.fire}}
          late: {type: Probe, host: early, target: button, items: [view], on: {fired: [early.reset, late.reset], changed: early.setRatio}}
          self: {type: Probe, host: self, on: {fired: self.reset}}
        """

    /// What is wired, written out: each probe's outlets, then what firing its events does.
    private func wiring(of scene: Scene) throws -> [String] {
        var lines: [String] = []
        for id in ["early", "late", "self"] {
            let probe = try #require(scene.object(id, as: Probe.self))
            let items = probe.items.objects.map { scene.id(of: $0) ?? "?" }
            lines.append(
                "\(id): host \(probe.host.flatMap { scene.id(of: $0) } ?? "-") target \(probe.target.flatMap { scene.id(of: $0) } ?? "-") items \(items)"
            )
        }
        let button = try #require(scene.object("button", as: Button.self))
        lines.append("button parent \(button.parent.flatMap { scene.id(of: $0) } ?? "-")")
        for id in ["early", "late", "self"] { try #require(scene.object(id, as: Probe.self)).fired.send() }
        try #require(scene.object("late", as: Probe.self)).changed.send(0.25)
        for id in ["early", "late", "self"] {
            let probe = try #require(scene.object(id, as: Probe.self))
            lines.append("\(id): resets \(probe.resets) ratio \(probe.ratio)")
        }
        return lines
    }

    @Test func loadingWiresWhatValidatingThenInstantiatingWires() throws {
        let loader = SceneLoader(registry: try testRegistry())
        let source = SceneSource(name: "wiring.yaml", text: Self.wiring)
        let loaded = try wiring(of: loader.load(source))
        let after = try wiring(of: loader.instantiate(loader.validate(source).get(), source: source))
        #expect(loaded == after)
        #expect(
            loaded == [
                "early: host late target view items [\"button\", \"view\"]",
                "late: host early target button items [\"view\"]",
                "self: host self target - items []",
                "button parent view",
                "early: resets 1 ratio 0.25",
                "late: resets 2 ratio 0.5",
                "self: resets 1 ratio 0.5",
            ])
    }

    @Test func aFileWithAMistakeAfterItsObjectsMakesNothing() throws {
        let made = Made()
        let loader = SceneLoader(registry: try registry(made))
        // 100 objects, each the parent of the next, then a mistake.
        let valid = (0..<100).map { "  o\($0): {type: Tracked\($0 > 0 ? ", parent: o\($0 - 1)" : "")}\n" }
        let text = "objects:\n" + valid.joined() + "  bad: {type: Tracked, colour: red}\n  last: {type: Tracked}\n"
        #expect(throws: SceneLoadError.self) { try loader.load(SceneSource(name: "t.yaml", text: text)) }
        // Objects are made only once the whole file is checked.
        #expect(made.entries.isEmpty)
        #expect(made.alive == 0)
    }

    @Test func aParentCycleFoundAtTheEndLeavesNothingAlive() throws {
        let made = Made()
        let loader = SceneLoader(registry: try registry(made))
        // `a` names itself, so a connected parent outlet would make `a`
        // hold itself; `b` to `d` form a cycle through a later object.
        let text = """
            objects:
              a: {type: Tracked, parent: a}
              b: {type: Tracked, parent: d}
              c: {type: Tracked, parent: b}
              d: {type: Tracked, parent: c}
            """
        do {
            _ = try loader.load(SceneSource(name: "t.yaml", text: text))
            Issue.record("a parent cycle loaded")
        } catch {
            #expect(error.diagnostics.map(\.code) == [.hierarchyCycle, .hierarchyCycle])
        }
        #expect(made.alive == 0)
    }

    @Test func everyObjectIsMadeBeforeAnyOutletIsConnected() throws {
        let made = Made()
        let text = """
            objects:
              a: {type: Tracked}
              b: {type: Tracked, parent: a}
              c: {type: Tracked, parent: d}
              d: {type: Tracked, parent: b}
              e: {type: Tracked}
            """
        let scene = try SceneLoader(registry: try registry(made)).load(SceneSource(name: "t.yaml", text: text))
        // No object holds a child when any object is made: outlets are connected after.
        #expect(made.childrenWhenMade == [0, 0, 0, 0, 0])
        #expect(scene.object("b", as: Tracked.self)?.children.map { scene.id(of: $0) } == ["d"])
        #expect(scene.object("d", as: Tracked.self)?.children.map { scene.id(of: $0) } == ["c"])
    }

    @Test func aValidFileOfTrackedObjectsKeepsThemWhileTheSceneLives() throws {
        let made = Made()
        let loader = SceneLoader(registry: try registry(made))
        do {
            let scene = try loader.load(
                SceneSource(name: "t.yaml", text: "objects:\n  a: {type: Tracked}\n  b: {type: Tracked, parent: a}\n"))
            #expect(scene.object("a", as: Tracked.self)?.children.count == 1)
            #expect(made.alive == 2)
        }
        #expect(made.alive == 0)
    }
}
