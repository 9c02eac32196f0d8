/// An sRGB colour with 8-bit channels.
///
///     Color(parsing: "#E44F72")   // Color(red: 0xE4, green: 0x4F, blue: 0x72)
///     Color(parsing: "lightGray")
public struct Color: Sendable, Hashable, CustomStringConvertible {
    /// The red channel, 0 to 255.
    ///
    ///     Color(parsing: "#E44F72")?.red   // 0xE4
    public var red: UInt8
    /// The green channel, 0 to 255.
    ///
    ///     Color(parsing: "#E44F72")?.green   // 0x4F
    public var green: UInt8
    /// The blue channel, 0 to 255.
    ///
    ///     Color(parsing: "#E44F72")?.blue   // 0x72
    public var blue: UInt8
    /// The opacity, 0 (transparent) to 255 (opaque).
    ///
    ///     Color.clear.alpha   // 0
    public var alpha: UInt8

    /// Creates a colour from its channels; alpha defaults to opaque.
    ///
    ///     Color(red: 0x2F, green: 0x6F, blue: 0xDE)
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

    /// Opaque black.
    ///
    ///     view.backgroundColor = .black
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Opaque white.
    ///
    ///     view.backgroundColor = .white
    public static let white = Color(red: 255, green: 255, blue: 255)
    /// Transparent black.
    ///
    ///     view.backgroundColor = .clear
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    /// Opaque light grey, `#AAAAAA`.
    ///
    ///     view.backgroundColor = .lightGray
    public static let lightGray = Color(red: 170, green: 170, blue: 170)

    /// Parses `#RRGGBB`, `#RRGGBBAA` (either case) or a name from ``named``.
    ///
    ///     Color(parsing: "#1F4FA8")
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
    ///
    ///     Color(red: 0x1F, green: 0x4F, blue: 0xA8).description   // "#1F4FA8"
    public var description: String {
        if let entry = Color.named.first(where: { $0.color == self }) { return entry.name }
        func hex(_ value: UInt8) -> String {
            let digits = String(value, radix: 16, uppercase: true)
            return digits.count == 1 ? "0" + digits : digits
        }
        return "#" + hex(red) + hex(green) + hex(blue) + (alpha == 255 ? "" : hex(alpha))
    }

    /// The colour `fraction` of the way from `self` to `other` (0 is
    /// `self`, 1 is `other`): each channel (alpha included) blended
    /// linearly and rounded.
    ///
    ///     Color.black.interpolated(to: .white, fraction: 0.5)   // #808080
    public func interpolated(to other: Color, fraction: Double) -> Color {
        func channel(_ a: UInt8, _ b: UInt8) -> UInt8 {
            let value = (Double(a) + (Double(b) - Double(a)) * fraction).rounded()
            return UInt8(Swift.min(Swift.max(value, 0), 255))
        }
        return Color(
            red: channel(red, other.red), green: channel(green, other.green), blue: channel(blue, other.blue),
            alpha: channel(alpha, other.alpha))
    }
}
