import SceneCore

/// A JSON value whose objects keep their keys in the order they were built,
/// so that output is the same bytes every time: the one JSON type of the
/// program, for every JSON Lines record (``compact``: diagnostics,
/// transcripts, types, totals) and for the schema (``write(to:)``, indented).
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

extension JSONValue {
    /// A scene value as the JSON value of its kind: `null`, `true`, numbers
    /// (a duration in seconds; an infinite or undefined number as the
    /// string `"inf"`, `"-inf"` or `"nan"`), strings (text, a colour as
    /// `#RRGGBBAA`, an enumeration case, an object's id), arrays and objects.
    package init(_ value: SceneValue) {
        switch value {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .int(let value): self = .int(value)
        case .double(let value): self = Self.finite(value)
        case .duration(let value): self = Self.finite(value.seconds)
        case .string(let text), .enumCase(let text), .object(let text): self = .string(text)
        case .color(let color): self = .string(color.description)
        case .list(let values): self = .array(values.map(JSONValue.init))
        case .map(let pairs): self = .object(pairs.map { ($0.key, JSONValue($0.value)) })
        }
    }

    private static func finite(_ value: Double) -> JSONValue {
        if value.isFinite { return .number(value) }
        return .string(value.isNaN ? "nan" : value < 0 ? "-inf" : "inf")
    }

    /// A value type as an object: `{"kind":"bool"}`, `{"kind":"optional","wrapped":…}`,
    /// `{"kind":"list","element":…}`, `{"kind":"stringMap","value":…}`,
    /// `{"kind":"enum","name":…,"cases":[…]}`, `{"kind":"record","name":…,"fields":[{"name":…,"type":…}]}`.
    package init(_ type: ValueType) {
        func kind(_ name: String) -> (String, JSONValue) { ("kind", .string(name)) }
        switch type {
        case .bool: self = .object([kind("bool")])
        case .int: self = .object([kind("int")])
        case .double: self = .object([kind("double")])
        case .string: self = .object([kind("string")])
        case .duration: self = .object([kind("duration")])
        case .color: self = .object([kind("color")])
        case .optional(let wrapped): self = .object([kind("optional"), ("wrapped", JSONValue(wrapped))])
        case .list(let element): self = .object([kind("list"), ("element", JSONValue(element))])
        case .stringMap(let value): self = .object([kind("stringMap"), ("value", JSONValue(value))])
        case .enumeration(let name, let cases):
            self = .object([kind("enum"), ("name", .string(name)), ("cases", .strings(cases))])
        case .record(let name, let fields):
            self = .object([
                kind("record"), ("name", .string(name)),
                ("fields", .array(fields.map { .object([("name", .string($0.name)), ("type", JSONValue($0.type))]) })),
            ])
        }
    }
}

/// The JSON text of strings and numbers, which ``JSONValue`` writes, and
/// which the timeline page's script literals use.
package enum JSON {
    /// `"text"` with JSON escapes.
    package static func string(_ text: String) -> String {
        SceneValue.quote(text) { control in
            let hex = String(control, radix: 16)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
    }

    /// A number, the shortest way that reads back exactly (`0.5`, `3`);
    /// `null` when it is not finite.
    package static func number(_ value: Double) -> String {
        value.isFinite ? SceneValue.format(value) : "null"
    }
}
