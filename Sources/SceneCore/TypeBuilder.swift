/// Collects the members of a ``TypeDescription`` with the Swift types of
/// the object and its members, so that every closure the loader calls is
/// checked by the compiler.
public struct TypeBuilder<Object: SceneObject> {
    let typeName: String
    var properties: [PropertyDescription] = []
    var outlets: [OutletDescription] = []
    var events: [EventDescription] = []
    var actions: [ActionDescription] = []
    var inputs: [InputDescription] = []

    init(typeName: String) {
        self.typeName = typeName
    }

    /// A settable property stored at `keyPath`.
    ///
    /// - Parameters:
    ///   - range: the allowed values for numbers and durations (in seconds).
    ///     Durations default to `0...` unless a range is given.
    ///   - required: whether every scene must set it.
    public mutating func property<Value: SceneValueConvertible>(
        _ name: String, _ keyPath: ReferenceWritableKeyPath<Object, Value>, range: ClosedRange<Double>? = nil,
        required: Bool = false, doc: String
    ) {
        var range = range
        if range == nil && Value.sceneValueType.unwrapped == .duration { range = 0...Double.infinity }
        properties.append(
            PropertyDescription(
                name: name, type: Value.sceneValueType, doc: doc, range: range, isRequired: required,
                declaringType: typeName,
                getter: { ($0 as? Object)?[keyPath: keyPath].sceneValue },
                setter: { object, value in
                    guard let object = object as? Object, let value = Value(sceneValue: value) else { return false }
                    object[keyPath: keyPath] = value
                    return true
                }))
    }

    /// A property scenes can read (in `expect` and the transcript) but not set.
    public mutating func readOnly<Value: SceneValueConvertible>(
        _ name: String, _ keyPath: KeyPath<Object, Value>, doc: String
    ) {
        properties.append(
            PropertyDescription(
                name: name, type: Value.sceneValueType, doc: doc, range: nil, isRequired: false,
                declaringType: typeName, getter: { ($0 as? Object)?[keyPath: keyPath].sceneValue }, setter: nil))
    }

    /// An outlet holding one object that is, extends or conforms to
    /// `requirement`. Declare the stored property `weak`: outlets do not keep
    /// their targets alive.
    ///
    /// - Parameter hierarchy: cycles through this outlet are errors (`parent`).
    public mutating func outlet<Target>(
        _ name: String, _ keyPath: ReferenceWritableKeyPath<Object, Target?>, requires requirement: String,
        required: Bool = false, hierarchy: Bool = false, doc: String
    ) {
        outlets.append(
            OutletDescription(
                name: name, requirement: requirement, doc: doc, isRequired: required, isCollection: false,
                isHierarchy: hierarchy, declaringType: typeName,
                connector: { object, targets in
                    guard let object = object as? Object, targets.count <= 1 else { return false }
                    guard let first = targets.first else {
                        object[keyPath: keyPath] = nil
                        return true
                    }
                    guard let target = first as? Target else { return false }
                    object[keyPath: keyPath] = target
                    return true
                },
                reader: { object in
                    guard let object = object as? Object, let target = object[keyPath: keyPath] else { return [] }
                    return [target as AnyObject]
                }))
    }

    /// An outlet collection: a list of objects, in written order, each of
    /// which is, extends or conforms to `requirement`. Keep the targets
    /// weakly (for example in a ``WeakList``).
    public mutating func outletCollection<Target>(
        _ name: String, requires requirement: String, doc: String,
        get: @escaping (Object) -> [Target], set: @escaping (Object, [Target]) -> Void
    ) {
        outlets.append(
            OutletDescription(
                name: name, requirement: requirement, doc: doc, isRequired: false, isCollection: true,
                isHierarchy: false, declaringType: typeName,
                connector: { object, targets in
                    guard let object = object as? Object else { return false }
                    var typed: [Target] = []
                    typed.reserveCapacity(targets.count)
                    for target in targets {
                        guard let target = target as? Target else { return false }
                        typed.append(target)
                    }
                    set(object, typed)
                    return true
                },
                reader: { object in
                    guard let object = object as? Object else { return [] }
                    return get(object).map { $0 as AnyObject }
                }))
    }

    /// An event without a payload, stored at `keyPath`.
    public mutating func event(
        _ name: String, _ keyPath: ReferenceWritableKeyPath<Object, SceneEvent<Void>>, doc: String
    ) {
        events.append(
            EventDescription(
                name: name, payload: nil, doc: doc, declaringType: typeName,
                connector: { object, handler in
                    guard let object = object as? Object else { return false }
                    object[keyPath: keyPath].connect { handler(nil) }
                    return true
                }))
    }

    /// An event whose payload is a scene value, stored at `keyPath`.
    public mutating func event<Payload: SceneValueConvertible>(
        _ name: String, _ keyPath: ReferenceWritableKeyPath<Object, SceneEvent<Payload>>, doc: String
    ) {
        events.append(
            EventDescription(
                name: name, payload: Payload.sceneValueType, doc: doc, declaringType: typeName,
                connector: { object, handler in
                    guard let object = object as? Object else { return false }
                    object[keyPath: keyPath].connect { handler($0.sceneValue) }
                    return true
                }))
    }

    /// An action without an argument.
    public mutating func action(_ name: String, doc: String, _ perform: @escaping (Object) -> Void) {
        actions.append(Self.makeAction(name, typeName, doc, perform))
    }

    /// An action with a typed argument.
    public mutating func action<Argument: SceneValueConvertible>(
        _ name: String, _ argument: Argument.Type, doc: String, _ perform: @escaping (Object, Argument) -> Void
    ) {
        actions.append(Self.makeAction(name, typeName, doc, perform))
    }

    /// A script input without an argument (`tap: button`).
    public mutating func input(_ name: String, doc: String, _ perform: @escaping (Object) -> Void) {
        inputs.append(Self.makeAction(name, typeName, doc, perform))
    }

    /// A script input with a typed argument (`slide: { volume: 0.8 }`).
    public mutating func input<Argument: SceneValueConvertible>(
        _ name: String, _ argument: Argument.Type, doc: String, _ perform: @escaping (Object, Argument) -> Void
    ) {
        inputs.append(Self.makeAction(name, typeName, doc, perform))
    }

    private static func makeAction(
        _ name: String, _ typeName: String, _ doc: String, _ perform: @escaping (Object) -> Void
    ) -> ActionDescription {
        ActionDescription(
            name: name, argument: nil, doc: doc, declaringType: typeName,
            performer: { object, _ in
                guard let object = object as? Object else { return false }
                perform(object)
                return true
            })
    }

    private static func makeAction<Argument: SceneValueConvertible>(
        _ name: String, _ typeName: String, _ doc: String, _ perform: @escaping (Object, Argument) -> Void
    ) -> ActionDescription {
        ActionDescription(
            name: name, argument: Argument.sceneValueType, doc: doc, declaringType: typeName,
            performer: { object, value in
                guard let object = object as? Object, let argument = Argument(sceneValue: value ?? .null) else {
                    return false
                }
                perform(object, argument)
                return true
            })
    }
}
