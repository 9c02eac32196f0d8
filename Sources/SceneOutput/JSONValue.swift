/// A JSON value whose objects keep their keys in the order they were built,
/// so that output is the same bytes every time: the one JSON type of the
/// program, for every JSON Lines record (``compact``: diagnostics,
/// transcripts, types, totals), for the data of the timeline and preview
/// pages (``scriptText``) and for the schema (``write(to:)``, indented).
package indirect enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case int(Int)
    /// A number, the shortest way that reads back exactly (`0.5`, `3`,
    /// `1e-07`); one that is not finite is `null`.
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    /// An object from `fields`, in order; `nil` values are left out.
    package static func fields(_ fields: [(String, JSONValue?)]) -> JSONValue {
        .object(fields.compactMap { key, value in value.map { (key, $0) } })
    }

    /// A list of strings.
    package static func strings(_ values: [String]) -> JSONValue { .array(values.map(JSONValue.string)) }

    /// `value` or `null`.
    package static func optional(_ value: JSONValue?) -> JSONValue { value ?? .null }

    /// The value on one line with no spaces: `{"key":value,...}`, a JSON
    /// Lines record.
    package var compact: String {
        var text = ""
        append(to: &text)
        return text
    }

    /// ``compact``, safe inside an HTML `<script>` element: `<`, `>` and
    /// `&` (which could end the script or open a comment) and U+2028 and
    /// U+2029 (line ends to older JavaScript) as `\uXXXX`, which a script
    /// reads as the same string.
    package var scriptText: String {
        let text = compact
        let needsNothing = !text.utf8.contains { byte in
            byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "&") || byte == 0xE2
        }
        if needsNothing { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "<": result += "\\u003c"
            case ">": result += "\\u003e"
            case "&": result += "\\u0026"
            case "\u{2028}": result += "\\u2028"
            case "\u{2029}": result += "\\u2029"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private func append(to text: inout String) {
        switch self {
        case .array(let values):
            text += "["
            for (index, value) in values.enumerated() {
                if index > 0 { text += "," }
                value.append(to: &text)
            }
            text += "]"
        case .object(let fields):
            text += "{"
            for (index, field) in fields.enumerated() {
                if index > 0 { text += "," }
                text += JSON.string(field.key) + ":"
                field.value.append(to: &text)
            }
            text += "}"
        default: text += scalar
        }
    }

    /// A value that is neither an array nor an object, as JSON text.
    private var scalar: String {
        switch self {
        case .null, .array, .object: "null"
        case .bool(let value): value ? "true" : "false"
        case .int(let value): String(value)
        case .number(let value): JSON.number(value)
        case .string(let text): JSON.string(text)
        }
    }

    /// Writes the value indented by two spaces a level, one line at a time
    /// through `emit` (each line with its line feed), as `json.dumps(value,
    /// indent=2)` lays it out.
    package func write(to emit: (String) -> Void) {
        var line = ""
        write(indent: 0, line: &line, emit: emit)
        emit(line + "\n")
    }

    private func write(indent: Int, line: inout String, emit: (String) -> Void) {
        switch self {
        case .array(let values):
            guard !values.isEmpty else {
                line += "[]"
                return
            }
            line += "["
            for (index, value) in values.enumerated() {
                emit(line + "\n")
                line = String(repeating: " ", count: indent + 2)
                value.write(indent: indent + 2, line: &line, emit: emit)
                if index < values.count - 1 { line += "," }
            }
            emit(line + "\n")
            line = String(repeating: " ", count: indent) + "]"
        case .object(let fields):
            guard !fields.isEmpty else {
                line += "{}"
                return
            }
            line += "{"
            for (index, field) in fields.enumerated() {
                emit(line + "\n")
                line = String(repeating: " ", count: indent + 2) + JSON.string(field.key) + ": "
                field.value.write(indent: indent + 2, line: &line, emit: emit)
                if index < fields.count - 1 { line += "," }
            }
            emit(line + "\n")
            line = String(repeating: " ", count: indent) + "}"
        default: line += scalar
        }
    }
}

/// The JSON text of strings and numbers, as ``JSONValue`` writes them.
package enum JSON {
    /// `"text"` with JSON escapes.
    package static func string(_ text: String) -> String {
        var result = "\""
        result.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// A number, the shortest way that reads back exactly (`0.5`, `3`);
    /// `null` when it is not finite.
    package static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        var text = "\(value)"
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }
}
