import SceneCore

/// The font metric that text is measured with: the advance widths, kerning
/// and line height of Inter, the font pictures name, so that a title is laid
/// out in the room it is drawn in, and a scene lays out the same on every
/// machine, whatever fonts it has.
///
/// The numbers are Inter's own, read from its font files for each of its
/// nine weights (``FontWeight``) by `scripts/font-metrics.py`: every
/// character of Basic Latin, Latin-1, Latin Extended-A, General Punctuation
/// and the currency symbols has its advance, and pairs of ASCII characters
/// their kerning (an accented letter kerns as its base letter). Characters
/// Inter does not draw are measured as the fonts that draw them do: wide
/// East Asian characters one em and Hangul 0.92 em (Noto Sans CJK), emoji
/// 1.245 em (Noto Color Emoji: every character drawn as an emoji unless
/// asked otherwise, Unicode's `Emoji_Presentation`); marks that combine with the previous
/// character, format and control characters take no room; any other
/// character 0.6 em. A line is Inter's ascender plus descender high (1.21
/// em), with its baseline at the ascender (0.97 em below its top). Text is
/// one line: a line break measures as a space.
///
///     TextMetrics.width(of: "Play", fontSize: 17)                  // 32.19
///     TextMetrics.width(of: "Play", fontSize: 17, weight: .bold)   // 34.06
///     TextMetrics.lineHeight(fontSize: 17)                         // 20.57
///
/// A picture drawn where Inter is not installed falls back to DejaVu Sans,
/// which is about 6% wider: its text then runs past the room measured
/// for it (docs/CommandLine.md, "Text: the font pictures name").
public enum TextMetrics {
    /// The font size of text that does not choose one: 17 points.
    public static let defaultFontSize: Double = 17

    /// The height of a line of text: Inter's ascender, descender and line
    /// gap, 1.21 em.
    public static func lineHeight(fontSize: Double) -> Double {
        Double(FontTable.ascender + FontTable.descender + FontTable.lineGap) * fontSize
            / Double(FontTable.unitsPerEm)
    }

    /// How far below a line's top its baseline is: Inter's ascender, 0.97 em
    /// (with half the line gap above it).
    public static func baseline(fontSize: Double) -> Double {
        (Double(FontTable.ascender) + Double(FontTable.lineGap) / 2) * fontSize / Double(FontTable.unitsPerEm)
    }

    /// The width of `text` on one line at `fontSize`, in the regular weight.
    ///
    /// - Complexity: O(n) in the number of Unicode scalars of `text`.
    public static func width(of text: String, fontSize: Double) -> Double {
        width(of: text, fontSize: fontSize, weight: .regular)
    }

    /// The width of `text` on one line at `fontSize` in `weight`: the sum
    /// of its characters' advances and its pairs' kerning.
    ///
    /// - Complexity: O(n) in the number of Unicode scalars of `text`, one
    ///   array lookup each.
    public static func width(of text: String, fontSize: Double, weight: FontWeight) -> Double {
        Double(units(of: text, table: weight.table)) * fontSize / Double(FontTable.unitsPerEm)
    }

    /// The size of `text` on one line at `fontSize`, in the regular weight.
    public static func size(of text: String, fontSize: Double) -> Size {
        size(of: text, fontSize: fontSize, weight: .regular)
    }

    /// The size of `text` on one line at `fontSize` in `weight`.
    public static func size(of text: String, fontSize: Double, weight: FontWeight) -> Size {
        Size(width: width(of: text, fontSize: fontSize, weight: weight), height: lineHeight(fontSize: fontSize))
    }

    /// The width of `text` in font units.
    static func units(of text: String, table: FontTable) -> Int {
        let advances = table.advances
        let kerning = table.kerning
        let side = FontTable.kerningSide
        var units = 0
        // The kerning index of the last character that took room, or -1
        // when it kerns with nothing: a mark between two letters leaves
        // their pair kerned, as the font's kerning skips marks.
        var previous = -1
        for scalar in text.unicodeScalars {
            let value = scalar.value
            var current = -1
            if value >= 0x20 && value < 0x7F {
                current = Int(truncatingIfNeeded: value &- 0x20)
                units += Int(truncatingIfNeeded: advances[current])
            } else if value == 0x0A || value == 0x0D || value == 0x09 {
                current = 0
                units += Int(truncatingIfNeeded: advances[0])
            } else if let index = FontTable.index(of: value) {
                let advance = Int(truncatingIfNeeded: advances[index])
                if advance == 0 { continue }
                units += advance
                if value >= 0xA0 && value < 0x180 {
                    let base = FontTable.kerningBases[Int(truncatingIfNeeded: value &- 0xA0)]
                    if base != 0 { current = Int(truncatingIfNeeded: base &- 0x20) }
                }
            } else {
                let advance = otherAdvance(of: scalar)
                if advance == 0 { continue }
                units += advance
            }
            if previous >= 0 && current >= 0 {
                units += Int(truncatingIfNeeded: kerning[previous &* side &+ current])
            }
            previous = current
        }
        return units
    }

    /// The advance, in font units, of a character outside the table's
    /// ranges: by the class of the fallback font that draws it.
    private static func otherAdvance(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x300 { return value < 0xA0 ? 0 : otherUnits }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        switch value {
        case 0x1100...0x115F, 0x3130...0x318F, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xD7B0...0xD7FF:
            return FontTable.hangulAdvance
        case 0x2E80...0x312F, 0x3190...0xA4CF, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return FontTable.wideAdvance
        case 0x1F1E6...0x1F1FF:
            // Two regional indicators draw one flag.
            return FontTable.emojiAdvance / 2
        case 0x1F3FB...0x1F3FF:
            // A skin tone joins the emoji before it.
            return 0
        default:
            // What is drawn as an emoji by default (U+1F600, and U+26BD
            // as much), from the colour emoji font.
            return scalar.properties.isEmojiPresentation ? FontTable.emojiAdvance : otherUnits
        }
    }

    /// The advance of a character of no known class: 0.6 em.
    private static let otherUnits = FontTable.unitsPerEm * 6 / 10
}
