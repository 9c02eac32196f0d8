import Dispatch
import SceneCore
import Synchronization
import Testing

/// The registry and its descriptions are `Sendable`, checked by the
/// compiler: they do not change after registration, so several threads may
/// load and run scenes from one registry (as `scene-runner run --jobs`
/// does). This file only compiles while that holds.
@Suite struct SendableRegistryTests {
    @Test func threadsShareOneRegistryAndEachMakesItsOwnObjects() async throws {
        let registry = try shapesRegistry()
        let sizes = await withTaskGroup(of: Double.self) { group in
            for index in 0..<8 {
                group.addTask {
                    // Everything made here belongs to this task; only the
                    // registry and its descriptions are shared.
                    guard let type = registry.type(named: "Circle"), let size = type.property(named: "size") else {
                        return -1
                    }
                    let circle = type.makeInstance()
                    size.set(.double(Double(index)), on: circle)
                    if case .double(let value) = size.value(of: circle) { return value }
                    return -1
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(sizes.sorted() == (0..<8).map(Double.init))
    }

    @Test func aDescriptionSentToADispatchQueueStillBuildsItsType() {
        let description = Shape.sceneDescription()
        let done = DispatchSemaphore(value: 0)
        let names = Names()
        DispatchQueue.global().async {
            names.record(String(describing: type(of: description.makeInstance())))
            done.signal()
        }
        done.wait()
        #expect(names.all == ["Shape"])
    }

    /// What the other thread saw.
    private final class Names: Sendable {
        private let names = Mutex<[String]>([])
        func record(_ name: String) { names.withLock { $0.append(name) } }
        var all: [String] { names.withLock { $0 } }
    }
}
