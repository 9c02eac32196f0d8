/// Pages through a ``TableData`` one section at a time in a table, with an
/// optional page indicator: a page view controller and its page control.
///
///     let controller = PageController()
///     controller.data = latin          // three sections
///     controller.table = table
///     controller.indicator = dots
///     controller.start()               // table.section == 0, dots: 3 pages, page 0
///     controller.swipeLeft()           // page 1
///     controller.swipeRight()          // page 0
///     controller.swipeRight()          // ignored: it is on the first page
///
/// The contract:
/// - There is one page per section of ``data``; paging starts at page 0.
/// - ``swipeLeft()`` goes to the next page and ``swipeRight()`` to the
///   previous one. Paging is bounded: a swipe past the first or the last
///   page is ignored (no wrap), and so is any swipe while the table is not
///   visible, as a hidden view takes no gesture, or when there are no
///   pages at all.
/// - From ``start()`` on (what a scene's awake and a storyboard's
///   `awakeFromNib` call), the table shows ``data`` (the controller passes
///   its model down, as a page view controller does) with its `section` at
///   the current page, and the indicator has ``pageCount`` pages with
///   ``currentPage`` current. They are kept in step after every page
///   change, every change of the data's sections (the current page is then
///   clamped to the last page) and every outlet set after it.
///
/// It needs no clock. Its ``currentPage`` is ``Reported``.
open class PageController: ReportsChanges {
    /// Where changes of the page are told (see ``ReportsChanges``).
    public let changeReports = ChangeReports()

    /// The model paged through, one section a page; weakly held. Setting
    /// it stops following the old model's changes.
    ///
    ///     controller.data = latin
    public weak var data: TableData? {
        didSet {
            observeData()
            if isStarted { update() }
        }
    }

    /// The table that shows the current page; weakly held.
    ///
    ///     controller.table = tableView
    public weak var table: (any RowListing)? {
        didSet { if isStarted { update() } }
    }

    /// The dots that show the page count and the current page; weakly held.
    ///
    ///     controller.indicator = pageControl
    public weak var indicator: (any PageIndicating)? {
        didSet { if isStarted { update() } }
    }

    /// The index of the page shown.
    ///
    ///     controller.currentPage   // 1 after one swipeLeft()
    @Reported public private(set) var currentPage = 0

    /// Whether ``start()`` was called: the outlets are kept in step from then on.
    public private(set) var isStarted = false

    /// The connection to the ``TableData/changed`` event of ``data``.
    private var dataConnection: BehaviourConnection?

    /// A controller with no outlets, at page 0.
    ///
    ///     let controller = PageController()
    public init() {}

    /// How many pages there are: one per section of ``data``. Worked out
    /// from the data, so reported as one that may have changed whenever
    /// the controller updates.
    ///
    ///     controller.pageCount   // 3 for three sections
    public var pageCount: Int {
        data?.sections.count ?? 0
    }

    /// Puts the table and the indicator in step with the current page, and
    /// keeps them so from now on.
    ///
    ///     controller.start()
    open func start() {
        isStarted = true
        update()
    }

    /// Goes to the next page; ignored on the last page, without pages, or
    /// while the table is not visible.
    ///
    ///     controller.swipeLeft()
    @discardableResult
    open func swipeLeft() -> ActionOutcome {
        if let refusal = refusal() { return refusal }
        guard currentPage + 1 < pageCount else { return .ignored(because: "it is on the last page") }
        currentPage += 1
        update()
        return .handled
    }

    /// Goes to the previous page; ignored on the first page, without
    /// pages, or while the table is not visible.
    ///
    ///     controller.swipeRight()
    @discardableResult
    open func swipeRight() -> ActionOutcome {
        if let refusal = refusal() { return refusal }
        guard currentPage > 0 else { return .ignored(because: "it is on the first page") }
        currentPage -= 1
        update()
        return .handled
    }

    /// Why a swipe does nothing whatever the page: no table, a table the
    /// user does not see, no pages; `nil` when a swipe can page.
    private func refusal() -> ActionOutcome? {
        guard let table else { return .ignored(because: "it has no table") }
        guard table.isVisible else { return .ignored(because: "its table is not visible") }
        guard pageCount > 0 else { return .ignored(because: "it has no pages") }
        return nil
    }

    /// Clamps the current page to the pages there are, then sets the
    /// table's data and section and the indicator's page count and page.
    ///
    ///     controller.update()
    open func update() {
        changeReports.report(\PageController.pageCount, .mayHaveChanged)
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
        dataConnection = data?.changed.connect { [weak self] in
            guard let self, self.isStarted else { return }
            self.update()
        }
    }
}
