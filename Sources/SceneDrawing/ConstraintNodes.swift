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

    /// `constraint` on a node whose parent is `parent`, its second item
    /// resolved: `parent` to that node (or the canvas, for a node without
    /// one), an id to the node `index` gives it.
    package init(
        _ constraint: LayoutConstraint, element: Int, holder: ObjectIdentifier? = nil, parent: Int?,
        index: (String) -> Int?
    ) {
        let target: Target? =
            switch constraint.secondItem?.owner {
            case nil: nil
            case .canvas?: .canvas
            case .parent?: parent.map { .node($0) } ?? .canvas
            case .object(let id)?: index(id).map { .node($0) }
            }
        self.init(constraint, target: target, element: element, holder: holder)
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
