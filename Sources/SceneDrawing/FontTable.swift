/// One weight of Inter as the layout measures it: the advance of each
/// character of ``ranges`` and the kerning of pairs of printable ASCII
/// characters, in font units (``unitsPerEm`` to an em).
///
/// The numbers are read from the font files by `scripts/font-metrics.py`,
/// which writes them into `Fonts/` and which CI runs with `--check` against
/// the installed fonts (docs/CommandLine.md, "Text: the font pictures name").
struct FontTable: Sendable {
    /// The advance of each character of ``ranges``, in their order, 0 for
    /// one that takes no room (a combining mark, a format or control
    /// character).
    let advances: [UInt16]
    /// The kerning of each pair of characters from U+0020 to U+007F, at
    /// `(left - 0x20) * 96 + (right - 0x20)`.
    let kerning: [Int16]

    /// A table from its advances and its kerning pairs as the script writes
    /// them: tokens apart by white space, each the two characters then the
    /// adjustment in font units (`AV-150`).
    init(advances: [UInt16], kerning pairs: String) {
        self.advances = advances
        var kerning = [Int16](repeating: 0, count: Self.kerningSide * Self.kerningSide)
        for token in pairs.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            let scalars = Array(token.unicodeScalars)
            guard scalars.count > 2, let left = Self.kerningIndex(ascii: scalars[0].value),
                let right = Self.kerningIndex(ascii: scalars[1].value),
                let value = Int16(exactly: Double(String(String.UnicodeScalarView(scalars[2...]))) ?? .nan)
            else { continue }
            kerning[left * Self.kerningSide + right] = value
        }
        self.kerning = kerning
    }

    /// The characters kerned: U+0020 to U+007F.
    static let kerningSide = 96

    /// The kerning index of an ASCII character, or `nil`.
    static func kerningIndex(ascii value: UInt32) -> Int? {
        value >= 0x20 && value < 0x80 ? Int(truncatingIfNeeded: value &- 0x20) : nil
    }

    /// Where in ``advances`` the character `value` is, or `nil` when it is
    /// not in ``ranges``.
    @inline(__always)
    static func index(of value: UInt32) -> Int? {
        var offset = 0
        for range in ranges {
            if value >= range.start && value < range.end {
                return offset + Int(truncatingIfNeeded: value &- range.start)
            }
            offset += Int(truncatingIfNeeded: range.end &- range.start)
        }
        return nil
    }
}
