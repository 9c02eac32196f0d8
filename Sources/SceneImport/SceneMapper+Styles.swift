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
