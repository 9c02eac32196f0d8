import Behaviours
import Testing

/// A segmented control of the app's own, which the test selects on.
private final class Tabs: SegmentSelecting {
    let changes = BehaviourEvent<Void>()
    var selectedIndex = 0

    func select(_ index: Int) {
        selectedIndex = index
        changes.send()
    }

    func connectSelectionChanges(_ handler: @escaping () -> Void) -> BehaviourConnection {
        changes.connect(handler)
    }
}

/// A view that hides.
private final class Pane: Hideable {
    var isHidden = false
    var alpha = 1.0
}

@Suite struct PortableSegmentSwitcherTests {
    @Test func theSelectedSegmentsViewShowsFromStartOn() {
        let tabs = Tabs()
        let (paged, list) = (Pane(), Pane())
        let switcher = SegmentSwitcher(control: tabs, views: [paged, list])
        tabs.select(1)
        #expect(!paged.isHidden && !list.isHidden, "nothing changes before start")
        switcher.start()
        #expect(paged.isHidden && !list.isHidden)
        tabs.select(0)
        #expect(!paged.isHidden && list.isHidden)
        #expect(switcher.apply() == .ignored(because: "the view of segment 0 is already the only one shown"))
    }

    @Test func aSelectionInCodeIsAppliedByApply() {
        let tabs = Tabs()
        let (paged, list) = (Pane(), Pane())
        let switcher = SegmentSwitcher(control: tabs, views: [paged, list])
        switcher.start()
        tabs.selectedIndex = 1
        #expect(!paged.isHidden && list.isHidden)
        #expect(switcher.apply() == .handled)
        #expect(paged.isHidden && !list.isHidden)
    }

    @Test func anOldControlIsNoLongerFollowedAndViewsAreHeldWeakly() {
        let old = Tabs()
        let new = Tabs()
        let kept = Pane()
        let switcher = SegmentSwitcher(control: old)
        do {
            let dropped = Pane()
            switcher.views = [kept, dropped]
            #expect(switcher.views.count == 2)
        }
        switcher.start()
        switcher.control = new
        #expect(old.changes.connectionCount == 0)
        #expect(new.changes.connectionCount == 1)
        #expect(switcher.views.count == 1, "the second view is gone")
        new.select(1)
        #expect(kept.isHidden, "segment 1 has no view left")
        #expect(
            switcher.apply() == .ignored(because: "segment 1 has no view and every view is already hidden"))
        switcher.control = nil
        #expect(new.changes.connectionCount == 0)
        #expect(switcher.apply() == .ignored(because: "it has no control"))
    }
}
