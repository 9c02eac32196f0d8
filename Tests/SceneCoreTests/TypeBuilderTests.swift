import SceneCore
import Testing

/// `TypeBuilder` and the descriptions it makes: each member reaches the
/// Swift property, event or method it names, and refuses values and
/// objects of the wrong type instead of trapping.
@Suite struct TypeBuilderTests {
    private final class Gadget: SceneObject {
        var count = 0
        var ratio = 0.5
        var delay = Duration.seconds(1)
        var label: String?
        private(set) var log: [String] = []
        weak var shape: Shape?
        var shapes = WeakList<Shape>()
        let fired = SceneEvent<Void>()
        let measured = SceneEvent<Int>()

        func awake(in scene: Scene) {}

        static func sceneDescription() -> TypeDescription {
            TypeDescription("Gadget", summary: "Has one of everything.", make: Gadget.init) { type in
                type.property("count", \.count, range: 0...10, required: true, doc: "A key-path property.")
                type.property("ratio", get: { $0.ratio }, set: { $0.ratio = $1 }, doc: "A closure property.")
                type.property("delay", \.delay, doc: "A duration.")
                type.property("label", \.label, doc: "An optional.")
                type.readOnly("logged", get: { $0.log.count }, doc: "How many calls.")
                type.outlet("shape", \.shape, doc: "One shape.")
                type.outletCollection("shapes", \.shapes, doc: "Shapes in order.")
                type.event("fired", \.fired, doc: "No payload.")
                type.event("measured", \.measured, doc: "An Int payload.")
                type.action("reset", doc: "No argument.") { $0.log.append("reset") }
                type.action("add", Int.self, doc: "An Int argument.") { $0.log.append("add \($1)") }
                type.input("poke", doc: "Taken.") {
                    $0.log.append("poke"); return .handled
                }
                type.input("nudge", Double.self, doc: "Ignored.") {
                    $0.log.append("nudge \($1)"); return .ignored(because: "nudges are not taken")
                }
            }
        }
    }

    private let type = Gadget.sceneDescription()

    @Test func aRangedInputReadsItsBoundsFromTheObjectAndNeverTraps() throws {
        let described = TypeDescription("Ranged", summary: "A ranged input.", make: Gadget.init) { type in
            type.input("turn", range: { (Double($0.count), $0.ratio) }, doc: "Between count and ratio.") {
                $0.ratio = $1
                return .handled
            }
        }
        let input = try #require(described.inputs["turn"])
        let range = try #require(input.range)
        #expect(input.argument == .double)
        let gadget = Gadget()
        gadget.count = 2
        gadget.ratio = 6
        #expect(range.bounds(of: gadget).map { $0.lower == 2 && $0.upper == 6 } == true)
        #expect(range.fraction(0.25, of: gadget) == 3)
        #expect(range.fraction(-1, of: gadget) == 2)
        #expect(range.fraction(7, of: gadget) == 6)
        gadget.ratio = 10
        #expect(range.fraction(0.5, of: gadget) == 6, "read when asked")
        gadget.ratio = -10
        #expect(range.fraction(0.5, of: gadget) == 2, "inverted: its lower bound")
        gadget.ratio = .nan
        #expect(range.fraction(0.5, of: gadget) == nil)
        gadget.ratio = .infinity
        #expect(range.fraction(0.5, of: gadget) == nil)
        gadget.ratio = .greatestFiniteMagnitude
        gadget.count = Int.min
        #expect(range.fraction(1, of: gadget) == .greatestFiniteMagnitude)
        #expect(range.fraction(.nan, of: gadget) == nil)
        #expect(range.fraction(0.5, of: NSObjectLike()) == nil, "another type")
        #expect(Gadget.sceneDescription().inputs["nudge"]?.range == nil)
    }

    private final class NSObjectLike {}

    private func property(_ name: String) throws -> PropertyDescription {
        try #require(type.property(named: name))
    }

    @Test func propertiesReadAndWriteTheirSwiftValues() throws {
        let gadget = Gadget()
        #expect(try property("count").set(.int(7), on: gadget))
        #expect(gadget.count == 7)
        #expect(try property("ratio").set(.int(2), on: gadget))
        #expect(gadget.ratio == 2)
        #expect(try property("delay").set(.duration(.milliseconds(250)), on: gadget))
        #expect(try property("delay").value(of: gadget) == .duration(.milliseconds(250)))
        #expect(try property("label").set(.null, on: gadget))
        #expect(try property("label").value(of: gadget) == .null)
        #expect(try property("label").set(.string("hi"), on: gadget))
        #expect(gadget.label == "hi")
    }

    @Test func propertiesDeclareTheirTypesRangesAndRequirements() throws {
        #expect(try property("count").type == .int)
        #expect(try property("count").range == 0...10)
        #expect(try property("count").isRequired)
        #expect(try property("label").type == .optional(.string))
        #expect(try property("delay").range == 0...Double.infinity, "durations are never negative unless a range says")
        #expect(try property("ratio").range == nil)
        #expect(type.requiredProperties.map(\.name) == ["count"])
        #expect(type.properties.allSatisfy { $0.declaringType == "Gadget" })
    }

    @Test func aValueOfTheWrongShapeOrAnotherObjectIsRefusedNotTrapped() throws {
        let gadget = Gadget()
        #expect(try !property("count").set(.string("seven"), on: gadget))
        #expect(try !property("count").set(.int(1), on: Stone()))
        #expect(try property("count").value(of: Stone()) == nil)
        #expect(gadget.count == 0)
    }

    @Test func readOnlyPropertiesCannotBeSet() throws {
        let gadget = Gadget()
        let logged = try property("logged")
        #expect(logged.isReadOnly)
        #expect(!logged.set(.int(3), on: gadget))
        #expect(logged.value(of: gadget) == .int(0))
    }

    @Test func outletsConnectObjectsOfTheirSwiftTypeOnly() throws {
        let outlet = try #require(type.outlets.first { $0.name == "shape" })
        #expect(outlet.requirementID == ObjectIdentifier(Shape.self))
        #expect(outlet.requirementTypeName == "Shape")
        #expect(!outlet.isCollection)
        let gadget = Gadget()
        let circle = Circle()
        #expect(outlet.connect(gadget, to: circle))
        #expect(gadget.shape === circle)
        #expect(outlet.targets(of: gadget).map(ObjectIdentifier.init) == [ObjectIdentifier(circle)])
        #expect(!outlet.connect(gadget, to: Stone()))
        #expect(!outlet.connect(gadget, to: [circle, circle]), "a plain outlet holds one object")
        #expect(outlet.connect(gadget, to: []))
        #expect(gadget.shape == nil)
    }

    @Test func collectionsKeepTheWrittenOrderWithoutKeepingTargetsAlive() throws {
        let outlet = try #require(type.outlets.first { $0.name == "shapes" })
        #expect(outlet.isCollection)
        let gadget = Gadget()
        let first = Shape()
        var second: Shape? = Circle()
        #expect(outlet.connect(gadget, to: [try #require(second), first]))
        #expect(gadget.shapes.elements.map(ObjectIdentifier.init) == [second, first].map { ObjectIdentifier($0!) })
        second = nil
        #expect(gadget.shapes.elements.count == 1)
        #expect(!outlet.connect(gadget, to: [first, Stone()]), "every target must be a Shape")
    }

    @Test func eventsCallConnectedHandlersWithTheirPayloads() throws {
        let gadget = Gadget()
        var received: [SceneValue?] = []
        let fired = try #require(type.events["fired"])
        let measured = try #require(type.events["measured"])
        #expect(fired.payload == nil)
        #expect(measured.payload == .int)
        #expect(fired.connect(gadget) { received.append($0) })
        #expect(measured.connect(gadget) { received.append($0) })
        #expect(gadget.fired.connectionCount == 1)
        #expect(gadget.measured.connectionCount == 1)
        gadget.fired.send()
        gadget.measured.send(42)
        #expect(received == [nil, .int(42)])
        #expect(!fired.connect(Stone()) { _ in })
    }

    @Test func actionsAndInputsPerformWithTheirArguments() throws {
        let gadget = Gadget()
        let reset = try #require(type.actions["reset"])
        let add = try #require(type.actions["add"])
        #expect(reset.perform(on: gadget) == .handled)
        #expect(add.perform(on: gadget, with: .int(3)) == .handled)
        #expect(add.perform(on: gadget, with: .string("3")) == nil, "a wrong argument is refused")
        #expect(try #require(type.inputs["poke"]).deliver(to: gadget) == .handled)
        #expect(
            try #require(type.inputs["nudge"]).deliver(to: gadget, with: .double(0.5))
                == .ignored(because: "nudges are not taken"))
        #expect(gadget.log == ["reset", "add 3", "poke", "nudge 0.5"])
        #expect(add.accepts(payload: .int))
        #expect(!add.accepts(payload: .string))
        #expect(reset.accepts(payload: .string), "an action without an argument accepts any event")
    }

    @Test func aSubtypeInheritsItsBasesMembersBasesFirst() throws {
        let circle = Circle.sceneDescription()
        #expect(circle.properties.map(\.name) == ["size", "radius"])
        #expect(circle.properties.map(\.declaringType) == ["Shape", "Circle"])
        #expect(circle.outlets.map(\.name) == ["parent"])
        #expect(circle.orderedEvents.map(\.name) == ["moved", "resized"])
        #expect(circle.lineage.map(\.name) == ["Circle", "Shape"])
        #expect(circle.lineageTypeIDs == [ObjectIdentifier(Circle.self), ObjectIdentifier(Shape.self)])
        #expect(circle.defaultValues()["radius"] == .int(2))
        #expect(circle.makeInstance() is Circle)
    }
}
