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
                    properties: ["section: Int?", "rowCount: Int (read-only)", "titles: [String] (read-only)"],
                    outlets: ["data: TableData"], events: ["sectionChanged: Int?"]))
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
}
