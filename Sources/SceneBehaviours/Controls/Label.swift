import SceneCore

/// A headless label: a view that shows a line of text.
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

    /// A label with the defaults above.
    override public init() {}

    // MARK: Registration

    /// Registers `Label` as a `View` with `text` (and `textChanged`),
    /// `textColor`, `font`, `textAlignment` and `setText`.
    override open class func sceneDescription() -> TypeDescription {
        TypeDescription(
            "Label", summary: "A view that shows a line of text.", base: View.sceneDescription(),
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
        }
    }
}
