import SceneCore
import SceneOutput

/// Quoting for the DOT language.
enum DOT {
    /// `text` as a DOT quoted string: `"` and `\` escaped, each line
    /// break (LF, CR or CRLF) written `\n`, which a label shows as a new
    /// line, and every other control character (NUL, ESC, DEL, NEL...)
    /// shown by its code, `\u{1B}`, which `dot` and an SVG reader accept.
    /// Any text is a valid id or label this way.
    ///
    ///     DOT.quoted(#"say "hi" \o/"#)   // "say \"hi\" \\o/" with its quotes
    static func quoted(_ text: String) -> String {
        var result = "\""
        result.reserveCapacity(text.utf8.count + 2)
        var afterCR = false
        for scalar in text.unicodeScalars {
            defer { afterCR = scalar == "\r" }
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\r": result += "\\n"
            case "\n": if !afterCR { result += "\\n" }
            default:
                if isHidden(scalar) {
                    result += "\\" + VisibleText.code(scalar)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// Whether `scalar` is shown by its code: a control character (tab, LF
    /// and CR aside, which DOT and XML take), or a noncharacter, which XML
    /// refuses.
    static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        scalar != "\r" && (VisibleText.isHidden(scalar) || scalar.properties.isNoncharacterCodePoint)
    }

    /// `text` with every hidden scalar (``isHidden(_:)``) written by its code.
    static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isHidden) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isHidden(scalar) {
                result.append(contentsOf: VisibleText.code(scalar).unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// `text` for an HTML-like label: `&`, `<`, `>` and `"` as entities, a
    /// line break as `<br/>`.
    static func html(_ text: String) -> String { MarkupText.content(visible(text), lineBreak: "<br/>") }

    /// `text` on one line for a `//` comment: line breaks become spaces.
    static func comment(_ text: String) -> String {
        String(String.UnicodeScalarView(visible(text).unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : $0 }))
    }
}
