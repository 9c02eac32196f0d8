import Behaviours
import SceneBehaviours
import SceneCore
import Testing

@Suite struct TableViewTests {
    private let data = TableData(sections: [
        TableSection(title: "Lorem", rows: ["ipsum", "dolor", "sit"]),
        TableSection(title: "Amet", rows: []),
        TableSection(title: "Elit", rows: ["sed", "do"]),
    ])

    private func table(section: Int? = nil) -> TableView {
        let table = TableView()
        table.data = data
        table.section = section
        return table
    }

    @Test func defaultsAreNoDataAndEverySection() {
        var expected = viewDefaults
        expected["section"] = .null
        expected["style"] = .enumCase("plain")
        expected["topInset"] = .double(0)
        expected["rowCount"] = .int(0)
        expected["titles"] = .list([])
        #expect(TableView.sceneDescription().defaultValues() == expected)
        let table = TableView()
        #expect(table.data == nil)
        #expect(table.section == nil)
    }

    @Test func registersTheViewMembersDataSectionRowCountAndTitles() {
        #expect(
            MemberList(of: TableView.sceneDescription())
                == MemberList.view(
                    properties: [
                        "section: Int?", "style: plain|grouped|insetGrouped", "topInset: Double in 0.0...100000.0",
                        "rowCount: Int (read-only)", "titles: [String] (read-only)",
                    ],
                    outlets: ["data: TableData"],
                    events: [
                        "sectionChanged: Int?", "styleChanged: plain|grouped|insetGrouped", "topInsetChanged: Double",
                    ]
                ))
    }

    @Test func dataIsARequiredOutlet() throws {
        #expect(try #require(TableView.sceneDescription().outlets.first { $0.name == "data" }).isRequired)
    }

    @Test func nilSectionShowsEverySection() {
        let table = table()
        #expect(table.rowCount == 5)
        #expect(table.titles == ["Lorem", "Amet", "Elit"])
    }

    @Test(arguments: [(0, 3, "Lorem"), (1, 0, "Amet"), (2, 2, "Elit")])
    func aSectionShowsThatSectionAlone(section: Int, rows: Int, title: String) {
        let table = table(section: section)
        #expect(table.rowCount == rows)
        #expect(table.titles == [title])
    }

    @Test(arguments: [-1, 3, Int.max, Int.min])
    func aSectionOutOfRangeShowsNothing(section: Int) {
        let table = table(section: section)
        #expect(table.rowCount == 0)
        #expect(table.titles.isEmpty)
    }

    @Test func noDataShowsNothing() {
        let table = TableView()
        table.section = 0
        #expect(table.rowCount == 0)
        #expect(table.titles.isEmpty)
    }

    @Test func theTableFollowsChangesOfItsData() {
        let table = table()
        data.sections = [TableSection(title: "New", rows: ["a"])]
        #expect(table.rowCount == 1)
        #expect(table.titles == ["New"])
    }

    @Test func theDataOutletDoesNotKeepTheModelAlive() {
        let table = TableView()
        do {
            let model = TableData()
            table.data = model
            #expect(table.data != nil)
        }
        #expect(table.data == nil)
    }

    @Test func sectionAndDataAreSetThroughTheDescription() throws {
        let type = TableView.sceneDescription()
        let table = TableView()
        #expect(try #require(type.outlets.first { $0.name == "data" }).connect(table, to: [data]))
        #expect(try #require(type.property(named: "section")).set(.int(2), on: table))
        #expect(try #require(type.property(named: "rowCount")).value(of: table) == .int(2))
        #expect(try #require(type.property(named: "titles")).value(of: table) == .list([.string("Elit")]))
        #expect(try #require(type.property(named: "section")).set(.null, on: table))
        #expect(table.section == nil)
    }

    @Test func styleAndTopInsetAreSetThroughTheDescription() throws {
        let type = TableView.sceneDescription()
        let table = TableView()
        #expect(try #require(type.property(named: "style")).set(.enumCase("insetGrouped"), on: table))
        #expect(table.style == .insetGrouped)
        #expect(try #require(type.property(named: "topInset")).set(.double(44), on: table))
        #expect(table.topInset == 44)
    }

    @Test func aGroupedTableIsAsHighAsItsHeadersRowsAndBottomGap() {
        let table = table()
        #expect(table.intrinsicSize.height == 8 * 44)
        table.style = .grouped
        // Three titled headers of 55, five rows of 44, the bottom gap of 35.
        #expect(table.intrinsicSize.height == 3 * 55 + 5 * 44 + 35)
        table.topInset = 20
        let inset: Double = 20 + 3 * 55 + 5 * 44 + 35
        #expect(table.intrinsicSize.height == inset)
    }
}

@Suite struct TableMetricsTests {
    private let sections: [(hasTitle: Bool, rows: Int)] = [(true, 2), (false, 1), (true, 3)]

    @Test func aPlainTableHasARowHighHeaderAboveEachSection() {
        let metrics = TableMetrics(style: .plain)
        #expect(metrics.rowTop(section: 0, row: 0, in: sections) == 44)
        #expect(metrics.rowTop(section: 1, row: 0, in: sections) == 44 + 88 + 44)
        let top: Double = 44 + 88 + 44 + 44 + 44 + 88
        #expect(metrics.rowTop(section: 2, row: 2, in: sections) == top)
        #expect(metrics.contentHeight(of: sections) == 9 * 44)
    }

    @Test(arguments: [TableViewStyle.grouped, .insetGrouped])
    func aGroupedTableHasAGapAboveEachGroupTallerWithATitle(style: TableViewStyle) {
        let metrics = TableMetrics(style: style, topInset: 10)
        #expect(metrics.rowTop(section: 0, row: 1, in: sections) == 10 + 55 + 44)
        #expect(metrics.rowTop(section: 1, row: 0, in: sections) == 10 + 55 + 88 + 35)
        let height: Double = 10 + 55 + 35 + 55 + 6 * 44 + 35
        #expect(metrics.contentHeight(of: sections) == height)
    }

    @Test func onlyAnInsetGroupedTableInsetsItsRowsFromTheSides() {
        let grouped = TableMetrics(style: .grouped).rowSpan(width: 390)
        #expect(grouped.x == 0 && grouped.width == 390)
        let inset = TableMetrics(style: .insetGrouped).rowSpan(width: 390)
        #expect(inset.x == 16 && inset.width == 358)
    }
}
