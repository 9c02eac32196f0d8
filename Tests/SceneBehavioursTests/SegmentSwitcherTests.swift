import Behaviours
import SceneBehaviours
import SceneCore
import Testing

@Suite struct SegmentSwitcherTests {
    private final class Fixture {
        let control = SegmentedControl()
        let paged = View()
        let unpaged = View()
        let extra = View()
        let switcher = SegmentSwitcher()
        let scene = Scene(title: nil, summary: nil, entries: [])

        init(selected: Int = 0, awake: Bool = true) {
            control.segments = ["Paged", "Unpaged", "Extra"]
            control.selectedIndex = selected
            switcher.control = control
            switcher.views = [paged, unpaged, extra]
            if awake { switcher.awake(in: scene) }
        }

        var hidden: [Bool] { [paged.hidden, unpaged.hidden, extra.hidden] }
    }

    @Test func registersControlViewsAndApply() {
        #expect(
            MemberList(of: SegmentSwitcher.sceneDescription())
                == MemberList(outlets: ["control: SegmentedControl", "views: [View]"], actions: ["apply"]))
    }

    @Test func theInitialSelectionIsAppliedAtAwake() {
        let fixture = Fixture(selected: 1)
        #expect(fixture.hidden == [true, false, true])
    }

    @Test func nothingIsHiddenBeforeAwake() {
        let fixture = Fixture(selected: 1, awake: false)
        #expect(fixture.hidden == [false, false, false])
        fixture.control.select(2)
        #expect(fixture.hidden == [false, false, false])
    }

    @Test func selectingASegmentShowsItsViewAndHidesTheOthers() {
        let fixture = Fixture()
        #expect(fixture.control.select(2) == .handled)
        #expect(fixture.hidden == [true, true, false])
        fixture.control.select(0)
        #expect(fixture.hidden == [false, true, true])
    }

    @Test func aSelectionWithNoViewHidesEveryView() {
        let fixture = Fixture(awake: false)
        fixture.switcher.views = [fixture.paged, fixture.unpaged]
        fixture.switcher.awake(in: fixture.scene)
        fixture.control.select(2)
        #expect([fixture.paged.hidden, fixture.unpaged.hidden] == [true, true])
    }

    @Test func settingTheSelectionDirectlyIsAppliedByApply() {
        let fixture = Fixture()
        fixture.control.selectedIndex = 1
        #expect(fixture.hidden == [false, true, true])
        #expect(fixture.switcher.apply() == .handled)
        #expect(fixture.hidden == [true, false, true])
    }

    @Test func applyWhenTheViewsAlreadyFollowTheSelectionIsIgnored() {
        let fixture = Fixture(selected: 1)
        #expect(
            SegmentSwitcher.sceneDescription().action("apply", on: fixture.switcher)
                == .ignored(because: "the view of segment 1 is already the only one shown"))
        #expect(fixture.hidden == [true, false, true])
    }

    @Test func applyOfASelectionWithNoViewWhenAllAreHiddenIsIgnored() {
        let fixture = Fixture(awake: false)
        fixture.switcher.views = [fixture.paged, fixture.unpaged]
        fixture.switcher.awake(in: fixture.scene)
        fixture.control.select(2)
        #expect(
            fixture.switcher.apply() == .ignored(because: "segment 2 has no view and every view is already hidden"))
        #expect([fixture.paged.hidden, fixture.unpaged.hidden] == [true, true])
    }

    @Test func applyWithoutAControlOrViewsIsIgnored() {
        let switcher = SegmentSwitcher()
        #expect(switcher.apply() == .ignored(because: "it has no control"))
        let control = SegmentedControl()
        switcher.control = control
        #expect(switcher.apply() == .ignored(because: "it has no views"))
    }

    @Test func aViewListedTwiceIsShownWhenEitherIndexIsSelected() {
        let fixture = Fixture(awake: false)
        fixture.switcher.views = [fixture.paged, fixture.unpaged, fixture.paged]
        fixture.switcher.awake(in: fixture.scene)
        fixture.control.select(2)
        #expect([fixture.paged.hidden, fixture.unpaged.hidden] == [false, true])
    }

    @Test func anOldControlNoLongerSwitches() {
        let fixture = Fixture()
        let other = SegmentedControl()
        other.segments = ["A", "B", "C"]
        other.selectedIndex = 1
        fixture.switcher.control = other
        #expect(fixture.hidden == [true, false, true])
        fixture.control.select(2)
        #expect(fixture.hidden == [true, false, true])
        other.select(0)
        #expect(fixture.hidden == [false, true, true])
    }

    @Test func reassigningTheControlLeavesOneConnectionOnTheNewControlOnly() {
        let fixture = Fixture()
        let second = SegmentedControl()
        second.segments = ["A", "B", "C"]
        let third = SegmentedControl()
        third.segments = ["A", "B", "C"]
        fixture.switcher.control = second
        fixture.switcher.control = third
        #expect(fixture.control.valueChanged.connectionCount == 0)
        #expect(second.valueChanged.connectionCount == 0)
        #expect(third.valueChanged.connectionCount == 1)
        fixture.control.select(1)
        second.select(2)
        #expect(fixture.hidden == [false, true, true])
        third.select(1)
        #expect(fixture.hidden == [true, false, true])
        fixture.switcher.control = nil
        #expect(third.valueChanged.connectionCount == 0)
    }

    @Test func aViewListSetAfterAwakeIsApplied() {
        let fixture = Fixture()
        fixture.switcher.views = [fixture.extra, fixture.paged]
        #expect([fixture.extra.hidden, fixture.paged.hidden] == [false, true])
    }

    @Test func theOutletsAreConnectedThroughTheDescription() throws {
        let type = SegmentSwitcher.sceneDescription()
        let fixture = Fixture(awake: false)
        let switcher = SegmentSwitcher()
        let control = try #require(type.outlets.first { $0.name == "control" })
        let views = try #require(type.outlets.first { $0.name == "views" })
        #expect(control.isRequired)
        #expect(control.connect(switcher, to: [fixture.control]))
        #expect(views.connect(switcher, to: [fixture.unpaged, fixture.paged]))
        switcher.awake(in: fixture.scene)
        #expect([fixture.unpaged.hidden, fixture.paged.hidden] == [false, true])
        fixture.control.selectedIndex = 1
        #expect(type.action("apply", on: switcher) == .handled)
        #expect([fixture.unpaged.hidden, fixture.paged.hidden] == [true, false])
        #expect(
            type.action("apply", on: switcher)
                == .ignored(because: "the view of segment 1 is already the only one shown"))
    }
}
