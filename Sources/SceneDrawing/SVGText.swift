import SceneCore

/// How numbers, colours and text are written into a picture: the same bytes
/// for the same drawing on every run and every machine.
enum SVGText {
    /// The largest coordinate written; beyond it a value is clamped (a view
    /// a billion points away is off every picture anyway).
    static let maxMagnitude: Double = 1_000_000_000

    /// `value` rounded to hundredths, without trailing zeros, never `-0`,
    /// `0` for a value that is not a number: `12`, `12.5`, `-0.25`.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let clamped = min(max(value, -maxMagnitude), maxMagnitude)
        let hundredths = Int64(clamping: clamped * 100, rounding: .toNearestOrAwayFromZero)
        if hundredths == 0 { return "0" }
        let magnitude = hundredths.magnitude
        let whole = magnitude / 100
        let fraction = magnitude % 100
        let sign = hundredths < 0 ? "-" : ""
        if fraction == 0 { return "\(sign)\(whole)" }
        if fraction % 10 == 0 { return "\(sign)\(whole).\(fraction / 10)" }
        return "\(sign)\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// `#RRGGBB`, lower case.
    static func rgb(_ color: Color) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = [UInt8(ascii: "#")]
        for channel in [color.red, color.green, color.blue] {
            bytes.append(digits[Int(truncatingIfNeeded: channel >> 4)])
            bytes.append(digits[Int(truncatingIfNeeded: channel & 0x0F)])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A colour as attribute text: ` fill="#rrggbb"`, with a
    /// `fill-opacity` when it is not opaque (`attribute` is `fill` or
    /// `stroke`).
    static func paint(_ attribute: String, _ color: Color) -> String {
        let base = " \(attribute)=\"\(rgb(color))\""
        if color.alpha == 255 { return base }
        return base + " \(attribute)-opacity=\"\(number(Double(color.alpha) / 255))\""
    }

    /// A weight as attribute text: ` font-weight="600"`, nothing for
    /// ``FontWeight/regular``, the document's own.
    static func fontWeight(_ weight: FontWeight) -> String {
        weight == .regular ? "" : " font-weight=\"\(weight.cssValue)\""
    }

    /// The fonts a picture names for its text, first to last: Inter, which
    /// ``TextMetrics`` measures; DejaVu Sans, a last resort where Inter is
    /// not installed (about 6% wider than measured); then Helvetica and
    /// Arial, for a viewer that has neither.
    static let fontFamily = "Inter, DejaVu Sans, Helvetica, Arial, sans-serif"
}
