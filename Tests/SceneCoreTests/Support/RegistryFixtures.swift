import SceneCore

// Small types for the registry's and the builder's tests: a class
// hierarchy, a protocol, and behaviours that refer to them.

/// A touch source, declared to registries as `Toucher`.
protocol Toucher: AnyObject {}

class Shape: SceneObject, Toucher {
    var size = 1.0
    weak var parent: Shape?
    let moved = SceneEvent<Void>()
    let resized = SceneEvent<Double>()
    private(set) var growCount = 0

    func awake(in scene: Scene) {}
    func grow() { growCount += 1 }

    class func sceneDescription() -> TypeDescription {
        TypeDescription("Shape", summary: "A shape.", make: { Shape() }) { type in
            type.property("size", \.size, range: 0...10, doc: "Its size.")
            type.outlet("parent", \.parent, hierarchy: true, doc: "The containing shape.")
            type.event("moved", \.moved, doc: "It moved.")
            type.event("resized", \.resized, doc: "Its new size.")
            type.action("grow", doc: "Grows.") { $0.grow() }
        }
    }
}

final class Circle: Shape {
    var radius = 2
    override class func sceneDescription() -> TypeDescription {
        TypeDescription("Circle", summary: "A circle.", base: Shape.sceneDescription(), make: { Circle() }) { type in
            type.property("radius", \.radius, doc: "Its radius.")
        }
    }
}

/// Holds shapes and touchers; registered under a name unlike its class's.
final class ShapeHolder: SceneObject {
    weak var shape: Shape?
    weak var circle: Circle?
    var touchers = WeakList<any Toucher>()
    func awake(in scene: Scene) {}

    static func sceneDescription(name: String = "Holder") -> TypeDescription {
        TypeDescription(name, summary: "Holds shapes.", make: ShapeHolder.init) { type in
            type.outlet("shape", \.shape, doc: "Any shape.")
            type.outlet("circle", \.circle, required: true, doc: "A circle.")
            type.outletCollection("touchers", \.touchers, doc: "Touch sources.")
        }
    }
}

/// Not a `Shape`, and no `Toucher`.
final class Stone: SceneObject {
    var weight = 5
    func awake(in scene: Scene) {}
}

/// A registry with `Toucher`, `Shape`, `Circle` and `Holder`.
func shapesRegistry() throws -> SceneRegistry {
    var registry = SceneRegistry()
    try registry.declareProtocol(Toucher.self, name: "Toucher", summary: "Touches.")
    try registry.register(Shape.sceneDescription())
    try registry.register(Circle.sceneDescription())
    try registry.register(ShapeHolder.sceneDescription())
    return registry
}
