import SceneLoader

/// A JSON value whose objects keep their keys in the order they were
/// built, so that a schema prints the same bytes every time.
indirect enum SchemaJSON {
    case null
    case bool(Bool)
    case int(Int)
    case number(Double)
    case string(String)
    case array([SchemaJSON])
    case object([(key: String, value: SchemaJSON)])

    /// An object from `fields`, in order; `nil` values are left out.
    static func fields(_ fields: [(String, SchemaJSON?)]) -> SchemaJSON {
        .object(fields.compactMap { key, value in value.map { (key, $0) } })
    }

    /// A list of strings.
    static func strings(_ values: [String]) -> SchemaJSON { .array(values.map(SchemaJSON.string)) }

    /// Writes the value indented by two spaces a level, one line at a time
    /// through `emit` (each line with its line feed), as `json.dumps(value,
    /// indent=2)` lays it out.
    func write(to emit: (String) -> Void) {
        var line = ""
        write(indent: 0, line: &line, emit: emit)
        emit(line + "\n")
    }

    private func write(indent: Int, line: inout String, emit: (String) -> Void) {
        switch self {
        case .null: line += "null"
        case .bool(let value): line += value ? "true" : "false"
        case .int(let value): line += String(value)
        case .number(let value): line += Self.format(value)
        case .string(let text): line += JSON.string(text)
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
        }
    }

    /// A finite number the shortest way that reads back exactly; a whole
    /// number without a fraction (`1`, `0.5`, `1e-07`). Not finite: `null`.
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return JSON.number(value)
    }
}
