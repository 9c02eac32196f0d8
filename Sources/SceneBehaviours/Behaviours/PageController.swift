import SceneCore

/// Pages through a ``TableData`` one section at a time in a ``TableView``,
/// with an optional ``PageIndicator``: a page view controller and its page
/// indicator.
///
/// For its keys, defaults, events, actions and inputs, see
/// `scene-runner types PageController`.
///
///     let controller = PageController()
///     controller.data = latin          // three sections
///     controller.table = table
///     controller.indicator = dots
///     controller.awake(in: scene)      // table.section == 0, dots: 3 pages, page 0
///     controller.swipeLeft()           // page 1
///     controller.swipeRight()          // page 0
///     controller.swipeRight()          // ignored: it is on the first page
///
/// The contract:
/// - There is one page per section of `data`; paging starts at page 0.
/// - `swipeLeft` goes to the next page and `swipeRight` to the previous
///   one. Paging is bounded: a swipe past the first or the last page is
///   ignored (no wrap), and so is any swipe while the table is not
///   visible, as a hidden view takes no gesture, or when there are no
///   pages at all.
/// - From ``awake(in:)`` on, the table shows `data` (the controller passes
///   its model down, as a page view controller does) with `section` at
///   the current page, and the indicator has `numberOfPages` = `pageCount`
///   and `currentPage` = `currentPage`. They are kept in step after every
///   page change, every change of `data`'s sections (the current page is
///   then clamped to the last page) and every outlet set after awake.
///
/// It needs no clock.
package final class PageController: SceneObject, PropertyNotifying {
    /// Who follows its properties (see ``PropertyNotifying``); `nil` until someone does.
    package var propertyObservers: PropertyObservers?

    /// The model paged through, one section a page; weakly held. Setting
    /// it stops following the old model's changes.
    package weak var data: TableData? {
        didSet {
            observeData()
            if isAwake { update() }
        }
    }
    /// The table that shows the current page; weakly held.
    package weak var table: TableView? {
        didSet { if isAwake { update() } }
    }
    /// The dots that show the page count and the current page; weakly held.
    package weak var indicator: PageIndicator? {
        didSet { if isAwake { update() } }
    }

    /// The index of the page shown.
    package private(set) var currentPage = 0 {
        didSet { propertyDidChange(\.currentPage, from: oldValue, to: currentPage) }
    }

    private var isAwake = false
    /// The connection to the `changed` event of ``data``.
    private var dataConnection: SceneConnection?

    /// A controller with no outlets, at page 0.
    package init() {}

    /// How many pages there are: one per section of `data`.
    package var pageCount: Int {
        data?.sections.count ?? 0
    }

    /// Puts the table and the indicator in step with the current page.
    package func awake(in scene: Scene) {
        isAwake = true
        update()
    }

    /// Goes to the next page (the `swipeLeft` input); ignored on the last
    /// page, without pages, or while the table is not visible.
    @discardableResult
    package func swipeLeft() -> ActionOutcome {
        guard let table else { return .ignored(because: "it has no table") }
        guard table.visible else { return .ignored(because: "its table is not visible") }
        guard pageCount > 0 else { return .ignored(because: "it has no pages") }
        guard currentPage + 1 < pageCount else { return .ignored(because: "it is on the last page") }
        currentPage += 1
        update()
        return .handled
    }

    /// Goes to the previous page (the `swipeRight` input); ignored on the
    /// first page, without pages, or while the table is not visible.
    @discardableResult
    package func swipeRight() -> ActionOutcome {
        guard let table else { return .ignored(because: "it has no table") }
        guard table.visible else { return .ignored(because: "its table is not visible") }
        guard pageCount > 0 else { return .ignored(because: "it has no pages") }
        guard currentPage > 0 else { return .ignored(because: "it is on the first page") }
        currentPage -= 1
        update()
        return .handled
    }

    /// Clamps the current page to the pages there are, then sets the
    /// table's data and section and the indicator's page count and page.
    package func update() {
        propertyMayHaveChanged(\.pageCount)
        currentPage = max(0, min(currentPage, pageCount - 1))
        if let table {
            if table.data !== data { table.data = data }
            if table.section != currentPage { table.section = currentPage }
        }
        if let indicator {
            if indicator.numberOfPages != pageCount { indicator.numberOfPages = pageCount }
            if indicator.currentPage != currentPage { indicator.currentPage = currentPage }
        }
    }

    private func observeData() {
        dataConnection?.disconnect()
        dataConnection = nil
        guard let data else { return }
        dataConnection = data.changed.connect { [weak self] in
            guard let self, self.isAwake else { return }
            self.update()
        }
    }

    // MARK: Registration

    /// Registers `PageController`: its outlets, the page count, the current
    /// page and the two swipes.
    package static func sceneDescription() -> TypeDescription {
        TypeDescription(
            "PageController", summary: "Pages through a TableData one section at a time, with a page indicator.",
            make: { PageController() }
        ) { type in
            type.outlet(
                "data", get: { $0.data }, set: { $0.data = $1 }, required: true,
                doc: "The model paged through, one section a page; passed down to the table.")
            type.outlet(
                "table", get: { $0.table }, set: { $0.table = $1 }, required: true,
                doc: "The table that shows the current page (its section is kept at the page).")
            type.outlet(
                "indicator", get: { $0.indicator }, set: { $0.indicator = $1 },
                doc: "Dots kept at the page count and the current page.")
            type.readOnly("pageCount", \.pageCount, doc: "How many pages: one per section of data.")
            type.readOnly("currentPage", \.currentPage, doc: "The index of the page shown, from 0.")
            type.input("swipeLeft", doc: "Goes to the next page; ignored on the last one.") { $0.swipeLeft() }
            type.input("swipeRight", doc: "Goes to the previous page; ignored on the first one.") {
                $0.swipeRight()
            }
        }
    }
}
