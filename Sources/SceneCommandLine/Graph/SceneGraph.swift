import SceneCore
import SceneDrawing
import SceneLoader
import SceneOutput

/// A validated scene's wiring as a Graphviz DOT graph: what `graph` prints.
///
/// One box per object (its id in bold, its type below, then the geometry
/// the file gives it: its frame, stack layout and corner radius), in file
/// order; a declared canvas is shown under the title. A
/// view with children (the objects whose `parent` names it) is a frame,
/// `subgraph cluster_ID`, labelled with its id and type, around its
/// children, nested as deep as the hierarchy goes; an arrow to or from it
/// ends at the frame. Every other outlet is a solid arrow from the object
/// to its target, labelled with the outlet's name; each target of a
/// collection is an arrow of its own, labelled with its place
/// (`providers[0]`, `providers[1]`, ...). Every `on:` connection is a dashed
/// orange arrow with an open head, from the sender to the object whose
/// action it calls, labelled `event -> action`.
///
///     SceneGraph(declaration, name: "video-player.yaml").write { print($0, terminator: "") }
///
/// Every id and label is quoted and escaped, so any text (a title with
/// quotes, backslashes or line breaks) gives a graph `dot` reads.
///
/// - Complexity: O(objects + outlet targets + connections): the hierarchy
///   is walked once with a stack of its own, whether an arrow stays inside
///   a frame is one comparison of positions in that walk, and the
///   indentation stops growing after a few levels, so that a deep
///   hierarchy prints in linear space.
struct SceneGraph {
    let declaration: SceneDeclaration
    /// The graph's title: the scene's `scene:` title, or the file's name.
    let title: String
    /// The program that prints it, for the first line's comment.
    let programName: String

    init(_ declaration: SceneDeclaration, name: String, programName: String = "scene-runner") {
        self.declaration = declaration
        title = declaration.title ?? name
        self.programName = programName
    }

    /// The colours and fonts of the picture.
    private enum Style {
        static let font = "Helvetica"
        static let outlet = "#4A5568"
        static let event = "#D9480F"
        static let node = "#F8FAFC"
        static let nodeBorder = "#64748B"
        /// Frames alternate between two fills, so that nested ones stand out.
        static let frames = ["#EEF2FF", "#E0E7FF"]
        static let frameBorder = "#94A3B8"
        static let type = "#475569"
        /// The geometry line under a view's type.
        static let geometry = "#64748B"
        /// Indentation stops growing at this depth.
        static let maxIndentDepth = 8
    }

    /// Writes the graph, a few lines at a time, through `write`.
    func write(_ write: (String) -> Void) {
        let objects = declaration.objects
        let parents = parentIndices()

        // Children in file order, as linked lists: first child, next sibling.
        var firstChild = [Int](repeating: -1, count: objects.count)
        var lastChild = [Int](repeating: -1, count: objects.count)
        var nextSibling = [Int](repeating: -1, count: objects.count)
        for index in objects.indices {
            guard let parent = parents[index] else { continue }
            if lastChild[parent] < 0 {
                firstChild[parent] = index
            } else {
                nextSibling[lastChild[parent]] = index
            }
            lastChild[parent] = index
        }

        let quotedTitle = DOT.quoted(title)
        // The canvas, when the file declares one, under the title.
        let label = declaration.canvas.map { canvas in
            DOT.quoted("\(title)\ncanvas \(number(canvas.width))x\(number(canvas.height))")
        }
        write("// The wiring of \(DOT.comment(title)), printed by `\(DOT.comment(programName)) graph`.\n")
        write("digraph \(quotedTitle) {\n")
        write(
            "    graph [label=\(label ?? quotedTitle), labelloc=t, fontname=\"\(Style.font)\", fontsize=16, "
                + "rankdir=LR, nodesep=0.4, ranksep=0.7, newrank=true, compound=true];\n")
        write(
            "    node [shape=box, style=\"rounded,filled\", fillcolor=\"\(Style.node)\", "
                + "color=\"\(Style.nodeBorder)\", fontname=\"\(Style.font)\", fontsize=12, margin=\"0.15,0.06\"];\n")
        write(
            "    edge [fontname=\"\(Style.font)\", fontsize=10, color=\"\(Style.outlet)\", "
                + "fontcolor=\"\(Style.outlet)\", arrowsize=0.7];\n")

        // The hierarchy, walked depth first from each object without a
        // parent, in file order: `walk` holds each object's index as it is
        // entered and `~index` as its frame closes. `entry` and `exit` are
        // each object's place in the walk: `b` is inside `a`'s frame when
        // entry[a] < entry[b] <= exit[a].
        var entry = [Int](repeating: -1, count: objects.count)
        var exit = [Int](repeating: -1, count: objects.count)
        var walk: [Int] = []
        walk.reserveCapacity(2 * objects.count)
        var stack: [(index: Int, isClosing: Bool)] = []
        for root in objects.indices where parents[root] == nil {
            stack.append((root, false))
            while let (index, isClosing) = stack.popLast() {
                if isClosing {
                    exit[index] = walk.count
                    walk.append(~index)
                    continue
                }
                walk.append(index)
                entry[index] = walk.count
                guard firstChild[index] >= 0 else {
                    exit[index] = entry[index]
                    continue
                }
                stack.append((index, true))
                // Pushed last to first, so that they pop in file order.
                let first = stack.count
                var child = firstChild[index]
                while child >= 0 {
                    stack.append((child, false))
                    child = nextSibling[child]
                }
                stack[first...].reverse()
            }
        }
        let frames = Frames(entry: entry, exit: exit)

        // A frame's object is an unseen point inside it, at which the arrows
        // that end at the frame are aimed; when an arrow joins it to an
        // object inside its frame, it is a dashed box there instead.
        var isShownInFrame = [Bool](repeating: false, count: objects.count)
        forEachArrow(parents: parents, frames: frames) { source, target, _, _ in
            if frames.isFrame(source, around: target) == false, frames.isFrame(source) { isShownInFrame[source] = true }
            if frames.isFrame(target, around: source) == false, frames.isFrame(target) { isShownInFrame[target] = true }
        }

        var depth = 1
        for step in walk {
            guard step >= 0 else {
                depth -= 1
                write(indent(depth) + "}\n")
                continue
            }
            guard frames.isFrame(step) else {
                write(indent(depth) + box(step, isFrameObject: false))
                continue
            }
            write(indent(depth) + "subgraph \(DOT.quoted("cluster_" + objects[step].id)) {\n")
            depth += 1
            write(
                indent(depth) + "label=\(frameLabel(step)); labeljust=l; fontsize=12; style=\"rounded,filled\"; "
                    + "fillcolor=\"\(Style.frames[depth % 2])\"; color=\"\(Style.frameBorder)\";\n")
            if isShownInFrame[step] {
                write(indent(depth) + box(step, isFrameObject: true))
            } else {
                write(
                    indent(depth)
                        + "\(DOT.quoted(objects[step].id)) [shape=point, style=invis, width=0.01, height=0.01];\n")
            }
        }
        // A validated scene has no cycle through `parent`; should one get
        // through, its objects are drawn unframed and their parent outlet as
        // an arrow, rather than not at all.
        for index in objects.indices where entry[index] < 0 {
            write(indent(1) + box(index, isFrameObject: false))
        }

        // Arrows, object by object in file order: outlets, then `on:`.
        forEachArrow(parents: parents, frames: frames) { source, target, label, isEvent in
            var attributes = "label=\(DOT.quoted(label))"
            if source != target {
                if frames.isFrame(source, around: target) == true {
                    attributes += ", ltail=\(DOT.quoted("cluster_" + objects[source].id))"
                }
                if frames.isFrame(target, around: source) == true {
                    // Two ranks long, so that the part outside the frame
                    // is long enough to hold the label.
                    attributes += ", lhead=\(DOT.quoted("cluster_" + objects[target].id)), minlen=2"
                }
            }
            if isEvent {
                attributes += ", style=dashed, color=\"\(Style.event)\", fontcolor=\"\(Style.event)\", arrowhead=vee"
            }
            write("    \(DOT.quoted(objects[source].id)) -> \(DOT.quoted(objects[target].id)) [\(attributes)];\n")
        }
        write("}\n")
    }

    /// Where each object is in the walk of the hierarchy.
    private struct Frames {
        let entry: [Int]
        let exit: [Int]

        /// Whether the object at `index` has children, and so a frame.
        func isFrame(_ index: Int) -> Bool { entry[index] >= 0 && entry[index] < exit[index] }

        /// `nil` when `index` has no frame; otherwise whether `other` is
        /// outside it.
        func isFrame(_ index: Int, around other: Int) -> Bool? {
            guard isFrame(index) else { return nil }
            return !(entry[index] < entry[other] && entry[other] <= exit[index])
        }
    }

    /// Calls `body` with each arrow, object by object in file order: the
    /// object's outlets (a collection's targets numbered), then its `on:`
    /// connections. The hierarchy outlet that a frame shows is left out.
    private func forEachArrow(
        parents: [Int?], frames: Frames,
        _ body: (_ source: Int, _ target: Int, _ label: String, _ isEvent: Bool) -> Void
    ) {
        let objects = declaration.objects
        for index in objects.indices {
            for connection in declaration.outletConnections[objects[index].outletRange] {
                let targets = declaration.outletTargets[connection.targetRange]
                if connection.outlet.isHierarchy, frames.entry[index] >= 0, targets.first == parents[index] { continue }
                for (position, target) in targets.enumerated() {
                    let name = connection.outlet.name
                    body(index, target, connection.outlet.isCollection ? "\(name)[\(position)]" : name, false)
                }
            }
            for connection in declaration.eventConnections[objects[index].connectionRange] {
                body(index, connection.target, "\(connection.event.name) -> \(connection.action.name)", true)
            }
        }
    }

    /// The object each object's hierarchy outlet (`parent`) names, if any.
    private func parentIndices() -> [Int?] {
        declaration.objects.map { object in
            for connection in declaration.outletConnections[object.outletRange] where connection.outlet.isHierarchy {
                let targets = declaration.outletTargets[connection.targetRange]
                if targets.count == 1, let target = targets.first { return target }
            }
            return nil
        }
    }

    /// The box of the object at `index`: its id in bold and its type; a
    /// frame's own object is dashed and unfilled.
    private func box(_ index: Int, isFrameObject: Bool) -> String {
        let object = declaration.objects[index]
        let geometry = self.geometry(index).map {
            "<br/><font point-size=\"9\" color=\"\(Style.geometry)\">\(DOT.html($0))</font>"
        }
        let label =
            "<<b>\(DOT.html(object.id))</b><br/><font point-size=\"10\" color=\"\(Style.type)\">"
            + "\(DOT.html(object.type.name))</font>\(geometry ?? "")>"
        let style = isFrameObject ? ", style=\"rounded,dashed\"" : ""
        return "\(DOT.quoted(object.id)) [label=\(label)\(style)];\n"
    }

    /// The label of the frame of the object at `index`: its id in bold,
    /// then its type, on one line.
    private func frameLabel(_ index: Int) -> String {
        let object = declaration.objects[index]
        let geometry = self.geometry(index).map {
            "  <font point-size=\"9\" color=\"\(Style.geometry)\">\(DOT.html($0))</font>"
        }
        return "<<b>\(DOT.html(object.id))</b>  <font point-size=\"10\" color=\"\(Style.type)\">"
            + "\(DOT.html(object.type.name))</font>\(geometry ?? "")>"
    }

    /// The geometry the file gives the object at `index`, on one line, in
    /// written order: `frame 16,16 358x44`, `horizontal stack, spacing 4,
    /// padding 2, fill`, `corner radius 6`; `nil` when it gives none.
    private func geometry(_ index: Int) -> String? {
        var parts: [String] = []
        for entry in declaration.propertyValues[declaration.objects[index].propertyRange] {
            switch entry.property.name {
            case "frame":
                guard let rect = Rect(sceneValue: entry.value) else { continue }
                parts.append(
                    "frame \(number(rect.x)),\(number(rect.y)) \(number(rect.width))x\(number(rect.height))")
            case "layout":
                guard let layout = StackLayout(sceneValue: entry.value) else { continue }
                parts.append(
                    "\(layout.axis.rawValue) stack, spacing \(number(layout.spacing)), "
                        + "padding \(number(layout.padding)), \(layout.alignment.rawValue)")
            case "cornerRadius":
                switch entry.value {
                case .double(let radius): parts.append("corner radius \(number(radius))")
                case .int(let radius): parts.append("corner radius \(radius)")
                default: continue
                }
            default: continue
            }
        }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    private func number(_ value: Double) -> String { SceneValue.double(value).description }

    private func indent(_ depth: Int) -> String {
        String(repeating: "    ", count: min(depth, Style.maxIndentDepth))
    }
}
