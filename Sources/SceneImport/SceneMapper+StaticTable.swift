import SceneCore
import SceneYAML

/// A table view of static cells (`dataMode="static"`), as the standard
/// `TableView` shows it: its sections and cells become a `TableData`'s
/// sections and rows, and the controls in its cells are placed in their rows.
extension SceneMapper {
    /// One static cell, read: its texts, its image, and its other views.
    private struct StaticCell {
        var title = ""
        var detail = ""
        var image = ""
        var controls: [IBElement] = []
    }

    /// The row a cell's labels and image view make, and the views left
    /// (controls, placed in the row). The labels and the image view are
    /// not objects of their own: an outlet to one is warned about.
    private mutating func staticCell(_ cell: IBElement) -> StaticCell {
        let content = cell.children.first { $0["key"] == "contentView" && UIKitNames.isView($0.name) }
        let views = (content?.child("subviews")?.children ?? []).filter { $0["id"] != nil }
        let named = { (key: String) in cell[key].flatMap { id in views.first { $0["id"] == id } } }
        let labels = views.filter { $0.name == "label" }
        let titleLabel = named("textLabel") ?? labels.first
        let detailLabel = named("detailTextLabel") ?? labels.first { $0 !== titleLabel }
        let imageView = named("imageView") ?? views.first { $0.name == "imageView" }
        let text = { (label: IBElement?) in label.flatMap { $0["text"] ?? $0.child("string", key: "text")?.text } ?? ""
        }
        var read = StaticCell(title: text(titleLabel), detail: text(detailLabel), image: imageView?["image"] ?? "")
        for view in views {
            guard let id = view["id"] else { continue }
            if view === titleLabel || view === detailLabel {
                absent[id] = "a label of a static table's cell, carried over as its row's text"
            } else if view === imageView {
                absent[id] = "the image view of a static table's cell, carried over as its row's image"
            } else if view.name == "label" {
                absent[id] = "a label of a static table's cell beyond its title and detail"
                count("cellLabels", .elementNotImported, at: view) {
                    "\($0) label(s) of static cells beyond each row's title and detail are not carried over"
                }
            } else {
                read.controls.append(view)
            }
        }
        return read
    }

    /// The static sections `sections` of the table `id`: a `TableData` with
    /// them as its `data`, and the controls of their cells placed in their
    /// rows as the table draws them (centred top to bottom, at the left
    /// Interface Builder gives them).
    mutating func staticTable(_ sections: IBElement, table id: String, element: IBElement) {
        var written: [String] = []
        var shapes: [(hasTitle: Bool, rows: Int)] = []
        var placed: [(view: IBElement, section: Int, row: Int)] = []
        for (sectionIndex, section) in sections.children(named: "tableViewSection").enumerated() {
            let title = section["headerTitle"] ?? ""
            let cells = (section.child("cells")?.children(named: "tableViewCell") ?? []).map { staticCell($0) }
            for (row, cell) in cells.enumerated() {
                placed += cell.controls.map { ($0, sectionIndex, row) }
            }
            shapes.append((!title.isEmpty, cells.count))
            let quoted = { (texts: [String]) in "[" + texts.map(YAMLWriter.doubleQuoted).joined(separator: ", ") + "]" }
            var record = "{title: \(YAMLWriter.doubleQuoted(title)), rows: \(quoted(cells.map(\.title)))"
            if cells.contains(where: { !$0.detail.isEmpty }) { record += ", details: \(quoted(cells.map(\.detail)))" }
            if cells.contains(where: { !$0.image.isEmpty }) { record += ", images: \(quoted(cells.map(\.image)))" }
            written.append(record + "}")
            if let footer = section["footerTitle"], !footer.isEmpty {
                warn(.attributeNotImported, "the section's footer title is not carried over", at: section)
            }
        }
        guard let position = index[id], let outlet = objects[position].type.outlets.first(where: { $0.name == "data" }),
            let model = registry.type(named: registry.requirement(of: outlet)),
            model.property(named: "sections") != nil
        else { return }
        let modelID = id + "+data"
        var data = ImportedObject(element: sections, ibID: modelID, ibClass: model.name, uikitClass: nil, type: model)
        data.properties.append(("sections", "[" + written.joined(separator: ", ") + "]"))
        add(data)
        outletNames[modelID] = ("data", id)
        objects[position].outlets.append(("data", [modelID]))
        let style = element["style"].flatMap(TableViewStyle.init(rawValue:)) ?? .plain
        let metrics = TableMetrics(style: style, topInset: objects[position].parent == nil ? rootTopInset : 0)
        let width = element.child("rect", key: "frame").flatMap { $0["width"] }.flatMap { text -> Double? in
            if case .number(let value) = Self.reading(text) { return value }
            return nil
        }
        let span = metrics.rowSpan(width: width ?? 0)
        for (view, section, row) in placed {
            guard let viewID = view["id"] else { continue }
            // The row places it: the frame is worked out below, not read.
            collectView(view, parent: id, inStack: true)
            guard let viewPosition = index[viewID], let rect = view.child("rect", key: "frame") else { continue }
            let read = { (key: String) -> Double in
                guard let text = rect[key], case .number(let value) = Self.reading(text), value.isFinite else {
                    return 0
                }
                return value
            }
            let height = min(max(0, read("height")), TableMetrics.rowHeight)
            let x = span.x + min(max(0, read("x")), SceneGeometry.maxPoints)
            let y = metrics.rowTop(section: section, row: row, in: shapes) + (TableMetrics.rowHeight - height) / 2
            let size = min(max(0, read("width")), SceneGeometry.maxPoints)
            objects[viewPosition].frame =
                "{x: \(Self.length(x)), y: \(Self.length(y)), width: \(Self.length(size)), height: \(Self.length(height))}"
        }
    }
}
