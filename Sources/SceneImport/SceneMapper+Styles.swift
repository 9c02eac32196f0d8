import SceneCore

extension SceneMapper {
    /// The colours of a control's look that a standard type takes, by
    /// Interface Builder's key: a button's tint, a switch's on colour, a
    /// slider's track, a spinner's colour.
    static let styleColorKeys: [String: String] = [
        "tintColor": "tintColor", "onTintColor": "tintColor", "minimumTrackTintColor": "tintColor",
        "color": "color",
    ]

    /// Sets the property of `styleColorKeys` that `color`'s key names
    /// when the object's type takes it; `false` when it does not, for the
    /// caller to count it.
    mutating func styleColor(_ color: IBElement, into object: inout ImportedObject) -> Bool {
        guard let key = color["key"], let name = Self.styleColorKeys[key],
            let property = object.type.property(named: name), !property.isReadOnly
        else { return false }
        if let value = self.color(color) { set(&object, name, value, at: color) }
        return true
    }

    /// What Interface Builder says of a control's look: a button's style
    /// (its configuration's, or the system button's plain), a label's,
    /// button's or field's font and alignment, a spinner's style.
    mutating func styleProperties(of element: IBElement, into object: inout ImportedObject) {
        if let font = element.children(named: "fontDescription").first(where: Self.isSystemFont) {
            fontProperty(font, into: &object)
        }
        switch element.name {
        case "label", "textField":
            if let alignment = element["textAlignment"] {
                set(&object, "textAlignment", .string(alignment), at: element)
            }
            if element.name == "label" { labelLines(of: element, into: &object) }
        case "button":
            if let configuration = element.child("buttonConfiguration"), let style = configuration["style"] {
                set(&object, "style", .string(style), at: configuration)
            }
            let alignments = [
                "left": "left", "leading": "left", "center": "center", "right": "right", "trailing": "right",
            ]
            if let alignment = element["contentHorizontalAlignment"].flatMap({ alignments[$0] }), alignment != "center"
            {
                set(&object, "textAlignment", .string(alignment), at: element)
            }
        case "activityIndicatorView":
            if let style = element["style"] {
                let large = style == "large" || style == "whiteLarge"
                if large { set(&object, "style", .string("large"), at: element) }
            }
        default:
            break
        }
    }

    /// Interface Builder's names of the line-break modes, with the scene's.
    static let lineBreakModes: [String: String] = [
        "wordWrap": "byWordWrapping", "characterWrap": "byCharWrapping", "clip": "byClipping",
        "headTruncation": "byTruncatingHead", "tailTruncation": "byTruncatingTail",
        "middleTruncation": "byTruncatingMiddle",
    ]

    /// A label's `numberOfLines` and `lineBreakMode`, UIKit's defaults (1,
    /// tail truncation) left out; a value Interface Builder does not write
    /// is warned about.
    private mutating func labelLines(of element: IBElement, into object: inout ImportedObject) {
        if let text = element["numberOfLines"], text != "1" {
            if case .number(let lines) = Self.reading(text), lines == lines.rounded() {
                set(&object, "numberOfLines", .number(lines), at: element)
            } else {
                warn(
                    .attributeNotImported,
                    "the label's 'numberOfLines' is '\(Self.shown(text))', not a whole number; it is not carried over",
                    at: element)
            }
        }
        if let mode = element["lineBreakMode"], mode != "tailTruncation" {
            if let name = Self.lineBreakModes[mode] {
                set(&object, "lineBreakMode", .string(name), at: element)
            } else {
                warn(
                    .attributeNotImported,
                    "the label's 'lineBreakMode' is '\(Self.shown(mode))', not one of Interface Builder's "
                        + "(\(Self.lineBreakModes.keys.sorted().joined(separator: ", "))); it is not carried over",
                    at: element)
            }
        }
    }

    /// Whether `font` is the `<fontDescription>` of the system font
    /// (`type="system"`, with or without a `weight`, or `boldSystem`),
    /// the one font a scene's `font:` takes; any other is counted as not
    /// carried over.
    static func isSystemFont(_ font: IBElement) -> Bool {
        font.name == "fontDescription" && font["key"] == "fontDescription"
            && (font["type"] == "system" || font["type"] == "boldSystem")
    }

    /// `font: {size, weight}` from the system font's `<fontDescription>`.
    private mutating func fontProperty(_ font: IBElement, into object: inout ImportedObject) {
        let weight = font["type"] == "boldSystem" ? "bold" : font["weight"] ?? "regular"
        guard let text = font["pointSize"], case .number(let size) = Self.reading(text), size >= 1, size <= 1_000
        else {
            let written = font["pointSize"].map { "'\(Self.shown($0))'" } ?? "missing"
            warn(
                .attributeNotImported,
                "the font's 'pointSize' is \(written), not a size from 1 to 1000; it is not carried over", at: font)
            return
        }
        guard FontNames.weights.contains(weight) else {
            warn(
                .attributeNotImported, "the font's weight '\(weight)' is not one of UIFont's; it is not carried over",
                at: font)
            return
        }
        set(&object, "font", .record("{size: \(Self.length(size)), weight: \(weight)}"), at: font)
    }
}

/// The font weights a scene takes, as UIFont names them.
enum FontNames {
    static let weights: Set<String> = [
        "ultraLight", "thin", "light", "regular", "medium", "semibold", "bold", "heavy", "black",
    ]
}
