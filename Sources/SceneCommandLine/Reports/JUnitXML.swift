import SceneCore

/// Text as JUnit XML carries it: `&`, `<`, `>`, `"` and `'` as character
/// references, and every character XML 1.0 does not allow (the C0
/// controls other than tab, line feed and carriage return; U+FFFE and
/// U+FFFF) shown by its code, `\u{1B}`, as the text output shows it.
enum JUnitXML {
    /// `text` escaped for an element's content; a carriage return as
    /// `&#13;` so that a reader does not turn it into a line feed.
    static func text(_ text: String) -> String { escaped(text, isAttribute: false) }

    /// `text` escaped for an attribute's value (in double quotes); tabs,
    /// line feeds and carriage returns as references too, so that a
    /// reader keeps them rather than reading them as spaces.
    static func attribute(_ text: String) -> String { escaped(text, isAttribute: true) }

    /// Whether XML 1.0 allows `scalar` in a document.
    static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: true
        case 0x00..<0x20: false
        case 0xFFFE, 0xFFFF: false
        default: true
        }
    }

    private static func escaped(_ text: String, isAttribute: Bool) -> String {
        // Most text needs nothing: it is returned as it is, after one look at its bytes.
        let needsNothing = !text.utf8.contains { byte in
            switch byte {
            case 0x00..<0x20, UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""),
                UInt8(ascii: "'"), 0xEF:
                // 0xEF leads the bytes of U+FFFE and U+FFFF (and of others, looked at below).
                true
            default: false
            }
        }
        if needsNothing { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\r": result += "&#13;"
            case "\n" where isAttribute: result += "&#10;"
            case "\t" where isAttribute: result += "&#9;"
            default:
                if isAllowed(scalar) {
                    result.unicodeScalars.append(scalar)
                } else {
                    result += VisibleText.code(scalar)
                }
            }
        }
        return result
    }

    /// `text` cut to at most `limit` characters, with `…` where it was cut.
    static func bounded(_ text: String, _ limit: Int) -> String {
        // No more bytes than the limit: no more characters either.
        guard text.utf8.count > limit, text.count > limit else { return text }
        return String(text.prefix(max(0, limit - 1))) + "…"
    }

    /// Seconds with three decimals, as JUnit's `time` attributes give
    /// them: `2.900`.
    static func seconds(_ duration: Duration) -> String {
        let text = duration.transcriptText
        return text.hasSuffix("s") ? String(text.dropLast()) : text
    }
}
