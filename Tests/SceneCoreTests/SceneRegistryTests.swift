import SceneCore
import Testing

/// `SceneRegistry`: what it accepts loads, and what could not load is
/// refused when it is registered, with a message saying why.
@Suite struct SceneRegistryTests {
    typealias RegistrationError = SceneRegistry.RegistrationError

    // MARK: Accepted registrations

    @Test func outletRequirementsAreTheRegisteredNamesOfTheirPropertiesSwiftTypes() throws {
        let registry = try shapesRegistry()
        let holder = try #require(registry.type(named: "Holder"))
        #expect(holder.outlets.map { registry.requirement(of: $0) } == ["Shape", "Circle", "Toucher"])
        #expect(holder.outlets.map { registry.typeDescription(of: $0) } == ["Shape?", "Circle", "[Toucher]"])
    }

    /// What docs/CustomTypes.md and the README say: a type registered
    /// with a `base` has the base's members as its own; `wakes` is its own.
    @Test func aTypeWithABaseInheritsItsMembersButNotWakes() throws {
        let registry = try shapesRegistry()
        let circle = try #require(registry.type(named: "Circle"))
        #expect(circle.property(named: "size") != nil)
        #expect(circle.property(named: "radius") != nil)
        #expect(circle.events["moved"] != nil && circle.actions["grow"] != nil)
        let quiet = TypeDescription("Quiet", summary: "Still.", wakes: false, make: { Shape() })
        #expect(TypeDescription("Sub", summary: "Wakes.", base: quiet, make: { Circle() }).wakes)
    }

    @Test func aTypeFitsOutletsOfItsClassItsBasesAndItsSwiftProtocols() throws {
        let registry = try shapesRegistry()
        let holder = try #require(registry.type(named: "Holder"))
        let shape = try #require(registry.type(named: "Shape"))
        let circle = try #require(registry.type(named: "Circle"))
        let outlets = Dictionary(uniqueKeysWithValues: holder.outlets.map { ($0.name, $0) })
        let shapeOutlet = try #require(outlets["shape"])
        let circleOutlet = try #require(outlets["circle"])
        let touchers = try #require(outlets["touchers"])
        #expect(registry.type(shape, fits: shapeOutlet))
        #expect(registry.type(circle, fits: shapeOutlet))
        #expect(!registry.type(shape, fits: circleOutlet))
        #expect(registry.type(circle, fits: circleOutlet))
        #expect(registry.type(circle, fits: touchers))
        #expect(!registry.type(holder, fits: touchers))
        #expect(registry.conformances(of: circle).map(\.name) == ["Toucher"])
        #expect(registry.type(circle, satisfies: "Shape"))
        #expect(registry.type(circle, satisfies: "Toucher"))
        #expect(!registry.type(shape, satisfies: "Circle"))
    }

    /// Whatever `fits` accepts, the outlet connects: the check a scene gets
    /// matches the Swift cast the loader makes.
    @Test func everyTargetThatFitsConnects() throws {
        let registry = try shapesRegistry()
        for owner in registry.types {
            for outlet in owner.outlets {
                for target in registry.types where registry.type(target, fits: outlet) {
                    let connected = outlet.connect(owner.makeInstance(), to: [target.makeInstance()])
                    #expect(connected, "\(owner.name).\(outlet.name) <- \(target.name)")
                }
            }
        }
    }

    @Test func anOutletMayRequireItsOwnType() throws {
        let registry = try shapesRegistry()
        let parent = try #require(registry.type(named: "Shape")?.outlets.first)
        #expect(registry.requirement(of: parent) == "Shape")
    }

    @Test func aProtocolDeclaredAfterATypeStillFindsItsConformance() throws {
        var registry = SceneRegistry()
        try registry.register(Shape.sceneDescription())
        let shape = try #require(registry.type(named: "Shape"))
        #expect(registry.conformances(of: shape).isEmpty)
        try registry.declareProtocol(Toucher.self, name: "Toucher", summary: "Touches.")
        #expect(registry.conformances(of: shape).map(\.name) == ["Toucher"])
        #expect(registry.isKnownRequirement("Toucher"))
    }

    @Test func aTypeMayBeRegisteredUnderANameUnlikeItsClass() throws {
        var registry = try shapesRegistry()
        try registry.register(ShapeHolder.sceneDescription(name: "Tray"))
        #expect(registry.types.map(\.name) == ["Shape", "Circle", "Holder", "Tray"])
    }

    // MARK: Refused registrations

    @Test func aDuplicateTypeNameIsRefused() throws {
        var registry = try shapesRegistry()
        #expect(throws: RegistrationError.duplicateType("Shape")) { try registry.register(Shape.sceneDescription()) }
        let named = TypeDescription("Toucher", summary: "Named like the protocol.", make: Stone.init)
        #expect(throws: RegistrationError.duplicateType("Toucher")) { try registry.register(named) }
    }

    @Test func anUnregisteredBaseIsRefused() {
        var registry = SceneRegistry()
        #expect(throws: RegistrationError.unknownBase(type: "Circle", base: "Shape")) {
            try registry.register(Circle.sceneDescription())
        }
    }

    @Test func aBaseWhoseClassTheTypeDoesNotInheritIsRefused() throws {
        var registry = try shapesRegistry()
        let stone = TypeDescription(
            "Pebble", summary: "Claims Shape.", base: Shape.sceneDescription(), make: Stone.init)
        let error = #expect(throws: RegistrationError.self) { try registry.register(stone) }
        #expect(error == .baseMismatch(type: "Pebble", base: "Shape", typeClass: "Stone"))
        #expect(
            error?.description
                == "'Pebble' extends 'Shape', but its class Stone is not a subclass of the class 'Shape' makes")
    }

    @Test func anOutletWhoseSwiftTypeIsNeitherRegisteredNorDeclaredIsRefused() throws {
        var registry = SceneRegistry()
        try registry.register(Shape.sceneDescription())
        let error = #expect(throws: RegistrationError.self) { try registry.register(ShapeHolder.sceneDescription()) }
        #expect(error == .unknownRequirement(type: "Holder", outlet: "circle", requirement: "Circle"))
        #expect(
            error?.description
                == "outlet 'circle' of 'Holder' holds a Circle, which is neither a registered type nor a declared protocol; register its type (or declare the protocol) before 'Holder'"
        )
    }

    @Test func aMemberDeclaredTwiceIsRefused() {
        var registry = SceneRegistry()
        let twice = TypeDescription("Twice", summary: "Two weights.", make: Stone.init) { type in
            type.property("weight", \.weight, doc: "The first.")
            type.readOnly("weight", \.weight, doc: "The second.")
        }
        let error = #expect(throws: RegistrationError.self) { try registry.register(twice) }
        #expect(error == .duplicateMember(type: "Twice", kind: "property", name: "weight", declaredBy: "Twice"))
        #expect(error?.description == "'Twice' declares the property 'weight' twice")
    }

    @Test func aPropertyAndAnOutletShareTheKeysOfAnObject() throws {
        var registry = try shapesRegistry()
        let clash = TypeDescription("Clash", summary: "A key twice.", make: ShapeHolder.init) { type in
            type.outlet("shape", \.shape, doc: "An outlet.")
            type.readOnly("shape", get: { $0.shape == nil }, doc: "A property.")
        }
        #expect(
            throws: RegistrationError.duplicateMember(type: "Clash", kind: "outlet", name: "shape", declaredBy: "Clash")
        ) {
            try registry.register(clash)
        }
    }

    @Test func redeclaringAnInheritedMemberIsRefused() throws {
        var registry = try shapesRegistry()
        let square = TypeDescription("Square", summary: "Resizes.", base: Shape.sceneDescription(), make: { Shape() }) {
            type in
            type.property("size", \.size, doc: "Again.")
        }
        let error = #expect(throws: RegistrationError.self) { try registry.register(square) }
        #expect(error == .duplicateMember(type: "Square", kind: "property", name: "size", declaredBy: "Shape"))
        #expect(
            error?.description
                == "'Square' declares the property 'size', which its base 'Shape' already declares; a type cannot redeclare an inherited member"
        )
        let event = TypeDescription("Mover", summary: "Moves.", base: Shape.sceneDescription(), make: { Shape() }) {
            type in
            type.event("moved", \.moved, doc: "Again.")
        }
        #expect(
            throws: RegistrationError.duplicateMember(type: "Mover", kind: "event", name: "moved", declaredBy: "Shape")
        ) {
            try registry.register(event)
        }
    }

    @Test(arguments: ["type", "on"])
    func aMemberNamedLikeAReservedKeyIsRefused(name: String) {
        var registry = SceneRegistry()
        let reserved = TypeDescription("Reserved", summary: "Reserved key.", make: Stone.init) { type in
            type.property(name, \.weight, doc: "Unreachable.")
        }
        let error = #expect(throws: RegistrationError.self) { try registry.register(reserved) }
        #expect(error == .reservedName(type: "Reserved", name: name))
        #expect(
            error?.description.hasPrefix("'Reserved' declares a member named '\(name)', which scene files reserve")
                == true)
    }

    @Test(arguments: ["", "two words", "dotted.name", "9lives", "naïve"])
    func namesScenesCouldNotWriteAreRefused(name: String) {
        var registry = SceneRegistry()
        let member = TypeDescription("Named", summary: "A bad member name.", make: Stone.init) { type in
            type.property(name, \.weight, doc: "Unwritable.")
        }
        #expect(throws: RegistrationError.invalidName(type: "Named", kind: "property", name: name)) {
            try registry.register(member)
        }
        let action = TypeDescription("Named", summary: "A bad action name.", make: Stone.init) { type in
            type.action(name, doc: "Uncallable.") { _ in }
        }
        #expect(throws: RegistrationError.invalidName(type: "Named", kind: "action", name: name)) {
            try registry.register(action)
        }
        let type = TypeDescription(name, summary: "A bad type name.", make: Stone.init)
        #expect(throws: RegistrationError.invalidName(type: name, kind: "type", name: name)) {
            try registry.register(type)
        }
        #expect(registry.types.isEmpty)
    }

    @Test(arguments: ScriptVerb.names)
    func anInputNamedLikeAScriptVerbIsRefused(verb: String) {
        var registry = SceneRegistry()
        let input = TypeDescription("Verby", summary: "An input no script can reach.", make: Stone.init) { type in
            type.input(verb, doc: "Shadowed by the verb.") { _ in .handled }
        }
        #expect(throws: RegistrationError.inputIsAVerb(type: "Verby", input: verb)) { try registry.register(input) }
    }

    @Test func boundsNameNumberPropertiesOfTheType() {
        final class Ranged: SceneObject {
            var low = 0.0
            var high = 1.0
            var title = ""
            func awake(in scene: Scene) {}
        }
        func registering(_ lower: String, _ upper: String) throws {
            var registry = SceneRegistry()
            try registry.register(
                TypeDescription("Ranged", summary: "Bounds.", make: Ranged.init) { type in
                    type.property("low", \.low, doc: "Low.")
                    type.property("high", \.high, doc: "High.")
                    type.property("title", \.title, doc: "Text.")
                    type.bounds(lower, upper)
                })
        }
        #expect(throws: Never.self) { try registering("low", "high") }
        #expect(throws: RegistrationError.rangeOnNonNumber(type: "Ranged", property: "top")) {
            try registering("low", "top")
        }
        #expect(throws: RegistrationError.rangeOnNonNumber(type: "Ranged", property: "title")) {
            try registering("title", "high")
        }
    }

    @Test func aRangeOnAPropertyWithoutNumbersIsRefused() {
        final class Named: SceneObject {
            var title = ""
            func awake(in scene: Scene) {}
        }
        var registry = SceneRegistry()
        let ranged = TypeDescription("Ranged", summary: "A range on text.", make: Named.init) { type in
            type.property("title", \.title, range: 0...1, doc: "Text.")
        }
        #expect(throws: RegistrationError.rangeOnNonNumber(type: "Ranged", property: "title")) {
            try registry.register(ranged)
        }
    }

    @Test func aDefaultOutsideItsRangeIsRefused() {
        var registry = SceneRegistry()
        let heavy = TypeDescription("Heavy", summary: "Starts too heavy.", make: Stone.init) { type in
            type.property("weight", \.weight, range: 0...3, doc: "At most 3, but 5 by default.")
        }
        let error = #expect(throws: RegistrationError.self) { try registry.register(heavy) }
        #expect(error == .defaultOutOfRange(type: "Heavy", property: "weight", value: "5", range: 0...3))
        #expect(error?.description == "the default of 'weight' of 'Heavy', 5, is outside its range 0...3")
    }

    @Test func aProtocolIsDeclaredOnceAndMustBeAProtocol() throws {
        var registry = SceneRegistry()
        try registry.declareProtocol(Toucher.self, name: "Toucher", summary: "Touches.")
        #expect(throws: RegistrationError.duplicateProtocol("Toucher")) {
            try registry.declareProtocol(Toucher.self, name: "Toucher", summary: "Again.")
        }
        #expect(throws: RegistrationError.duplicateProtocol("Touch")) {
            try registry.declareProtocol(Toucher.self, name: "Touch", summary: "The same Swift protocol.")
        }
        #expect(throws: RegistrationError.notAProtocol("Stone")) {
            try registry.declareProtocol(Stone.self, name: "Stone", summary: "A class.")
        }
        #expect(throws: RegistrationError.invalidName(type: "a b", kind: "protocol", name: "a b")) {
            try registry.declareProtocol(Toucher.self, name: "a b", summary: "Unwritable.")
        }
        #expect(registry.protocols.map(\.name) == ["Toucher"])
    }

    @Test func aRefusedRegistrationLeavesTheRegistryAsItWas() throws {
        var registry = try shapesRegistry()
        let before = registry.types.map(\.name)
        let bad = TypeDescription("Bad", summary: "Twice.", make: Stone.init) { type in
            type.property("weight", \.weight, doc: "One.")
            type.property("weight", \.weight, doc: "Two.")
        }
        #expect(throws: RegistrationError.self) { try registry.register(bad) }
        #expect(registry.types.map(\.name) == before)
        #expect(registry.type(named: "Bad") == nil)
    }

    /// The cache of conformances keeps each description it answered for, so
    /// a description made after one is freed never takes its address and,
    /// with it, the freed one's answer. Without that, the allocator gives a
    /// freed address to the next object of the same size within a few
    /// rounds.
    @Test func aDescriptionMadeAfterAnotherIsFreedGetsItsOwnConformances() throws {
        var registry = SceneRegistry()
        try registry.declareProtocol(Toucher.self, name: "Toucher", summary: "Touches.")
        for round in 0..<200 {
            do {
                let touching = TypeDescription("Touching", summary: "A toucher.", make: Shape.init) { _ in }
                #expect(registry.conformances(of: touching).map(\.name) == ["Toucher"], "round \(round)")
            }
            let still = TypeDescription("Still", summary: "No toucher.", make: Stone.init) { _ in }
            #expect(registry.conformances(of: still).isEmpty, "round \(round)")
        }
    }
}
