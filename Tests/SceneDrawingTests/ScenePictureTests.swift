import SceneCore
import Testing

@testable import SceneDrawing

/// A view for the tests: a box of one colour.
private final class Box: SceneObject, DrawableView {
    var containingView: (any DrawableView)?
    var frame: Rect?
    var layout: StackLayout?
    var hidden = false
    var alpha = 1.0
    var drawingOffset = Point.zero
    var intrinsicSize = Size(width: 10, height: 10)
    init() {}
    func awake(in scene: Scene) {}
    func draw(in context: DrawingContext) {
        context.fill(context.bounds, color: .black)
        context.text(context.viewID, in: context.bounds, fontSize: 5)
    }
}

/// An object that is not a view.
private final class Timer: SceneObject {
    init() {}
    func awake(in scene: Scene) {}
}

@Suite struct ScenePictureTests {
    private func scene(_ objects: [(String, any SceneObject)]) -> Scene {
        let box = TypeDescription("Box", summary: "A box.", make: { Box() })
        let timer = TypeDescription("Timer", summary: "Not a view.", make: { Timer() })
        return Scene(
            title: nil, summary: nil,
            entries: objects.map { Scene.Entry(id: $0.0, type: $0.1 is Box ? box : timer, object: $0.1) })
    }

    @Test func viewsAreDrawnInDeclarationOrderInsideTheirContainersAndOtherObjectsAreNot() {
        let outer = Box()
        outer.layout = StackLayout(padding: 5)
        let inner = Box()
        inner.containingView = outer
        inner.drawingOffset = Point(x: 2, y: 0)
        let svg = ScenePicture.svg(of: scene([("outer", outer), ("timer", Timer()), ("inner", inner)]))
        #expect(svg.contains(#"<g data-id="outer" data-type="Box" transform="translate(16 16)">"#))
        #expect(svg.contains(#"<g data-id="inner" data-type="Box" transform="translate(23 21)">"#))
        #expect(!svg.contains("timer"))
        #expect(svg.contains(#"width="390" height="844""#))
    }
}
