import SceneCore

/// The direction a stack lays its views out in.
public enum LayoutAxis: String, Sendable, CaseIterable {
    /// Top to bottom.
    case vertical
    /// Left to right.
    case horizontal
}

/// Where a stack puts a view across its axis.
public enum LayoutAlignment: String, Sendable, CaseIterable {
    /// At the start: the left of a vertical stack, the top of a horizontal one.
    case leading
    /// In the middle.
    case center
    /// At the end: the right of a vertical stack, the bottom of a horizontal one.
    case trailing
    /// Stretched across the whole stack, less its padding.
    case fill
}

/// How a stack shares its length along its axis among its views, as
/// UIStackView's `distribution` does, when the stack is longer or shorter
/// than its views ask for (a frame or constraints give it a length).
public enum LayoutDistribution: String, Sendable, CaseIterable {
    /// The views fill the stack: when there is room over, the one whose
    /// content hugging along the axis is lowest grows (the last of those
    /// tied); when there is too little, the one whose compression
    /// resistance is lowest shrinks first.
    case fill
    /// Every view as long as the others, filling the stack.
    case fillEqually
    /// Each view as long as its content asks for, scaled so that together
    /// they fill the stack.
    case fillProportionally
    /// Each view as long as its content asks for, the room over shared
    /// equally between them (the spacing is the least gap).
    case equalSpacing
    /// Each view as long as its content asks for, their centres equally
    /// apart, the first at the start and the last at the end.
    case equalCentering
}

/// How a container lays out those of its views that have no frame of their
/// own: one after another along `axis`, `spacing` apart, `padding` in from
/// its edges, placed across the axis by `alignment`.
public struct StackLayout: Sendable, Hashable {
    /// The direction views follow one another in.
    public var axis: LayoutAxis
    /// The space between two views, in points.
    public var spacing: Double
    /// The space between the container's edges and its views, in points.
    public var padding: Double
    /// Where views go across the axis.
    public var alignment: LayoutAlignment
    /// How the stack's length is shared among its views; `nil` (a layout
    /// that names none) stacks each at the length it asks for from the
    /// start, leaving any room over at the end.
    public var distribution: LayoutDistribution?

    /// A stack along `axis`; the defaults are those of a container that
    /// declares no layout.
    public init(
        axis: LayoutAxis = .vertical, spacing: Double = 8, padding: Double = 0, alignment: LayoutAlignment = .fill
    ) {
        self.axis = axis
        self.spacing = spacing
        self.padding = padding
        self.alignment = alignment
    }

    /// A stack along `axis` that shares its length among its views by `distribution`.
    ///
    ///     StackLayout(axis: .horizontal, spacing: 8, padding: 0, alignment: .center, distribution: .fillEqually)
    public init(
        axis: LayoutAxis, spacing: Double, padding: Double, alignment: LayoutAlignment,
        distribution: LayoutDistribution?
    ) {
        self.init(axis: axis, spacing: spacing, padding: padding, alignment: alignment)
        self.distribution = distribution
    }

    /// How a container without a `layout` of its own lays out its views:
    /// vertically, 8 points apart, filling its width.
    public static let standard = StackLayout()

    /// How the canvas lays out the views that have no parent: vertically,
    /// 8 points apart and 16 in from its edges, filling its width.
    public static let canvas = StackLayout(padding: 16)
}

/// One view as the layout sees it.
package struct LayoutNode: Sendable, Hashable {
    /// The index of the view containing this one, or `nil` for a view
    /// placed on the canvas itself.
    package var parent: Int?
    /// The view's frame, relative to its parent, when it declares one; a
    /// view with a frame is placed there and takes no room in its parent's
    /// stack.
    package var frame: Rect?
    /// How the view lays out its own views that have no frame; `nil` for
    /// ``StackLayout/standard``.
    package var layout: StackLayout?
    /// The size the view's content asks for (a button's title, a label's
    /// text), used when it has no frame and no views in its stack.
    package var intrinsicSize: Size
    /// Whether the view is hidden: a hidden view takes no room in a stack.
    package var isHidden: Bool
    /// Whether `frame.x` is the room between the view's right edge and its
    /// parent's (an item placed at a bar's right edge), not its left.
    package var isFrameFromTrailingEdge: Bool
    /// The view's Auto Layout constraints: a view with some is placed by
    /// them (``ConstraintLayout``), not by its frame or its parent's stack.
    package var constraints: [NodeConstraint] = []
    /// How strongly a constrained view keeps to its ``intrinsicSize``.
    package var contentPriorities = ContentPriorities.standard

    /// A node for one view, its frame (if any) from its parent's left edge.
    package init(
        parent: Int? = nil, frame: Rect? = nil, layout: StackLayout? = nil, intrinsicSize: Size = .zero,
        isHidden: Bool = false
    ) {
        self.init(
            parent: parent, frame: frame, layout: layout, intrinsicSize: intrinsicSize, isHidden: isHidden,
            isFrameFromTrailingEdge: false)
    }

    /// A node for one view whose frame's `x` is from its parent's right
    /// edge when `isFrameFromTrailingEdge`.
    package init(
        parent: Int? = nil, frame: Rect? = nil, layout: StackLayout? = nil, intrinsicSize: Size = .zero,
        isHidden: Bool = false, isFrameFromTrailingEdge: Bool
    ) {
        self.parent = parent
        self.frame = frame
        self.layout = layout
        self.intrinsicSize = intrinsicSize
        self.isHidden = isHidden
        self.isFrameFromTrailingEdge = isFrameFromTrailingEdge
    }
}

/// Works out where every view of a scene is: a pure function of the views'
/// frames, layouts, content sizes and hidden flags.
///
///     let nodes = [
///         LayoutNode(layout: StackLayout(axis: .horizontal)),          // a bar on the canvas
///         LayoutNode(parent: 0, intrinsicSize: Size(width: 60, height: 44)),
///         LayoutNode(parent: 0, intrinsicSize: Size(width: 80, height: 44)),
///     ]
///     Layout.frames(of: nodes, canvas: Size(width: 390, height: 844))
///     // [(16, 16) 358x44, (16, 16) 60x44, (84, 16) 80x44] (absolute)
///
/// The rules:
/// - A view with a `frame` is placed at it, relative to its parent's top
///   left corner (the canvas's for a view without a parent), or, when
///   `isFrameFromTrailingEdge`, that far in from its parent's right edge.
/// - Every other view is stacked by its parent's ``StackLayout`` (the
///   canvas's is ``StackLayout/canvas``, inside the canvas's safe area: a
///   device's, or none), in the order of the nodes; a hidden one takes no
///   room.
/// - A stacked view is as long along the axis as it asks for: its stack's
///   content and padding when it has stacked views, its intrinsic size
///   otherwise. Across the axis it asks for the same, or, with `fill`,
///   spans its parent less the parent's padding.
/// - A view in a cycle of parents (which only code can make) is not placed.
package enum Layout {
    /// The frame of each node in canvas coordinates, or `nil` for a node
    /// that is not placed.
    ///
    /// - Complexity: O(n) in the number of nodes.
    package static func frames(of nodes: [LayoutNode], canvas: Size, safeArea: EdgeInsets = .zero) -> [Rect?] {
        solve(nodes, canvas: canvas, safeArea: safeArea).frames
    }

    /// The frames, and every placed node in an order that has each parent
    /// before its children and siblings in node order (the order views are
    /// drawn in).
    static func solve(
        _ nodes: [LayoutNode], canvas: Size, safeArea: EdgeInsets = .zero
    ) -> (frames: [Rect?], preorder: [Int]) {
        let solution = solution(nodes, canvas: canvas, safeArea: safeArea)
        return (solution.frames, solution.preorder)
    }

    /// A layout worked out: each node's frame (canvas coordinates), the
    /// drawing order, and the size each node asks for (its stack's content
    /// and padding, its intrinsic size, or its frame's size).
    struct Solution {
        var frames: [Rect?]
        var preorder: [Int]
        var fitting: [Size]
        /// The nodes' children, for walking the tree again.
        fileprivate var tree: Tree

        /// Calls `body` with each child of `index`, in order.
        func forEachChild(of index: Int, _ body: (Int) -> Void) { tree.forEachChild(of: index, body) }
        /// The nodes without a parent, in order.
        var roots: [Int] { tree.roots }
    }

    /// ``solve(_:canvas:safeArea:)`` with the sizes the nodes ask for.
    static func solution(_ nodes: [LayoutNode], canvas: Size, safeArea: EdgeInsets = .zero) -> Solution {
        guard nodes.contains(where: { !$0.constraints.isEmpty }) else {
            return stackSolution(nodes, canvas: canvas, safeArea: safeArea)
        }
        return ConstraintLayout.solution(nodes, canvas: canvas, safeArea: safeArea).solution
    }

    /// What the nodes' constraints get wrong: conflicts among required
    /// ones, views they leave open. None for nodes without constraints.
    package static func constraintFindings(
        _ nodes: [LayoutNode], canvas: Size, safeArea: EdgeInsets = .zero
    ) -> [ConstraintFinding] {
        guard nodes.contains(where: { !$0.constraints.isEmpty }) else { return [] }
        return ConstraintLayout.solution(nodes, canvas: canvas, safeArea: safeArea).findings
    }

    /// The layout by frames and stacks alone, a view with constraints
    /// placed at its frame (which ``ConstraintLayout`` gives it).
    static func stackSolution(_ nodes: [LayoutNode], canvas: Size, safeArea: EdgeInsets = .zero) -> Solution {
        let tree = Tree(nodes)
        // Sizes each view asks for, children before their parents.
        var fitting = [Size](repeating: .zero, count: nodes.count)
        for index in tree.preorder.reversed() {
            fitting[index] = fittingSize(of: index, nodes: nodes, tree: tree, fitting: fitting)
        }
        var frames = [Rect?](repeating: nil, count: nodes.count)
        let canvasFrame = Rect(origin: .zero, size: canvas)
        // Views with a frame are placed from the canvas's corner; stacked
        // ones inside its safe area.
        place(
            { body in tree.roots.forEach(body) }, in: safeArea.inset(canvasFrame), origin: .zero, layout: .canvas,
            nodes: nodes, fitting: fitting, frames: &frames)
        for index in tree.preorder {
            guard let frame = frames[index] else { continue }
            place(
                { body in tree.forEachChild(of: index, body) }, in: frame, origin: frame.origin,
                layout: nodes[index].layout ?? .standard, nodes: nodes, fitting: fitting, frames: &frames)
        }
        return Solution(frames: frames, preorder: tree.preorder, fitting: fitting, tree: tree)
    }

    /// Whether `node` takes room in its parent's stack.
    static func isStacked(_ node: LayoutNode) -> Bool {
        node.frame == nil && !node.isHidden && node.constraints.isEmpty
    }

    private static func fittingSize(of index: Int, nodes: [LayoutNode], tree: Tree, fitting: [Size]) -> Size {
        let node = nodes[index]
        if let frame = node.frame { return Size(width: max(0, frame.width), height: max(0, frame.height)) }
        let layout = node.layout ?? .standard
        var along = 0.0
        var across = 0.0
        var count = 0
        tree.forEachChild(of: index) { child in
            guard isStacked(nodes[child]) else { return }
            let size = fitting[child]
            along += layout.axis == .vertical ? size.height : size.width
            across = max(across, layout.axis == .vertical ? size.width : size.height)
            count += 1
        }
        guard count > 0 else { return node.intrinsicSize }
        along += Double(count - 1) * layout.spacing + 2 * layout.padding
        across += 2 * layout.padding
        return layout.axis == .vertical ? Size(width: across, height: along) : Size(width: along, height: across)
    }

    /// Places `children` inside `container` (canvas coordinates): those
    /// with a frame from `origin`, the others stacked.
    private static func place(
        _ children: ((Int) -> Void) -> Void, in container: Rect, origin: Point, layout: StackLayout,
        nodes: [LayoutNode], fitting: [Size], frames: inout [Rect?]
    ) {
        let inner = container.insetBy(layout.padding)
        let isVertical = layout.axis == .vertical
        // The stacked views' lengths along the axis, and the gap after each.
        var stacked: [Int] = []
        children { child in
            if isStacked(nodes[child]) { stacked.append(child) }
        }
        let (lengths, gaps) = distributed(
            stacked, room: isVertical ? inner.height : inner.width, layout: layout, nodes: nodes, fitting: fitting)
        var cursor = isVertical ? inner.y : inner.x
        var position = 0
        children { child in
            let node = nodes[child]
            if let frame = node.frame {
                frames[child] =
                    node.isFrameFromTrailingEdge
                    ? Rect(
                        x: container.maxX - frame.x - frame.width, y: origin.y + frame.y, width: frame.width,
                        height: frame.height)
                    : frame.offsetBy(x: origin.x, y: origin.y)
                return
            }
            let size = fitting[child]
            let isPlaced = position < stacked.count && stacked[position] == child
            let along = isPlaced ? lengths[position] : (isVertical ? size.height : size.width)
            let wanted = isVertical ? size.width : size.height
            let room = isVertical ? inner.width : inner.height
            let start = isVertical ? inner.x : inner.y
            let across: Double
            let offset: Double
            switch layout.alignment {
            case .fill: (across, offset) = (room, 0)
            case .leading: (across, offset) = (wanted, 0)
            case .center: (across, offset) = (wanted, (room - wanted) / 2)
            case .trailing: (across, offset) = (wanted, room - wanted)
            }
            if isVertical {
                frames[child] = Rect(x: start + offset, y: cursor, width: across, height: along)
            } else {
                frames[child] = Rect(x: cursor, y: start + offset, width: along, height: across)
            }
            if isPlaced {
                cursor += along + gaps[position]
                position += 1
            }
        }
    }

    /// The length along the axis of each of `stacked`, and the gap after
    /// each, in a stack with `room` along its axis: as each asks for and
    /// `spacing` apart without a distribution, else as the distribution
    /// shares the room.
    static func distributed(
        _ stacked: [Int], room: Double, layout: StackLayout, nodes: [LayoutNode], fitting: [Size]
    ) -> (lengths: [Double], gaps: [Double]) {
        let isVertical = layout.axis == .vertical
        var lengths = stacked.map { isVertical ? fitting[$0].height : fitting[$0].width }
        var gaps = [Double](repeating: layout.spacing, count: stacked.count)
        guard let distribution = layout.distribution, !stacked.isEmpty else { return (lengths, gaps) }
        let count = Double(stacked.count)
        let spacing = layout.spacing * (count - 1)
        let content = lengths.reduce(0, +)
        switch distribution {
        case .fill:
            var over = room - spacing - content
            let priorities = stacked.map { nodes[$0].contentPriorities }
            if over > 0 {
                // The lowest hugging grows; of those tied, the last.
                let hugging = priorities.map { isVertical ? $0.hugging.vertical : $0.hugging.horizontal }
                if let lowest = hugging.min(), let index = hugging.lastIndex(of: lowest) { lengths[index] += over }
            } else {
                // The lowest compression resistance shrinks first, down to nothing, then the next.
                let resistance = priorities.map { isVertical ? $0.resistance.vertical : $0.resistance.horizontal }
                let order = resistance.indices.sorted { (resistance[$0], -$0) < (resistance[$1], -$1) }
                for index in order where over < 0 {
                    let taken = min(lengths[index], -over)
                    lengths[index] -= taken
                    over += taken
                }
            }
        case .fillEqually:
            lengths = lengths.map { _ in max(0, (room - spacing) / count) }
        case .fillProportionally:
            let share = max(0, room - spacing)
            lengths = content > 0 ? lengths.map { $0 / content * share } : lengths.map { _ in share / count }
        case .equalSpacing:
            if stacked.count > 1 {
                let gap = max(layout.spacing, (room - content) / (count - 1))
                gaps = gaps.map { _ in gap }
            }
        case .equalCentering:
            if stacked.count > 1, let first = lengths.first, let last = lengths.last {
                // Centres from the first's (at half its length) to the last's (half its length from the end).
                let step = (room - first / 2 - last / 2) / (count - 1)
                for index in 0..<(stacked.count - 1) {
                    let gap = step - lengths[index] / 2 - lengths[index + 1] / 2
                    gaps[index] = max(layout.spacing, gap)
                }
            }
        }
        return (lengths, gaps)
    }
}

/// The nodes' parent links as lists of children, in node order, and an
/// order that visits every parent before its children.
private struct Tree {
    /// The nodes without a parent (or whose parent is not a node), in order.
    var roots: [Int] = []
    /// Each node's first child, or `nil`.
    private var firstChild: [Int?]
    /// Each node's next sibling, or `nil`.
    private var nextSibling: [Int?]
    /// Every node reachable from a root, each after its parent.
    var preorder: [Int] = []

    init(_ nodes: [LayoutNode]) {
        firstChild = Array(repeating: nil, count: nodes.count)
        nextSibling = Array(repeating: nil, count: nodes.count)
        var isRoot = [Bool](repeating: false, count: nodes.count)
        for index in nodes.indices.reversed() {
            if let parent = nodes[index].parent, nodes.indices.contains(parent), parent != index {
                nextSibling[index] = firstChild[parent]
                firstChild[parent] = index
            } else {
                isRoot[index] = true
            }
        }
        roots = nodes.indices.filter { isRoot[$0] }
        preorder.reserveCapacity(nodes.count)
        // Depth first, iteratively: a chain of any length is no deeper on
        // the stack. Nodes in a cycle are never reached from a root.
        var pending = roots.reversed().map { $0 }
        var scratch: [Int] = []
        while let index = pending.popLast() {
            preorder.append(index)
            scratch.removeAll(keepingCapacity: true)
            forEachChild(of: index) { scratch.append($0) }
            pending.append(contentsOf: scratch.reversed())
        }
    }

    /// Calls `body` with each child of `index`, in order, without making a list.
    @inline(__always)
    func forEachChild(of index: Int, _ body: (Int) -> Void) {
        var next = firstChild[index]
        while let child = next {
            body(child)
            next = nextSibling[child]
        }
    }
}

extension LayoutAxis: SceneEnum {}
extension LayoutAlignment: SceneEnum {}
extension LayoutDistribution: SceneEnum {}

extension StackLayout: SceneValueConvertible {
    /// A record named `Layout`: `{axis: vertical|horizontal, spacing: Double?,
    /// padding: Double?, alignment: leading|center|trailing|fill?,
    /// distribution: fill|fillEqually|fillProportionally|equalSpacing|equalCentering?}`; the fields
    /// left out take ``StackLayout/standard``'s values; a spacing or padding
    /// is at most 100,000 points.
    public static var sceneValueType: ValueType {
        .record(
            name: "Layout",
            fields: [
                RecordField("axis", LayoutAxis.sceneValueType),
                RecordField("spacing", .optional(.double), range: SceneGeometry.lengths),
                RecordField("padding", .optional(.double), range: SceneGeometry.lengths),
                RecordField("alignment", .optional(LayoutAlignment.sceneValueType)),
                RecordField("distribution", .optional(LayoutDistribution.sceneValueType)),
            ])
    }

    /// Converts a mapping with an `axis` and any of the other fields; `nil`
    /// for another shape or a negative spacing or padding.
    public init?(sceneValue: SceneValue) {
        guard case .map(let pairs) = sceneValue else { return nil }
        func value(_ name: String) -> SceneValue? {
            guard let value = pairs.first(where: { $0.key == name })?.value, value != .null else { return nil }
            return value
        }
        func number(_ name: String, default fallback: Double) -> Double? {
            switch value(name) {
            case nil: fallback
            case .double(let number)?: number.isFinite && number >= 0 ? number : nil
            case .int(let number)?: number >= 0 ? Double(number) : nil
            default: nil
            }
        }
        guard let axis = value("axis").flatMap(LayoutAxis.init(sceneValue:)),
            let spacing = number("spacing", default: StackLayout.standard.spacing),
            let padding = number("padding", default: StackLayout.standard.padding)
        else { return nil }
        var alignment = StackLayout.standard.alignment
        if let written = value("alignment") {
            guard let parsed = LayoutAlignment(sceneValue: written) else { return nil }
            alignment = parsed
        }
        var distribution: LayoutDistribution?
        if let written = value("distribution") {
            guard let parsed = LayoutDistribution(sceneValue: written) else { return nil }
            distribution = parsed
        }
        self.init(axis: axis, spacing: spacing, padding: padding, alignment: alignment, distribution: distribution)
    }

    /// The layout as a mapping with its four fields, and its distribution when it names one.
    public var sceneValue: SceneValue {
        var pairs = [
            SceneValue.Pair("axis", axis.sceneValue), SceneValue.Pair("spacing", .double(spacing)),
            SceneValue.Pair("padding", .double(padding)), SceneValue.Pair("alignment", alignment.sceneValue),
        ]
        if let distribution { pairs.append(SceneValue.Pair("distribution", distribution.sceneValue)) }
        return .map(pairs)
    }
}
