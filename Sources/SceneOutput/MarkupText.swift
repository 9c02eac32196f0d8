/// Text made safe for XML, HTML and SVG (a JUnit report, a timeline or
/// comparison page, a picture, a Graphviz label), by one rule:
///
/// - `&`, `<`, `>`, `"` and `'` are written as `&amp;`, `&lt;`, `&gt;`,
///   `&quot;` and `&#39;` (a reference every one of the three reads the
///   same; HTML 4 has no `&apos;`), in element content and attributes
///   alike, so one escaped string is safe in either;
/// - a carriage return is written as `&#13;`: XML and HTML readers turn a
///   raw one (and a CR LF) into a line feed;
/// - a control character other than tab, line feed and carriage return
///   (U+0000–U+001F, DEL and U+0080–U+009F) and a noncharacter (U+FDD0–U+FDEF,
///   and U+FFFE and U+FFFF of every plane) is written by its code, `\u{1B}`,
///   as the text output shows it: XML 1.0 forbids the C0 controls and
///   U+FFFE/U+FFFF even as character references, HTML reports every one
///   of them as a parse error, and a reader is better told which
///   character was there than shown a replacement mark;
/// - in an attribute, tab and line feed are references too (`&#9;`,
///   `&#10;`), since an XML reader turns raw ones into spaces.
///
///     MarkupText.content("a < b\u{1B}")   // "a &lt; b\u{1B}", the escape spelled out
///     MarkupText.attribute("x\ny")       // "x&#10;y"
package enum MarkupText {
    /// `text` escaped for an element's content; each line feed written as
    /// `lineBreak` instead (and each carriage return dropped) when one is
    /// given (a Graphviz label's `<br/>`).
    package static func content(_ text: String, lineBreak: String? = nil) -> String {
        escaped(text, isAttribute: false, lineBreak: lineBreak)
    }

    /// `text` escaped for an attribute's value in double quotes.
    package static func attribute(_ text: String) -> String {
        escaped(text, isAttribute: true, lineBreak: nil)
    }

    /// Whether `scalar` is written by its code rather than as itself: a
    /// control character other than tab, line feed and carriage return, or
    /// a noncharacter.
    package static func isWrittenByCode(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: false
        case 0x00..<0x20, 0x7F...0x9F: true
        case 0xFDD0...0xFDEF: true
        default: scalar.value & 0xFFFE == 0xFFFE
        }
    }

    /// `\u{1B}`: how a scalar ``isWrittenByCode(_:)`` is written.
    package static func code(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }

    private static func escaped(_ text: String, isAttribute: Bool, lineBreak: String?) -> String {
        // Most text needs nothing: it is returned as it is, after one look at its bytes.
        let needsNothing = !text.utf8.contains { byte in
            switch byte {
            case 0x00..<0x20, 0x7F, UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""),
                UInt8(ascii: "'"):
                true
            // C2 leads U+0080–U+00BF; EF leads U+FDD0–U+FFFF; F0–F4 lead the
            // other planes' noncharacters (each looked at below).
            case 0xC2, 0xEF, 0xF0...0xF4: true
            default: false
            }
        }
        if needsNothing { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\n" where lineBreak != nil: result += lineBreak ?? ""
            case "\r" where lineBreak != nil: break
            case "\r": result += "&#13;"
            case "\n" where isAttribute: result += "&#10;"
            case "\t" where isAttribute: result += "&#9;"
            default:
                if isWrittenByCode(scalar) {
                    result += code(scalar)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
