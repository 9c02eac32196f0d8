import SceneCore
import Testing

@testable import SceneDrawing

@Suite struct LayoutCacheTests {
    let canvas = Size(width: 200, height: 300)

    /// A stack of two boxes, with what each draws.
    func items(alpha: Double = 1, offset: Point = .zero, hidden: Bool = false, width: Double = 40) -> [PictureItem] {
        let box: (DrawingContext) -> Void = { $0.fill(Rect(origin: .zero, size: $0.size), color: .black) }
        return [
            PictureItem(
                node: LayoutNode(layout: StackLayout(axis: .horizontal)), id: "bar", typeName: "View", draw: box),
            PictureItem(
                node: LayoutNode(parent: 0, intrinsicSize: Size(width: width, height: 20), isHidden: hidden), id: "a",
                typeName: "View", alpha: alpha, offset: offset, draw: box),
            PictureItem(
                node: LayoutNode(parent: 0, intrinsicSize: Size(width: 30, height: 20)), id: "b", typeName: "View",
                draw: box),
        ]
    }

    @Test func aFadeOrAShakeIsDrawnWithTheFramesAlreadyWorkedOut() {
        let cache = LayoutCache()
        let first = Picture.svg(items(), canvas: canvas, layout: cache)
        #expect(cache.solveCount == 1)
        #expect(first == Picture.svg(items(), canvas: canvas))
        let faded = Picture.svg(items(alpha: 0.5), canvas: canvas, layout: cache)
        let shaken = Picture.svg(items(offset: Point(x: 8, y: 0)), canvas: canvas, layout: cache)
        #expect(cache.solveCount == 1)
        // The same bytes as without a cache: the reused frames are right.
        #expect(faded == Picture.svg(items(alpha: 0.5), canvas: canvas))
        #expect(shaken == Picture.svg(items(offset: Point(x: 8, y: 0)), canvas: canvas))
        #expect(faded != first && shaken != first)
    }

    @Test func whatTheLayoutReadsLaysTheViewsOutAgain() {
        let cache = LayoutCache()
        _ = Picture.svg(items(), canvas: canvas, layout: cache)
        // A content size, a hidden flag, the canvas: each is a new layout,
        // and each picture is the one drawn without a cache.
        let wider = Picture.svg(items(width: 60), canvas: canvas, layout: cache)
        #expect(cache.solveCount == 2)
        #expect(wider == Picture.svg(items(width: 60), canvas: canvas))
        let hidden = Picture.svg(items(hidden: true), canvas: canvas, layout: cache)
        #expect(cache.solveCount == 3)
        #expect(hidden == Picture.svg(items(hidden: true), canvas: canvas))
        let other = Size(width: 100, height: 100)
        #expect(
            Picture.svg(items(hidden: true), canvas: other, layout: cache)
                == Picture.svg(items(hidden: true), canvas: other))
        #expect(cache.solveCount == 4)
        // Back to the first: compared with the last only, so laid out again.
        _ = Picture.svg(items(), canvas: canvas, layout: cache)
        #expect(cache.solveCount == 5)
        #expect(
            cache.frames(of: items().map(\.node), canvas: canvas)
                == Layout.frames(of: items().map(\.node), canvas: canvas))
        #expect(cache.solveCount == 5)
    }
}
