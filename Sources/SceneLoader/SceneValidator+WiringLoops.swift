import SceneCore
import SceneYAML

extension SceneValidator {
    /// At most how many wiring loops are reported: each report walks a path.
    static let wiringLoopReportLimit = 10

    /// Warns about each loop in the `on:` wiring: objects whose events call
    /// actions of objects whose events call, in the end, actions of the
    /// first (an object wired to itself included). The registry does not
    /// say which actions send which events, so a loop is a warning, not an
    /// error: it runs away only if its actions do send those events, and
    /// then the run stops with an error at the step
    /// (``SceneLimits/maxEventDepth``).
    ///
    /// - Complexity: O(objects + connections), by an iterative depth-first
    ///   search; each loop reported adds its length.
    mutating func checkWiringLoops() {
        let objects = declaration.objects
        let connections = declaration.eventConnections
        guard !connections.isEmpty else { return }
        var state = [WalkState](repeating: .unreached, count: objects.count)
        var path: [(object: Int, next: Int)] = []
        var reported = 0
        // One report per object that closes a loop (an object wired to itself twice is one loop).
        var closesReportedLoop = [Bool](repeating: false, count: objects.count)
        for root in objects.indices where state[root] == .unreached && !objects[root].connectionRange.isEmpty {
            state[root] = .onPath(at: 0)
            path.append((root, objects[root].connectionRange.lowerBound))
            while let (object, next) = path.last {
                guard next < objects[object].connectionRange.upperBound else {
                    state[object] = .done
                    path.removeLast()
                    continue
                }
                path[path.count - 1].next = next + 1
                let target = connections[next].target
                guard target < objects.count else { continue }
                switch state[target] {
                case .unreached:
                    state[target] = .onPath(at: path.count)
                    path.append((target, objects[target].connectionRange.lowerBound))
                case .onPath(let place) where reported < Self.wiringLoopReportLimit && !closesReportedLoop[target]:
                    reported += 1
                    closesReportedLoop[target] = true
                    let ids = path[place...].map { objects[$0.object].id } + [objects[target].id]
                    diagnostics.add(.wiringLoop(ids: ids), at: declaration.span(of: target))
                case .onPath, .done:
                    break
                }
            }
        }
    }

    /// Where the walk of ``checkWiringLoops()`` is with an object.
    enum WalkState: Equatable {
        case unreached
        /// On the current path, at this place in it.
        case onPath(at: Int)
        case done
    }
}
