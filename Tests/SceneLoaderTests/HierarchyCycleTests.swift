import SceneBehaviours
import SceneCore
import SceneLoader
import TestSupport
import Testing

/// The validator walks `parent` chains only from objects whose parent is
/// themselves or declared after them. These tests hold its cycle reports to
/// those of walks from every object in declaration order, over many random
/// hierarchies.
@Suite struct HierarchyCycleTests {
    /// The cycles that walks from every object in order find, worded as the
    /// loader words them: "a -> b -> a".
    private func cyclesByWalkingFromEveryObject(_ parents: [Int?], ids: [String]) -> [String] {
        var state = [UInt8](repeating: 0, count: parents.count)
        var cycles: [String] = []
        for start in parents.indices where state[start] == 0 {
            var path: [Int] = []
            var current: Int? = start
            while let index = current, state[index] == 0 {
                state[index] = 1
                path.append(index)
                current = parents[index]
            }
            if let index = current, state[index] == 1, let cycleStart = path.firstIndex(of: index) {
                cycles.append((path[cycleStart...].map { ids[$0] } + [ids[index]]).joined(separator: " -> "))
            }
            for index in path { state[index] = 2 }
        }
        return cycles
    }

    private static let prefix = "'parent' forms a cycle: "

    @Test func randomHierarchiesReportTheCyclesOfAFullWalk() throws {
        let loader = SceneLoader(registry: try testRegistry())
        var generator = SplitMix64(seed: 0x5CE4E)
        var scenesWithCycles = 0
        for _ in 0..<300 {
            let count = Int(generator.next() % 9) + 1
            let ids = (0..<count).map { "v\($0)" }
            // About one object in four has no parent.
            let parents: [Int?] = (0..<count).map { _ in
                generator.next() % 4 == 0 ? nil : Int(generator.next() % UInt64(count))
            }
            var text = "objects:\n"
            for (index, id) in ids.enumerated() {
                text += "  \(id): {type: View\(parents[index].map { ", parent: \(ids[$0])" } ?? "")}\n"
            }
            let expected = cyclesByWalkingFromEveryObject(parents, ids: ids)
            if !expected.isEmpty { scenesWithCycles += 1 }
            let reported = loader.check(SceneSource(name: "h.yaml", text: text))
                .filter { $0.code == .hierarchyCycle }
                .map { String($0.message.dropFirst(Self.prefix.count)) }
            #expect(reported.sorted() == expected.sorted(), "\(text)")
        }
        // The hierarchies exercise both outcomes.
        #expect(scenesWithCycles > 50 && scenesWithCycles < 290)
    }
}
