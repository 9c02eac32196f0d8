/// Everything a scene may know about a registered type: its name, base
/// type, members and factory.
///
/// Build one with ``TypeDescription/init(_:summary:base:wakes:make:members:)``
/// next to the type it describes:
///
///     extension Counter {
///         public static func sceneDescription() -> TypeDescription {
///             TypeDescription("Counter", summary: "Counts taps.", make: Counter.init) { type in
///                 type.property("step", \.step, doc: "How much each tap adds.")
///                 type.readOnly("count", \.count, doc: "The total so far.")
///                 type.action("increment", doc: "Adds `step`.") { $0.increment() }
///             }
///         }
///     }
///
/// There is no reflection: the loader only ever calls the closures a
/// description holds.
public final class TypeDescription: Sendable {
    /// The name scenes use in `type:`.
    public let name: String
    /// A one-line description for `scene-runner types`.
    public let summary: String
    /// The type it extends, whose members it inherits.
    public let base: TypeDescription?
    /// The Swift class `make` creates, as outlets require it.
    package let objectTypeID: ObjectIdentifier
    /// The Swift class `make` creates.
    package let objectType: Any.Type
    /// The Swift class's name, for messages.
    package var objectTypeName: String { String(describing: objectType) }
    /// The classes of the type and its bases, nearest first: an object of
    /// this type fits an outlet whose Swift type is one of them.
    package let lineageTypeIDs: [ObjectIdentifier]
    /// Whether an object is an instance of the class (or a subclass).
    let isInstance: @Sendable (AnyObject) -> Bool
    /// Its own properties, outlets, events, actions and inputs, in declaration order.
    package let ownProperties: [PropertyDescription]
    package let ownOutlets: [OutletDescription]
    package let ownEvents: [EventDescription]
    package let ownActions: [ActionDescription]
    package let ownInputs: [ActionDescription]

    /// A key of an object in a scene file.
    package enum Member: Sendable {
        case property(PropertyDescription)
        case outlet(OutletDescription)

        /// The type that declares it.
        package var declaringType: String {
            switch self {
            case .property(let property): property.declaringType
            case .outlet(let outlet): outlet.declaringType
            }
        }
    }

    /// All properties and outlets by key, inherited ones included.
    package let members: [String: Member]
    /// All properties, base types' first.
    public let properties: [PropertyDescription]
    /// All outlets and collections, base types' first.
    package let outlets: [OutletDescription]
    /// The properties a scene must set.
    package let requiredProperties: [PropertyDescription]
    /// The outlets a scene must connect.
    package let requiredOutlets: [OutletDescription]
    /// All events by name.
    package let events: [String: EventDescription]
    /// All actions by name.
    package let actions: [String: ActionDescription]
    /// All script inputs by name.
    package let inputs: [String: ActionDescription]
    /// How an exploration draws the arguments of inputs, by input name,
    /// inherited ones included (``TypeBuilder/exploring(_:values:)``).
    package let inputDraws: [String: InputDraw]
    /// ``members`` by the UTF-8 bytes of their keys, for loaders that read bytes.
    let memberTable: NameTable<Member>
    /// ``events`` by the UTF-8 bytes of their names.
    let eventTable: NameTable<EventDescription>
    /// ``actions`` by the UTF-8 bytes of their names.
    let actionTable: NameTable<ActionDescription>
    /// Pairs of number properties whose first must not be above the
    /// second in a scene (``TypeBuilder/bounds(_:_:)``), the base's first.
    package let bounds: [(lower: PropertyDescription, upper: PropertyDescription)]
    /// The names this type's own ``TypeBuilder/bounds(_:_:)`` gave, for
    /// the registry to check.
    let ownBoundNames: [String]
    /// Whether the loader calls `awake(in:)` on the type's instances once
    /// the scene is wired. False only for a type whose `awake` does nothing,
    /// so that a large scene is not visited once more object by object.
    package let wakes: Bool
    private let factory: @Sendable () -> any SceneObject

    /// Describes a type. `make` creates an instance with its defaults;
    /// `members` declares what scenes may use. Pass `wakes: false` only
    /// when `awake(in:)` of every instance `make` returns does nothing. A
    /// type with a `base` inherits the base's members (properties, outlets,
    /// events, actions and inputs) but not its `wakes`, which is its own.
    ///
    /// Nothing is checked here: ``SceneRegistry/register(_:)`` checks the
    /// description against the registry and refuses what could not load.
    /// Which declared protocols the type conforms to is found there too,
    /// from its Swift conformances.
    public init<Object: SceneObject>(
        _ name: String, summary: String, base: TypeDescription? = nil,
        wakes: Bool = true, make: @escaping @Sendable () -> Object,
        members: (inout TypeBuilder<Object>) -> Void = { _ in }
    ) {
        var builder = TypeBuilder<Object>(typeName: name)
        members(&builder)
        self.name = name
        self.summary = summary
        self.base = base
        self.objectTypeID = ObjectIdentifier(Object.self)
        self.objectType = Object.self
        self.lineageTypeIDs = [ObjectIdentifier(Object.self)] + (base?.lineageTypeIDs ?? [])
        self.isInstance = { $0 is Object }
        self.ownProperties = builder.properties
        self.ownOutlets = builder.outlets
        self.ownEvents = builder.events
        self.ownActions = builder.actions
        self.ownInputs = builder.inputs
        self.wakes = wakes
        self.factory = make

        var members = base?.members ?? [:]
        for property in builder.properties { members[property.name] = .property(property) }
        for outlet in builder.outlets { members[outlet.name] = .outlet(outlet) }
        self.members = members
        self.properties =
            (base?.properties ?? []).filter { inherited in
                !builder.properties.contains { $0.name == inherited.name }
            } + builder.properties
        self.outlets =
            (base?.outlets ?? []).filter { inherited in
                !builder.outlets.contains { $0.name == inherited.name }
            } + builder.outlets
        self.requiredProperties = properties.filter(\.isRequired)
        self.requiredOutlets = outlets.filter(\.isRequired)
        self.events = TypeDescription.merge(base?.events, builder.events)
        self.actions = TypeDescription.merge(base?.actions, builder.actions)
        self.inputs = TypeDescription.merge(base?.inputs, builder.inputs)
        self.inputDraws = (base?.inputDraws ?? [:]).merging(builder.draws) { _, own in own }
        self.memberTable = NameTable(members.lazy.map { ($0.key, $0.value) })
        self.eventTable = NameTable(events.lazy.map { ($0.key, $0.value) })
        self.actionTable = NameTable(actions.lazy.map { ($0.key, $0.value) })
        // The base's members in its order, then this type's, each level's
        // redeclared names replacing the inherited ones in place.
        self.orderedEvents = Self.ordered([base?.orderedEvents ?? [], builder.events])
        self.orderedActions = Self.ordered([base?.orderedActions ?? [], builder.actions])
        self.orderedInputs = Self.ordered([base?.orderedInputs ?? [], builder.inputs])
        let properties = self.properties
        self.ownBoundNames = builder.bounds.flatMap { [$0.lower, $0.upper] }
        self.bounds =
            (base?.bounds ?? [])
            + builder.bounds.compactMap { pair in
                guard let lower = properties.first(where: { $0.name == pair.lower }),
                    let upper = properties.first(where: { $0.name == pair.upper })
                else { return nil }
                return (lower, upper)
            }
    }

    private static func merge<T>(_ inherited: [String: T]?, _ own: [T]) -> [String: T] where T: NamedMember {
        var result = inherited ?? [:]
        for member in own { result[member.name] = member }
        return result
    }

    /// A new instance with its defaults.
    package func makeInstance() -> any SceneObject { factory() }

    /// The type and its base types, nearest first.
    package var lineage: [TypeDescription] {
        var result: [TypeDescription] = []
        var current: TypeDescription? = self
        while let type = current {
            result.append(type)
            current = type.base
        }
        return result
    }

    /// All events in declaration order, base types' first (worked out
    /// once: a run asks for them for every object it makes).
    package let orderedEvents: [EventDescription]
    /// All actions in declaration order, base types' first.
    package let orderedActions: [ActionDescription]
    /// All script inputs in declaration order, base types' first.
    package let orderedInputs: [ActionDescription]

    /// Members of each level, a redeclared name replacing the inherited one in place.
    private static func ordered<T: NamedMember>(_ levels: [[T]]) -> [T] {
        var result: [T] = []
        for member in levels.joined() {
            if let index = result.firstIndex(where: { $0.name == member.name }) {
                result[index] = member
            } else {
                result.append(member)
            }
        }
        return result
    }

    /// The default of each property, read from a fresh instance.
    package func defaultValues() -> [String: SceneValue] {
        let prototype = makeInstance()
        var result: [String: SceneValue] = [:]
        // A value worked out from the whole scene (a view's solved frame) is no default.
        for property in properties where property.isRecorded { result[property.name] = property.value(of: prototype) }
        return result
    }

    /// The property named `name`, inherited ones included.
    package func property(named name: String) -> PropertyDescription? {
        if case .property(let property) = members[name] { return property }
        return nil
    }
}

protocol NamedMember {
    var name: String { get }
    var declaringType: String { get }
}

extension EventDescription: NamedMember {}
extension ActionDescription: NamedMember {}

// Look-ups by UTF-8 bytes for the loader, which reads names as bytes. They
// are concrete functions of this module so that the generic table is
// specialised here: another module of the package cannot inline it.
extension TypeDescription {
    /// The property or outlet whose key is `name`.
    package func member(utf8 name: UnsafeBufferPointer<UInt8>) -> Member? { memberTable[name] }

    /// The event called `name`.
    package func event(utf8 name: UnsafeBufferPointer<UInt8>) -> EventDescription? { eventTable[name] }

    /// The action called `name`.
    package func action(utf8 name: ArraySlice<UInt8>) -> ActionDescription? { actionTable[name] }
}
