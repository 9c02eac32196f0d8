import SceneBehaviours
import SceneCore
import Testing

@Suite struct ViewTests {
    @Test func defaultsAreShownOpaqueUncolouredAndUnmoved() {
        #expect(View.sceneDescription().defaultValues() == viewDefaults)
        let view = View()
        #expect(!view.hidden)
        #expect(view.alpha == 1)
        #expect(view.backgroundColor == nil)
        #expect(view.offsetX == 0)
        #expect(view.offsetY == 0)
        #expect(view.parent == nil)
        #expect(view.visible)
        #expect(!view.isTracking)
    }

    @Test func registersTheCatalogueMembers() {
        let type = View.sceneDescription()
        #expect(type.name == "View")
        #expect(type.base == nil)
        let registry = SceneRegistry.standard
        #expect(
            registry.type(named: "View").map { registry.conformances(of: $0).map(\.name) } == ["InteractionProvider"])
        #expect(MemberList(of: type) == MemberList.view)
    }

    @Test func parentOutletIsAWeakHierarchyOutletRequiringAView() throws {
        let outlet = try #require(View.sceneDescription().outlets.first)
        #expect(SceneRegistry.standard.requirement(of: outlet) == "View")
        #expect(outlet.isHierarchy)
        #expect(!outlet.isRequired)

        let child = View()
        var parent: View? = View()
        #expect(outlet.connect(child, to: [try #require(parent)]))
        #expect(child.parent === parent)
        parent = nil
        #expect(child.parent == nil)
    }

    @Test(arguments: [
        (hidden: true, alpha: 1.0),
        (hidden: false, alpha: 0.0),
        (hidden: true, alpha: 0.0),
    ])
    func hiddenOrTransparentViewIsNotVisible(hidden: Bool, alpha: Double) {
        let view = View()
        view.hidden = hidden
        view.alpha = alpha
        #expect(!view.visible)
    }

    @Test func partlyTransparentViewIsVisible() {
        let view = View()
        view.alpha = 0.01
        #expect(view.visible)
    }

    @Test func visibilityFollowsEveryAncestorThroughParent() {
        let root = View()
        let middle = View()
        let leaf = View()
        middle.parent = root
        leaf.parent = middle
        #expect(leaf.visible)

        root.hidden = true
        #expect(!leaf.visible)
        #expect(!middle.visible)
        #expect(!leaf.hidden)

        root.hidden = false
        middle.alpha = 0
        #expect(!leaf.visible)
        #expect(root.visible)

        middle.alpha = 0.5
        #expect(leaf.visible)
    }

    @Test func visibleReadsThroughTheDescription() throws {
        let type = View.sceneDescription()
        let parent = View()
        let child = View()
        child.parent = parent
        parent.hidden = true
        let visible = try #require(type.property(named: "visible"))
        #expect(visible.isReadOnly)
        #expect(visible.value(of: child) == .bool(false))
        #expect(!visible.set(.bool(true), on: child))
    }

    @Test(arguments: 1...5)
    func parentCycleMadeInCodeDoesNotHangVisibility(length: Int) {
        let cycle = (0..<length).map { _ in View() }
        for (offset, view) in cycle.enumerated() { view.parent = cycle[(offset + 1) % length] }
        let tail = View()
        tail.parent = cycle[0]
        #expect(tail.visible)
        #expect(cycle.allSatisfy { $0.visible })
        cycle[length - 1].alpha = 0
        #expect(!tail.visible)
        #expect(cycle.allSatisfy { !$0.visible })
    }

    @Test func visibilityChecksEveryViewOfALongChain() {
        let chain = (0..<100).map { _ in View() }
        for offset in 1..<chain.count { chain[offset].parent = chain[offset - 1] }
        #expect(chain[99].visible)
        chain[0].hidden = true
        #expect(!chain[99].visible)
        chain[0].hidden = false
        chain[57].hidden = true
        #expect(!chain[99].visible)
        #expect(chain[56].visible)
    }

    @Test func aChainReportsVisibilityAfterChangesAtTheTopInTheMiddleAndAfterReparenting() {
        let chain = (0..<1000).map { _ in View() }
        for offset in 1..<chain.count { chain[offset].parent = chain[offset - 1] }
        #expect(chain.allSatisfy { $0.visible })

        chain[0].hidden = true
        #expect(chain.allSatisfy { !$0.visible })
        chain[0].hidden = false
        #expect(chain.allSatisfy { $0.visible })

        chain[500].alpha = 0
        #expect(chain[..<500].allSatisfy { $0.visible })
        #expect(chain[500...].allSatisfy { !$0.visible })
        chain[500].alpha = 0.5  // shown again: the views below it are too
        #expect(chain.allSatisfy { $0.visible })

        // Read from the bottom first this time: the walk up works out every view.
        chain[250].hidden = true
        #expect(!chain[999].visible)
        #expect(chain[249].visible)
        #expect(!chain[250].visible)

        // The lower half moves under a visible root, away from the hidden view.
        let root = View()
        chain[600].parent = root
        #expect(chain[600...].allSatisfy { $0.visible })
        #expect(chain[250..<600].allSatisfy { !$0.visible })
        root.hidden = true
        #expect(chain[600...].allSatisfy { !$0.visible })
        #expect(chain[..<250].allSatisfy { $0.visible })
        chain[600].parent = chain[100]
        #expect(chain[600...].allSatisfy { $0.visible })
        chain[600].parent = nil
        chain[600].alpha = 0
        #expect(!chain[999].visible)
    }

    @Test func aVeryDeepChainIsReadWithoutDeepRecursion() {
        let chain = (0..<100_000).map { _ in View() }
        for offset in 1..<chain.count { chain[offset].parent = chain[offset - 1] }
        #expect(chain[99_999].visible)
        chain[0].hidden = true
        #expect(!chain[99_999].visible)
        #expect(!chain[50_000].visible)
    }

    @Test func aSubviewIsVisibleAgainOnceItsHiddenParentIsFreed() {
        let child = View()
        do {
            let parent = View()
            parent.hidden = true
            child.parent = parent
            #expect(!child.visible)
        }
        #expect(child.parent == nil)
        #expect(child.visible)
    }

    @Test func parentAndSubviewsDoNotKeepEachOtherAlive() {
        weak var weakParent: View?
        weak var weakChild: View?
        do {
            let parent = View()
            let child = View()
            child.parent = parent
            #expect(child.visible)
            weakParent = parent
            weakChild = child
        }
        #expect(weakParent == nil)
        #expect(weakChild == nil)
    }

    @Test func aCycleMadeByCodeAfterVisibilityWasReadDoesNotHang() {
        let chain = (0..<6).map { _ in View() }
        for offset in 1..<chain.count { chain[offset].parent = chain[offset - 1] }
        let leaf = View()
        leaf.parent = chain[5]
        #expect(leaf.visible)
        chain[0].parent = chain[5]  // a cycle of six, with the leaf hanging off it
        #expect(leaf.visible)
        #expect(chain.allSatisfy { $0.visible })
        chain[3].hidden = true
        #expect(chain.allSatisfy { !$0.visible })
        #expect(!leaf.visible)
        #expect(leaf.inputRefusal == "a view containing it is hidden")
        chain[3].hidden = false
        #expect(leaf.visible)
        chain[0].parent = nil  // the cycle broken again
        chain[2].alpha = 0
        #expect(chain[..<2].allSatisfy { $0.visible })
        #expect(chain[2...].allSatisfy { !$0.visible })
        #expect(!leaf.visible)
    }

    @Test func showAndHideActionsSetHidden() {
        let type = View.sceneDescription()
        let view = View()
        #expect(type.action("hide", on: view) == .handled)
        #expect(view.hidden)
        #expect(type.action("show", on: view) == .handled)
        #expect(!view.hidden)
    }

    @Test func showOnAViewThatIsNotHiddenAndHideOnAHiddenOneAreIgnored() {
        let type = View.sceneDescription()
        let view = View()
        #expect(type.action("show", on: view) == .ignored(because: "it is not hidden"))
        #expect(!view.hidden)
        view.hide()
        #expect(type.action("hide", on: view) == .ignored(because: "it is already hidden"))
        #expect(view.hidden)
    }

    @Test func showIsAboutTheViewsOwnFlagNotWhatHidesIt() {
        let parent = View()
        let view = View()
        view.parent = parent
        parent.hidden = true
        view.alpha = 0
        #expect(view.show() == .ignored(because: "it is not hidden"))
        #expect(!view.visible)
        #expect(view.alpha == 0)
    }

    @Test func pressReportsBeganAndReleaseReportsEnded() {
        let view = View()
        let log = Log()
        log.observeInteractions(of: view)

        #expect(view.press() == .handled)
        #expect(view.isTracking)
        #expect(log.entries == ["interaction.began"])
        #expect(view.release() == .handled)
        #expect(!view.isTracking)
        #expect(log.entries == ["interaction.began", "interaction.ended"])
    }

    @Test func cancelReportsCancelled() {
        let view = View()
        let log = Log()
        log.observeInteractions(of: view)
        view.press()
        #expect(view.cancel() == .handled)
        #expect(!view.isTracking)
        #expect(log.entries == ["interaction.began", "interaction.cancelled"])
    }

    @Test func tapReportsBeganThenEndedToEveryObserverInOrder() {
        let view = View()
        let log = Log()
        log.observeInteractions(of: view, as: "first ")
        log.observeInteractions(of: view, as: "second ")
        #expect(view.tap() == .handled)
        #expect(
            log.entries == [
                "first interaction.began", "second interaction.began",
                "first interaction.ended", "second interaction.ended",
            ])
        #expect(!view.isTracking)
    }

    @Test func aDisconnectedInteractionHandlerHearsNothingMore() {
        let view = View()
        let log = Log()
        let connection = view.interaction.connect { log.append("removed \($0)") }
        log.observeInteractions(of: view)
        connection.disconnect()
        connection.disconnect()
        view.tap()
        #expect(log.entries == ["interaction.began", "interaction.ended"])
        #expect(view.interaction.connectionCount == 1)
    }

    @Test func releaseOrCancelWithoutATouchIsIgnored() {
        let view = View()
        let log = Log()
        log.observeInteractions(of: view)
        #expect(view.release().isIgnored)
        #expect(view.cancel().isIgnored)
        #expect(log.entries.isEmpty)
    }

    @Test func secondPressDuringATouchIsIgnored() {
        let view = View()
        let log = Log()
        log.observeInteractions(of: view)
        view.press()
        #expect(view.press().isIgnored)
        #expect(view.tap().isIgnored)
        view.release()
        #expect(log.entries == ["interaction.began", "interaction.ended"])
    }

    @Test(arguments: ["hidden", "transparent", "parentHidden", "grandparentTransparent"])
    func invisibleViewIgnoresInputAndReportsNothing(reason: String) {
        let grandparent = View()
        let parent = View()
        let view = View()
        parent.parent = grandparent
        view.parent = parent
        switch reason {
        case "hidden": view.hidden = true
        case "transparent": view.alpha = 0
        case "parentHidden": parent.hidden = true
        default: grandparent.alpha = 0
        }
        let log = Log()
        log.observeInteractions(of: view)

        #expect(view.press().isIgnored)
        #expect(view.tap().isIgnored)
        #expect(view.release().isIgnored)
        #expect(view.cancel().isIgnored)
        #expect(!view.isTracking)
        #expect(log.entries.isEmpty)
    }

    @Test func touchInProgressEndsEvenIfTheViewIsHiddenMeanwhile() {
        let view = View()
        let log = Log()
        log.observeInteractions(of: view)
        view.press()
        view.hide()
        #expect(view.release() == .handled)
        #expect(log.entries == ["interaction.began", "interaction.ended"])
    }

    @Test func inputsThroughTheDescriptionReachTheView() {
        let type = View.sceneDescription()
        let view = View()
        let log = Log()
        log.observeInteractions(of: view)
        #expect(type.input("press", on: view) == .handled)
        #expect(type.input("release", on: view) == .handled)
        #expect(type.input("press", on: view) == .handled)
        #expect(type.input("cancel", on: view) == .handled)
        #expect(type.input("tap", on: view) == .handled)
        #expect(
            log.entries == [
                "interaction.began", "interaction.ended", "interaction.began", "interaction.cancelled",
                "interaction.began", "interaction.ended",
            ])
    }

    @Test func propertiesSetThroughTheDescriptionReachTheView() throws {
        let type = View.sceneDescription()
        let view = View()
        #expect(try #require(type.property(named: "alpha")).set(.double(0.5), on: view))
        #expect(try #require(type.property(named: "backgroundColor")).set(.color(.white), on: view))
        #expect(try #require(type.property(named: "offsetX")).set(.double(3), on: view))
        #expect(try #require(type.property(named: "offsetY")).set(.double(-4), on: view))
        #expect(try #require(type.property(named: "hidden")).set(.bool(true), on: view))
        #expect(view.alpha == 0.5)
        #expect(view.backgroundColor == .white)
        #expect(view.offsetX == 3)
        #expect(view.offsetY == -4)
        #expect(view.hidden)
    }
}
