import SceneCore

/// Where a view is, once laid out, that is seldom what was meant: what
/// `check` warns of after laying out a scene's views as they are before
/// the script runs (docs/SceneFormat.md, "Warnings"). The command line
/// works the layout out (the loader does not draw); the loader words the
/// warnings, as it words every diagnostic.
package enum PlacementWarning: Sendable, Hashable {
    /// The view sticks out of its parent `parent` (its id), or of the
    /// canvas of size `canvas` when `parent` is `nil`, by `overhang` on
    /// each side; `isWhollyOutside` when none of it is inside.
    case outside(parent: String?, canvas: Size, overhang: EdgeInsets, isWhollyOutside: Bool)
    /// The views the view stacks along `axis` (`vertical` or `horizontal`)
    /// take `content` points, its padding and spacing included, where it
    /// has `room`.
    case stackOverflow(axis: String, content: Double, room: Double)
    /// The view's `member` (`title`, `text`), drawn at `fontSize`, is
    /// `width` points wide where it has `room`.
    case textCut(member: String, text: String, fontSize: Double, width: Double, room: Double)
}

extension SceneDeclaration {
    /// The diagnostic for `warning` about the object at `index`, at its id.
    package func diagnostic(_ warning: PlacementWarning, object index: Int) -> Diagnostic {
        let id = objects[index].id
        let problem: SceneProblem =
            switch warning {
            case .outside(let parent, let canvas, let overhang, let isWhollyOutside):
                .viewOutside(
                    id: id, container: parent, canvas: canvas, overhang: overhang, isWhollyOutside: isWhollyOutside)
            case .stackOverflow(let axis, let content, let room):
                .stackOverflow(id: id, axis: axis, content: content, room: room)
            case .textCut(let member, let text, let fontSize, let width, let room):
                .textCut(id: id, member: member, text: text, fontSize: fontSize, width: width, room: room)
            }
        return problem.diagnostic(at: span(of: index))
    }

    /// The diagnostic for a text of the object at `index`, a view that
    /// wraps and truncates it, that does not all show: a `text-cut`
    /// warning saying how it is drawn.
    package func diagnostic(_ truncation: TextTruncation, object index: Int) -> Diagnostic {
        SceneProblem.textTruncated(id: objects[index].id, truncation).diagnostic(at: span(of: index))
    }
}

extension SceneProblem {
    /// A length to the hundredth of a point, as a person reads it: `28.9`, `16`.
    static func points(_ value: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        let hundredths = (value * 100).rounded()
        guard abs(hundredths) < 1e15 else { return "\(value)" }
        let whole = Int64(hundredths)
        let sign = whole < 0 ? "-" : ""
        let magnitude = whole.magnitude
        let fraction = magnitude % 100
        guard fraction != 0 else { return "\(sign)\(magnitude / 100)" }
        let digits = fraction % 10 == 0 ? "\(fraction / 10)" : (fraction < 10 ? "0\(fraction)" : "\(fraction)")
        return "\(sign)\(magnitude / 100).\(digits)"
    }

    /// `text` on one line, its first 40 characters and an ellipsis when longer.
    static func shortLine(_ text: String) -> String {
        let line = VisibleText.line(text)
        return line.count > 40 ? String(line.prefix(40)) + "\u{2026}" : line
    }

    /// The wording of ``viewOutside(id:container:canvas:overhang:isWhollyOutside:)``:
    /// which edges the view is past, and by how much.
    static func viewOutside(
        id: String, container: String?, canvas: Size, overhang: EdgeInsets, isWhollyOutside: Bool
    ) -> Wording {
        let edges = [
            ("top", overhang.top), ("left", overhang.left), ("bottom", overhang.bottom), ("right", overhang.right),
        ]
        .filter { $0.1 > 0 }
        .map { "\(points($0.1)) points past its \($0.0) edge" }
        let past =
            edges.isEmpty
            ? "" : edges.count == 1 ? edges[0] : edges.dropLast().joined(separator: ", ") + " and " + (edges.last ?? "")
        let what =
            container.map { "its parent '\($0)'" } ?? "the canvas (\(points(canvas.width))x\(points(canvas.height)))"
        let message =
            isWhollyOutside
            ? "'\(id)' lies wholly outside \(what): \(past)"
            : "'\(id)' sticks out of \(what): \(past)"
        let hint =
            container == nil
            ? "move or shrink '\(id)' (its 'frame'), or give its views less room in the canvas's stack"
            : "move or shrink '\(id)', or make '\(container ?? "")' larger"
        return .warning(container == nil ? .viewOutsideCanvas : .viewOutsideParent, message, hint: hint)
    }

    /// The wording of ``stackOverflow(id:axis:content:room:)``.
    static func stackOverflow(id: String, axis: String, content: Double, room: Double) -> Wording {
        .warning(
            .stackOverflow,
            "the views stacked in '\(id)' are \(points(content)) points \(axis == "vertical" ? "tall" : "wide"), "
                + "\(points(content - room)) more than its \(points(room))",
            hint: "give '\(id)' more room, fewer or smaller views, or less spacing and padding")
    }

    /// The wording of ``textCut(id:member:text:fontSize:width:room:)``.
    static func textCut(
        id: String, member: String, text: String, fontSize: Double, width: Double, room: Double
    ) -> Wording {
        .warning(
            .textCut,
            "the \(member) of '\(id)', '\(shortLine(text))', is \(points(width)) points wide at "
                + "\(points(fontSize)) points, \(points(width - room)) more than the "
                + "\(points(room)) it has: it would be cut",
            hint: "make '\(id)' wider, or its \(member) shorter")
    }
}

/// A view's text that does not all show in a view that wraps and
/// truncates it (a label): its `member`, `width` points wide on one line
/// at `fontSize`, takes `needed` lines at the `room` it has; the view,
/// `height` points high, shows `shown` (its `numberOfLines`, or what its
/// height holds), and the last line shown is drawn as `lastLine`, with an
/// ellipsis when `truncates`.
package struct TextTruncation: Sendable, Hashable {
    package var member: String
    package var text: String
    package var fontSize: Double
    package var width: Double
    package var room: Double
    package var height: Double
    package var numberOfLines: Int
    package var needed: Int
    package var shown: Int
    package var lastLine: String
    package var truncates: Bool

    /// The truncation, as the warning has it.
    package init(
        member: String, text: String, fontSize: Double, width: Double, room: Double, height: Double,
        numberOfLines: Int, needed: Int, shown: Int, lastLine: String, truncates: Bool
    ) {
        self.member = member
        self.text = text
        self.fontSize = fontSize
        self.width = width
        self.room = room
        self.height = height
        self.numberOfLines = numberOfLines
        self.needed = needed
        self.shown = shown
        self.lastLine = lastLine
        self.truncates = truncates
    }
}

extension SceneProblem {
    /// The wording of ``textTruncated(id:_:)``: how wide or how many lines
    /// the text is, what the view shows, and how its last line is drawn.
    static func textTruncated(id: String, _ cut: TextTruncation) -> Wording {
        let drawn = "is drawn \(cut.truncates ? "truncated" : "cut"), as '\(shortLine(cut.lastLine))'"
        if cut.numberOfLines == 1 {
            return .warning(
                .textCut,
                "the \(cut.member) of '\(id)', '\(shortLine(cut.text))', is \(points(cut.width)) points wide at "
                    + "\(points(cut.fontSize)) points, \(points(cut.width - cut.room)) more than the "
                    + "\(points(cut.room)) it has: it \(drawn)",
                hint: "make '\(id)' wider, its \(cut.member) shorter, or let it wrap with 'numberOfLines: 0'")
        }
        let byLines = cut.numberOfLines > 0 && cut.shown == cut.numberOfLines
        let limit = byLines ? "its numberOfLines" : "its height of \(points(cut.height)) points"
        let hint =
            byLines
            ? "give '\(id)' more lines ('numberOfLines: 0' for as many as its height holds), make it wider, "
                + "or its \(cut.member) shorter"
            : "make '\(id)' taller or wider, or its \(cut.member) shorter"
        return .warning(
            .textCut,
            "the \(cut.member) of '\(id)', '\(shortLine(cut.text))', takes \(cut.needed) lines of "
                + "\(points(cut.room)) points at \(points(cut.fontSize)) points, and \(limit) shows "
                + "\(cut.shown): its last line \(drawn)",
            hint: hint)
    }
}
