import SceneCore

/// A headless slider: a thumb on a track from `minimum` to `maximum`.
///
/// For its keys, defaults, events, actions and inputs, see
/// `scene-runner types Slider`.
///
/// `value` always reads within `minimum...maximum` (a `maximum` below
/// `minimum` counts as `minimum`). The value a scene or code sets is kept
/// and read clamped, so the order in which keys are set does not matter;
/// the value an input moves the thumb to is clamped when it is stored.
///
/// A press begins tracking (`editingBegan`), each ``slide(to:)`` while
/// tracking moves the thumb (`valueChanged` when the value changes), and a
/// release or cancel ends tracking (`editingEnded`); a `slide` while
/// tracking that leaves the value where it is changes nothing and is
/// ignored. A `slide` while not tracking is a whole gesture: began, moved,
/// ended, even when the value stays. ``tap(at:)`` is a tap
/// that seeks to a fraction of the track. An invisible slider ignores new
/// touches.
open class Slider: View {
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
    public final var maximum: Double = 1 {
        didSet {
            propertyDidChange(\.maximum, from: oldValue, to: maximum)
            guard propertyObservers != nil else { return }
            let old = Self.clamp(storedValue, minimum: minimum, maximum: oldValue)
            propertyDidChange(\.value, from: old, to: value)
        }
    }

    /// The colour of the track below the thumb (UIKit's
    /// `minimumTrackTintColor`): system blue, #007AFF, by default.
    public final var tintColor = ButtonStyle.systemBlue {
        didSet { propertyDidChange(\.tintColor, from: oldValue, to: tintColor) }
    }

    /// Sent when a touch begins tracking the thumb (`editingBegan`).
    public final private(set) lazy var editingBegan = SceneEvent<Void>()
    /// Sent each time an input changes the value (`valueChanged`).
    public final private(set) lazy var valueChanged = SceneEvent<Void>()
    /// Sent when the touch tracking the thumb ends or is cancelled (`editingEnded`).
    public final private(set) lazy var editingEnded = SceneEvent<Void>()

    /// A slider with the defaults above.
    override public init() {}

    /// The thumb's position, always within `minimum...maximum`. Swift code
    /// that observes it (`observe(\.value, named: "value")`) hears every
    /// change; it has no change event, as `valueChanged` is the input event.
    public var value: Double {
        get { clamped(storedValue) }
        set { storedValue = newValue }
    }

    /// Reports ``View/isTracking`` (the `tracking` property): whether a touch is moving the thumb.
    override func trackingDidChange() { propertyMayHaveChanged(\.isTracking) }

    /// Moves the thumb to `target`, clamped (the `slide` input).
    ///
    /// While tracking it is one move; otherwise a whole gesture (press, move,
    /// release). Ignored for NaN, while tracking when the value would not
    /// change, and when not tracking and a new touch would be ignored.
    @discardableResult
    public func slide(to target: Double) -> ActionOutcome {
        guard !target.isNaN else { return .ignored(because: "the value is not a number") }
        if isTracking {
            let value = self.value
            guard clamped(target) != value else {
                return .ignored(because: "the thumb is already at \(SceneValue.double(value))")
            }
            move(to: target)
            return .handled
        }
        let pressed = press()
        guard pressed == .handled else { return pressed }
        move(to: target)
        release()
        return .handled
    }

    /// Taps the track at `fraction` (0...1) of its length (the `tapAt` input).
    ///
    /// A whole gesture that seeks there: press, move, release. The fraction is
    /// clamped to 0...1. Ignored for NaN, while tracking, and when a new touch
    /// would be ignored.
    @discardableResult
    public func tap(at fraction: Double) -> ActionOutcome {
        guard !fraction.isNaN else { return .ignored(because: "the fraction is not a number") }
        guard !isTracking else { return .ignored(because: "a touch is already in progress") }
        let pressed = press()
        guard pressed == .handled else { return pressed }
        let upper = Swift.max(minimum, maximum)
        // Interpolated so that a range wider than the largest double (as
        // -1e308...1e308) gives a value on it, not NaN.
        move(to: minimum.interpolated(to: upper, fraction: Swift.min(Swift.max(fraction, 0), 1)))
        release()
        return .handled
    }

    /// Sends `editingBegan`.
    override open func didBeginTouch() {
        editingBegan.send()
    }

    /// Sends `editingEnded`.
    override open func didEndTouch() {
        editingEnded.send()
    }

    /// Sends `editingEnded`.
    override open func didCancelTouch() {
        editingEnded.send()
    }

    private func move(to target: Double) {
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

    /// Registers `Slider` as a `View` with its value range, `tintColor`, `tracking`, the
    /// `slide` and `tapAt` inputs and its editing events.
    override open class func sceneDescription() -> TypeDescription {
        TypeDescription(
            "Slider", summary: "A thumb on a track; values are clamped to minimum...maximum.",
            base: View.sceneDescription(), wakes: false, make: { Slider() }
        ) { type in
            type.property("value", \.value, doc: "The thumb's position, clamped to minimum...maximum.")
            type.property("minimum", \.minimum, changeEvent: true, doc: "The lowest value.")
            type.property("maximum", \.maximum, changeEvent: true, doc: "The highest value.")
            type.bounds("minimum", "maximum")
            type.property(
                "tintColor", \.tintColor, changeEvent: true,
                doc: "The track's colour below the thumb; system blue, #007AFF.")
            // No change event for `value`: `valueChanged` is the input event
            // (as UIKit's); Swift observers of "value" hear every change.
            type.readOnly("tracking", \.isTracking, doc: "True while a touch moves the thumb.")
            type.input(
                "slide", range: { ($0.minimum, $0.maximum) },
                doc: "Moves the thumb to a value (a whole gesture when not tracking)."
            ) { $0.slide(to: $1) }
            type.input("tapAt", Double.self, doc: "Taps the track at a fraction 0...1 of its length.") {
                $0.tap(at: $1)
            }
            type.event(
                "editingBegan", connect: { $0.editingBegan.connect($1) }, doc: "A touch began tracking the thumb.")
            type.event("valueChanged", connect: { $0.valueChanged.connect($1) }, doc: "An input changed the value.")
            type.event(
                "editingEnded", connect: { $0.editingEnded.connect($1) }, doc: "The touch tracking the thumb ended.")
        }
    }
}
