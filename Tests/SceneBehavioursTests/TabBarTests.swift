import SceneBehaviours
import SceneCore
import Testing

@Suite struct TabBarTests {
    private func loggedBar() -> (TabBar, Log) {
        let bar = TabBar()
        bar.items = ["Favourites", "Recents", "More"]
        let log = Log()
        log.observe(bar, TabBar.sceneDescription())
        return (bar, log)
    }

    @Test func defaultsAreNoItemsNoImagesAndNoneSelected() {
        var expected = viewDefaults
        expected["items"] = .list([])
        expected["images"] = .list([])
        expected["selectedIndex"] = .int(-1)
        expected["tintColor"] = .color(ButtonStyle.systemBlue)
        #expect(TabBar.sceneDescription().defaultValues() == expected)
    }

    @Test func registersTheViewMembersItemsImagesSelectionTintSelectAndValueChanged() {
        #expect(
            MemberList(of: TabBar.sceneDescription())
                == MemberList.view(
                    properties: [
                        "items: [String]", "images: [String]", "selectedIndex: Int in -1.0...1000000.0",
                        "tintColor: Color",
                    ],
                    events: [
                        "itemsChanged: [String]", "imagesChanged: [String]", "selectedIndexChanged: Int",
                        "tintColorChanged: Color", "valueChanged",
                    ],
                    inputs: ["select: Int"]))
    }

    @Test func selectTapsTheItemThenChangesTheSelection() {
        let (bar, log) = loggedBar()
        #expect(bar.select(2) == .handled)
        #expect(bar.selectedIndex == 2)
        #expect(log.entries == ["interaction.began", "interaction.ended", "valueChanged"])
    }

    @Test func selectingTheSelectedItemSendsNoValueChanged() {
        let (bar, log) = loggedBar()
        bar.selectedIndex = 1
        #expect(bar.select(1) == .handled)
        #expect(log.entries == ["interaction.began", "interaction.ended"])
    }

    @Test(arguments: [-1, 3, Int.max, Int.min])
    func selectOutOfRangeIsIgnored(index: Int) {
        let (bar, log) = loggedBar()
        #expect(bar.select(index).isIgnored)
        #expect(bar.selectedIndex == -1)
        #expect(log.entries.isEmpty)
    }

    @Test func hiddenBarIgnoresSelect() {
        let (bar, log) = loggedBar()
        bar.hidden = true
        #expect(bar.select(0).isIgnored)
        #expect(bar.selectedIndex == -1)
        #expect(log.entries.isEmpty)
    }

    @Test func anImageIsNamedOnlyWhereTheListHasANonEmptyName() {
        let bar = TabBar()
        bar.items = ["A", "B", "C"]
        bar.images = ["star", ""]
        #expect(bar.image(at: 0) == "star")
        #expect(bar.image(at: 1) == nil)
        #expect(bar.image(at: 2) == nil)
        #expect(bar.image(at: -1) == nil)
    }

    @Test func selectInputThroughTheDescriptionChangesTheSelection() throws {
        let type = TabBar.sceneDescription()
        let (bar, _) = loggedBar()
        #expect(type.input("select", on: bar, .int(1)) == .handled)
        #expect(bar.selectedIndex == 1)
    }
}
