import SceneCore
import Testing

/// The scheduler's firings and the scene's ignored actions and failures
/// are told to any number of observers, each until its connection is
/// disconnected: connecting one never replaces another.
@Suite struct ObserverConnectionTests {
    final class Owner: SceneObject {
        func awake(in scene: Scene) {}
    }

    @Test func severalFiringObserversEachHearEveryFiringUntilDisconnected() throws {
        let scheduler = VirtualScheduler()
        var heard: [String] = []
        let first = scheduler.observeFirings { heard.append("first \($0.deadline.sceneText)") }
        scheduler.observeFirings { heard.append("second \($0.deadline.sceneText)") }
        scheduler.schedule(after: .seconds(1)) {}
        scheduler.schedule(after: .seconds(2)) {}
        try scheduler.advance(by: .seconds(1))
        first.disconnect()
        try scheduler.advance(by: .seconds(1))
        #expect(heard == ["first 1s", "second 1s", "second 2s"])
        #expect(!first.isConnected)
    }

    @Test func anObserverDisconnectedByAnotherDuringAFiringIsNotCalled() throws {
        let scheduler = VirtualScheduler()
        var heard: [String] = []
        var second: SceneConnection?
        scheduler.observeFirings { _ in
            heard.append("first")
            second?.disconnect()
        }
        second = scheduler.observeFirings { _ in heard.append("second") }
        scheduler.schedule(after: .seconds(1)) {}
        try scheduler.advance(by: .seconds(1))
        #expect(heard == ["first"])
    }

    @Test func failuresGoToEveryObserverAndAreKeptOnlyWhenNobodyListens() {
        let owner = Owner()
        let scene = Scene(
            title: nil, summary: nil,
            entries: [
                Scene.Entry(
                    id: "owner", type: TypeDescription("Owner", summary: "", make: Owner.init) { _ in }, object: owner)
            ])
        scene.reportFailure(of: owner, "before")
        var first: [String] = []
        var second: [String] = []
        let connection = scene.observeFailures { first.append($0.message) }
        scene.observeFailures { second.append("\($0.objectID ?? "?"): \($0.message)") }
        scene.reportFailure(of: owner, "during")
        connection.disconnect()
        scene.reportFailure(of: owner, "after")
        #expect(first == ["during"])
        #expect(second == ["owner: during", "owner: after"])
        #expect(scene.failures.map(\.message) == ["before"])
    }

    @Test func ignoredActionsGoToEveryObserverUntilDisconnected() {
        let owner = Owner()
        let type = TypeDescription("Owner", summary: "", make: Owner.init) { type in
            type.action("poke", doc: "Does nothing.") { _ in .ignored(because: "nothing to do") }
        }
        let scene = Scene(
            title: nil, summary: nil, entries: [Scene.Entry(id: "owner", type: type, object: owner)])
        guard let poke = type.actions["poke"] else {
            Issue.record("no poke action")
            return
        }
        var first: [String] = []
        var second: [String] = []
        let connection = scene.observeIgnoredActions {
            first.append("\($0.objectIndex) \($0.action.name): \($0.reason)")
        }
        scene.observeIgnoredActions { second.append($0.reason) }
        scene.reportIgnoredAction(poke, of: 0, because: "nothing to do")
        connection.disconnect()
        scene.reportIgnoredAction(poke, of: 0, because: "still nothing")
        #expect(first == ["0 poke: nothing to do"])
        #expect(second == ["nothing to do", "still nothing"])
    }
}
