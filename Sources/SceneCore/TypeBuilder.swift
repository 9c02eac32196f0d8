import Behaviours

/// Collects the members of a ``TypeDescription`` with the Swift types of
/// the object and its members, so that every closure the loader calls is
/// checked by the compiler.
public struct TypeBuilder<Object: SceneObject> {
    // Inlinable so that the closures a registration creates are specialized
    // for its concrete types in the registering module: unspecialized, each
    // call would look up generic metadata at run time.
    @usableFromInline let typeName: String
    @usableFromInline var properties: [PropertyDescription] = []
    @usableFromInline var outlets: [OutletDescription] = []
    @usableFromInline var events: [EventDescription] = []
    @usableFromInline var actions: [ActionDescription] = []
    @usableFromInline var inputs: [ActionDescription] = []
    /// How an exploration draws inputs' arguments, by input name.
    @usableFromInline var draws: [String: InputDraw] = [:]
    /// Pairs of properties, by name, whose first must not be above the second.
    @usableFromInline var bounds: [(lower: String, upper: String)] = []

    init(typeName: String) {
        self.typeName = typeName
    }

    /// Declares that the number property `lower` must not be above the
    /// number property `upper` in a scene, as a slider's `minimum` and
    /// `maximum`: `check` refuses an object whose values (those it sets,
    /// or the defaults of those it leaves) are the wrong way round, instead
    /// of letting the type clamp them silently. Both are properties
    /// declared on the type or its base.
    ///
    ///     type.property("minimum", \.minimum, doc: "The lowest value.")
    ///     type.property("maximum", \.maximum, doc: "The highest value.")
    ///     type.bounds("minimum", "maximum")
    public mutating func bounds(_ lower: String, _ upper: String) {
        bounds.append((lower, upper))
    }

    /// A settable property stored at `keyPath`, declared once: its name in
    /// scenes, its Swift property, and with `changeEvent`, the event
    /// `<name>Changed` (`textChanged` for `text`, as QML's
    /// `onTextChanged`), sent after each change with the new value.
    ///
    ///     public final var text = "" { didSet { propertyDidChange(\.text, from: oldValue, to: text) } }
    ///     type.property("text", \.text, changeEvent: true, doc: "The text shown.")
    ///
    /// On a ``PropertyNotifying`` object the property must report each
    /// change with its key path (``PropertyNotifying/propertyDidChange(_:from:to:)``):
    /// a run's recorder reads it only after a report, and the change event
    /// is those reports. On another object it is read at every look of the
    /// recorder, and `changeEvent` is refused.
    ///
    /// A key path costs more to apply than closures (`scene-bench
    /// --registration` measures both), which only a scene of thousands of
    /// objects notices, at load.
    ///
    /// - Parameters:
    ///   - range: the allowed values for numbers and durations (in seconds).
    ///     Durations default to `0...` unless a range is given.
    ///   - required: whether every scene must set it.
    ///   - changeEvent: whether scenes can wire `<name>Changed`.
    @inlinable
    public mutating func property<Value: SceneValueConvertible>(
        _ name: String, _ keyPath: ReferenceWritableKeyPath<Object, Value> & Sendable,
        range: ClosedRange<Double>? = nil, required: Bool = false, changeEvent: Bool = false, doc: String
    ) {
        add(
            name, Value.self, changeKey: keyPath, range: range, required: required, changeEvent: changeEvent,
            doc: doc, get: { $0[keyPath: keyPath] }, set: { $0[keyPath: keyPath] = $1 })
    }

    /// A settable property read and written by `get` and `set`, that does
    /// not report its changes: a run's recorder reads it at every look,
    /// and it has no change event. The form for a property whose setting
    /// does more than storing, on a type that does not report changes;
    /// ``property(_:_:range:required:changeEvent:doc:)`` is the one that reports.
    ///
    ///     type.property("alpha", get: { $0.alpha }, set: { $0.alpha = $1 }, range: 0...1, doc: "The opacity.")
    @inlinable
    public mutating func property<Value: SceneValueConvertible>(
        _ name: String, get: @escaping @Sendable (Object) -> Value, set: @escaping @Sendable (Object, Value) -> Void,
        range: ClosedRange<Double>? = nil, required: Bool = false, doc: String
    ) {
        add(
            name, Value.self, changeKey: nil, range: range, required: required, changeEvent: false, doc: doc, get: get,
            set: set)
    }

    /// A property at `keyPath` that scenes can read (in `expect` and the
    /// transcript) but not set. On a ``PropertyNotifying`` object it must
    /// report its changes, with ``PropertyNotifying/propertyDidChange(_:from:to:)``
    /// or, for one worked out from others, ``PropertyNotifying/propertyMayHaveChanged(_:)``
    /// (which sends no change event).
    @inlinable
    public mutating func readOnly<Value: SceneValueConvertible>(
        _ name: String, _ keyPath: KeyPath<Object, Value> & Sendable, changeEvent: Bool = false, doc: String
    ) {
        add(
            name, Value.self, changeKey: keyPath, range: nil, required: false, changeEvent: changeEvent, doc: doc,
            get: { $0[keyPath: keyPath] }, set: nil)
    }

    /// A property scenes can read but not set, read by `get`, that does not
    /// report its changes: a run's recorder reads it at every look.
    @inlinable
    public mutating func readOnly<Value: SceneValueConvertible>(
        _ name: String, get: @escaping @Sendable (Object) -> Value, doc: String
    ) {
        add(
            name, Value.self, changeKey: nil, range: nil, required: false, changeEvent: false, doc: doc, get: get,
            set: nil)
    }

    /// A property scenes can read but not set, read by `get`, that a run's
    /// recorder never reads: one worked out from the whole scene (a view's
    /// solved frame), which reading at every look would make a run's cost
    /// grow with the square of the objects. `expect` and the invariants
    /// read it where they name it; its changes are not in the transcript.
    package mutating func readOnlyUnrecorded<Value: SceneValueConvertible>(
        _ name: String, get: @escaping @Sendable (Object) -> Value, doc: String
    ) {
        add(
            name, Value.self, changeKey: nil, range: nil, required: false, changeEvent: false, doc: doc, get: get,
            set: nil, isRecorded: false)
    }

    /// A settable property stored at `keyPath`, as
    /// ``property(_:_:range:required:changeEvent:doc:)`` declares one, whose
    /// values of the right type may still be refused: `refusal` says why
    /// (or `nil` to take it), and the loader reports it at the value, in
    /// the scene's objects and its script's `set:` steps.
    package mutating func property<Value: SceneValueConvertible>(
        _ name: String, _ keyPath: ReferenceWritableKeyPath<Object, Value> & Sendable, changeEvent: Bool = false,
        doc: String, refusing refusal: @escaping @Sendable (Value) -> ValueRefusal?
    ) {
        add(
            name, Value.self, changeKey: keyPath, range: nil, required: false, changeEvent: changeEvent, doc: doc,
            get: { $0[keyPath: keyPath] }, set: { $0[keyPath: keyPath] = $1 },
            refusal: { value in Value(sceneValue: value).flatMap(refusal) })
    }

    /// A settable property stored at `keyPath` whose value is read from a
    /// text (a constraint's), and whose text may be refused before it is
    /// read: `refusal` is given the value as written, and says why (or
    /// `nil` to take it), at offsets of the text when it gives some.
    package mutating func property<Value: SceneValueConvertible>(
        _ name: String, _ keyPath: ReferenceWritableKeyPath<Object, Value> & Sendable, required: Bool = false,
        changeEvent: Bool = false, doc: String, examples: [Value] = [],
        refusingText refusal: @escaping @Sendable (SceneValue) -> ValueRefusal?
    ) {
        add(
            name, Value.self, changeKey: keyPath, range: nil, required: required, changeEvent: changeEvent, doc: doc,
            get: { $0[keyPath: keyPath] }, set: { $0[keyPath: keyPath] = $1 }, refusal: refusal,
            examples: examples.map(\.sceneValue))
    }

    /// A settable list property stored at `keyPath`, whose elements are
    /// checked one by one where a scene writes them: `refusal` says why an
    /// element is refused (or `nil` to take it), and the loader reports
    /// each refused element at that element, at the refusal's offsets in
    /// its text when it gives some.
    package mutating func property<Element: SceneValueConvertible>(
        _ name: String, _ keyPath: ReferenceWritableKeyPath<Object, [Element]> & Sendable, changeEvent: Bool = false,
        doc: String, examples: [[Element]] = [],
        refusingElements refusal: @escaping @Sendable (SceneValue) -> ValueRefusal?
    ) {
        add(
            name, [Element].self, changeKey: keyPath, range: nil, required: false, changeEvent: changeEvent, doc: doc,
            get: { $0[keyPath: keyPath] }, set: { $0[keyPath: keyPath] = $1 }, elementRefusal: refusal,
            examples: examples.map(\.sceneValue))
    }

    /// Adds a property, and its change event when asked.
    @inlinable
    mutating func add<Value: SceneValueConvertible>(
        _ name: String, _ value: Value.Type, changeKey: (any AnyKeyPath & Sendable)?, range: ClosedRange<Double>?,
        required: Bool, changeEvent: Bool, doc: String, get: @escaping @Sendable (Object) -> Value,
        set: (@Sendable (Object, Value) -> Void)?, refusal: (@Sendable (SceneValue) -> ValueRefusal?)? = nil,
        elementRefusal: (@Sendable (SceneValue) -> ValueRefusal?)? = nil, examples: [SceneValue] = [],
        isRecorded: Bool = true
    ) {
        var range = range
        if range == nil && Value.sceneValueType.unwrapped == .duration && set != nil { range = 0...Double.infinity }
        let reports = Object.self is any PropertyNotifying.Type
        var setter: (@Sendable (AnyObject, SceneValue) -> Bool)?
        if let set {
            setter = { object, value in
                guard let object = object as? Object, let value = Value(sceneValue: value) else { return false }
                set(object, value)
                return true
            }
        }
        let property = PropertyDescription(
            name: name, type: Value.sceneValueType, doc: doc, range: range, isRequired: required,
            declaringType: typeName, changeKey: reports ? changeKey : nil,
            getter: { object in (object as? Object).map { get($0).sceneValue } }, setter: setter, refusal: refusal,
            elementRefusal: elementRefusal, examples: examples, isRecorded: isRecorded)
        properties.append(property)
        guard changeEvent else { return }
        guard let event = EventDescription(changeOf: property, declaringType: typeName) else {
            preconditionFailure("\(typeName).\(name): a change event needs a key path on a PropertyNotifying type")
        }
        events.append(event)
    }

    /// An outlet holding one object, read and written by `get` and `set`.
    /// Its Swift type is what a target must be: a registered type's class
    /// (or a subclass registered with it as `base`), or a declared
    /// protocol. Declare the stored property `weak`: outlets do not keep
    /// their targets alive.
    ///
    ///     public weak var view: View?
    ///     type.outlet("view", get: { $0.view }, set: { $0.view = $1 }, doc: "The view it shakes.")
    ///
    /// - Parameters:
    ///   - required: whether every scene must connect it.
    ///   - hierarchy: cycles through this outlet are errors (`parent`).
    @inlinable
    public mutating func outlet<Target>(
        _ name: String, get: @escaping @Sendable (Object) -> Target?,
        set: @escaping @Sendable (Object, Target?) -> Void,
        required: Bool = false, hierarchy: Bool = false, doc: String
    ) {
        outlets.append(
            OutletDescription(
                name: name, requirement: Target.self, doc: doc, isRequired: required, isCollection: false,
                isHierarchy: hierarchy, declaringType: typeName,
                connector: { object, targets in
                    guard let object = object as? Object, targets.count <= 1 else { return false }
                    guard let first = targets.first else {
                        set(object, nil)
                        return true
                    }
                    guard let target = first as? Target else { return false }
                    set(object, target)
                    return true
                },
                singleConnector: { object, target in
                    guard let object = object as? Object, let target = target as? Target else { return false }
                    set(object, target)
                    return true
                },
                reader: { object in
                    guard let object = object as? Object, let target = get(object) else { return [] }
                    return [target as AnyObject]
                }))
    }

    /// An outlet stored at `keyPath`; its Swift type is what a target must be.
    ///
    ///     public weak var display: Label?
    ///     type.outlet("display", \.display, doc: "Shows the count.")
    @inlinable
    public mutating func outlet<Target>(
        _ name: String, _ keyPath: ReferenceWritableKeyPath<Object, Target?> & Sendable, required: Bool = false,
        hierarchy: Bool = false, doc: String
    ) {
        outlet(
            name, get: { $0[keyPath: keyPath] }, set: { $0[keyPath: keyPath] = $1 }, required: required,
            hierarchy: hierarchy, doc: doc)
    }

    /// An outlet collection stored at `keyPath`: a list of objects, in
    /// written order, held weakly in a ``WeakList``. Its element type is
    /// what each target must be.
    ///
    ///     public final var providers = WeakList<any InteractionProvider>()
    ///     type.outletCollection("providers", \.providers, doc: "Whose touches hold the timeout off.")
    @inlinable
    public mutating func outletCollection<Target>(
        _ name: String, _ keyPath: ReferenceWritableKeyPath<Object, WeakList<Target>> & Sendable, doc: String
    ) {
        outlets.append(
            OutletDescription(
                name: name, requirement: Target.self, doc: doc, isRequired: false, isCollection: true,
                isHierarchy: false, declaringType: typeName,
                connector: { object, targets in
                    guard let object = object as? Object, targets.allSatisfy({ $0 is Target }) else { return false }
                    object[keyPath: keyPath] = WeakList(objects: targets)
                    return true
                },
                reader: { object in
                    guard let object = object as? Object else { return [] }
                    return object[keyPath: keyPath].objects
                }))
    }

    /// An outlet collection read and written by `get` and `set`: a list of
    /// objects, in written order, held weakly in a ``WeakList`` whose
    /// element type is what each target must be. The fast form of
    /// ``outletCollection(_:_:doc:)``, and the one to use when setting the
    /// list must do more than store it.
    ///
    ///     type.outletCollection(
    ///         "providers", get: { $0.providers }, set: { $0.providers = $1 }, doc: "...")
    @inlinable
    public mutating func outletCollection<Target>(
        _ name: String, get: @escaping @Sendable (Object) -> WeakList<Target>,
        set: @escaping @Sendable (Object, WeakList<Target>) -> Void, doc: String
    ) {
        outlets.append(
            OutletDescription(
                name: name, requirement: Target.self, doc: doc, isRequired: false, isCollection: true,
                isHierarchy: false, declaringType: typeName,
                connector: { object, targets in
                    guard let object = object as? Object, targets.allSatisfy({ $0 is Target }) else { return false }
                    set(object, WeakList(objects: targets))
                    return true
                },
                reader: { object in
                    guard let object = object as? Object else { return [] }
                    return get(object).objects
                }))
    }

    /// An event without a payload; `connect` adds a handler to it.
    ///
    ///     type.event("tap", connect: { $0.tap.connect($1) }, doc: "A touch ended on the button.")
    ///
    /// The connections a scene makes last as long as the scene: `connect`
    /// may drop the ``SceneConnection`` it gets.
    @inlinable
    public mutating func event(
        _ name: String, connect: @escaping @Sendable (Object, @escaping () -> Void) -> Void, doc: String
    ) {
        events.append(
            EventDescription(
                name: name, payload: nil, doc: doc, declaringType: typeName,
                connector: { object, handler in
                    guard let object = object as? Object else { return false }
                    connect(object) { handler(nil) }
                    return true
                }))
    }

    /// An event whose payload is a scene value; `connect` adds a handler to it.
    @inlinable
    public mutating func event<Payload: SceneValueConvertible>(
        _ name: String, connect: @escaping @Sendable (Object, @escaping (Payload) -> Void) -> Void, doc: String
    ) {
        events.append(
            EventDescription(
                name: name, payload: Payload.sceneValueType, doc: doc, declaringType: typeName,
                connector: { object, handler in
                    guard let object = object as? Object else { return false }
                    connect(object) { handler($0.sceneValue) }
                    return true
                }))
    }

    /// An event without a payload, stored at `keyPath`.
    ///
    ///     public let finished = SceneEvent<Void>()
    ///     type.event("finished", \.finished, doc: "It reached zero.")
    @inlinable
    public mutating func event(
        _ name: String, _ keyPath: KeyPath<Object, SceneEvent<Void>> & Sendable, doc: String
    ) {
        event(name, connect: { object, handler in object[keyPath: keyPath].connectForLife(handler) }, doc: doc)
    }

    /// An event whose payload is a scene value, stored at `keyPath`.
    @inlinable
    public mutating func event<Payload: SceneValueConvertible>(
        _ name: String, _ keyPath: KeyPath<Object, SceneEvent<Payload>> & Sendable, doc: String
    ) {
        event(
            name,
            connect: { (object, handler: @escaping (Payload) -> Void) in
                object[keyPath: keyPath].connectForLife(handler)
            },
            doc: doc)
    }

    /// An action without an argument, always taken.
    @inlinable @_disfavoredOverload
    public mutating func action(_ name: String, doc: String, _ perform: @escaping @Sendable (Object) -> Void) {
        action(name, doc: doc) { object -> ActionOutcome in
            perform(object)
            return .handled
        }
    }

    /// An action without an argument that says whether it had its effect:
    /// an `.ignored(because:)` outcome is shown in the transcript.
    ///
    ///     type.action("play", doc: "Starts playing.") { $0.play() }   // play() -> ActionOutcome
    @inlinable
    public mutating func action(_ name: String, doc: String, _ perform: @escaping @Sendable (Object) -> ActionOutcome) {
        actions.append(
            ActionDescription(
                name: name, argument: nil, doc: doc, declaringType: typeName,
                performer: { object, _ in (object as? Object).map(perform) }))
    }

    /// An action with a typed argument, always taken.
    @inlinable @_disfavoredOverload
    public mutating func action<Argument: SceneValueConvertible>(
        _ name: String, _ argument: Argument.Type, doc: String,
        _ perform: @escaping @Sendable (Object, Argument) -> Void
    ) {
        action(name, argument, doc: doc) { object, value -> ActionOutcome in
            perform(object, value)
            return .handled
        }
    }

    /// An action with a typed argument that says whether it had its effect.
    @inlinable
    public mutating func action<Argument: SceneValueConvertible>(
        _ name: String, _ argument: Argument.Type, doc: String,
        _ perform: @escaping @Sendable (Object, Argument) -> ActionOutcome
    ) {
        actions.append(Self.makeMember(name, typeName, doc, perform))
    }

    /// A script input without an argument (`tap: button`); `perform` says
    /// whether the object took it or ignored it, and why.
    @inlinable
    public mutating func input(_ name: String, doc: String, _ perform: @escaping @Sendable (Object) -> ActionOutcome) {
        inputs.append(
            ActionDescription(
                name: name, argument: nil, doc: doc, declaringType: typeName,
                performer: { object, _ in (object as? Object).map(perform) }))
    }

    /// A script input with a typed argument (`slide: { volume: 0.8 }`).
    @inlinable
    public mutating func input<Argument: SceneValueConvertible>(
        _ name: String, _ argument: Argument.Type, doc: String,
        _ perform: @escaping @Sendable (Object, Argument) -> ActionOutcome
    ) {
        inputs.append(Self.makeMember(name, typeName, doc, perform))
    }

    /// A script input taking a number within a range the object gives
    /// (`slide: { volume: 0.8 }` on a slider whose `minimum` and `maximum`
    /// bound it): the range is read from the object each time it is asked
    /// (``InputRange``), and is how a drag along the control in the preview
    /// is turned into a value, whatever the object's properties are named.
    ///
    ///     type.input("slide", range: { ($0.minimum, $0.maximum) }, doc: "Moves the thumb.") { $0.slide(to: $1) }
    @inlinable
    public mutating func input(
        _ name: String, range: @escaping @Sendable (Object) -> (lower: Double, upper: Double), doc: String,
        _ perform: @escaping @Sendable (Object, Double) -> ActionOutcome
    ) {
        let inputRange = InputRange { object in (object as? Object).map(range) }
        inputs.append(Self.makeMember(name, typeName, doc, range: inputRange, perform))
    }

    @inlinable
    static func makeMember<Argument: SceneValueConvertible>(
        _ name: String, _ typeName: String, _ doc: String, range: InputRange? = nil,
        _ perform: @escaping @Sendable (Object, Argument) -> ActionOutcome
    ) -> ActionDescription {
        ActionDescription(
            name: name, argument: Argument.sceneValueType, doc: doc, declaringType: typeName, range: range,
            performer: { object, value in
                guard let object = object as? Object, let argument = Argument(sceneValue: value ?? .null) else {
                    return nil
                }
                return perform(object, argument)
            })
    }
}
