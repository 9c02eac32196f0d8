import SceneBehaviours
import SceneCore
import SceneDrawing
import Testing

@Suite struct NavigationBarTests {
    @Test func defaultsAreNoTitle() {
        var expected = viewDefaults
        expected["title"] = .string("")
        #expect(NavigationBar.sceneDescription().defaultValues() == expected)
        #expect(NavigationBar().leftItems.isEmpty)
        #expect(NavigationBar().rightItems.isEmpty)
    }

    @Test func registersTheViewMembersTitleAndItems() {
        #expect(
            MemberList(of: NavigationBar.sceneDescription())
                == MemberList.view(
                    properties: ["title: String"], outlets: ["leftItems: [Button]", "rightItems: [Button]"],
                    events: ["titleChanged: String"]))
    }

    @Test func itemOutletsTakeButtonsInOrder() throws {
        let type = NavigationBar.sceneDescription()
        let bar = NavigationBar()
        let (cancel, done) = (Button(), Button())
        let outlet = try #require(type.outlets.first { $0.name == "rightItems" })
        #expect(outlet.connect(bar, to: [done, cancel]))
        #expect(
            bar.rightItems.elements.map { ObjectIdentifier($0) } == [ObjectIdentifier(done), ObjectIdentifier(cancel)])
        #expect(!outlet.connect(bar, to: [Label()]))
    }
}

/// Where pictures put a navigation bar's items: at its edges, from the
/// edge inwards, hidden ones taking no room, a frame of their own winning.
@Suite struct NavigationBarPlacementTests {
    private func frames(_ views: [(String, View)], canvas: Size = Size(width: 390, height: 200)) -> [String: Rect] {
        let entries = views.map { Scene.Entry(id: $0.0, type: type(of: $0.1).sceneDescription(), object: $0.1) }
        let scene = Scene(title: nil, summary: nil, entries: entries)
        let items = ScenePicture.items(of: scene)
        let frames = Layout.frames(of: items.map(\.node), canvas: canvas)
        var byID: [String: Rect] = [:]
        for (item, frame) in zip(items, frames) { byID[item.id] = frame }
        return byID
    }

    /// Whether two frames are the same to a thousandth of a point.
    private func same(_ frame: Rect?, _ expected: Rect) -> Bool {
        guard let frame else { return false }
        return [
            frame.x - expected.x, frame.y - expected.y, frame.width - expected.width, frame.height - expected.height,
        ]
        .allSatisfy { abs($0) < 0.001 }
    }

    private func button(_ title: String, in bar: NavigationBar) -> Button {
        let button = Button()
        button.title = title
        button.parent = bar
        return button
    }

    @Test func leftItemsGoFromTheLeftAndRightItemsFromTheRight() throws {
        let bar = NavigationBar()
        let back = button("Back", in: bar)
        let edit = button("Edit", in: bar)
        let done = button("Done", in: bar)
        let add = button("Add", in: bar)
        bar.leftItems = WeakList([back, edit])
        bar.rightItems = WeakList([done, add])
        let frames = frames([("bar", bar), ("back", back), ("edit", edit), ("done", done), ("add", add)])
        let width = { (title: String) in TextMetrics.width(of: title, fontSize: 17, weight: .regular) + 16 }
        // The canvas stacks the bar 16 points in: it spans 16...374.
        #expect(same(frames["bar"], Rect(x: 16, y: 16, width: 358, height: 44)))
        #expect(same(frames["back"], Rect(x: 24, y: 16, width: width("Back"), height: 44)))
        #expect(same(frames["edit"], Rect(x: 24 + width("Back"), y: 16, width: width("Edit"), height: 44)))
        #expect(same(frames["done"], Rect(x: 374 - 8 - width("Done"), y: 16, width: width("Done"), height: 44)))
        #expect(
            same(frames["add"], Rect(x: 374 - 8 - width("Done") - width("Add"), y: 16, width: width("Add"), height: 44))
        )
    }

    @Test func aHiddenItemTakesNoRoomAndAFrameOfItsOwnWins() throws {
        let bar = NavigationBar()
        let hidden = button("Hidden", in: bar)
        hidden.hidden = true
        let back = button("Back", in: bar)
        let framed = button("Framed", in: bar)
        framed.frame = Rect(x: 100, y: 2, width: 50, height: 40)
        bar.leftItems = WeakList([hidden, back, framed])
        let frames = frames([("bar", bar), ("hidden", hidden), ("back", back), ("framed", framed)])
        #expect(frames["back"]?.x == 24)
        #expect(same(frames["framed"], Rect(x: 116, y: 18, width: 50, height: 40)))
    }

    @Test func aListedButtonWithoutAParentIsPutInTheBarAndPlacedAtItsEdge() throws {
        let bar = NavigationBar()
        let done = Button()
        done.title = "Done"
        bar.rightItems = WeakList([done])
        #expect(done.parent === bar)
        let frames = frames([("done", done), ("bar", bar)])
        let width = TextMetrics.width(of: "Done", fontSize: 17, weight: .regular) + 16
        #expect(same(frames["done"], Rect(x: 374 - 8 - width, y: 16, width: width, height: 44)))
        bar.hidden = true
        #expect(!done.visible)
    }

    @Test func aListedButtonOutsideTheBarIsStackedByItsOwnParent() throws {
        let bar = NavigationBar()
        let screen = View()
        let outside = Button()
        outside.title = "Outside"
        outside.parent = screen
        bar.leftItems = WeakList([outside])
        let frames = frames([("bar", bar), ("screen", screen), ("outside", outside)])
        let screenFrame = try #require(frames["screen"])
        #expect(frames["outside"]?.origin == screenFrame.origin)
    }

    @Test func theBarAndATabBarAreAsHighAsUIKitsAndAsWideAsTheirStack() {
        let bar = NavigationBar()
        let tabs = TabBar()
        tabs.items = ["One", "Two"]
        let frames = frames([("bar", bar), ("tabs", tabs)])
        #expect(same(frames["bar"], Rect(x: 16, y: 16, width: 358, height: 44)))
        #expect(same(frames["tabs"], Rect(x: 16, y: 68, width: 358, height: 49)))
    }
}
