import SceneCore
import Testing

@testable import SceneDrawing

@Suite struct LayoutTests {
    let phone = Size(width: 390, height: 844)

    @Test func viewsWithoutAParentStackDownTheCanvasFillingItsWidth() {
        let frames = Layout.frames(
            of: [
                LayoutNode(intrinsicSize: Size(width: 50, height: 20)),
                LayoutNode(intrinsicSize: Size(width: 80, height: 44)),
            ], canvas: phone)
        #expect(frames == [Rect(x: 16, y: 16, width: 358, height: 20), Rect(x: 16, y: 44, width: 358, height: 44)])
    }

    @Test func aHorizontalStackPlacesViewsSideBySideAndFitsThem() {
        let frames = Layout.frames(
            of: [
                LayoutNode(layout: StackLayout(axis: .horizontal, spacing: 4, padding: 2, alignment: .center)),
                LayoutNode(parent: 0, intrinsicSize: Size(width: 60, height: 44)),
                LayoutNode(parent: 0, intrinsicSize: Size(width: 80, height: 20)),
            ], canvas: phone)
        // The bar fills the canvas's width and fits its tallest view plus padding.
        #expect(frames[0] == Rect(x: 16, y: 16, width: 358, height: 48))
        #expect(frames[1] == Rect(x: 18, y: 18, width: 60, height: 44))
        #expect(frames[2] == Rect(x: 82, y: 30, width: 80, height: 20))
    }

    @Test(arguments: [
        (LayoutAlignment.leading, 0.0, 100.0), (.center, 100.0, 100.0), (.trailing, 200.0, 100.0), (.fill, 0.0, 300.0),
    ])
    func alignmentPlacesAViewAcrossTheAxis(alignment: LayoutAlignment, x: Double, width: Double) {
        let frames = Layout.frames(
            of: [
                LayoutNode(frame: Rect(x: 0, y: 0, width: 300, height: 100), layout: StackLayout(alignment: alignment)),
                LayoutNode(parent: 0, intrinsicSize: Size(width: 100, height: 10)),
            ], canvas: phone)
        #expect(frames[1] == Rect(x: x, y: 0, width: width, height: 10))
    }

    @Test func aFrameFromTheTrailingEdgeIsMeasuredFromTheParentsRightEdge() {
        let frames = Layout.frames(
            of: [
                LayoutNode(frame: Rect(x: 10, y: 20, width: 200, height: 44)),
                LayoutNode(parent: 0, frame: Rect(x: 8, y: 0, width: 50, height: 44), isFrameFromTrailingEdge: true),
                LayoutNode(parent: 0, frame: Rect(x: 8, y: 0, width: 50, height: 44)),
            ], canvas: phone)
        // The parent spans 10...210: the right item ends 8 points before 210.
        #expect(frames[1] == Rect(x: 152, y: 20, width: 50, height: 44))
        #expect(frames[2] == Rect(x: 18, y: 20, width: 50, height: 44))
    }

    @Test func aHiddenViewTakesNoRoomInAStack() {
        let frames = Layout.frames(
            of: [
                LayoutNode(intrinsicSize: Size(width: 10, height: 10)),
                LayoutNode(intrinsicSize: Size(width: 10, height: 30), isHidden: true),
                LayoutNode(intrinsicSize: Size(width: 10, height: 10)),
            ], canvas: phone)
        #expect(frames[2] == Rect(x: 16, y: 34, width: 358, height: 10))
        #expect(frames[1]?.height == 30)
    }

    @Test func aFramedViewIsPlacedRelativeToItsParentAndTakesNoRoom() {
        let frames = Layout.frames(
            of: [
                LayoutNode(frame: Rect(x: 10, y: 20, width: 200, height: 200)),
                LayoutNode(parent: 0, frame: Rect(x: 5, y: 5, width: 50, height: 50)),
                LayoutNode(parent: 0, intrinsicSize: Size(width: 10, height: 10)),
            ], canvas: phone)
        #expect(frames[1] == Rect(x: 15, y: 25, width: 50, height: 50))
        #expect(frames[2] == Rect(x: 10, y: 20, width: 200, height: 10))
    }

    @Test func nestedStacksFitTheirContentAndPadding() {
        let frames = Layout.frames(
            of: [
                LayoutNode(layout: StackLayout(padding: 10, alignment: .leading)),
                LayoutNode(parent: 0, layout: StackLayout(axis: .horizontal, spacing: 5, alignment: .leading)),
                LayoutNode(parent: 1, intrinsicSize: Size(width: 30, height: 20)),
                LayoutNode(parent: 1, intrinsicSize: Size(width: 40, height: 25)),
            ], canvas: phone)
        #expect(frames[1] == Rect(x: 26, y: 26, width: 75, height: 25))
        #expect(frames[0]?.height == 45)
        #expect(frames[3] == Rect(x: 61, y: 26, width: 40, height: 25))
    }

    @Test func viewsInACycleOfParentsAreNotPlacedAndOthersAre() {
        let frames = Layout.frames(
            of: [
                LayoutNode(parent: 1, intrinsicSize: Size(width: 10, height: 10)),
                LayoutNode(parent: 0, intrinsicSize: Size(width: 10, height: 10)),
                LayoutNode(parent: 7, intrinsicSize: Size(width: 10, height: 10)),
            ], canvas: phone)
        #expect(frames[0] == nil && frames[1] == nil)
        #expect(frames[2] == Rect(x: 16, y: 16, width: 358, height: 10))
    }

    @Test func aChainOfAHundredThousandViewsIsLaidOutWithoutRecursion() {
        var nodes = [LayoutNode(intrinsicSize: Size(width: 1, height: 1))]
        for index in 1..<100_000 {
            nodes.append(LayoutNode(parent: index - 1, intrinsicSize: Size(width: 1, height: 1)))
        }
        let frames = Layout.frames(of: nodes, canvas: phone)
        #expect(frames.allSatisfy { $0?.height == 1 })
        #expect(frames.last??.x == 16)
    }
}
