/// Text for HTML, SVG and Graphviz's HTML-like labels.
enum HTML {
    /// `text` with `&`, `<`, `>`, `"` and `'` as character references, and
    /// each line feed as `lineBreak` (a carriage return before it dropped)
    /// when one is given.
    static func escaped(_ text: String, lineBreak: String? = nil) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\n" where lineBreak != nil: result += lineBreak ?? ""
            case "\r" where lineBreak != nil: break
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
