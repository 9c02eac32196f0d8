import SceneDrawing

extension View {
    /// The standard controls' text, as their looks draw it: a
    /// button's title, a label's text (on its lines), a text field's text (dots when
    /// secure) or placeholder, inside its 8-point margins, each at the
    /// control's `font`.
    package var textToFit: TextToFit? {
        switch self {
        case let button as Button:
            TextToFit(member: "title", text: button.title, fontSize: button.font.size, weight: button.font.weight)
        case let label as Label:
            label.labelTextToFit
        case let field as TextField:
            if field.text.isEmpty {
                TextToFit(
                    member: "placeholder", text: field.placeholder, fontSize: field.font.size,
                    weight: field.font.weight, insets: 16)
            } else {
                TextToFit(
                    member: "text",
                    text: field.secure ? String(repeating: "\u{2022}", count: min(field.text.count, 64)) : field.text,
                    fontSize: field.font.size, weight: field.font.weight, insets: 16)
            }
        default: nil
        }
    }
}

extension Label {
    /// The label's text, with its lines and how it breaks them.
    var labelTextToFit: TextToFit {
        var text = TextToFit(member: "text", text: text, fontSize: font.size, weight: font.weight)
        text.numberOfLines = numberOfLines
        text.lineBreak = lineBreakMode.textLayoutBreak
        return text
    }
}
