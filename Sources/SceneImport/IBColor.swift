/// Interface Builder's `<color>` elements as scene colours (`"#RRGGBB"` or
/// `"#RRGGBBAA"`), in every form the files use: calibrated and device
/// white and RGB, sRGB and gray custom colour spaces (the components are
/// taken as written: the same numbers in another space differ by less
/// than a channel step for most colours), the legacy
/// `cocoaTouchSystemColor` names and the `systemColor` names (the
/// document's own `<systemColor>` resource first, else iOS's light-mode
/// value). Asset colours (`name=`) have no value in the file.
enum IBColor {
    /// What a `<color>` element becomes.
    enum Outcome: Equatable {
        /// A colour, as a scene writes it (`"#FF8000"`).
        case color(String)
        /// A colour the file does not hold (an asset's), with what to say.
        case unavailable(String)
        /// A colour of components beyond 0 to 1 (an extended range's),
        /// each brought to the nearest of 0 and 1, with what to say.
        case clamped(String, String)
    }

    /// The scene colour of `element`, looking `systemColor` names up in
    /// `resources` (the document's `<systemColor name=...>` elements) first.
    static func resolve(_ element: IBElement, resources: [String: IBElement]) -> Outcome {
        if let name = element["systemColor"] {
            if let resource = resources[name], let color = resource.child("color") {
                let outcome = resolve(color, resources: [:])
                if case .unavailable = outcome {} else { return outcome }
            }
            if let value = systemColors[name] { return .color(value) }
            return .unavailable("the system colour '\(name)' is not one the importer knows")
        }
        if let name = element["cocoaTouchSystemColor"] {
            if let value = cocoaTouchColors[name] { return .color(value) }
            return .unavailable("the system colour '\(name)' is not one the importer knows")
        }
        if let name = element["name"] {
            return .unavailable("the asset colour '\(name)' is in the asset catalogue, not in this file")
        }
        let alpha = number(element["alpha"]) ?? 1
        let components: [(String, Double)]
        if let white = number(element["white"]) {
            components = [("white", white), ("alpha", alpha)]
        } else if let red = number(element["red"]), let green = number(element["green"]),
            let blue = number(element["blue"])
        {
            components = [("red", red), ("green", green), ("blue", blue), ("alpha", alpha)]
        } else {
            return .unavailable("the colour has no components the importer reads")
        }
        let value = { (name: String) in components.first { $0.0 == name }?.1 }
        let text =
            components.count == 2
            ? hex(components[0].1, components[0].1, components[0].1, alpha)
            : hex(value("red") ?? 0, value("green") ?? 0, value("blue") ?? 0, alpha)
        let outside = components.filter { !(0...1).contains($0.1) }
        guard !outside.isEmpty else { return .color(text) }
        let listed = outside.map { "'\($0.0)' \(SceneMapper.number($0.1))" }.joined(separator: ", ")
        return .clamped(
            text,
            "the colour's \(listed) \(outside.count == 1 ? "is" : "are") outside 0 to 1, which a scene's colours take; it is taken as \(text)"
        )
    }

    private static func number(_ text: String?) -> Double? {
        guard let text, case .number(let value) = SceneMapper.reading(text) else { return nil }
        return value
    }

    /// `#RRGGBB`, or `#RRGGBBAA` when not opaque; components clamped to 0...1.
    static func hex(_ red: Double, _ green: Double, _ blue: Double, _ alpha: Double) -> String {
        func byte(_ value: Double) -> String {
            let clamped = Int(clamping: (min(max(value, 0), 1) * 255).rounded(.toNearestOrAwayFromZero))
            let text = String(clamped, radix: 16, uppercase: true)
            return text.count == 1 ? "0" + text : text
        }
        let opaque = byte(alpha) == "FF"
        return "#" + byte(red) + byte(green) + byte(blue) + (opaque ? "" : byte(alpha))
    }

    /// The colours of `cocoaTouchSystemColor` (iOS 6 to 12 files).
    static let cocoaTouchColors: [String: String] = [
        "darkTextColor": "#000000", "lightTextColor": "#FFFFFF99", "groupTableViewBackgroundColor": "#EFEFF4",
        "tableCellGroupedBackgroundColor": "#FFFFFF", "viewFlipsideBackgroundColor": "#1F2124",
        "scrollViewTexturedBackgroundColor": "#6F7178", "underPageBackgroundColor": "#B5B5B5",
        "whiteColor": "#FFFFFF", "blackColor": "#000000", "clearColor": "#00000000",
    ]

    /// iOS's light-mode values of the `systemColor` names (Xcode 11 on).
    static let systemColors: [String: String] = [
        "systemBackgroundColor": "#FFFFFF", "secondarySystemBackgroundColor": "#F2F2F7",
        "tertiarySystemBackgroundColor": "#FFFFFF", "systemGroupedBackgroundColor": "#F2F2F7",
        "secondarySystemGroupedBackgroundColor": "#FFFFFF", "tertiarySystemGroupedBackgroundColor": "#F2F2F7",
        "labelColor": "#000000", "secondaryLabelColor": "#3C3C4399", "tertiaryLabelColor": "#3C3C434D",
        "quaternaryLabelColor": "#3C3C432E", "placeholderTextColor": "#3C3C434D", "linkColor": "#007AFF",
        "separatorColor": "#3C3C4349", "opaqueSeparatorColor": "#C6C6C8", "systemFillColor": "#78788033",
        "secondarySystemFillColor": "#78788029", "tertiarySystemFillColor": "#7676801F",
        "quaternarySystemFillColor": "#74748014", "systemBlueColor": "#007AFF", "systemGreenColor": "#34C759",
        "systemIndigoColor": "#5856D6", "systemOrangeColor": "#FF9500", "systemPinkColor": "#FF2D55",
        "systemPurpleColor": "#AF52DE", "systemRedColor": "#FF3B30", "systemTealColor": "#5AC8FA",
        "systemYellowColor": "#FFCC00", "systemGrayColor": "#8E8E93", "systemGray2Color": "#AEAEB2",
        "systemGray3Color": "#C7C7CC", "systemGray4Color": "#D1D1D6", "systemGray5Color": "#E5E5EA",
        "systemGray6Color": "#F2F2F7", "systemMintColor": "#00C7BE", "systemCyanColor": "#32ADE6",
        "systemBrownColor": "#A2845E", "darkTextColor": "#000000", "lightTextColor": "#FFFFFF99",
        "groupTableViewBackgroundColor": "#F2F2F7", "tintColor": "#007AFF", "whiteColor": "#FFFFFF",
        "blackColor": "#000000", "clearColor": "#00000000",
    ]
}
