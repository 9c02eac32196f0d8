import Behaviours

/// A property a scene can set (unless read-only), `expect` can read and the
/// transcript reports.
public final class PropertyDescription: Sendable {
    /// The key in the scene file.
    public let name: String
    /// The declared type that values are resolved by.
    public let type: ValueType
    /// A one-line description.
    public let doc: String
    /// The allowed range for numbers and durations (in seconds), if bounded.
    public let range: ClosedRange<Double>?
    /// Whether the scene must set it.
    public let isRequired: Bool
    /// The type that declares it (a base type for inherited properties).
    public let declaringType: String
    /// The key path its object reports its changes with
    /// (``PropertyNotifying/propertyDidChange(_:from:to:)``); `nil` when
    /// it does not report them (declared with closures, or on an object
    /// that is not ``PropertyNotifying``), and a run reads it at every look.
    package let changeKey: (any AnyKeyPath & Sendable)?
    let getter: @Sendable (AnyObject) -> SceneValue?
    let setter: (@Sendable (AnyObject, SceneValue) -> Bool)?
    /// Why a value of the right type is still refused (an image's name that
    /// is a path), checked where a scene writes it; `nil` takes every value.
    package let refusal: (@Sendable (SceneValue) -> ValueRefusal?)?
    /// Why an element of a list value is refused (a constraint's text that
    /// does not read), checked element by element where a scene writes
    /// it, each refusal at its element; `nil` takes every element.
    package let elementRefusal: (@Sendable (SceneValue) -> ValueRefusal?)?
    /// Values it takes, for tools that try or offer one (a conformance
    /// check, completion), when most values of its type are refused (a
    /// constraint's text); empty otherwise.
    package let examples: [SceneValue]
    /// Whether a run's recorder reads it to tell its changes (the
    /// transcript's lines); false for one worked out from the whole scene
    /// (a view's solved frame), read only where a scene names it: in
    /// `expect` and the invariants.
    package let isRecorded: Bool

    @usableFromInline
    init(
        name: String, type: ValueType, doc: String, range: ClosedRange<Double>?, isRequired: Bool,
        declaringType: String, changeKey: (any AnyKeyPath & Sendable)? = nil,
        getter: @escaping @Sendable (AnyObject) -> SceneValue?,
        setter: (@Sendable (AnyObject, SceneValue) -> Bool)?,
        refusal: (@Sendable (SceneValue) -> ValueRefusal?)? = nil,
        elementRefusal: (@Sendable (SceneValue) -> ValueRefusal?)? = nil, examples: [SceneValue] = [],
        isRecorded: Bool = true
    ) {
        self.isRecorded = isRecorded
        self.refusal = refusal
        self.elementRefusal = elementRefusal
        self.examples = examples
        self.changeKey = changeKey
        self.name = name
        self.type = type
        self.doc = doc
        self.range = range
        self.isRequired = isRequired
        self.declaringType = declaringType
        self.getter = getter
        self.setter = setter
    }

    /// Whether scenes may only read it.
    public var isReadOnly: Bool { setter == nil }

    /// The current value on `object`; `nil` when it is not of this type.
    public func value(of object: AnyObject) -> SceneValue? { getter(object) }

    /// Sets `value` on `object`; false when either has the wrong type or the
    /// property is read-only.
    @discardableResult
    public func set(_ value: SceneValue, on object: AnyObject) -> Bool {
        setter?(object, value) ?? false
    }
}

/// Why a property refuses a value of its type, for the diagnostic at the
/// value: `reason` completes "'image' cannot be '../a.png': ...", `hint`
/// says what to write instead.
@usableFromInline
package struct ValueRefusal: Sendable, Equatable {
    /// Why, in a few words.
    package var reason: String
    /// What to write instead.
    package var hint: String?
    /// Where in the value's text the mistake is (UTF-8 offsets into the
    /// string), when it is in one part of it; `nil` for the whole value.
    package var offsets: Range<Int>?

    /// A refusal for `reason`, with `hint`.
    package init(_ reason: String, hint: String? = nil) {
        self.init(reason, hint: hint, at: nil)
    }

    /// A refusal for `reason`, with `hint`, at `offsets` of the text.
    package init(_ reason: String, hint: String?, at offsets: Range<Int>?) {
        self.reason = reason
        self.hint = hint
        self.offsets = offsets
    }
}

/// An outlet (one object) or an outlet collection (several, in order).
/// Outlets never keep their targets alive: the scene owns every object.
public final class OutletDescription: Sendable {
    /// The key in the scene file.
    public let name: String
    /// The Swift type of its property (of a collection's elements): the
    /// class a target must be or extend, or the protocol it must conform
    /// to. ``SceneRegistry/requirement(of:)`` gives its name in scenes.
    package let requirementID: ObjectIdentifier
    /// The Swift type of its property (of a collection's elements).
    package let requirementType: Any.Type
    /// The Swift type's name, for messages.
    public var requirementTypeName: String { String(describing: requirementType) }
    /// A one-line description.
    public let doc: String
    /// Whether the scene must connect it.
    public let isRequired: Bool
    /// Whether it holds a list of objects.
    public let isCollection: Bool
    /// Whether it builds a hierarchy (like `parent`), in which cycles are errors.
    public let isHierarchy: Bool
    /// The type that declares it.
    public let declaringType: String
    let connector: @Sendable (AnyObject, [AnyObject]) -> Bool
    /// Connects one target without building an array (plain outlets).
    let singleConnector: (@Sendable (AnyObject, AnyObject) -> Bool)?
    let reader: @Sendable (AnyObject) -> [AnyObject]

    @usableFromInline
    init(
        name: String, requirement: Any.Type, doc: String, isRequired: Bool, isCollection: Bool, isHierarchy: Bool,
        declaringType: String, connector: @escaping @Sendable (AnyObject, [AnyObject]) -> Bool,
        singleConnector: (@Sendable (AnyObject, AnyObject) -> Bool)? = nil,
        reader: @escaping @Sendable (AnyObject) -> [AnyObject]
    ) {
        self.singleConnector = singleConnector
        self.name = name
        self.requirementID = ObjectIdentifier(requirement)
        self.requirementType = requirement
        self.doc = doc
        self.isRequired = isRequired
        self.isCollection = isCollection
        self.isHierarchy = isHierarchy
        self.declaringType = declaringType
        self.connector = connector
        self.reader = reader
    }

    /// Connects `targets` (one at most for a plain outlet; none clears it);
    /// false when a target is of the wrong type.
    @discardableResult
    package func connect(_ object: AnyObject, to targets: [AnyObject]) -> Bool {
        connector(object, targets)
    }

    /// Connects a plain outlet to one target; false when it has the wrong type.
    @discardableResult
    package func connect(_ object: AnyObject, to target: AnyObject) -> Bool {
        if let singleConnector { return singleConnector(object, target) }
        return connector(object, [target])
    }

    /// The objects the outlet holds now.
    public func targets(of object: AnyObject) -> [AnyObject] { reader(object) }
}

/// An event an object sends; a scene connects it to actions with `on:`.
public final class EventDescription: Sendable {
    /// The event's name.
    public let name: String
    /// The payload's type; `nil` for none.
    public let payload: ValueType?
    /// A one-line description.
    public let doc: String
    /// The type that declares it.
    public let declaringType: String
    /// For a change event (`changeEvent: true` in the registration), the property
    /// whose changes it tells; `nil` for an event of the object's own. The
    /// transcript shows the change itself rather than the event.
    public let changedProperty: String?
    let connector: @Sendable (AnyObject, @escaping (SceneValue?) -> Void) -> Bool

    @usableFromInline
    init(
        name: String, payload: ValueType?, doc: String, declaringType: String, changedProperty: String? = nil,
        connector: @escaping @Sendable (AnyObject, @escaping (SceneValue?) -> Void) -> Bool
    ) {
        self.name = name
        self.payload = payload
        self.doc = doc
        self.declaringType = declaringType
        self.changedProperty = changedProperty
        self.connector = connector
    }

    /// Calls `handler` with the payload each time `object` sends the event.
    @discardableResult
    package func connect(_ object: AnyObject, _ handler: @escaping (SceneValue?) -> Void) -> Bool {
        connector(object, handler)
    }

    /// The event `<name>Changed` of `property`, sent after each change it
    /// reports, with the new value; `nil` when it reports none.
    @usableFromInline
    convenience init?(changeOf property: PropertyDescription, declaringType: String) {
        guard let key = property.changeKey else { return nil }
        self.init(
            name: property.name + "Changed", payload: property.type,
            doc: "'\(property.name)' changed; the payload is its new value.", declaringType: declaringType,
            changedProperty: property.name,
            connector: { object, handler in
                guard let notifying = object as? any PropertyNotifying else { return false }
                notifying.observe(key: key) { [weak object] in
                    if let object { handler(property.value(of: object)) }
                }
                return true
            })
    }
}

/// An action (callable from events and `call:`) or a script input (a verb
/// like `tap:` that simulates the user).
public final class ActionDescription: Sendable {
    /// The action's name.
    public let name: String
    /// The argument's type; `nil` when it takes none.
    public let argument: ValueType?
    /// A one-line description.
    public let doc: String
    /// The type that declares it.
    public let declaringType: String
    /// For an input taking a number, the range of values it spans on the
    /// object (a slider's `minimum...maximum`): what a drag along the
    /// control (the preview's) maps a fraction onto. `nil` when it declares
    /// none (see ``TypeBuilder/input(_:range:doc:_:)``).
    package let range: InputRange?
    /// Performs the member; `nil` when the object or argument has the wrong type.
    let performer: @Sendable (AnyObject, SceneValue?) -> ActionOutcome?

    @usableFromInline
    init(
        name: String, argument: ValueType?, doc: String, declaringType: String, range: InputRange? = nil,
        performer: @escaping @Sendable (AnyObject, SceneValue?) -> ActionOutcome?
    ) {
        self.name = name
        self.argument = argument
        self.doc = doc
        self.declaringType = declaringType
        self.range = range
        self.performer = performer
    }

    /// Performs the action or delivers the input: whether the object acted
    /// on it or ignored it, and why (a disabled control, a player with
    /// nothing to play); `nil` when the object or argument has the wrong type.
    @discardableResult
    public func perform(on object: AnyObject, with argument: SceneValue? = nil) -> ActionOutcome? {
        performer(object, argument)
    }

    /// Delivers a script input; the same as ``perform(on:with:)``.
    public func deliver(to object: AnyObject, with argument: SceneValue? = nil) -> ActionOutcome? {
        performer(object, argument)
    }

    /// Whether an event with `payload` can call this action: it takes no
    /// argument, or the payload's type is its argument's type.
    package func accepts(payload: ValueType?) -> Bool {
        guard let argument else { return true }
        guard let payload else { return argument.isOptional }
        return payload == argument || payload == argument.unwrapped
            || (payload == .int && argument.unwrapped == .double)
    }
}

/// The range of values an input that takes a number spans on an object,
/// read from the object each time it is asked, since its bounds may change
/// as the scene runs (a slider's `minimum` and `maximum` are properties).
/// The bounds are given as they are: they may be inverted, or not finite;
/// ``fraction(_:of:)`` makes a value of a fraction whatever they are.
///
///     type.input("slide", range: { ($0.minimum, $0.maximum) }, doc: "Moves the thumb.") { $0.slide(to: $1) }
@usableFromInline
package struct InputRange: Sendable {
    private let read: @Sendable (AnyObject) -> (lower: Double, upper: Double)?

    /// A range whose bounds `read` gives for an object (`nil` for an object
    /// of another type).
    @usableFromInline
    package init(_ read: @escaping @Sendable (AnyObject) -> (lower: Double, upper: Double)?) {
        self.read = read
    }

    /// The bounds on `object` now, as the type gives them; `nil` for an
    /// object of another type.
    package func bounds(of object: AnyObject) -> (lower: Double, upper: Double)? {
        read(object)
    }

    /// The value at `fraction` (clamped to 0...1) of the range on
    /// `object`, from its lower bound to its upper one (an inverted range
    /// is taken as its lower bound alone, as a slider clamps to it); `nil`
    /// when the object is of another type, or the fraction or a bound is
    /// not finite. Never traps, whatever the bounds.
    package func fraction(_ fraction: Double, of object: AnyObject) -> Double? {
        guard fraction.isFinite, let (lower, upper) = read(object), lower.isFinite, upper.isFinite else {
            return nil
        }
        let top = Swift.max(lower, upper)
        let clamped = Swift.min(Swift.max(fraction, 0), 1)
        // Weighted, so that the span of two huge bounds cannot overflow.
        let value = lower * (1 - clamped) + top * clamped
        return Swift.min(Swift.max(value, lower), top)
    }
}

/// Whether an action or a script input had its effect, or was ignored in
/// the object's current state, and why; the transcript says which.
///
/// The rule the built-in types follow: an action or input is ignored when
/// it is refused (a disabled control, nothing to play) or truly changes
/// nothing (no state, no event, no timer): `show` on a shown view, `pause`
/// on a paused player. Restarting something, or a touch that observers
/// hear, is an effect.
///
///     func play() -> ActionOutcome {
///         guard source != nil else { return .ignored(because: "there is no source to play") }
///         ...
///         return .handled
///     }
///
/// It is the portable library's type (`Behaviours.ActionOutcome`), so that
/// a behaviour returns it in an app as in a scene.
public typealias ActionOutcome = Behaviours.ActionOutcome
