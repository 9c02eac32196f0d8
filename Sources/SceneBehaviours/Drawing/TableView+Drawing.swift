import SceneCore
import SceneDrawing

extension TableView {
    /// The height of one row, and of one plain section's header.
    static let rowHeight = TableMetrics.rowHeight
    /// A grouped table's ground: UIKit's system grouped background.
    static let groupedBackground = Color(red: 0xF2, green: 0xF2, blue: 0xF7)
    /// A grouped section's title: UIKit's secondary label on the ground.
    static let groupedHeaderText = Color(red: 0x6D, green: 0x6D, blue: 0x72)
    /// A separator between rows: UIKit's opaque separator.
    static let separator = Color(red: 0xC6, green: 0xC6, blue: 0xC8)

    /// Where the headers and rows go, by the table's style and top inset.
    var metrics: TableMetrics { TableMetrics(style: style, topInset: topInset) }

    /// The shown sections as the metrics count them (the first 1,000 rows).
    private var shownShapes: [(hasTitle: Bool, rows: Int)] {
        var left = 1_000
        return shownSections.map { section in
            let rows = min(section.rows.count, max(0, left))
            left -= rows
            return (!section.title.isEmpty, rows)
        }
    }

    var tableIntrinsicSize: Size {
        Size(width: 0, height: metrics.contentHeight(of: shownShapes))
    }

    /// UIKit's look of the table's style: plain, each section's title in
    /// grey bold on a light bar, then its rows with separators; grouped, a
    /// grey ground with each section's title in capitals above a white
    /// group of rows (inset grouped: a card with rounded corners). A row
    /// shows its image at the left and its detail text at the right in
    /// grey; rows below the table's height are not drawn.
    func drawTable(in context: DrawingContext) {
        let metrics = metrics
        let width = context.size.width
        let height = context.size.height
        let span = metrics.rowSpan(width: width)
        let isGrouped = style != .plain
        if isGrouped, backgroundColor == nil {
            context.fill(context.bounds, color: Self.groupedBackground, cornerRadius: cornerRadius)
        }
        var top = metrics.topInset
        var left = 1_000
        for section in shownSections {
            guard top < height, left > 0 else { break }
            let header = metrics.headerHeight(hasTitle: !section.title.isEmpty)
            drawHeader(section.title, in: Rect(x: 0, y: top, width: width, height: header), span: span, context)
            top += header
            let rows = Array(section.rows.prefix(left))
            left -= rows.count
            guard !rows.isEmpty else { continue }
            if isGrouped {
                let group = Rect(x: span.x, y: top, width: span.width, height: Double(rows.count) * Self.rowHeight)
                context.fill(group, color: .white, cornerRadius: style == .insetGrouped ? 10 : 0)
            }
            for (index, text) in rows.enumerated() {
                guard top < height else { break }
                let row = Rect(x: span.x, y: top, width: span.width, height: Self.rowHeight)
                let isLast = index == rows.count - 1
                drawRow(text, detail: section.detail(at: index), image: section.image(at: index), in: row, context)
                if !isGrouped || !isLast {
                    let start = row.x + (section.image(at: index) == nil ? 16 : TableMetrics.textInsetAfterImage)
                    context.line(
                        from: Point(x: start, y: row.maxY), to: Point(x: row.maxX, y: row.maxY),
                        color: isGrouped ? Self.separator : Palette.faint, lineWidth: isGrouped ? 0.5 : 1)
                }
                top += Self.rowHeight
            }
        }
    }

    /// A section's header: a plain table's bar, a grouped one's title in
    /// capitals at the bottom of its gap.
    private func drawHeader(
        _ title: String, in header: Rect, span: (x: Double, width: Double), _ context: DrawingContext
    ) {
        if style == .plain {
            context.fill(header, color: Palette.faint)
            context.text(
                title, in: Rect(x: 16, y: header.y, width: max(0, header.width - 32), height: header.height),
                color: Palette.secondaryText, fontSize: 13, alignment: .leading, weight: .bold)
        } else if !title.isEmpty {
            context.text(
                title.uppercased(),
                in: Rect(x: span.x + 16, y: header.maxY - 7 - 16, width: max(0, span.width - 32), height: 16),
                color: Self.groupedHeaderText, fontSize: 13, alignment: .leading)
        }
    }

    /// One row: its image, its text and its detail.
    private func drawRow(_ text: String, detail: String?, image: String?, in row: Rect, _ context: DrawingContext) {
        var textStart = row.x + TableMetrics.textInset
        if let image {
            let side = TableMetrics.imageSide
            let icon = Rect(x: row.x + 16, y: row.y + (row.height - side) / 2, width: side, height: side)
            context.fill(icon, color: Palette.placeholder, cornerRadius: 6.5)
            context.stroke(icon, color: Palette.border, lineWidth: 0.5, cornerRadius: 6.5)
            context.text(
                String(image.prefix(1)).uppercased(), in: icon, color: Palette.secondaryText, fontSize: 13,
                weight: .semibold)
            textStart = row.x + TableMetrics.textInsetAfterImage
        }
        let area = Rect(x: textStart, y: row.y, width: max(0, row.maxX - 16 - textStart), height: row.height)
        context.text(text, in: area, alignment: .leading)
        if let detail {
            context.text(detail, in: area, color: Palette.secondaryText, alignment: .trailing)
        }
    }
}
