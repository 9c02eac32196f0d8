import Behaviours
import SceneBehaviours
import SceneCore
import Testing

@Suite struct PageControllerTests {
    private final class Fixture {
        let data = TableData(sections: [
            TableSection(title: "Lorem", rows: ["ipsum", "dolor", "sit"]),
            TableSection(title: "Amet", rows: ["consectetur", "adipiscing"]),
            TableSection(title: "Elit", rows: ["sed", "do", "eiusmod", "tempor"]),
        ])
        let table = TableView()
        let indicator = PageIndicator()
        let controller = PageController()
        let scene = Scene(title: nil, summary: nil, entries: [])

        init(awake: Bool = true) {
            controller.data = data
            controller.table = table
            controller.indicator = indicator
            if awake { controller.awake(in: scene) }
        }

        /// The page as the controller, the table and the indicator each see it.
        var pages: [Int?] { [controller.currentPage, table.section, indicator.currentPage] }
    }

    @Test func registersOutletsPageCountCurrentPageAndSwipes() {
        #expect(
            MemberList(of: PageController.sceneDescription())
                == MemberList(
                    properties: ["pageCount: Int (read-only)", "currentPage: Int (read-only)"],
                    outlets: ["data: TableData", "table: TableView", "indicator: PageIndicator?"],
                    inputs: ["swipeLeft", "swipeRight"]))
    }

    @Test func defaultsAreNoPagesAtPageZero() {
        #expect(PageController.sceneDescription().defaultValues() == ["pageCount": .int(0), "currentPage": .int(0)])
    }

    @Test func thereIsOnePagePerSection() {
        let fixture = Fixture()
        #expect(fixture.controller.pageCount == 3)
    }

    @Test func awakeShowsTheFirstPageAndSetsTheIndicator() {
        let fixture = Fixture()
        #expect(fixture.pages == [0, 0, 0])
        #expect(fixture.indicator.numberOfPages == 3)
        #expect(fixture.table.titles == ["Lorem"])
        #expect(fixture.table.rowCount == 3)
    }

    @Test func nothingIsSetBeforeAwake() {
        let fixture = Fixture(awake: false)
        #expect(fixture.table.section == nil)
        #expect(fixture.table.data == nil)
        #expect(fixture.indicator.numberOfPages == 0)
    }

    @Test func awakePassesTheModelDownToTheTable() {
        let fixture = Fixture(awake: false)
        let other = TableData(sections: [TableSection(title: "Other")])
        fixture.table.data = other
        fixture.controller.awake(in: fixture.scene)
        #expect(fixture.table.data === fixture.data)
    }

    @Test func swipeLeftGoesToTheNextPageAndKeepsTableAndIndicatorInStep() {
        let fixture = Fixture()
        #expect(fixture.controller.swipeLeft() == .handled)
        #expect(fixture.pages == [1, 1, 1])
        #expect(fixture.table.titles == ["Amet"])
        #expect(fixture.controller.swipeLeft() == .handled)
        #expect(fixture.pages == [2, 2, 2])
        #expect(fixture.table.rowCount == 4)
    }

    @Test func swipeRightGoesToThePreviousPage() {
        let fixture = Fixture()
        fixture.controller.swipeLeft()
        fixture.controller.swipeLeft()
        #expect(fixture.controller.swipeRight() == .handled)
        #expect(fixture.pages == [1, 1, 1])
    }

    @Test func swipeLeftOnTheLastPageIsIgnoredWithoutWrapping() {
        let fixture = Fixture()
        fixture.controller.swipeLeft()
        fixture.controller.swipeLeft()
        #expect(fixture.controller.swipeLeft().isIgnored)
        #expect(fixture.pages == [2, 2, 2])
    }

    @Test func swipeRightOnTheFirstPageIsIgnoredWithoutWrapping() {
        let fixture = Fixture()
        #expect(fixture.controller.swipeRight().isIgnored)
        #expect(fixture.pages == [0, 0, 0])
    }

    @Test func swipesAreIgnoredWhileTheTableIsNotVisible() {
        let fixture = Fixture()
        let container = View()
        fixture.table.parent = container
        container.hidden = true
        #expect(fixture.controller.swipeLeft().isIgnored)
        #expect(fixture.pages == [0, 0, 0])
        container.hidden = false
        fixture.controller.swipeLeft()
        fixture.table.alpha = 0
        #expect(fixture.controller.swipeRight().isIgnored)
        #expect(fixture.pages == [1, 1, 1])
    }

    @Test func swipesAreIgnoredWithoutATable() {
        let fixture = Fixture()
        fixture.controller.table = nil
        #expect(fixture.controller.swipeLeft() == .ignored(because: "it has no table"))
        #expect(fixture.controller.currentPage == 0)
    }

    @Test func swipesAreIgnoredWithNoSections() {
        let fixture = Fixture()
        fixture.data.sections = []
        #expect(fixture.controller.pageCount == 0)
        #expect(fixture.controller.swipeLeft() == .ignored(because: "it has no pages"))
        #expect(fixture.controller.swipeRight() == .ignored(because: "it has no pages"))
        #expect(fixture.pages == [0, 0, 0])
        #expect(fixture.indicator.numberOfPages == 0)
    }

    @Test func theIndicatorIsOptional() {
        let fixture = Fixture(awake: false)
        fixture.controller.indicator = nil
        fixture.controller.awake(in: fixture.scene)
        #expect(fixture.controller.swipeLeft() == .handled)
        #expect(fixture.table.section == 1)
        #expect(fixture.indicator.numberOfPages == 0)
    }

    @Test func newSectionsUpdateThePageCountAndClampTheCurrentPage() {
        let fixture = Fixture()
        fixture.controller.swipeLeft()
        fixture.controller.swipeLeft()
        fixture.data.sections = [TableSection(title: "A"), TableSection(title: "B")]
        #expect(fixture.indicator.numberOfPages == 2)
        #expect(fixture.pages == [1, 1, 1])
        #expect(fixture.table.titles == ["B"])
    }

    @Test func anIndicatorConnectedAfterAwakeIsBroughtInStep() {
        let fixture = Fixture()
        fixture.controller.swipeLeft()
        let dots = PageIndicator()
        fixture.controller.indicator = dots
        #expect(dots.numberOfPages == 3)
        #expect(dots.currentPage == 1)
    }

    @Test func anOldModelNoLongerUpdatesTheController() {
        let fixture = Fixture()
        let other = TableData(sections: [TableSection(title: "Only")])
        fixture.controller.data = other
        #expect(fixture.controller.pageCount == 1)
        #expect(fixture.table.data === other)
        fixture.data.sections = []
        #expect(fixture.controller.pageCount == 1)
        #expect(fixture.indicator.numberOfPages == 1)
    }

    @Test func reassigningTheModelLeavesOneConnectionOnTheNewModelOnly() {
        let fixture = Fixture()
        let second = TableData(sections: [TableSection(title: "Second")])
        let third = TableData(sections: [TableSection(title: "Third")])
        fixture.controller.data = second
        fixture.controller.data = third
        #expect(fixture.data.changed.connectionCount == 0)
        #expect(second.changed.connectionCount == 0)
        #expect(third.changed.connectionCount == 1)
        fixture.data.sections = []
        second.sections = []
        #expect(fixture.indicator.numberOfPages == 1)
        third.sections.append(TableSection(title: "More"))
        #expect(fixture.indicator.numberOfPages == 2)
        fixture.controller.data = nil
        #expect(third.changed.connectionCount == 0)
    }

    @Test func swipeInputsThroughTheDescriptionReportTheOutcome() throws {
        let type = PageController.sceneDescription()
        let fixture = Fixture()
        let left = try #require(type.inputs["swipeLeft"])
        let right = try #require(type.inputs["swipeRight"])
        #expect(right.deliver(to: fixture.controller)?.isIgnored == true)
        #expect(left.deliver(to: fixture.controller) == .handled)
        #expect(try #require(type.property(named: "currentPage")).value(of: fixture.controller) == .int(1))
    }
}
