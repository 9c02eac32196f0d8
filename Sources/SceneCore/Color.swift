/// An sRGB colour with 8-bit channels.
///
///     Color(parsing: "#E44F72")   // Color(red: 0xE4, green: 0x4F, blue: 0x72)
///     Color(parsing: "lightGray")
public struct Color: Sendable, Hashable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    /// Creates a colour from its channels; alpha defaults to opaque.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// The colour names a scene may use, with their values.
    public static let named: [(name: String, color: Color)] = [
        ("black", Color(red: 0, green: 0, blue: 0)),
        ("white", Color(red: 255, green: 255, blue: 255)),
        ("clear", Color(red: 0, green: 0, blue: 0, alpha: 0)),
        ("red", Color(red: 255, green: 0, blue: 0)),
        ("green", Color(red: 0, green: 255, blue: 0)),
        ("blue", Color(red: 0, green: 0, blue: 255)),
        ("gray", Color(red: 128, green: 128, blue: 128)),
        ("lightGray", Color(red: 170, green: 170, blue: 170)),
        ("darkGray", Color(red: 85, green: 85, blue: 85)),
        ("yellow", Color(red: 255, green: 255, blue: 0)),
        ("orange", Color(red: 255, green: 128, blue: 0)),
    ]

    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 255, green: 255, blue: 255)
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    public static let lightGray = Color(red: 170, green: 170, blue: 170)

    /// Parses `#RRGGBB`, `#RRGGBBAA` (either case) or a name from ``named``.
    public init?(parsing text: String) {
        if let entry = Color.named.first(where: { $0.name == text }) {
            self = entry.color
            return
        }
        let utf8 = Array(text.utf8)
        guard utf8.first == UInt8(ascii: "#"), utf8.count == 7 || utf8.count == 9 else { return nil }
        var channels: [UInt8] = []
        var index = 1
        while index < utf8.count {
            guard let high = Color.hexDigit(utf8[index]), let low = Color.hexDigit(utf8[index + 1]) else { return nil }
            channels.append(high << 4 | low)
            index += 2
        }
        self.init(red: channels[0], green: channels[1], blue: channels[2], alpha: channels.count == 4 ? channels[3] : 255)
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The colour's name when it has one, else `#RRGGBB` or `#RRGGBBAA`.
    public var description: String {
        if let entry = Color.named.first(where: { $0.color == self }) { return entry.name }
        func hex(_ value: UInt8) -> String {
            let digits = String(value, radix: 16, uppercase: true)
            return digits.count == 1 ? "0" + digits : digits
        }
        return "#" + hex(red) + hex(green) + hex(blue) + (alpha == 255 ? "" : hex(alpha))
    }
}
