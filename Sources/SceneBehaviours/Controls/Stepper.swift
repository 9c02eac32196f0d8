import SceneCore

/// A headless stepper, as UIKit's `UIStepper`: a − and a + that move a
/// value by `step` within `minimum...maximum`.
///
/// For its keys, defaults, events, actions and inputs, see
/// `scene-runner types Stepper`.
///
/// `value` always reads within `minimum...maximum` (a `maximum` below
/// `minimum` counts as `minimum`); the value a scene or code sets is kept
/// and read clamped, so the order in which keys are set does not matter,
/// and the value an input reaches is clamped when it is stored.
///
/// ``increment()`` and ``decrement()`` are taps on the + and − halves:
/// the touch is reported through ``View/interaction``, then the value
/// moves by `step` (clamped) and `valueChanged` is sent. Each is ignored
/// when the value is at that end already (as UIKit disables the half),
/// when `step` is 0, and when a new touch would be:
///
///     let quantity = Stepper()
///     quantity.maximum = 3
///     quantity.increment()    // value 1, valueChanged
///     quantity.step(to: 9)    // value 3, valueChanged
///     quantity.increment()    // ignored: it is at its maximum, 3
///
/// An invisible stepper ignores new touches.
open class Stepper: View {
    // Observers of "value" hear each change of the clamped value, whichever
    // of the stored value, minimum and maximum made it.
    private var storedValue: Double = 0 {
        didSet { if propertyObservers != nil { propertyDidChange(\.value, from: clamped(oldValue), to: value) } }
    }
    /// The lowest value.
    public final var minimum: Double = 0 {
        didSet {
            propertyDidChange(\.minimum, from: oldValue, to: minimum)
            guard propertyObservers != nil else { return }
            let old = Self.clamp(storedValue, minimum: oldValue, maximum: maximum)
            propertyDidChange(\.value, from: old, to: value)
        }
    }
    /// The highest value.
    public final var maximum: Double = 100 {
        didSet {
            propertyDidChange(\.maximum, from: oldValue, to: maximum)
            guard propertyObservers != nil else { return }
            let old = Self.clamp(storedValue, minimum: minimum, maximum: oldValue)
            propertyDidChange(\.value, from: old, to: value)
        }
    }
    /// How far a tap on − or + moves the value.
    public final var step: Double = 1 {
        didSet { propertyDidChange(\.step, from: oldValue, to: step) }
    }

    /// Sent each time an input changes the value (`valueChanged`).
    public final private(set) lazy var valueChanged = SceneEvent<Void>()

    /// A stepper with the defaults above.
    override public init() {}

    /// The value, always within `minimum...maximum`. Setting it sends no
    /// `valueChanged` (an input's event, as UIKit's); Swift observers of
    /// "value" hear every change.
    public var value: Double {
        get { clamped(storedValue) }
        set { storedValue = newValue }
    }

    /// Taps + (the `increment` input): the value moves up by `step`.
    @discardableResult
    public func increment() -> ActionOutcome {
        let upper = Swift.max(minimum, maximum)
        guard value < upper else { return .ignored(because: "it is at its maximum, \(SceneValue.double(upper))") }
        return stepBy(step)
    }

    /// Taps − (the `decrement` input): the value moves down by `step`.
    @discardableResult
    public func decrement() -> ActionOutcome {
        guard value > minimum else { return .ignored(because: "it is at its minimum, \(SceneValue.double(minimum))") }
        return stepBy(-step)
    }

    /// Sets the value to `target`, clamped, as a tap would (the `stepTo`
    /// input): the touch, then `valueChanged` when the value changes.
    /// Ignored for NaN and when a new touch would be.
    @discardableResult
    public func step(to target: Double) -> ActionOutcome {
        guard !target.isNaN else { return .ignored(because: "the value is not a number") }
        let tapped = tap()
        guard tapped == .handled else { return tapped }
        move(to: target)
        return .handled
    }

    private func stepBy(_ delta: Double) -> ActionOutcome {
        guard delta != 0, !delta.isNaN else { return .ignored(because: "its step is 0") }
        let tapped = tap()
        guard tapped == .handled else { return tapped }
        move(to: value + delta)
        return .handled
    }

    private func move(to target: Double) {
        guard !target.isNaN else { return }
        let old = value
        storedValue = clamped(target)
        if value != old { valueChanged.send() }
    }

    private func clamped(_ value: Double) -> Double {
        Self.clamp(value, minimum: minimum, maximum: maximum)
    }

    private static func clamp(_ value: Double, minimum: Double, maximum: Double) -> Double {
        Swift.min(Swift.max(value, minimum), Swift.max(minimum, maximum))
    }

    // MARK: Registration

    /// Registers `Stepper` as a `View` with its value, range and step, the
    /// `increment`, `decrement` and `stepTo` inputs and `valueChanged`.
    override open class func sceneDescription() -> TypeDescription {
        TypeDescription(
            "Stepper", summary: "A − and a + that move a value by step within minimum...maximum.",
            base: View.sceneDescription(), wakes: false, make: { Stepper() }
        ) { type in
            // No change event for `value`: `valueChanged` is the input event
            // (as UIKit's); Swift observers of "value" hear every change.
            type.property("value", \.value, doc: "The value, clamped to minimum...maximum.")
            type.property("minimum", \.minimum, changeEvent: true, doc: "The lowest value.")
            type.property("maximum", \.maximum, changeEvent: true, doc: "The highest value.")
            type.bounds("minimum", "maximum")
            type.property(
                "step", \.step, range: 0...Double.infinity, changeEvent: true,
                doc: "How far a tap on − or + moves the value.")
            type.input("increment", doc: "Taps +: the value moves up by step; ignored at the maximum.") {
                $0.increment()
            }
            type.input("decrement", doc: "Taps −: the value moves down by step; ignored at the minimum.") {
                $0.decrement()
            }
            type.input(
                "stepTo", range: { ($0.minimum, $0.maximum) },
                doc: "Sets the value, clamped, as a tap would."
            ) { $0.step(to: $1) }
            type.event("valueChanged", connect: { $0.valueChanged.connect($1) }, doc: "An input changed the value.")
        }
    }
}
