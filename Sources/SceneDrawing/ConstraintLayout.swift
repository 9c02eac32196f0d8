import ConstraintSolver
import SceneCore

/// How strongly a view keeps to its content size along each axis: its
/// content hugging (against growing past it) or its compression
/// resistance (against shrinking below it), as UIKit's priorities, 1 to
/// 1000. An axis left out takes the view's default.
public struct AxisPriorities: Sendable, Hashable {
    /// Along the width; `nil` for the view's default.
    public var horizontal: Double?
    /// Along the height; `nil` for the view's default.
    public var vertical: Double?

    /// Priorities for either axis, each `nil` for the view's default.
    public init(horizontal: Double? = nil, vertical: Double? = nil) {
        self.horizontal = horizontal
        self.vertical = vertical
    }
}

extension AxisPriorities: SceneValueConvertible {
    /// A record named `Priorities`: `{horizontal: Double?, vertical: Double?}`,
    /// each from 1 to 1000.
    public static var sceneValueType: ValueType {
        .record(
            name: "Priorities",
            fields: [
                RecordField("horizontal", .optional(.double), range: 1...1000),
                RecordField("vertical", .optional(.double), range: 1...1000),
            ])
    }

    /// Converts a mapping with either field; `nil` for another shape.
    public init?(sceneValue: SceneValue) {
        guard case .map(let pairs) = sceneValue else { return nil }
        func number(_ name: String) -> Double?? {
            switch pairs.first(where: { $0.key == name })?.value {
            case nil, .null?: .some(nil)
            case .double(let value)?: value.isFinite ? .some(value) : nil
            case .int(let value)?: .some(Double(value))
            default: nil
            }
        }
        guard let horizontal = number("horizontal"), let vertical = number("vertical") else { return nil }
        self.init(horizontal: horizontal, vertical: vertical)
    }

    /// The priorities as a mapping of those set.
    public var sceneValue: SceneValue {
        .map(
            [
                horizontal.map { SceneValue.Pair("horizontal", .double($0)) },
                vertical.map { SceneValue.Pair("vertical", .double($0)) },
            ]
            .compactMap { $0 })
    }
}

/// A view's content-size priorities resolved: its hugging and compression
/// resistance on each axis.
package struct ContentPriorities: Sendable, Hashable {
    package var hugging: (horizontal: Double, vertical: Double)
    package var resistance: (horizontal: Double, vertical: Double)

    /// UIKit's defaults for a view: hugging 250, compression resistance 750.
    package static let standard = ContentPriorities(hugging: (250, 250), resistance: (750, 750))

    package init(hugging: (horizontal: Double, vertical: Double), resistance: (horizontal: Double, vertical: Double)) {
        self.hugging = hugging
        self.resistance = resistance
    }

    package static func == (a: ContentPriorities, b: ContentPriorities) -> Bool {
        a.hugging == b.hugging && a.resistance == b.resistance
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(hugging.horizontal)
        hasher.combine(hugging.vertical)
        hasher.combine(resistance.horizontal)
        hasher.combine(resistance.vertical)
    }
}

/// One constraint of a view as the layout reads it: the constraint, its
/// second item resolved to a node, and its place in the view's list.
package struct NodeConstraint: Sendable, Hashable {
    /// What the second item is, resolved.
    package enum Target: Sendable, Hashable {
        /// The screen.
        case canvas
        /// The node at this index (the view's parent, or a view by id).
        case node(Int)
    }

    package var constraint: LayoutConstraint
    /// The second item; `nil` for a constant, or an item that names no view.
    package var target: Target?
    /// Its place among the view's constraints: those of its `constraints:`
    /// first, then the named ones.
    package var element: Int
    /// The object that holds it when that is not the view: a named
    /// constraint, which `check` names in a conflict.
    package var holder: ObjectIdentifier?

    package init(_ constraint: LayoutConstraint, target: Target?, element: Int, holder: ObjectIdentifier? = nil) {
        self.constraint = constraint
        self.target = target
        self.element = element
        self.holder = holder
    }
}

/// What laying out by constraints finds wrong: required constraints that
/// cannot all hold, and views whose constraints leave them open.
package enum ConstraintFinding: Sendable, Hashable {
    /// Required constraints that contradict one another, as (node,
    /// element) pairs in the order added, element `nil` for a view's
    /// content size held at priority 1000; `broken` is the one left out.
    case conflict(members: [(node: Int, element: Int?)], broken: Int)
    /// The node's constraints leave `open` along `axis` undetermined.
    case ambiguous(node: Int, axis: LayoutAxis, open: String)

    package static func == (a: ConstraintFinding, b: ConstraintFinding) -> Bool {
        switch (a, b) {
        case (.conflict(let x, let i), .conflict(let y, let j)):
            i == j && x.count == y.count && zip(x, y).allSatisfy { $0.node == $1.node && $0.element == $1.element }
        case (.ambiguous(let x, let p, let q), .ambiguous(let y, let r, let s)): x == y && p == r && q == s
        default: false
        }
    }

    package func hash(into hasher: inout Hasher) {
        switch self {
        case .conflict(let members, let broken):
            hasher.combine(broken)
            for member in members {
                hasher.combine(member.node)
                hasher.combine(member.element)
            }
        case .ambiguous(let node, let axis, let open):
            hasher.combine(node)
            hasher.combine(axis)
            hasher.combine(open)
        }
    }
}

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
        for round in 0..<maxRounds {
            var system = System(
                nodes: nodes, frames: solution.frames, canvas: canvas, safeArea: safeArea, constrained: constrained)
            let solved = system.solve()
            if round == 0 { findings = system.findings + system.ambiguities() }
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
        let solver = Solver()
        /// Each constrained node's variables: x, y, width, height.
        var variables: [Int: (x: Variable, y: Variable, width: Variable, height: Variable)] = [:]
        /// What each solver constraint stands for.
        var owners: [ObjectIdentifier: (node: Int, element: Int?)] = [:]
        var findings: [ConstraintFinding] = []

        init(nodes: [LayoutNode], frames: [Rect?], canvas: Size, safeArea: EdgeInsets, constrained: [Int]) {
            self.nodes = nodes
            self.frames = frames
            self.canvas = canvas
            self.safeArea = safeArea
            self.constrained = constrained
            for index in constrained {
                variables[index] = (
                    Variable("\(index).x"), Variable("\(index).y"), Variable("\(index).width"),
                    Variable("\(index).height")
                )
            }
        }

        /// Each constrained node's frame, in canvas coordinates.
        mutating func solve() -> [Rect?] {
            for index in constrained {
                let node = nodes[index]
                for written in node.constraints {
                    guard let made = constraint(written, of: index) else { continue }
                    add(made, for: (index, written.element))
                }
                addContentSize(of: index)
            }
            var solved = [Rect?](repeating: nil, count: nodes.count)
            for index in constrained {
                guard let variable = variables[index] else { continue }
                func value(_ variable: Variable) -> Double {
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
        private mutating func add(_ made: Constraint, for owner: (node: Int, element: Int?)) {
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
                    add(
                        Constraint(
                            LinearExpression(variable), .lessOrEqual, LinearExpression(constant: length),
                            strength: strength),
                        for: (index, nil))
                }
                if let strength = Self.strength(resistance) {
                    add(
                        Constraint(
                            LinearExpression(variable), .greaterOrEqual, LinearExpression(constant: length),
                            strength: strength), for: (index, nil))
                }
            }
        }

        static func strength(_ priority: Double) -> Strength? {
            Strength(priority: min(1000, max(1, Int(clamping: priority.rounded()))))
        }

        /// The solver's constraint for `written`, on the node at `index`.
        private func constraint(_ written: NodeConstraint, of index: Int) -> Constraint? {
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
        private func expression(
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
                } else {
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
