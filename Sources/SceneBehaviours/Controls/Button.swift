import SceneCore

/// A headless push button.
///
/// For its keys, defaults, events, actions and inputs, see
/// `scene-runner types Button`.
///
/// A disabled or invisible button ignores input. A press highlights it,
/// sends began through ``View/interaction``, then sends `touchDown`; a
/// release clears the highlight, reports ended, then sends `tap`, or
/// `touchCancel` instead when the button stopped accepting input during the
/// touch; a cancel clears the highlight, reports cancelled, then sends
/// `touchCancel`. It is ``Highlightable`` (while pressed).
open class Button: View {
    /// The button's title.
    public final var title = "" {
        didSet { propertyDidChange(\.title, from: oldValue, to: title) }
    }
    /// Whether the button takes input.
    public final var enabled = true {
        didSet { propertyDidChange(\.enabled, from: oldValue, to: enabled) }
    }

    /// Sent when a touch begins on the button (`touchDown`).
    public final private(set) lazy var touchDown = SceneEvent<Void>()
    /// Sent when a touch ends on the button: the `tap` event (``View/tap()``
    /// is the `tap` input, a press and a release, that makes one).
    public final private(set) lazy var tap = SceneEvent<Void>()
    /// Sent when a touch on the button is cancelled (`touchCancel`).
    public final private(set) lazy var touchCancel = SceneEvent<Void>()

    /// A button with the defaults above.
    override public init() {}

    /// Whether the button is drawn pressed: true while a touch is in progress.
    public var highlighted: Bool { isPressed }

    override func pressedDidChange() { propertyMayHaveChanged(\.highlighted) }

    /// Disabled, or refused as any view refuses a touch.
    override open var inputRefusal: String? { enabled ? super.inputRefusal : "it is disabled" }

    /// Sends `touchDown`.
    override open func didBeginTouch() {
        touchDown.send()
    }

    /// Sends `tap`, or `touchCancel` if the button can no longer take input.
    override open func didEndTouch() {
        if acceptsInput {
            tap.send()
        } else {
            touchCancel.send()
        }
    }

    /// Sends `touchCancel`.
    override open func didCancelTouch() {
        touchCancel.send()
    }

    // MARK: Registration

    /// Registers `Button` as a `View` with a title, `enabled`, `highlighted`
    /// and its three events.
    override open class func sceneDescription() -> TypeDescription {
        TypeDescription(
            "Button", summary: "A push button: touchDown, tap, touchCancel.", base: View.sceneDescription(),
            wakes: false, make: { Button() }
        ) { type in
            type.property("title", \.title, changeEvent: true, doc: "The button's title.")
            type.property("enabled", \.enabled, changeEvent: true, doc: "Whether the button takes input.")
            type.readOnly("highlighted", \.highlighted, doc: "True while the button is pressed.")
            type.event("touchDown", connect: { $0.touchDown.connect($1) }, doc: "A touch began on the button.")
            type.event(
                "tap", connect: { $0.tap.connect($1) }, doc: "A touch ended on the button (touch up inside).")
            type.event(
                "touchCancel", connect: { $0.touchCancel.connect($1) }, doc: "A touch on the button was cancelled.")
        }
    }
}
