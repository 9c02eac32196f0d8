import SceneCore

/// A headless label: a view that shows text, on one line or, with
/// ``numberOfLines`` other than 1, wrapped onto several as UIKit wraps it
/// (``lineBreakMode``).
///
/// For its keys, defaults, events, actions and inputs, see
/// `scene-runner types Label`.
open class Label: View {
    /// The text shown; its observers (`textChanged`) hear each change.
    public final var text = "" {
        didSet { propertyDidChange(\.text, from: oldValue, to: text) }
    }
    /// The text colour; `nil` is the default colour.
    public final var textColor: Color? {
        didSet { propertyDidChange(\.textColor, from: oldValue, to: textColor) }
    }

    /// The text's font: 17 points, regular, by default.
    public final var font = Font.system {
        didSet { propertyDidChange(\.font, from: oldValue, to: font) }
    }
    /// Where the text sits across the label: `natural` (the left) by default.
    public final var textAlignment = TextAlignmentStyle.natural {
        didSet { propertyDidChange(\.textAlignment, from: oldValue, to: textAlignment) }
    }

    /// The most lines the text is drawn on: 1 by default, 0 for as many as
    /// it needs (and the label's height holds), as UIKit's `numberOfLines`.
    public final var numberOfLines = 1 {
        didSet { propertyDidChange(\.numberOfLines, from: oldValue, to: numberOfLines) }
    }
    /// How text that does not fit is broken and cut: by truncating its
    /// tail (`…`) by default, as UIKit's `lineBreakMode`.
    public final var lineBreakMode = LineBreakMode.byTruncatingTail {
        didSet { propertyDidChange(\.lineBreakMode, from: oldValue, to: lineBreakMode) }
    }

    /// A label with the defaults above.
    override public init() {}

    /// Interface Builder's content hugging for a label: 251, so that a
    /// label beside a field keeps to its text and the field grows.
    override open var defaultHugging: Double { 251 }

    // MARK: Registration

    /// Registers `Label` as a `View` with `text` (and `textChanged`),
    /// `textColor`, `font`, `textAlignment`, `numberOfLines`,
    /// `lineBreakMode` and `setText`.
    override open class func sceneDescription() -> TypeDescription {
        TypeDescription(
            "Label", summary: "A view that shows text, on one line or wrapped onto several.",
            base: View.sceneDescription(),
            wakes: false, make: { Label() }
        ) { type in
            type.property("text", \.text, changeEvent: true, doc: "The text shown.")
            type.action("setText", String.self, doc: "Shows a text (an event's text payload, such as textChanged's).") {
                $0.text = $1
            }
            type.property(
                "textColor", \.textColor, changeEvent: true, doc: "The text colour; null is the default colour.")
            type.property("font", \.font, changeEvent: true, doc: "The text's font: {size, weight}.")
            type.property(
                "textAlignment", \.textAlignment, changeEvent: true,
                doc: "Where the text sits: left, center, right, natural (left) or justified (left).")
            type.property(
                "numberOfLines", \.numberOfLines, range: 0...1_000_000, changeEvent: true,
                doc: "The most lines the text is drawn on; 0 for as many as it needs and the height holds.")
            type.property(
                "lineBreakMode", \.lineBreakMode, changeEvent: true,
                doc: "How text that does not fit is wrapped and cut: byTruncatingTail (the default), byTruncatingHead, "
                    + "byTruncatingMiddle, byWordWrapping, byCharWrapping or byClipping.")
        }
    }
}

/// How a label breaks and cuts text that does not fit, as UIKit's
/// `NSLineBreakMode`: a label of several lines wraps between words in
/// every mode but `byCharWrapping`; the mode says what the last line shown
/// becomes when the text takes more lines than the label shows.
public enum LineBreakMode: String, Sendable, CaseIterable, SceneEnum {
    /// Wrapped between words; what does not fit is cut after a word.
    case byWordWrapping
    /// Wrapped between characters; what does not fit is cut after a character.
    case byCharWrapping
    /// Cut at the label's edge.
    case byClipping
    /// The start of the last line replaced by `…`.
    case byTruncatingHead
    /// The end of the last line replaced by `…`: the default.
    case byTruncatingTail
    /// The middle of the last line replaced by `…`.
    case byTruncatingMiddle
}
