import SceneCore
import SceneOutput

/// How numbers, colours and text are written into a picture: the same bytes
/// for the same drawing on every run and every machine.
///
/// Each is written as bytes onto the end of a buffer (what ``SVGOutput``
/// builds a picture with, without making a string for every number), and
/// as a string from those bytes.
enum SVGText {
    /// The largest coordinate written; beyond it a value is clamped (a view
    /// a billion points away is off every picture anyway).
    static let maxMagnitude: Double = 1_000_000_000

    /// `value` rounded to hundredths, without trailing zeros, never `-0`,
    /// `0` for a value that is not a number: `12`, `12.5`, `-0.25`.
    static func number(_ value: Double) -> String {
        var bytes: [UInt8] = []
        appendNumber(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `value` in hundredths, as ``number(_:)`` writes it: rounded, within
    /// ``maxMagnitude``, 0 for a value that is not a number.
    static func hundredths(_ value: Double) -> Int64 {
        guard value.isFinite else { return 0 }
        let clamped = min(max(value, -maxMagnitude), maxMagnitude)
        return Int64(clamping: clamped * 100, rounding: .toNearestOrAwayFromZero)
    }

    /// Writes ``number(_:)`` onto the end of `bytes`.
    static func appendNumber(_ value: Double, to bytes: inout [UInt8]) {
        let hundredths = hundredths(value)
        if hundredths == 0 {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        if hundredths < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = hundredths.magnitude
        appendDigits(of: magnitude / 100, to: &bytes)
        let fraction = magnitude % 100
        if fraction == 0 { return }
        bytes.append(UInt8(ascii: "."))
        bytes.append(digit(fraction / 10))
        if fraction % 10 != 0 { bytes.append(digit(fraction % 10)) }
    }

    /// Writes `whole` in decimal, at most 20 digits.
    private static func appendDigits(of whole: UInt64, to bytes: inout [UInt8]) {
        var divisor: UInt64 = 1
        // At most 19 steps: 10^19 is the largest power of ten in a UInt64.
        while divisor <= whole / 10 { divisor &*= 10 }
        repeat {
            bytes.append(digit(whole / divisor % 10))
            divisor /= 10
        } while divisor > 0
    }

    /// The ASCII digit of `value`, 0...9.
    @inline(__always)
    private static func digit(_ value: UInt64) -> UInt8 {
        UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value)
    }

    /// `#RRGGBB`, lower case.
    static func rgb(_ color: Color) -> String {
        var bytes: [UInt8] = []
        appendRGB(color, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes ``rgb(_:)`` onto the end of `bytes`.
    static func appendRGB(_ color: Color, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "#"))
        appendHex(color.red, to: &bytes)
        appendHex(color.green, to: &bytes)
        appendHex(color.blue, to: &bytes)
    }

    /// Writes `channel` as two lower-case hexadecimal digits.
    @inline(__always)
    private static func appendHex(_ channel: UInt8, to bytes: inout [UInt8]) {
        bytes.append(hexDigit(channel >> 4))
        bytes.append(hexDigit(channel & 0x0F))
    }

    /// The lower-case hexadecimal digit of `value`, 0...15.
    @inline(__always)
    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") &+ value : UInt8(ascii: "a") &+ (value &- 10)
    }

    /// A colour as attribute text: ` fill="#rrggbb"`, with a
    /// `fill-opacity` when it is not opaque (`attribute` is `fill` or
    /// `stroke`).
    static func paint(_ attribute: StaticString, _ color: Color) -> String {
        var bytes: [UInt8] = []
        appendPaint(attribute, color, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes ``paint(_:_:)`` onto the end of `bytes`.
    static func appendPaint(_ attribute: StaticString, _ color: Color, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: " "))
        append(attribute, to: &bytes)
        append("=\"", to: &bytes)
        appendRGB(color, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
        guard color.alpha != 255 else { return }
        bytes.append(UInt8(ascii: " "))
        append(attribute, to: &bytes)
        append("-opacity=\"", to: &bytes)
        appendNumber(Double(color.alpha) / 255, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// A weight as attribute text: ` font-weight="600"`, nothing for
    /// ``FontWeight/regular``, the document's own.
    static func fontWeight(_ weight: FontWeight) -> String {
        var bytes: [UInt8] = []
        appendFontWeight(weight, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes ``fontWeight(_:)`` onto the end of `bytes`.
    static func appendFontWeight(_ weight: FontWeight, to bytes: inout [UInt8]) {
        guard weight != .regular else { return }
        append(" font-weight=\"", to: &bytes)
        appendDigits(of: UInt64(truncatingIfNeeded: weight.cssValue), to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Writes the bytes of `text` onto the end of `bytes`.
    @inline(__always)
    static func append(_ text: StaticString, to bytes: inout [UInt8]) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// The text a picture draws for `text`, as ``TextMetrics`` measures
    /// it: a control character (but tab and the line breaks, drawn as
    /// spaces), which takes no room, is left out, and a noncharacter is
    /// drawn as U+FFFD, the replacement character, in the room measured for
    /// it. A report writes either by its code (`\u{85}`,
    /// ``MarkupText/isWrittenByCode(_:)``); drawn, that code would be text
    /// the control does not show.
    ///
    ///     SVGText.drawn("a\u{85}b\u{10FFFF}")   // "ab\u{FFFD}"
    static func drawn(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: MarkupText.isWrittenByCode) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if !MarkupText.isWrittenByCode(scalar) {
                result.append(scalar)
            } else if scalar.properties.generalCategory != .control {
                result.append("\u{FFFD}")
            }
        }
        return String(result)
    }

    /// The fonts a picture names for its text, first to last: Inter, which
    /// ``TextMetrics`` measures; DejaVu Sans, a last resort where Inter is
    /// not installed (about 6% wider than measured); then Helvetica and
    /// Arial, for a viewer that has neither.
    static let fontFamily = "Inter, DejaVu Sans, Helvetica, Arial, sans-serif"
}
