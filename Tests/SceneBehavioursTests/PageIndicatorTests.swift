import SceneBehaviours
import SceneCore
import Testing

@Suite struct PageIndicatorTests {
    @Test func defaultsAreNoPagesWithLightGrayAndBlackDots() {
        var expected = viewDefaults
        expected["numberOfPages"] = .int(0)
        expected["currentPage"] = .int(0)
        expected["pageIndicatorTintColor"] = .color(.lightGray)
        expected["currentPageIndicatorTintColor"] = .color(.black)
        #expect(PageIndicator.sceneDescription().defaultValues() == expected)
        let indicator = PageIndicator()
        #expect(indicator.numberOfPages == 0)
        #expect(indicator.currentPage == 0)
        #expect(indicator.pageIndicatorTintColor == .lightGray)
        #expect(indicator.currentPageIndicatorTintColor == .black)
    }

    @Test func registersTheViewMembersPagesAndColours() {
        #expect(
            MemberList(of: PageIndicator.sceneDescription())
                == MemberList.view(
                    properties: [
                        "numberOfPages: Int", "currentPage: Int", "pageIndicatorTintColor: Color",
                        "currentPageIndicatorTintColor: Color",
                    ],
                    events: [
                        "numberOfPagesChanged: Int", "currentPageChanged: Int", "pageIndicatorTintColorChanged: Color",
                        "currentPageIndicatorTintColorChanged: Color",
                    ]))
    }

    @Test func pagesAreSetThroughTheDescription() throws {
        let type = PageIndicator.sceneDescription()
        let indicator = PageIndicator()
        #expect(try #require(type.property(named: "numberOfPages")).set(.int(3), on: indicator))
        #expect(try #require(type.property(named: "currentPage")).set(.int(2), on: indicator))
        #expect(indicator.numberOfPages == 3)
        #expect(indicator.currentPage == 2)
    }
}
