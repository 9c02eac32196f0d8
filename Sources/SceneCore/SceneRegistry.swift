/// The types a scene may declare, by name, and the protocols outlets may
/// require. A scene can only ever construct what is registered here; that
/// is also the security model.
///
///     var registry = SceneRegistry.standard   // from SceneBehaviours
///     try registry.register(Counter.sceneDescription())
///     let scene = try SceneLoader(registry: registry).load(...)
public struct SceneRegistry {
    /// A protocol that outlets can require, such as `InteractionProvider`.
    public struct ProtocolDescription {
        /// The name outlets use.
        public let name: String
        /// A one-line description.
        public let summary: String
    }

    /// Why a registration was refused.
    public enum RegistrationError: Error, Equatable, CustomStringConvertible {
        case duplicateType(String)
        case unknownBase(type: String, base: String)
        case unknownRequirement(type: String, outlet: String, requirement: String)

        public var description: String {
            switch self {
            case .duplicateType(let name): "a type named '\(name)' is already registered"
            case .unknownBase(let type, let base): "'\(type)' extends '\(base)', which is not registered"
            case .unknownRequirement(let type, let outlet, let requirement):
                "outlet '\(outlet)' of '\(type)' requires '\(requirement)', which is neither a registered type nor a declared protocol"
            }
        }
    }

    /// Registered types by name, found by a `String` or by UTF-8 bytes.
    private var typesByName = NameTable<TypeDescription>()
    private var protocolsByName: [String: ProtocolDescription] = [:]
    /// Registered types in registration order.
    public private(set) var types: [TypeDescription] = []
    /// Declared protocols in declaration order.
    public private(set) var protocols: [ProtocolDescription] = []

    /// An empty registry.
    public init() {}

    /// Declares a protocol that outlets may require.
    public mutating func declareProtocol(_ name: String, summary: String) {
        guard protocolsByName[name] == nil else { return }
        let description = ProtocolDescription(name: name, summary: summary)
        protocolsByName[name] = description
        protocols.append(description)
    }

    /// Registers `type`. Its base type, if any, must be registered first,
    /// and each outlet must require a registered type, the type itself, or a
    /// declared protocol.
    public mutating func register(_ type: TypeDescription) throws(RegistrationError) {
        guard typesByName[type.name] == nil else { throw .duplicateType(type.name) }
        if let base = type.base, typesByName[base.name] == nil {
            throw .unknownBase(type: type.name, base: base.name)
        }
        for outlet in type.ownOutlets {
            let known =
                outlet.requirement == type.name || typesByName[outlet.requirement] != nil
                || protocolsByName[outlet.requirement] != nil
            if !known {
                throw .unknownRequirement(type: type.name, outlet: outlet.name, requirement: outlet.requirement)
            }
        }
        typesByName.insert(type.name, type)
        types.append(type)
    }

    /// The type registered as `name`.
    public func type(named name: String) -> TypeDescription? { typesByName[name] }

    /// The type registered under the name whose UTF-8 bytes are `name`.
    public func type(namedUTF8 name: ArraySlice<UInt8>) -> TypeDescription? { typesByName[name] }

    /// The type registered under the name whose UTF-8 bytes `name` points at.
    public func type(namedUTF8 name: UnsafeBufferPointer<UInt8>) -> TypeDescription? { typesByName[name] }

    /// The protocol declared as `name`.
    public func protocolDescription(named name: String) -> ProtocolDescription? { protocolsByName[name] }

    /// Whether `name` is a registered type or a declared protocol.
    public func isKnownRequirement(_ name: String) -> Bool {
        typesByName[name] != nil || protocolsByName[name] != nil
    }
}
