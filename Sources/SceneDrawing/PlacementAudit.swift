import SceneCore

/// Something out of place in a scene's layout, found by ``PlacementAudit``.
package struct PlacementFinding: Sendable, Hashable {
    /// What is out of place.
    package enum Kind: Sendable, Hashable {
        /// The view sticks out of its parent (its id), or out of the canvas
        /// when `parent` is `nil`, by `overhang` on each side.
        case outside(parent: String?, overhang: EdgeInsets, isWhollyOutside: Bool)
        /// The views the view stacks take `content` points along `axis`
        /// (padding and spacing included), more than the `room` it has.
        case stackOverflow(axis: LayoutAxis, content: Double, room: Double)
        /// The view's text is `width` points wide, more than its `room`.
        case textCut(text: TextToFit, width: Double, room: Double)
    }

    /// How a text that does not all show is drawn, by a view that wraps
    /// and truncates it (a label).
    package struct Truncation: Sendable, Hashable {
        /// The view's height.
        package var height: Double
        /// The text as laid out: the lines drawn, the last cut or
        /// truncated (the text's `lineBreak` says which), and how many it needs.
        package var lines: TextLayout.Lines
    }

    /// The id of the view it is about.
    package var id: String
    /// What is out of place.
    package var kind: Kind
    /// For a ``Kind/textCut(text:width:room:)`` of a view that wraps and
    /// truncates its text, how it is drawn; `nil` for a view that draws
    /// its text whole.
    package var truncation: Truncation?
}

/// Looks for views out of place once laid out: a view that sticks out of
/// its parent, or of the canvas; a stack whose views are longer than it;
/// a text wider than the view that shows it.
///
/// A view is reported once for where it is: out of its parent if it is,
/// else out of the canvas, unless a container of it already sticks out of
/// the canvas. Hidden views, and views inside hidden ones, are not looked
/// at. Lengths under a hundredth of a point are not reported.
package enum PlacementAudit {
    /// The smallest overhang reported, in points.
    static let tolerance = 0.01

    /// What is out of place among `nodes` (named by `ids`, showing
    /// `texts`, all three in the same order) laid out on `canvas`.
    ///
    /// - Complexity: O(n) in the number of nodes, plus the texts' lengths.
    package static func findings(
        _ nodes: [LayoutNode], ids: [String], texts: [TextToFit?], canvas: Size, safeArea: EdgeInsets = .zero
    ) -> [PlacementFinding] {
        guard ids.count == nodes.count, texts.count == nodes.count else { return [] }
        let solution = Layout.solution(nodes, canvas: canvas, safeArea: safeArea)
        let canvasRect = Rect(origin: .zero, size: canvas)
        var shown = [Bool](repeating: false, count: nodes.count)
        var outOfCanvas = [Bool](repeating: false, count: nodes.count)
        var findings: [PlacementFinding] = []
        for index in solution.preorder {
            let node = nodes[index]
            let parent = node.parent.flatMap { nodes.indices.contains($0) && $0 != index ? $0 : nil }
            shown[index] = !node.isHidden && (parent.map { shown[$0] } ?? true)
            guard shown[index], let frame = solution.frames[index] else { continue }
            var reported = false
            if let parent, let parentFrame = solution.frames[parent],
                let (overhang, wholly) = overhang(of: frame, in: parentFrame)
            {
                findings.append(
                    PlacementFinding(
                        id: ids[index], kind: .outside(parent: ids[parent], overhang: overhang, isWhollyOutside: wholly)
                    ))
                reported = true
            }
            if let (overhang, wholly) = overhang(of: frame, in: canvasRect) {
                outOfCanvas[index] = true
                if !reported && !(parent.map { outOfCanvas[$0] } ?? false) {
                    findings.append(
                        PlacementFinding(
                            id: ids[index], kind: .outside(parent: nil, overhang: overhang, isWhollyOutside: wholly)))
                }
            }
            let layout = node.layout ?? .standard
            var along = 0.0
            var count = 0
            solution.forEachChild(of: index) { child in
                guard Layout.isStacked(nodes[child]) else { return }
                let size = solution.fitting[child]
                along += layout.axis == .vertical ? size.height : size.width
                count += 1
            }
            if count > 0 {
                let content = along + Double(count - 1) * layout.spacing + 2 * layout.padding
                let room = layout.axis == .vertical ? frame.height : frame.width
                if content - room >= tolerance {
                    findings.append(
                        PlacementFinding(
                            id: ids[index], kind: .stackOverflow(axis: layout.axis, content: content, room: room)))
                }
            }
            if let text = texts[index], !text.text.isEmpty, let finding = textFinding(text, in: frame) {
                findings.append(PlacementFinding(id: ids[index], kind: finding.kind, truncation: finding.truncation))
            }
        }
        return findings
    }

    /// What is wrong with `text` in a view at `frame`: a line wider than
    /// the view, or (for a view that wraps and truncates) text that is not
    /// all drawn, with how it is drawn; `nil` when it fits.
    static func textFinding(_ text: TextToFit, in frame: Rect) -> (
        kind: PlacementFinding.Kind, truncation: PlacementFinding.Truncation?
    )? {
        let room = max(0, frame.width - text.insets)
        let width = TextMetrics.width(
            of: TextLayout.oneLine(text.text), fontSize: text.fontSize, weight: text.weight)
        guard let lineBreak = text.lineBreak else {
            return width - room >= tolerance ? (.textCut(text: text, width: width, room: room), nil) : nil
        }
        // One line that fits needs no layout.
        if text.numberOfLines == 1 && width - room < tolerance { return nil }
        let laidOut = TextLayout.layout(
            text.text, width: room, height: frame.height, numberOfLines: text.numberOfLines, lineBreak: lineBreak,
            fontSize: text.fontSize, weight: text.weight)
        guard laidOut.isTruncated else { return nil }
        return (.textCut(text: text, width: width, room: room), .init(height: frame.height, lines: laidOut))
    }

    /// How far `frame` is past each edge of `container`, and whether it
    /// lies wholly outside; `nil` when it is inside.
    static func overhang(of frame: Rect, in container: Rect) -> (EdgeInsets, Bool)? {
        let overhang = EdgeInsets(
            top: max(0, container.y - frame.y), left: max(0, container.x - frame.x),
            bottom: max(0, frame.maxY - container.maxY), right: max(0, frame.maxX - container.maxX))
        let sides = [overhang.top, overhang.left, overhang.bottom, overhang.right]
        guard sides.contains(where: { $0 >= tolerance }) else { return nil }
        let wholly =
            frame.x >= container.maxX || frame.maxX <= container.x || frame.y >= container.maxY
            || frame.maxY <= container.y
        // Sides past by less than the tolerance are not named.
        let named = EdgeInsets(
            top: overhang.top >= tolerance ? overhang.top : 0, left: overhang.left >= tolerance ? overhang.left : 0,
            bottom: overhang.bottom >= tolerance ? overhang.bottom : 0,
            right: overhang.right >= tolerance ? overhang.right : 0)
        return (named, wholly)
    }
}

extension ScenePicture {
    /// What is out of place in `scene`'s views as they are now, laid out
    /// on its canvas (see ``PlacementAudit``).
    package static func placementFindings(of scene: Scene) -> [PlacementFinding] {
        let views = drawableViews(of: scene)
        return PlacementAudit.findings(
            layoutNodes(of: views), ids: views.map(\.id), texts: views.map(\.view.textToFit),
            canvas: scene.canvas ?? defaultCanvas,
            safeArea: scene.device?.safeArea ?? .zero)
    }
}

/// What a scene's constraints get wrong, with the views named by id (see
/// ``ConstraintFinding``).
package enum ConstraintReport: Sendable, Hashable {
    /// Required constraints that cannot all hold: each as the id of its
    /// view, its place in the view's `constraints:` (`nil` for the view's
    /// content size held at priority 1000) and its text; `broken` is the
    /// one the layout leaves out.
    case conflict(members: [Member], broken: Int)
    /// The view's constraints leave `open` along `axis` undetermined.
    case ambiguous(id: String, axis: LayoutAxis, open: String)

    /// One constraint of a conflict.
    package struct Member: Sendable, Hashable {
        package var id: String
        package var element: Int?
        package var text: String
    }
}

extension ScenePicture {
    /// What the constraints of `scene`'s views get wrong, laid out as they
    /// are now; none for a scene whose views have no constraints.
    package static func constraintReports(of scene: Scene) -> [ConstraintReport] {
        let views = drawableViews(of: scene)
        let nodes = layoutNodes(of: views)
        let findings = Layout.constraintFindings(
            nodes, canvas: scene.canvas ?? defaultCanvas, safeArea: scene.device?.safeArea ?? .zero)
        guard !findings.isEmpty else { return [] }
        // A named constraint is reported by its own id.
        var holderIDs: [ObjectIdentifier: String] = [:]
        if nodes.contains(where: { $0.constraints.contains { $0.holder != nil } }) {
            for entry in scene.entries { holderIDs[ObjectIdentifier(entry.object)] = entry.id }
        }
        return findings.map { finding in
            switch finding {
            case .conflict(let members, let broken):
                let named = members.map { member -> ConstraintReport.Member in
                    let node = nodes[member.node]
                    let written = member.element.flatMap { element in node.constraints.first { $0.element == element } }
                    let text =
                        written?.constraint.text
                        ?? "its content size, \(SceneValue.double(node.intrinsicSize.width)) by \(SceneValue.double(node.intrinsicSize.height)), at priority 1000"
                    if let holder = written?.holder, let id = holderIDs[holder] {
                        return ConstraintReport.Member(id: id, element: nil, text: text)
                    }
                    return ConstraintReport.Member(id: views[member.node].id, element: member.element, text: text)
                }
                return .conflict(members: named, broken: broken)
            case .ambiguous(let node, let axis, let open):
                return .ambiguous(id: views[node].id, axis: axis, open: open)
            }
        }
    }
}
