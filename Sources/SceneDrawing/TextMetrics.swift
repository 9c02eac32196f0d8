import SceneCore

/// The built-in font metric that text is measured with, so that a scene lays
/// out and draws the same on every machine, whatever fonts it has.
///
/// Widths are fixed per character, in thousandths of the font size, from a
/// small table: ASCII letters, digits and punctuation have their own widths
/// (a sans-serif's proportions: `i` narrow, `m` and `W` wide); marks that
/// combine with the previous character and control characters take no
/// room; wide East Asian characters and emoji take a whole em; any other
/// character 0.6 em. A line is 1.2 em high, with its baseline 0.8 em below
/// its top. Text is one line: a line break measures as a space.
///
///     TextMetrics.width(of: "Play", fontSize: 17)   // 32.64
///     TextMetrics.lineHeight(fontSize: 17)          // 20.4
///
/// Pictures name a sans-serif font for the viewer to draw with, so glyphs
/// may be a little wider or narrower than measured; the layout does not
/// change with them.
public enum TextMetrics {
    /// The font size of text that does not choose one: 17 points.
    public static let defaultFontSize: Double = 17

    /// The height of a line of text, 1.2 em.
    public static func lineHeight(fontSize: Double) -> Double { fontSize * 1.2 }

    /// How far below a line's top its baseline is, 0.8 em.
    public static func baseline(fontSize: Double) -> Double { fontSize * 0.8 }

    /// The width of `text` on one line at `fontSize`.
    ///
    /// - Complexity: O(n) in the number of Unicode scalars of `text`.
    public static func width(of text: String, fontSize: Double) -> Double {
        var thousandths = 0
        for scalar in text.unicodeScalars { thousandths += advance(of: scalar) }
        return Double(thousandths) * fontSize / 1000
    }

    /// The width of `text` on one line at `fontSize` and `weight`.
    ///
    /// Provisional: the regular width scaled by how much wider a heavier
    /// weight draws (bold 6% wider, light 2% narrower), until the table
    /// holds each weight's own advances.
    public static func width(of text: String, fontSize: Double, weight: FontWeight) -> Double {
        let scale: Double
        switch weight {
        case .ultraLight, .thin: scale = 0.96
        case .light: scale = 0.98
        case .regular: scale = 1
        case .medium: scale = 1.02
        case .semibold: scale = 1.04
        case .bold: scale = 1.06
        case .heavy, .black: scale = 1.08
        }
        return width(of: text, fontSize: fontSize) * scale
    }

    /// The size of `text` on one line at `fontSize`.
    public static func size(of text: String, fontSize: Double) -> Size {
        Size(width: width(of: text, fontSize: fontSize), height: lineHeight(fontSize: fontSize))
    }

    /// The advance of one scalar, in thousandths of an em.
    static func advance(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value >= 0x20, value < 0x7F {
            return Int(truncatingIfNeeded: asciiAdvances[Int(truncatingIfNeeded: value) - 0x20])
        }
        if value == 0x0A || value == 0x0D || value == 0x09 { return Int(truncatingIfNeeded: asciiAdvances[0]) }
        if value < 0xA0 { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        return isWide(value) ? 1000 : 600
    }

    /// Wide East Asian characters and emoji: Hangul jamo and syllables, CJK
    /// ideographs, kana, full-width forms, pictographs.
    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
            0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1FAFF, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// Advances of the printable ASCII characters, space to tilde.
    private static let asciiAdvances: [UInt16] = [
        // space ! " # $ % & ' ( ) * + , - . /
        280, 280, 360, 560, 560, 880, 680, 200, 340, 340, 400, 580, 280, 340, 280, 300,
        // 0-9
        560, 560, 560, 560, 560, 560, 560, 560, 560, 560,
        // : ; < = > ? @
        280, 280, 580, 580, 580, 520, 1000,
        // A-Z
        680, 680, 720, 720, 620, 600, 760, 720, 280, 500, 680, 560, 840,
        720, 760, 640, 760, 700, 640, 600, 720, 660, 940, 660, 660, 600,
        // [ \ ] ^ _ `
        300, 300, 300, 480, 560, 340,
        // a-z
        540, 560, 500, 560, 540, 320, 560, 560, 240, 240, 500, 240, 840,
        560, 560, 560, 560, 340, 500, 320, 560, 500, 740, 500, 500, 480,
        // { | } ~
        340, 260, 340, 580,
    ]
}
