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
    package static let named: [(name: String, color: Color)] = [
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
        let utf8 = text.utf8
        guard utf8.first == UInt8(ascii: "#"), utf8.count == 7 || utf8.count == 9 else { return nil }
        // Channels packed as they are read: RRGGBB or RRGGBBAA.
        var value: UInt32 = 0
        for byte in utf8.dropFirst() {
            guard let digit = Color.hexDigit(byte) else { return nil }
            value = value << 4 | UInt32(digit)
        }
        if utf8.count == 7 { value = value << 8 | 0xFF }
        self.init(
            red: UInt8(truncatingIfNeeded: value >> 24), green: UInt8(truncatingIfNeeded: value >> 16),
            blue: UInt8(truncatingIfNeeded: value >> 8), alpha: UInt8(truncatingIfNeeded: value))
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
