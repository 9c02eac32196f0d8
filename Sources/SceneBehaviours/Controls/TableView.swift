import Behaviours
import SceneCore

/// A headless table view: shows the rows of a ``TableData``, either every
/// section or only one, so that one table serves both an unpaged view and
/// each page of a paged one.
///
/// For its keys, defaults, events, actions and inputs, see
/// `scene-runner types TableView`.
///
///     objects:
///       list: { type: TableView, data: latin }               # every section
///       page: { type: TableView, data: latin, section: 1 }  # the second only
///
/// The contract:
/// - With `section` null the table shows every section of `data`; with an
///   index it shows that section alone, as a page does. An index outside
///   the sections (negative, or past the last) shows nothing.
/// - `rowCount` is the number of rows shown: of every section, or of the
///   one shown.
/// - `titles` lists the titles of the sections shown, in order: every
///   title with `section` null, the one title of the shown section, and
///   none when nothing is shown (or there is no data).
/// - `style` draws the sections as UIKit's styles do: `plain` (the
///   default), `grouped` or `insetGrouped` (a settings screen's groups);
///   `topInset` is the room above the first section (where a navigation
///   bar lies over the table).
/// - A row draws its section's `details` and `images` for it: the detail
///   text at the right, in grey, and the image at the left.
open class TableView: View {
    /// The model shown; the scene owns it, so it is weak.
    public final weak var data: TableData? {
        didSet {
            guard data !== oldValue else { return }
            dataWatch?.disconnect()
            dataWatch = data?.watchChanges { [weak self] _ in self?.shownSectionsMayHaveChanged() }
            shownSectionsMayHaveChanged()
        }
    }
    /// The only section shown, or `nil` for every section.
    public final var section: Int? {
        didSet {
            propertyDidChange(\.section, from: oldValue, to: section)
            shownSectionsMayHaveChanged()
        }
    }
    /// How the sections are drawn: plain, grouped or inset grouped.
    public final var style = TableViewStyle.plain {
        didSet { propertyDidChange(\.style, from: oldValue, to: style) }
    }
    /// The room above the first section, in points (UIKit's content inset
    /// at the top); 0 by default.
    public final var topInset: Double = 0 {
        didSet { propertyDidChange(\.topInset, from: oldValue, to: topInset) }
    }
    /// Hears the changes of `data`, outside the scene's wiring.
    private var dataWatch: SceneConnection?

    /// Tells that `rowCount` and `titles`, worked out from `data` and
    /// `section`, may have changed.
    private func shownSectionsMayHaveChanged() {
        propertyMayHaveChanged(\.rowCount)
        propertyMayHaveChanged(\.titles)
    }

    /// A table with no data, showing every section.
    override public init() {}

    /// The sections shown: every one of `data` when `section` is `nil`, the
    /// one at `section`, or none when `section` is out of range.
    package final var shownSections: ArraySlice<TableSection> {
        guard let sections = data?.sections else { return [] }
        guard let section else { return sections[...] }
        guard sections.indices.contains(section) else { return [] }
        return sections[section...section]
    }

    /// How many rows are shown (`rowCount`).
    public final var rowCount: Int {
        shownSections.reduce(0) { $0 + $1.rows.count }
    }

    /// The titles of the sections shown, in order (`titles`).
    public final var titles: [String] {
        shownSections.map(\.title)
    }

    // MARK: Registration

    /// Registers `TableView` as a `View` with its data, section, style,
    /// top inset, row count and titles.
    override open class func sceneDescription() -> TypeDescription {
        TypeDescription(
            "TableView", summary: "Shows a TableData's rows, plain or grouped: every section, or one.",
            base: View.sceneDescription(),
            wakes: false, make: { TableView() }
        ) { type in
            type.outlet(
                "data", get: { $0.data }, set: { $0.data = $1 }, required: true,
                doc: "The model shown.")
            type.property(
                "section", \.section, changeEvent: true,
                doc: "The only section shown (a page), or null for every section.")
            type.property(
                "style", \.style, changeEvent: true,
                doc: "How the sections are drawn, as UIKit's table styles: plain, grouped or insetGrouped.")
            type.property(
                "topInset", \.topInset, range: SceneGeometry.lengths, changeEvent: true,
                doc: "The room above the first section, in points (where a navigation bar lies over it).")
            type.readOnly("rowCount", \.rowCount, doc: "How many rows are shown.")
            type.readOnly("titles", \.titles, doc: "The titles of the sections shown, in order; empty when none is.")
        }
    }
}
