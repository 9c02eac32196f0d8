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
    /// How the button is drawn: UIButton.Configuration's plain (tinted
    /// text, no background: Interface Builder's system button, the
    /// default), gray, tinted or filled.
    public final var style = ButtonStyle.plain {
        didSet { propertyDidChange(\.style, from: oldValue, to: style) }
    }
    /// The colour of the title (plain, gray, tinted) or of the background
    /// (filled): UIKit's system blue, #007AFF, by default.
    public final var tintColor = ButtonStyle.systemBlue {
        didSet { propertyDidChange(\.tintColor, from: oldValue, to: tintColor) }
    }
    /// The title's colour; `nil` chooses one that reads on what is behind
    /// the title (the tint, or white on a filled button, unless that is
    /// too faint there; then black or white).
    public final var titleColor: Color? {
        didSet { propertyDidChange(\.titleColor, from: oldValue, to: titleColor) }
    }
    /// The title's font: 17 points, regular, by default.
    public final var font = Font.system {
        didSet { propertyDidChange(\.font, from: oldValue, to: font) }
    }
    /// Where the title sits across the button: centred by default.
    public final var textAlignment = TextAlignmentStyle.center {
        didSet { propertyDidChange(\.textAlignment, from: oldValue, to: textAlignment) }
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
    public var isHighlighted: Bool { isTracking }

    override func trackingDidChange() { propertyMayHaveChanged(\.isHighlighted) }

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

    /// Registers `Button` as a `View` with a title, `enabled`, its style,
    /// colours, font and alignment, `highlighted` and its three events.
    override open class func sceneDescription() -> TypeDescription {
        TypeDescription(
            "Button", summary: "A push button: touchDown, tap, touchCancel.", base: View.sceneDescription(),
            wakes: false, make: { Button() }
        ) { type in
            type.property("title", \.title, changeEvent: true, doc: "The button's title.")
            type.property("enabled", \.enabled, changeEvent: true, doc: "Whether the button takes input.")
            type.property(
                "style", \.style, changeEvent: true,
                doc: "plain (tinted text, Interface Builder's system button), gray, tinted or filled.")
            type.property(
                "tintColor", \.tintColor, changeEvent: true,
                doc: "The title's colour (plain, gray, tinted) or the background (filled); system blue.")
            type.property(
                "titleColor", \.titleColor, changeEvent: true,
                doc: "The title's colour; null chooses one that reads on the background.")
            type.property("font", \.font, changeEvent: true, doc: "The title's font: {size, weight}.")
            type.property(
                "textAlignment", \.textAlignment, changeEvent: true,
                doc: "Where the title sits: left, center, right, natural or justified.")
            type.readOnly("highlighted", \.isHighlighted, doc: "True while the button is pressed.")
            type.event("touchDown", connect: { $0.touchDown.connect($1) }, doc: "A touch began on the button.")
            type.event(
                "tap", connect: { $0.tap.connect($1) }, doc: "A touch ended on the button (touch up inside).")
            type.event(
                "touchCancel", connect: { $0.touchCancel.connect($1) }, doc: "A touch on the button was cancelled.")
        }
    }
}

/// How a button is drawn, as UIButton.Configuration's styles.
public enum ButtonStyle: String, Sendable, CaseIterable, SceneEnum {
    /// The title in the tint, no background: Interface Builder's system button.
    case plain
    /// The title in the tint on a light grey background (#E5E5EA).
    case gray
    /// The title in the tint on the tint at 15% opacity.
    case tinted
    /// The title in white on the tint.
    case filled

    /// UIKit's system blue, #007AFF: a button's, a slider's and a progress view's default tint.
    public static let systemBlue = Color(red: 0x00, green: 0x7A, blue: 0xFF)
}
