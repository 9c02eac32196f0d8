import Behaviours
import Testing

/// A table of the app's own: what it was told to show, and whether it is seen.
private final class Table: RowListing {
    weak var data: TableData?
    var section: Int?
    var isVisible = true
}

/// Dots of the app's own.
private final class Dots: PageIndicating {
    var numberOfPages = 0
    var currentPage = 0
}

@Suite struct PortablePageControllerTests {
    private final class Fixture {
        let data = TableData(sections: [
            TableSection(title: "Lorem", rows: ["ipsum"]), TableSection(title: "Amet"), TableSection(title: "Elit"),
        ])
        let table = Table()
        let dots = Dots()
        let controller = PageController()

        init() {
            controller.data = data
            controller.table = table
            controller.indicator = dots
        }

        var pages: [Int?] { [controller.currentPage, table.section, dots.currentPage] }
    }

    @Test func startPassesTheModelDownAndShowsTheFirstPage() {
        let fixture = Fixture()
        #expect(fixture.table.data == nil, "nothing is shown before start")
        fixture.controller.start()
        #expect(fixture.table.data === fixture.data)
        #expect(fixture.pages == [0, 0, 0])
        #expect(fixture.dots.numberOfPages == 3)
    }

    @Test func swipesPageWithinTheBounds() {
        let fixture = Fixture()
        fixture.controller.start()
        #expect(fixture.controller.swipeRight() == .ignored(because: "it is on the first page"))
        #expect(fixture.controller.swipeLeft() == .handled)
        #expect(fixture.controller.swipeLeft() == .handled)
        #expect(fixture.pages == [2, 2, 2])
        #expect(fixture.controller.swipeLeft() == .ignored(because: "it is on the last page"))
        fixture.table.isVisible = false
        #expect(fixture.controller.swipeRight() == .ignored(because: "its table is not visible"))
        #expect(fixture.pages == [2, 2, 2])
    }

    @Test func fewerSectionsClampThePageAndAreReported() {
        let fixture = Fixture()
        fixture.controller.start()
        fixture.controller.swipeLeft()
        fixture.controller.swipeLeft()
        var reports: [String] = []
        let listening = fixture.controller.changeReports.listen { key, kind in
            switch key {
            case \PageController.currentPage: reports.append("currentPage \(kind)")
            case \PageController.pageCount: reports.append("pageCount \(kind)")
            default: reports.append("other")
            }
        }
        fixture.data.sections.removeLast()
        #expect(fixture.pages == [1, 1, 1])
        #expect(fixture.dots.numberOfPages == 2)
        #expect(reports == ["pageCount mayHaveChanged", "currentPage changed"])
        fixture.data.sections = []
        #expect(fixture.controller.swipeLeft() == .ignored(because: "it has no pages"))
        #expect(fixture.pages == [0, 0, 0])
        listening.disconnect()
    }

    @Test func anOldModelIsNoLongerFollowed() {
        let fixture = Fixture()
        fixture.controller.start()
        let other = TableData(sections: [TableSection(title: "Only")])
        fixture.controller.data = other
        #expect(fixture.data.changed.connectionCount == 0)
        #expect(other.changed.connectionCount == 1)
        #expect(fixture.table.data === other)
        #expect(fixture.dots.numberOfPages == 1)
        fixture.controller.table = nil
        #expect(fixture.controller.swipeLeft() == .ignored(because: "it has no table"))
    }
}
