import SceneBehaviours
import SceneCore
import Testing

@Suite struct SegmentedControlTests {
    private func loggedControl() -> (SegmentedControl, Log) {
        let control = SegmentedControl()
        control.segments = ["Day", "Week", "Month"]
        let log = Log()
        log.observe(control, SegmentedControl.sceneDescription())
        return (control, log)
    }

    @Test func defaultsAreNoSegmentsAndIndexZero() {
        var expected = viewDefaults
        expected["segments"] = .list([])
        expected["selectedIndex"] = .int(0)
        #expect(SegmentedControl.sceneDescription().defaultValues() == expected)
        let control = SegmentedControl()
        #expect(control.segments.isEmpty)
        #expect(control.selectedIndex == 0)
    }

    @Test func registersTheViewMembersSegmentsSelectionSelectAndValueChanged() {
        #expect(
            MemberList(of: SegmentedControl.sceneDescription())
                == MemberList.view(
                    properties: ["segments: [String]", "selectedIndex: Int"],
                    events: ["segmentsChanged: [String]", "selectedIndexChanged: Int", "valueChanged"],
                    inputs: ["select: Int"]))
    }

    @Test func selectTapsTheSegmentThenChangesTheSelection() {
        let (control, log) = loggedControl()
        #expect(control.select(2) == .handled)
        #expect(control.selectedIndex == 2)
        #expect(log.entries == ["interaction.began", "interaction.ended", "valueChanged"])
    }

    @Test func selectingTheSelectedSegmentSendsNoValueChanged() {
        let (control, log) = loggedControl()
        #expect(control.select(0) == .handled)
        #expect(log.entries == ["interaction.began", "interaction.ended"])
    }

    @Test(arguments: [-1, 3, Int.max, Int.min])
    func selectOutOfRangeIsIgnored(index: Int) {
        let (control, log) = loggedControl()
        #expect(control.select(index).isIgnored)
        #expect(control.selectedIndex == 0)
        #expect(log.entries.isEmpty)
    }

    @Test func invisibleControlIgnoresSelect() {
        let (control, log) = loggedControl()
        control.hidden = true
        #expect(control.select(1).isIgnored)
        #expect(control.selectedIndex == 0)
        #expect(log.entries.isEmpty)
    }

    @Test func selectInputThroughTheDescriptionChangesTheSelection() throws {
        let type = SegmentedControl.sceneDescription()
        let (control, _) = loggedControl()
        #expect(type.input("select", on: control, .int(1)) == .handled)
        #expect(control.selectedIndex == 1)
        #expect(try #require(type.property(named: "segments")).set(.list([.string("A")]), on: control))
        #expect(control.segments == ["A"])
    }
}
