import SceneBehaviours
import SceneCore
import SceneLoader
import Testing

/// Loops in the `on:` wiring: `check` warns about each (`wiring-loop`),
/// found by an iterative search however long the loop; an object whose
/// `awake` sends events round a loop fails the load at the object.
@Suite struct WiringLoopTests {
    private func warnings(_ text: String) throws -> [Diagnostic] {
        let loader = SceneLoader(registry: try testRegistry())
        return loader.check(SceneSource(name: "w.yaml", text: text)).filter { $0.code == .wiringLoop }
    }

    @Test func anObjectWiredToItselfIsOneWarningAtIt() throws {
        let found = try warnings(
            """
            objects:
              p: { type: Player, duration: 10s, on: { play: p.pause, pause: p.play } }
            """)
        #expect(found.count == 1)
        #expect(found.first?.severity == .warning)
        #expect(
            found.first?.message
                == "the 'on:' wiring loops: p -> p; if one of these actions sends the event that calls it, "
                + "the run stops with an error")
        #expect(found.first?.span.start.line == 2)
        #expect(found.first?.span.start.column == 3)
    }

    @Test func aLoopThroughSeveralObjectsNamesThemInOrder() throws {
        let found = try warnings(
            """
            objects:
              a: { type: FormBehaviour, on: { submitted: b.submit } }
              b: { type: FormBehaviour, on: { submitted: c.submit } }
              c: { type: FormBehaviour, on: { submitted: a.submit } }
              d: { type: FormBehaviour, on: { submitted: a.submit } }
            """)
        #expect(found.map(\.message).first?.hasPrefix("the 'on:' wiring loops: a -> b -> c -> a;") == true)
        #expect(found.count == 1)
    }

    @Test func aChainWithoutALoopIsNotWarnedAbout() throws {
        let found = try warnings(
            """
            objects:
              a: { type: FormBehaviour, on: { submitted: [b.submit, c.submit] } }
              b: { type: FormBehaviour, on: { submitted: c.submit } }
              c: { type: FormBehaviour }
            """)
        #expect(found.isEmpty)
    }

    @Test func aLoopOf20000ObjectsIsFoundWithoutRecursion() throws {
        let count = 20_000
        let text =
            "objects:\n"
            + (0..<count).map { "  f\($0): { type: FormBehaviour, on: { submitted: f\(($0 + 1) % count).submit } }\n" }
            .joined()
        let found = try warnings(text)
        #expect(found.count == 1)
        #expect(
            found.first?.message.hasPrefix(
                "the 'on:' wiring loops: f0 -> f1 -> f2 -> ... (20000 objects) ... -> f19998 -> f19999 -> f0;") == true)
    }

    @Test func warningsAsErrorsRefusesALoop() throws {
        var loader = SceneLoader(registry: try testRegistry())
        loader.warningsAreErrors = true
        #expect(throws: SceneLoadError.self) {
            try loader.load(
                SceneSource(
                    name: "w.yaml", text: "objects: { f: { type: FormBehaviour, on: { submitted: f.submit } } }"))
        }
    }

    /// Sends `woke` when it wakes, and again from `wake`.
    final class Waker: SceneObject {
        let woke = SceneEvent<Void>()
        func awake(in scene: Scene) { woke.send() }

        static func sceneDescription() -> TypeDescription {
            TypeDescription("Waker", summary: "Sends woke when it wakes.", make: Waker.init) { type in
                type.event("woke", \.woke, doc: "It woke, or was told to wake.")
                type.action("wake", doc: "Sends woke.") { $0.woke.send() }
            }
        }
    }

    @Test func aLoopWhileWakingFailsTheLoadAtTheObject() throws {
        var registry = try testRegistry()
        try registry.register(Waker.sceneDescription())
        let loader = SceneLoader(registry: registry)
        let source = SceneSource(
            name: "w.yaml",
            text: """
                objects:
                  other: { type: View }
                  w: { type: Waker, on: { woke: w.wake } }
                """)
        do {
            _ = try loader.load(source)
            Issue.record("a scene whose object loops while waking loaded")
        } catch {
            let diagnostic = try #require(error.diagnostics.first)
            #expect(diagnostic.code == .objectFailed)
            #expect(diagnostic.span.start.line == 3)
            #expect(diagnostic.message.hasPrefix("while 'w' woke, an event came back to a connection"))
        }
    }
}
