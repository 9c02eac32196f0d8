import Synchronization

/// The types a scene may declare, by name, and the protocols outlets may
/// require. A scene can only ever construct what is registered here; that
/// is also the security model.
///
///     var registry = SceneRegistry.standard   // from SceneBehaviours
///     try registry.register(Counter.sceneDescription())
///     let scene = try SceneLoader(registry: registry).load(...)
///
/// Registration checks a description against the Swift types it names, so
/// that whatever it accepts also loads: an outlet's requirement is the
/// Swift type of its property and must be a registered type or a declared
/// protocol; a `base` must be a superclass of the type's class; names must
/// be identifiers, unique and not reserved; defaults must lie in their
/// ranges. To check these, `register` makes one instance with the type's
/// `make` and releases it; it never calls `awake(in:)` on it.
public struct SceneRegistry: Sendable {
    /// A protocol that outlets can require, such as `InteractionProvider`.
    package struct ProtocolDescription: Sendable {
        /// The name scenes and messages use.
        package let name: String
        /// A one-line description.
        package let summary: String
        /// The Swift protocol.
        let typeID: ObjectIdentifier
        /// Whether an object conforms.
        let accepts: @Sendable (AnyObject) -> Bool
    }

    /// Registered types by name, found by a `String` or by UTF-8 bytes.
    private var typesByName = NameTable<TypeDescription>()
    /// The name of each Swift type outlets may require: the first
    /// registered type with that class, or a declared protocol.
    private var requirementNames: [ObjectIdentifier: String] = [:]
    /// Declared protocols by their Swift type.
    private var protocolsByTypeID: [ObjectIdentifier: ProtocolDescription] = [:]
    /// Whether a type's instances conform to a protocol, found when first
    /// asked: a cast to a protocol costs the Swift runtime a search of every
    /// conformance the first time, which an eager check would pay for every
    /// pair at start-up. Shared by copies of the registry, since an answer
    /// never changes.
    private let conformanceCache = ConformanceCache()
    /// Registered types in registration order.
    package private(set) var types: [TypeDescription] = []
    /// Declared protocols in declaration order.
    package private(set) var protocols: [ProtocolDescription] = []
    /// Registrations of built-in types that were refused: a bug in the
    /// module that ships them, never something a scene causes. Empty unless
    /// a module is broken; a program shows them rather than run without
    /// the types (`scene-runner` prints them and exits 70).
    package var refusedBuiltIns: [RegistrationError] = []

    /// An empty registry.
    public init() {}

    /// Declares a Swift protocol that outlets may require, under `name`.
    ///
    ///     try registry.declareProtocol(InteractionProvider.self, name: "InteractionProvider", summary: "...")
    ///
    /// Every registered type whose instances conform to it then fits
    /// outlets that require it, whether it was registered before or after.
    ///
    /// - Throws: ``RegistrationError`` when `name` is not an identifier, is
    ///   taken, or `type` is a class rather than a protocol.
    public mutating func declareProtocol<Protocol>(_ type: Protocol.Type, name: String, summary: String)
        throws(RegistrationError)
    {
        guard Self.isIdentifier(name) else { throw .invalidName(type: name, kind: "protocol", name: name) }
        guard protocolDescription(named: name) == nil, typesByName[name] == nil else { throw .duplicateProtocol(name) }
        guard !(type is AnyClass) else { throw .notAProtocol(name) }
        let typeID = ObjectIdentifier(type)
        guard requirementNames[typeID] == nil else { throw .duplicateProtocol(name) }
        let description = ProtocolDescription(
            name: name, summary: summary, typeID: typeID, accepts: { $0 is Protocol })
        protocols.append(description)
        requirementNames[typeID] = name
        protocolsByTypeID[typeID] = description
    }

    /// Registers `type`. Its base type, if any, must be registered first,
    /// and each outlet's Swift type must be a registered type (or `type`
    /// itself) or a declared protocol.
    ///
    /// - Throws: ``RegistrationError`` saying what would otherwise fail only
    ///   when a scene loads.
    public mutating func register(_ type: TypeDescription) throws(RegistrationError) {
        try Self.checkNames(of: type)
        guard typesByName[type.name] == nil, protocolDescription(named: type.name) == nil else {
            throw .duplicateType(type.name)
        }
        let prototype = type.makeInstance()
        if let base = type.base {
            guard typesByName[base.name] != nil else { throw .unknownBase(type: type.name, base: base.name) }
            guard base.isInstance(prototype) else {
                throw .baseMismatch(type: type.name, base: base.name, typeClass: type.objectTypeName)
            }
        }
        for outlet in type.ownOutlets {
            let isKnown =
                outlet.requirementID == type.objectTypeID || requirementNames[outlet.requirementID] != nil
            if !isKnown {
                throw .unknownRequirement(type: type.name, outlet: outlet.name, requirement: outlet.requirementTypeName)
            }
        }
        try Self.checkDefaults(of: type, prototype)
        typesByName.insert(type.name, type)
        types.append(type)
        if requirementNames[type.objectTypeID] == nil { requirementNames[type.objectTypeID] = type.name }
    }

    /// The type registered as `name`.
    public func type(named name: String) -> TypeDescription? { typesByName[name] }

    /// The type registered under the name whose UTF-8 bytes are `name`.
    package func type(namedUTF8 name: ArraySlice<UInt8>) -> TypeDescription? { typesByName[name] }

    /// The type registered under the name whose UTF-8 bytes `name` points at.
    package func type(namedUTF8 name: UnsafeBufferPointer<UInt8>) -> TypeDescription? { typesByName[name] }

    /// The protocol declared as `name`.
    package func protocolDescription(named name: String) -> ProtocolDescription? {
        protocols.first { $0.name == name }
    }

    /// Whether `name` is a registered type or a declared protocol.
    package func isKnownRequirement(_ name: String) -> Bool {
        typesByName[name] != nil || protocolDescription(named: name) != nil
    }

    /// The name of what `outlet` requires, as scenes and messages write it:
    /// `View`, `InteractionProvider`.
    package func requirement(of outlet: OutletDescription) -> String {
        requirementNames[outlet.requirementID] ?? outlet.requirementTypeName
    }

    /// How docs write the outlet's type: `View`, `View?`, `[InteractionProvider]`.
    package func typeDescription(of outlet: OutletDescription) -> String {
        let requirement = requirement(of: outlet)
        return outlet.isCollection ? "[\(requirement)]" : outlet.isRequired ? requirement : requirement + "?"
    }

    /// Whether an object of `type` can fill `outlet`: its class is the
    /// outlet's class as registered or extends it through `base`, or it
    /// conforms to the outlet's protocol.
    package func type(_ type: TypeDescription, fits outlet: OutletDescription) -> Bool {
        if type.lineageTypeIDs.contains(outlet.requirementID) { return true }
        guard let requirement = protocolsByTypeID[outlet.requirementID] else { return false }
        return conformanceCache.conforms(type, to: requirement)
    }

    /// Whether an object of `type` can fill an outlet that requires the type
    /// or protocol named `requirement`.
    package func type(_ type: TypeDescription, satisfies requirement: String) -> Bool {
        type.lineage.contains { $0.name == requirement }
            || conformances(of: type).contains { $0.name == requirement }
    }

    /// The declared protocols the instances of `type` conform to, in
    /// declaration order.
    package func conformances(of type: TypeDescription) -> [ProtocolDescription] {
        protocols.filter { conformanceCache.conforms(type, to: $0) }
    }

    // MARK: - Checks

    /// Keys of objects that are not members: `type` names the type, `on` holds the event wiring.
    package static let reservedMemberNames: Set<String> = ["type", "on"]

    /// Whether `name` can be written in scenes and in `id.member` paths:
    /// a letter or `_`, then letters, digits and `_` (ASCII).
    package static func isIdentifier(_ name: String) -> Bool {
        isIdentifier(utf8: name.utf8)
    }

    /// Whether the UTF-8 bytes `name` are an identifier, as ``isIdentifier(_:)``
    /// says (ids of objects, names of types and members).
    @inlinable
    package static func isIdentifier(utf8 name: some Sequence<UInt8>) -> Bool {
        var isFirst = true
        for byte in name {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"): break
            case UInt8(ascii: "0")...UInt8(ascii: "9") where !isFirst: break
            default: return false
            }
            isFirst = false
        }
        return !isFirst
    }

    /// Names are identifiers, members are not reserved, and no name is
    /// declared twice in one namespace (keys, events, actions, inputs),
    /// inherited ones included.
    private static func checkNames(of type: TypeDescription) throws(RegistrationError) {
        guard isIdentifier(type.name) else { throw .invalidName(type: type.name, kind: "type", name: type.name) }
        let base = type.base
        var keys: [String: String] = [:]
        for (name, kind) in type.ownProperties.map({ ($0.name, "property") })
            + type.ownOutlets.map({ ($0.name, "outlet") })
        {
            guard isIdentifier(name) else { throw .invalidName(type: type.name, kind: kind, name: name) }
            guard !reservedMemberNames.contains(name) else { throw .reservedName(type: type.name, name: name) }
            if let inherited = base?.members[name] {
                throw .duplicateMember(type: type.name, kind: kind, name: name, declaredBy: inherited.declaringType)
            }
            guard keys.updateValue(kind, forKey: name) == nil else {
                throw .duplicateMember(type: type.name, kind: kind, name: name, declaredBy: type.name)
            }
        }
        try checkNamespace(type, "event", type.ownEvents.map(\.name), inherited: base?.events)
        try checkNamespace(type, "action", type.ownActions.map(\.name), inherited: base?.actions)
        try checkNamespace(type, "input", type.ownInputs.map(\.name), inherited: base?.inputs)
        for input in type.ownInputs where ScriptVerb(rawValue: input.name) != nil {
            throw .inputIsAVerb(type: type.name, input: input.name)
        }
        for property in type.ownProperties where property.range != nil && !property.type.isNumeric {
            throw .rangeOnNonNumber(type: type.name, property: property.name)
        }
    }

    private static func checkNamespace<Member: NamedMember>(
        _ type: TypeDescription, _ kind: String, _ names: [String], inherited: [String: Member]?
    ) throws(RegistrationError) {
        var seen: Set<String> = []
        for name in names {
            guard isIdentifier(name) else { throw .invalidName(type: type.name, kind: kind, name: name) }
            if let member = inherited?[name] {
                throw .duplicateMember(type: type.name, kind: kind, name: name, declaredBy: member.declaringType)
            }
            guard seen.insert(name).inserted else {
                throw .duplicateMember(type: type.name, kind: kind, name: name, declaredBy: type.name)
            }
        }
    }

    /// Each own property's default, read from `prototype`, lies in its range.
    private static func checkDefaults(of type: TypeDescription, _ prototype: AnyObject) throws(RegistrationError) {
        for name in type.ownBoundNames {
            let property = type.properties.first { $0.name == name }
            guard let property, property.value(of: prototype)?.numbers.count == 1 else {
                throw .rangeOnNonNumber(type: type.name, property: name)
            }
        }
        for property in type.ownProperties {
            guard let range = property.range, let value = property.value(of: prototype) else { continue }
            for number in value.numbers where !range.contains(number) {
                throw .defaultOutOfRange(
                    type: type.name, property: property.name, value: value.description, range: range)
            }
        }
    }
}

extension SceneRegistry {
    /// Why a registration was refused: what would otherwise fail only when
    /// a scene loads, or never be usable from a scene.
    public enum RegistrationError: Error, Equatable, CustomStringConvertible {
        /// Another type or a protocol already has the name.
        case duplicateType(String)
        /// A name that scenes could not write (`kind`: type, property,
        /// outlet, event, action, input or protocol).
        case invalidName(type: String, kind: String, name: String)
        /// A property or outlet named `type` or `on`.
        case reservedName(type: String, name: String)
        /// A member declared twice in one namespace, by `declaredBy` first
        /// (the type itself or one of its bases).
        case duplicateMember(type: String, kind: String, name: String, declaredBy: String)
        /// The base is not registered.
        case unknownBase(type: String, base: String)
        /// The base is registered, but the type's class does not inherit from its class.
        case baseMismatch(type: String, base: String, typeClass: String)
        /// An outlet's Swift type is neither a registered type nor a declared protocol.
        case unknownRequirement(type: String, outlet: String, requirement: String)
        /// A range on a property that holds no number or duration.
        case rangeOnNonNumber(type: String, property: String)
        /// The default a new instance has lies outside the declared range.
        case defaultOutOfRange(type: String, property: String, value: String, range: ClosedRange<Double>)
        /// A script input named like a built-in script verb (`wait`, `expect`...).
        case inputIsAVerb(type: String, input: String)
        /// A protocol name or Swift protocol declared twice, or named like a type.
        case duplicateProtocol(String)
        /// `declareProtocol` was given a class.
        case notAProtocol(String)

        public var description: String {
            switch self {
            case .duplicateType(let name):
                "a type or protocol named '\(name)' is already registered"
            case .invalidName(let type, let kind, let name):
                kind == "type" || kind == "protocol"
                    ? "the \(kind) name '\(name)' is not an identifier (a letter or '_', then letters, digits and '_')"
                    : "\(kind) '\(name)' of '\(type)' is not an identifier (a letter or '_', then letters, digits and '_'), so scenes could not write it"
            case .reservedName(let type, let name):
                "'\(type)' declares a member named '\(name)', which scene files reserve for \(name == "type" ? "the object's type" : "event wiring"); rename it"
            case .duplicateMember(let type, let kind, let name, let declaredBy):
                declaredBy == type
                    ? "'\(type)' declares the \(kind) '\(name)' twice"
                    : "'\(type)' declares the \(kind) '\(name)', which its base '\(declaredBy)' already declares; a type cannot redeclare an inherited member"
            case .unknownBase(let type, let base):
                "'\(type)' extends '\(base)', which is not registered; register '\(base)' first"
            case .baseMismatch(let type, let base, let typeClass):
                "'\(type)' extends '\(base)', but its class \(typeClass) is not a subclass of the class '\(base)' makes"
            case .unknownRequirement(let type, let outlet, let requirement):
                "outlet '\(outlet)' of '\(type)' holds a \(requirement), which is neither a registered type nor a declared protocol; register its type (or declare the protocol) before '\(type)'"
            case .rangeOnNonNumber(let type, let property):
                "property '\(property)' of '\(type)' has a range but holds no number or duration"
            case .defaultOutOfRange(let type, let property, let value, let range):
                "the default of '\(property)' of '\(type)', \(value), is outside its range \(SceneValue.format(range.lowerBound))...\(SceneValue.format(range.upperBound))"
            case .inputIsAVerb(let type, let input):
                "'\(type)' declares the script input '\(input)', but '\(input)' is a built-in script verb; rename it"
            case .duplicateProtocol(let name):
                "a protocol or type named '\(name)', or the same Swift protocol, is already declared"
            case .notAProtocol(let name):
                "'\(name)' was declared as a protocol but is a class; register it as a type instead"
            }
        }
    }
}

/// Whether registered types conform to declared protocols, worked out from
/// an instance the first time each pair is asked about.
final class ConformanceCache: Sendable {
    /// A description and a protocol. The key holds the description itself,
    /// compared by identity: a key of its address alone would outlive a
    /// description that was freed, and give its answer to another one
    /// allocated at the same address. Held here, it is never freed while
    /// its answer is kept. (A protocol's metatype is never freed.)
    private struct Pair: Hashable, Sendable {
        let type: TypeDescription
        let protocolType: ObjectIdentifier

        static func == (lhs: Pair, rhs: Pair) -> Bool {
            lhs.type === rhs.type && lhs.protocolType == rhs.protocolType
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(ObjectIdentifier(type))
            hasher.combine(protocolType)
        }
    }

    private let answers = Mutex<[Pair: Bool]>([:])

    func conforms(_ type: TypeDescription, to requirement: SceneRegistry.ProtocolDescription) -> Bool {
        let pair = Pair(type: type, protocolType: requirement.typeID)
        if let answer = answers.withLock({ $0[pair] }) { return answer }
        let answer = requirement.accepts(type.makeInstance())
        answers.withLock { $0[pair] = answer }
        return answer
    }
}

/// The verbs of a scene's script that are not inputs of a type: the one
/// list that the script compiler, live mode, the schema and `types` read
/// (each switches over it exhaustively, so a new verb does not compile
/// until every one of them handles it).
package enum ScriptVerb: String, CaseIterable, Sendable {
    case wait, at, expect, set, call, note, snapshot

    /// Their names, in this order (the schema's).
    package static let names = allCases.map(\.rawValue)

    /// What the verb does, in one sentence: the schema's description of
    /// it and the line `types` prints.
    package var doc: String {
        switch self {
        case .wait: "Advances the virtual clock by a duration, firing every timer that falls due."
        case .at: "Advances the virtual clock to a time since the script started; it cannot go back."
        case .expect:
            "Checks current values: 'id.member: value' entries, each one expectation; a value may be '{ not: x }' or '{ min: a, max: b }'."
        case .set: "Sets properties: 'id.property: value' entries, in the written order."
        case .call: "Calls an action: 'id.action', or '{ id.action: argument }' for an action that takes one."
        case .note: "Text printed in the transcript."
        case .snapshot:
            "Compares the scene's picture now with the reference Snapshots/<scene>/NAME.svg beside the scene file."
        }
    }

    /// A step with the verb, as a script writes it (`wait: 2s`).
    package var example: String {
        switch self {
        case .wait: "wait: 2s"
        case .at: "at: 10s"
        case .expect: "expect: { id.member: value }"
        case .set: "set: { id.property: value }"
        case .call: "call: id.action"
        case .note: "note: text"
        case .snapshot: "snapshot: name"
        }
    }

    /// Whether the step moves the virtual clock (`wait`, `at`), which a
    /// live session's real time does by itself.
    package var movesClock: Bool {
        switch self {
        case .wait, .at: true
        case .expect, .call, .set, .note, .snapshot: false
        }
    }
}

extension ValueType {
    /// Whether values of the type (or its elements) are numbers or durations, which ranges bound.
    var isNumeric: Bool {
        switch self {
        case .int, .double, .duration: true
        case .optional(let wrapped), .list(let wrapped): wrapped.isNumeric
        default: false
        }
    }
}

extension SceneValue {
    /// The numbers a range bounds: the value itself, a duration in
    /// seconds, or a list's elements.
    package var numbers: [Double] {
        switch self {
        case .int(let value): [Double(value)]
        case .double(let value): [value]
        case .duration(let value): [value.seconds]
        case .list(let values): values.flatMap(\.numbers)
        default: []
        }
    }
}
