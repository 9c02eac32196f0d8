import ConstraintSolver
import SceneCore

/// Lays out the views that have constraints, with the others where the
/// stacks and frames put them (``Layout``), as UIKit lays out views whose
/// `translatesAutoresizingMaskIntoConstraints` is false beside views it
/// places by their frames.
///
/// A view with constraints takes no room in its parent's stack; its frame
/// is what the solver (``ConstraintSolver/Solver``) gives its constraints
/// and content size, the views it names held where they are. Its own views
/// are then laid out inside it as any view's are. As a view with
/// constraints may name a view inside another one, the two are worked out
/// in turn until the frames stop moving, at most ``maxRounds`` times.
enum ConstraintLayout {
    /// The most rounds of solving and stacking.
    static let maxRounds = 4

    /// The layout of `nodes`, and what the constraints get wrong (reported
    /// from the first round only, each once).
    static func solution(
        _ nodes: [LayoutNode], canvas: Size, safeArea: EdgeInsets
    ) -> (solution: Layout.Solution, findings: [ConstraintFinding]) {
        let constrained = nodes.indices.filter { !nodes[$0].constraints.isEmpty }
        var working = nodes
        for index in constrained { working[index].frame = Rect(x: 0, y: 0, width: 0, height: 0) }
        var solution = Layout.stackSolution(working, canvas: canvas, safeArea: safeArea)
        var findings: [ConstraintFinding] = []
        var previous: [Rect?] = []
        var read = Set<Int>()
        for round in 0..<maxRounds {
            // Solving again gives the same frames unless one the last system read has moved.
            if round > 0, read.allSatisfy({ previous[$0] == solution.frames[$0] }) { break }
            var system = System(
                nodes: nodes, frames: solution.frames, canvas: canvas, safeArea: safeArea, constrained: constrained)
            let solved = system.solve()
            if round == 0 { findings = system.findings + system.ambiguities() }
            (previous, read) = (solution.frames, system.framesRead)
            var moved = false
            for index in constrained {
                let absolute = solved[index]
                let origin = nodes[index].parent.flatMap { solved[$0] ?? solution.frames[$0] }?.origin ?? .zero
                let relative = absolute.map {
                    Rect(x: $0.x - origin.x, y: $0.y - origin.y, width: $0.width, height: $0.height)
                }
                if working[index].frame != relative {
                    working[index].frame = relative
                    moved = true
                }
            }
            guard moved || round == 0 else { break }
            solution = Layout.stackSolution(working, canvas: canvas, safeArea: safeArea)
        }
        return (solution, findings)
    }

    /// One round's linear system: a variable for each edge and size of the
    /// constrained views, constants for the others.
    private struct System {
        let nodes: [LayoutNode]
        let frames: [Rect?]
        let canvas: Size
        let safeArea: EdgeInsets
        let constrained: [Int]
        /// Each constrained node's variables: x, y, width, height.
        var variables: [Int: (x: Variable, y: Variable, width: Variable, height: Variable)] = [:]
        /// Each variable's number, for joining them into sets.
        var variableIDs: [Variable: Int] = [:]
        var variableCount: Int { variableIDs.count }
        /// The constraints made, with what each stands for, until solved.
        var pending: [(constraint: Constraint, owner: (node: Int, element: Int?))] = []
        /// What each solver constraint stands for.
        var owners: [ObjectIdentifier: (node: Int, element: Int?)] = [:]
        var findings: [ConstraintFinding] = []
        /// The nodes whose frames of the last stacking the system read: views
        /// without constraints it names, and views whose guides it names.
        private(set) var framesRead = Set<Int>()

        init(nodes: [LayoutNode], frames: [Rect?], canvas: Size, safeArea: EdgeInsets, constrained: [Int]) {
            self.nodes = nodes
            self.frames = frames
            self.canvas = canvas
            self.safeArea = safeArea
            self.constrained = constrained
            for index in constrained {
                let made = (
                    x: Variable("\(index).x"), y: Variable("\(index).y"), width: Variable("\(index).width"),
                    height: Variable("\(index).height")
                )
                variables[index] = made
                for variable in [made.x, made.y, made.width, made.height] { variableIDs[variable] = variableIDs.count }
            }
        }

        /// Each constrained node's frame, in canvas coordinates.
        ///
        /// The constraints fall apart into independent systems: the two
        /// axes never share a variable, and views that name no common view
        /// share none either. Each connected set of variables is solved by
        /// a solver of its own, so that the cost, quadratic in a system's
        /// size, is that of the largest set rather than of the screen.
        mutating func solve() -> [Rect?] {
            for index in constrained {
                let node = nodes[index]
                for written in node.constraints {
                    guard let made = constraint(written, of: index) else { continue }
                    pending.append((made, (index, written.element)))
                }
                addContentSize(of: index)
            }
            // The variables' sets, joined by each constraint.
            var sets = DisjointSets(count: variableCount)
            for (made, _) in pending {
                let ids = made.expression.terms.compactMap { variableIDs[$0.variable] }
                for id in ids.dropFirst() { sets.join(ids[0], id) }
            }
            var solvers: [Int: Solver] = [:]
            for (made, owner) in pending {
                guard let first = made.expression.terms.first(where: { variableIDs[$0.variable] != nil }),
                    let firstID = variableIDs[first.variable]
                else { continue }
                let root = sets.root(of: firstID)
                let solver = solvers[root] ?? Solver()
                solvers[root] = solver
                add(made, for: owner, to: solver)
            }
            pending = []
            var solved = [Rect?](repeating: nil, count: nodes.count)
            for index in constrained {
                guard let variable = variables[index] else { continue }
                func value(_ variable: Variable) -> Double {
                    guard let id = variableIDs[variable], let solver = solvers[sets.root(of: id)] else { return 0 }
                    let value = solver.value(of: variable) ?? 0
                    return value.isFinite ? value : 0
                }
                solved[index] = Rect(
                    x: value(variable.x), y: value(variable.y), width: value(variable.width),
                    height: value(variable.height))
            }
            return solved
        }

        /// Adds `made`; a required one that contradicts others is left out
        /// and reported with them.
        private mutating func add(_ made: Constraint, for owner: (node: Int, element: Int?), to solver: Solver) {
            owners[ObjectIdentifier(made)] = owner
            do {
                try solver.add(made)
            } catch {
                guard case .unsatisfiable(let refused, let conflict) = error else { return }
                let members = conflict.compactMap { owners[ObjectIdentifier($0)] }
                let broken = conflict.firstIndex { $0 === refused } ?? max(0, members.count - 1)
                findings.append(.conflict(members: members, broken: min(broken, max(0, members.count - 1))))
            }
        }

        /// The content size kept by hugging and compression resistance.
        private mutating func addContentSize(of index: Int) {
            guard let variable = variables[index] else { return }
            let node = nodes[index]
            let size = node.intrinsicSize
            let priorities = node.contentPriorities
            let axes: [(Variable, Double, Double, Double)] = [
                (variable.width, size.width, priorities.hugging.horizontal, priorities.resistance.horizontal),
                (variable.height, size.height, priorities.hugging.vertical, priorities.resistance.vertical),
            ]
            for (variable, length, hugging, resistance) in axes where length > 0 {
                if let strength = Self.strength(hugging) {
                    pending.append(
                        (
                            Constraint(
                                LinearExpression(variable), .lessOrEqual, LinearExpression(constant: length),
                                strength: strength), (index, nil)
                        ))
                }
                if let strength = Self.strength(resistance) {
                    pending.append(
                        (
                            Constraint(
                                LinearExpression(variable), .greaterOrEqual, LinearExpression(constant: length),
                                strength: strength), (index, nil)
                        ))
                }
            }
        }

        static func strength(_ priority: Double) -> Strength? {
            Strength(priority: min(1000, max(1, Int(clamping: priority.rounded()))))
        }

        /// The solver's constraint for `written`, on the node at `index`.
        private mutating func constraint(_ written: NodeConstraint, of index: Int) -> Constraint? {
            let constraint = written.constraint
            guard let first = expression(constraint.first, of: .node(index), guide: nil),
                let strength = Self.strength(constraint.priority.value)
            else { return nil }
            var second = LinearExpression(constant: constraint.constant)
            if let attribute = constraint.secondAttribute {
                guard let target = written.target,
                    let other = expression(attribute, of: target, guide: constraint.secondItem?.guide)
                else { return nil }
                second = other * constraint.multiplier + second
            }
            let relation: Relation =
                switch constraint.relation {
                case .equal: .equal
                case .greaterThanOrEqual: .greaterOrEqual
                case .lessThanOrEqual: .lessOrEqual
                }
            return Constraint(first, relation, second, strength: strength)
        }

        /// `attribute` of `target` (of its `guide`, if any) as a linear
        /// expression: in its variables for a constrained view, a number
        /// for any other.
        private mutating func expression(
            _ attribute: LayoutAttribute, of target: NodeConstraint.Target, guide: LayoutAnchorItem.Guide?
        ) -> LinearExpression? {
            let x: LinearExpression
            let y: LinearExpression
            let width: LinearExpression
            let height: LinearExpression
            let frame: Rect
            switch target {
            case .canvas:
                frame = Rect(x: 0, y: 0, width: canvas.width, height: canvas.height)
                (x, y, width, height) = Self.constants(frame)
            case .node(let index):
                guard nodes.indices.contains(index) else { return nil }
                if let variable = variables[index] {
                    (x, y, width, height) = (
                        LinearExpression(variable.x), LinearExpression(variable.y), LinearExpression(variable.width),
                        LinearExpression(variable.height)
                    )
                    frame = frames[index] ?? Rect(x: 0, y: 0, width: 0, height: 0)
                    if guide != nil { framesRead.insert(index) }
                } else {
                    framesRead.insert(index)
                    guard let placed = frames[index] else { return nil }
                    frame = placed
                    (x, y, width, height) = Self.constants(placed)
                }
            }
            let insets = guide.map { guideInsets($0, for: target, frame: frame) } ?? EdgeInsets.zero
            let left = x + LinearExpression(constant: insets.left)
            let top = y + LinearExpression(constant: insets.top)
            let guideWidth = width - LinearExpression(constant: insets.left + insets.right)
            let guideHeight = height - LinearExpression(constant: insets.top + insets.bottom)
            switch attribute {
            case .left, .leading: return left
            case .right, .trailing: return left + guideWidth
            case .top: return top
            case .bottom, .firstBaseline, .lastBaseline: return top + guideHeight
            case .width: return guideWidth
            case .height: return guideHeight
            case .centerX: return left + guideWidth * 0.5
            case .centerY: return top + guideHeight * 0.5
            }
        }

        private static func constants(
            _ frame: Rect
        ) -> (LinearExpression, LinearExpression, LinearExpression, LinearExpression) {
            (
                LinearExpression(constant: frame.x), LinearExpression(constant: frame.y),
                LinearExpression(constant: frame.width), LinearExpression(constant: frame.height)
            )
        }

        /// How far `guide` of `target` (whose frame is `frame`, in canvas
        /// coordinates) is in from its edges.
        private func guideInsets(_ guide: LayoutAnchorItem.Guide, for target: NodeConstraint.Target, frame: Rect)
            -> EdgeInsets
        {
            // The part of the view under the canvas's bars and rounded corners.
            let covered = EdgeInsets(
                top: max(0, safeArea.top - frame.y), left: max(0, safeArea.left - frame.x),
                bottom: max(0, frame.maxY - (canvas.height - safeArea.bottom)),
                right: max(0, frame.maxX - (canvas.width - safeArea.right)))
            switch guide {
            case .safeArea:
                return covered
            case .margins:
                // UIKit's defaults: a screen's root view 16 points in from
                // the sides at a compact width, 20 at a regular one; any
                // other view 8 on every side. Both inside the safe area.
                // A view on the canvas that fills its width is a screen's
                // root view, whose margins are the screen's.
                let isRoot: Bool
                switch target {
                case .canvas: isRoot = true
                case .node(let index): isRoot = nodes[index].parent == nil && abs(frame.width - canvas.width) < 0.5
                }
                let side = isRoot ? (canvas.width >= 600 ? 20.0 : 16.0) : 8
                let vertical = isRoot ? 0.0 : 8
                return EdgeInsets(
                    top: covered.top + vertical, left: covered.left + side, bottom: covered.bottom + vertical,
                    right: covered.right + side)
            }
        }

        /// The constrained views whose constraints leave a position or a
        /// size open along an axis: fewer than two of their edges, centre
        /// and size fixed by an equality (of theirs, of a view naming
        /// them, or of their content size), or none of their positions.
        func ambiguities() -> [ConstraintFinding] {
            // Equalities naming each node as their second item, by axis.
            var namedBy = [Int: (horizontal: Int, vertical: Int)]()
            for index in constrained {
                for written in nodes[index].constraints where written.constraint.relation == .equal {
                    guard case .node(let other)? = written.target, other != index, variables[other] != nil,
                        let attribute = written.constraint.secondAttribute, !attribute.isSize
                    else { continue }
                    var counts = namedBy[other] ?? (0, 0)
                    if attribute.axis == .horizontal { counts.horizontal += 1 } else { counts.vertical += 1 }
                    namedBy[other] = counts
                }
            }
            var found: [ConstraintFinding] = []
            for index in constrained {
                let node = nodes[index]
                for axis in [LayoutAxis.horizontal, .vertical] {
                    let along: LayoutAttribute.Axis = axis == .horizontal ? .horizontal : .vertical
                    var positions = 0
                    var sizes = 0
                    for written in node.constraints where written.constraint.first.axis == along {
                        guard written.constraint.relation == .equal else { continue }
                        if written.constraint.first.isSize { sizes += 1 } else { positions += 1 }
                    }
                    let named = namedBy[index].map { axis == .horizontal ? $0.horizontal : $0.vertical } ?? 0
                    positions += named
                    let content = axis == .horizontal ? node.intrinsicSize.width : node.intrinsicSize.height
                    if content > 0 { sizes += 1 }
                    if positions == 0 {
                        found.append(
                            .ambiguous(
                                node: index, axis: axis,
                                open: axis == .horizontal ? "horizontal position" : "vertical position"))
                    } else if positions + sizes < 2 {
                        found.append(
                            .ambiguous(node: index, axis: axis, open: axis == .horizontal ? "width" : "height"))
                    }
                }
            }
            return found
        }
    }
}

/// Sets of numbered elements, joined two at a time: union by size with
/// path halving, so that any sequence of joins and look-ups is close to
/// linear.
private struct DisjointSets {
    private var parent: [Int]
    private var size: [Int]

    init(count: Int) {
        parent = Array(0..<count)
        size = Array(repeating: 1, count: count)
    }

    /// The representative of the set holding `element`.
    mutating func root(of element: Int) -> Int {
        var element = element
        while parent[element] != element {
            parent[element] = parent[parent[element]]
            element = parent[element]
        }
        return element
    }

    /// Joins the sets holding `a` and `b`.
    mutating func join(_ a: Int, _ b: Int) {
        var (a, b) = (root(of: a), root(of: b))
        guard a != b else { return }
        if size[a] < size[b] { swap(&a, &b) }
        parent[b] = a
        size[a] += size[b]
    }
}
