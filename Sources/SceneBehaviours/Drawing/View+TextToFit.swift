import SceneDrawing

extension View {
    /// The standard controls' line of text, as their looks draw it: a
    /// button's title, a label's text, a text field's text (dots when
    /// secure) or placeholder, inside its 8-point margins.
    package var textToFit: TextToFit? {
        switch self {
        case let button as Button: TextToFit(member: "title", text: button.title)
        case let label as Label: TextToFit(member: "text", text: label.text)
        case let field as TextField:
            if field.text.isEmpty {
                TextToFit(member: "placeholder", text: field.placeholder, insets: 16)
            } else {
                TextToFit(
                    member: "text",
                    text: field.secure ? String(repeating: "\u{2022}", count: min(field.text.count, 64)) : field.text,
                    insets: 16)
            }
        default: nil
        }
    }
}
