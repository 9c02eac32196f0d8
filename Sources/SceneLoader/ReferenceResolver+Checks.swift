import SceneCore
import SceneYAML

/// What needs the wiring resolved: cycles through hierarchy outlets, frames
/// inside layouts, loops in the `on:` wiring. Run only when every object was
/// declared, so that the checked objects' indices are the declaration's.
extension ReferenceResolver {
    /// At most how many wiring loops are reported: each report walks a path.
    static let wiringLoopReportLimit = 10

    /// Reports a cycle through hierarchy outlets (like `parent`) once per
    /// cycle; `parents` holds the object each object's hierarchy outlet
    /// names (`nil`: none, or one that did not resolve).
    ///
    /// Walks start only from the objects whose parent is not an earlier
    /// object: the lowest-numbered object that leads into a cycle leads to
    /// a higher-numbered one (or to itself), so it is among them, and the
    /// walks find and word each cycle as walks from every object in order would.
    mutating func checkHierarchies(_ parents: [Int?]) {
        let objects = checked.objects
        var state = [VisitState](repeating: .new, count: objects.count)
        var path: [Int] = []
        for start in objects.indices where state[start] == .new && parents[start].map({ $0 >= start }) ?? true {
            path.removeAll(keepingCapacity: true)
            var current: Int? = start
            while let index = current, state[index] == .new {
                state[index] = .onPath
                path.append(index)
                current = parents[index]
            }
            if let index = current, state[index] == .onPath, let cycleStart = path.firstIndex(of: index) {
                let cycle = path[cycleStart...].map { objects[$0].id } + [objects[index].id]
                let outlet =
                    checked.outlets[objects[index].outletRange].first(where: \.outlet.isHierarchy)?.outlet.name
                    ?? "parent"
                let site = checked.hierarchySites.last(where: { $0.owner == index })
                let at = site.map { span($0.offsets, in: $0.file) } ?? span(objects[index].idOffsets, in: nil)
                reporting(in: site?.file) { $0.diagnostics.add(.hierarchyCycle(outlet: outlet, ids: cycle), at: at) }
            }
            for index in path { state[index] = .done }
        }
    }

    /// Warns about each view that declares a `frame` inside a parent that
    /// declares a `layout`: the frame places the view, and the layout the
    /// parent asked for leaves it out, which is seldom what was meant.
    ///
    /// - Complexity: O(n) in the objects and the properties set.
    mutating func checkFramesInLayouts(_ parents: [Int?]) {
        let objects = checked.objects
        func sets(_ name: String, _ index: Int) -> Bool {
            checked.propertyValues[objects[index].propertyRange].contains {
                $0.property.name == name && $0.value != .null
            }
        }
        for index in objects.indices where sets("frame", index) {
            guard let parent = parents[index], sets("layout", parent) else { continue }
            let at = span(objects[index].idOffsets, in: nil)
            diagnostics.add(.frameInLayout(id: objects[index].id, parent: objects[parent].id), at: at)
        }
    }

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
    mutating func checkWiringLoops(
        _ objects: [SceneDeclaration.Object], _ connections: [SceneDeclaration.EventConnection]
    ) {
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
                    let at = span(objects[target].idOffsets, in: nil)
                    diagnostics.add(.wiringLoop(ids: ids), at: at)
                case .onPath, .done:
                    break
                }
            }
        }
    }

    /// Where the walk of ``checkWiringLoops(_:_:)`` is with an object.
    enum WalkState: Equatable {
        case unreached
        /// On the current path, at this place in it.
        case onPath(at: Int)
        case done
    }
}
