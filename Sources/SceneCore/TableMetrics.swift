/// How a table view draws its sections, as UIKit's `UITableView.Style`.
public enum TableViewStyle: String, Sendable, CaseIterable, SceneEnum {
    /// Rows edge to edge, each section under a grey header bar.
    case plain
    /// Sections as white groups of rows on a grey ground, each under its
    /// title in small capitals (a settings screen).
    case grouped
    /// As `grouped`, each group a card with rounded corners inset from the
    /// sides (iOS 13's settings).
    case insetGrouped
}

/// Where a table's headers and rows are, for each ``TableViewStyle``: the
/// one geometry that the table view draws and that `import` places the
/// controls of a static table's cells by. It lies below both, here.
///
///     let metrics = TableMetrics(style: .grouped, topInset: 0)
///     metrics.rowTop(section: 1, row: 0, in: [(hasTitle: true, rows: 2), (hasTitle: false, rows: 1)])
///     // 55 + 2 × 44 + 35 = 178
package struct TableMetrics: Sendable, Hashable {
    /// The height of a row.
    package static let rowHeight = 44.0
    /// The side of a row's image: a settings screen's icon.
    package static let imageSide = 29.0
    /// How far a row's text (and its separator) sits from the row's left
    /// edge: 16 points, 60 after an image.
    package static let textInset = 16.0
    /// Where a row's text starts after an image.
    package static let textInsetAfterImage = 60.0
    /// How far an inset grouped table's cards are from its sides.
    package static let cardInset = 16.0

    /// The table's style.
    package var style: TableViewStyle
    /// The room above the first section.
    package var topInset: Double

    /// The metrics of a table of `style` whose sections start `topInset` down.
    package init(style: TableViewStyle, topInset: Double = 0) {
        self.style = style
        self.topInset = topInset.isFinite ? max(0, topInset) : 0
    }

    /// The height of a section's header: a plain table's grey bar (44, as
    /// a row), a grouped one's gap above its group, 35 points, or 55 with a
    /// title.
    package func headerHeight(hasTitle: Bool) -> Double {
        switch style {
        case .plain: Self.rowHeight
        case .grouped, .insetGrouped: hasTitle ? 55 : 35
        }
    }

    /// The room after the last section: a grouped table's bottom gap.
    package var bottomPadding: Double { style == .plain ? 0 : 35 }

    /// The left and right of a row's background in a table `width` wide.
    package func rowSpan(width: Double) -> (x: Double, width: Double) {
        style == .insetGrouped
            ? (Self.cardInset, max(0, width - 2 * Self.cardInset)) : (0, max(0, width))
    }

    /// The top of the row `row` of section `section`, the sections being
    /// given by whether each has a title and its number of rows.
    package func rowTop(section: Int, row: Int, in sections: [(hasTitle: Bool, rows: Int)]) -> Double {
        var top = topInset
        for (index, shown) in sections.enumerated() {
            top += headerHeight(hasTitle: shown.hasTitle)
            if index == section { return top + Double(max(0, row)) * Self.rowHeight }
            top += Double(shown.rows) * Self.rowHeight
        }
        return top
    }

    /// The height of the whole table's content.
    package func contentHeight(of sections: [(hasTitle: Bool, rows: Int)]) -> Double {
        sections.reduce(topInset) { $0 + headerHeight(hasTitle: $1.hasTitle) + Double($1.rows) * Self.rowHeight }
            + (sections.isEmpty ? 0 : bottomPadding)
    }
}
