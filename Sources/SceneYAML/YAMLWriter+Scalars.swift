/// Scalars written so that any YAML reader gives back exactly the string
/// written: plain when that is safe, double-quoted otherwise.
extension YAMLWriter {
    /// `text` as a YAML scalar that reads back as exactly `text`: plain
    /// when both a YAML 1.2 reader and a YAML 1.1 one read it as that very
    /// string (see ``isPlainSafe(_:)``), else double-quoted
    /// (``doubleQuoted(_:)``). Safe in block and in flow context.
    ///
    ///     YAMLWriter.scalar("play button")  // play button
    ///     YAMLWriter.scalar("yes")          // "yes"
    ///     YAMLWriter.scalar("1e3")          // "1e3"
    ///     YAMLWriter.scalar("a: b")         // "a: b"
    ///
    /// - Complexity: O(*n*) in the length of `text`.
    public static func scalar(_ text: String) -> String {
        isPlainSafe(text) ? text : doubleQuoted(text)
    }

    /// `text` as a mapping key that reads back as exactly `text`, by the
    /// same rule as ``scalar(_:)``: `title` stays plain, `on` and `a b:`
    /// are quoted.
    ///
    ///     YAMLWriter.key("volume.value")  // volume.value
    ///     YAMLWriter.key("on")            // "on"
    ///
    /// - Complexity: O(*n*) in the length of `text`.
    public static func key(_ text: String) -> String { scalar(text) }

    /// `text` as a YAML double-quoted scalar that reads back as exactly
    /// `text`: `"` and `\` escaped, and every character a reader would not
    /// keep as it is written by its code: control characters (C0, DEL and
    /// C1, NEL among them) as `\xNN`; the line and paragraph separators
    /// (which YAML 1.1 reads as line breaks), the byte order mark and the
    /// non-characters U+FFFE and U+FFFF as `\uNNNN`. Leading and trailing
    /// spaces, `#` and `: ` are safe inside the quotes. Swift strings hold
    /// no lone surrogate, so none is ever written.
    ///
    ///     YAMLWriter.doubleQuoted("say \"hi\"\n")  // "say \"hi\"\x0A"
    ///     YAMLWriter.doubleQuoted("a\u{2028}b")    // "a\u2028b"
    ///
    /// - Complexity: O(*n*) in the length of `text`.
    public static func doubleQuoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x22: result += "\\\""
            case 0x5C: result += "\\\\"
            case 0x00..<0x20, 0x7F...0x9F: result += "\\x" + hex(scalar.value, digits: 2)
            case 0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF: result += "\\u" + hex(scalar.value, digits: 4)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// Whether `text` may be written as a plain scalar, in block or flow
    /// context, and read back as exactly `text` by a YAML 1.2 reader (core
    /// schema) and a YAML 1.1 one. It may not when it:
    ///
    /// - is empty, or starts or ends with a space;
    /// - starts with an indicator (`- ? : , [ ] { } # & * ! | > ' " % @` and
    ///   the backquote), or with what starts a number, a special float or
    ///   a 1.1 key (a digit, `+`, `.`, `=`, `<`, `~`);
    /// - holds `:` (`: `, a trailing colon, 1.1's base-60 `1:30`), ` #`, a
    ///   flow indicator (`, [ ] { }`), a control character, NEL, the line
    ///   or paragraph separator, the byte order mark or U+FFFE or U+FFFF;
    /// - is a word YAML 1.1 or 1.2 reads as a boolean or null, in any
    ///   case: `y`, `n`, `yes`, `no`, `true`, `false`, `on`, `off`, `null`.
    ///
    /// The rule errs on the side of quoting: every string it refuses is
    /// still written exactly, double-quoted.
    ///
    ///     YAMLWriter.isPlainSafe("playPause.tap")  // true
    ///     YAMLWriter.isPlainSafe("0x1F")           // false
    ///     YAMLWriter.isPlainSafe("Off")            // false
    ///
    /// - Complexity: O(*n*) in the length of `text`.
    public static func isPlainSafe(_ text: String) -> Bool {
        let scalars = text.unicodeScalars
        guard let first = scalars.first, let last = scalars.last, last != " " else { return false }
        if first.isASCII && refusedFirst[Int(first.value)] { return false }
        var previous: Unicode.Scalar = " "
        for scalar in scalars {
            switch scalar.value {
            case 0x00..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF: return false
            case 0x3A, 0x2C, 0x5B, 0x5D, 0x7B, 0x7D: return false  // : , [ ] { }
            case 0x23 where previous == " ": return false  // " #" starts a comment
            default: break
            }
            previous = scalar
        }
        return scalars.count > 5 || !booleanOrNullWords.contains(text.lowercased())
    }

    /// The ASCII characters a plain scalar must not start with, by code.
    private static let refusedFirst: [Bool] = {
        var refused = [Bool](repeating: false, count: 128)
        for scalar in " -?:,[]{}#&*!|>'\"%@`0123456789+.=<~".unicodeScalars { refused[Int(scalar.value)] = true }
        return refused
    }()

    /// The words YAML 1.1 or 1.2 read as a boolean or null (lowercased).
    private static let booleanOrNullWords: Set<String> = ["y", "n", "yes", "no", "true", "false", "on", "off", "null"]

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
