import SceneCore

/// A headless label: a view that shows a line of text.
///
/// YAML keys: those of ``View``, plus `text: String = ""` and
/// `textColor: Color? = null`.
open class Label: View {
    /// The text shown.
    public var text = ""
    /// The text colour; `nil` is the default colour.
    public var textColor: Color?

    /// A label with the defaults above.
    override public init() {}

    // MARK: Registration

    /// Registers `Label` as a `View` with `text` and `textColor`.
    override open class func sceneDescription() -> TypeDescription {
        TypeDescription(
            "Label", summary: "A view that shows a line of text.", base: View.sceneDescription(),
            make: { Label() }
        ) { type in
            type.property("text", \.text, doc: "The text shown.")
            type.property("textColor", \.textColor, doc: "The text colour; null is the default colour.")
        }
    }
}
