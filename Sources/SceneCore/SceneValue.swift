/// A value after resolution against its declared ``ValueType``: what the
/// loader hands to a property setter or an action, what `expect` compares
/// and what the transcript prints.
public enum SceneValue: Sendable, Hashable, CustomStringConvertible {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case duration(Duration)
    case color(Color)
    /// The name of an enumeration case.
    case enumCase(String)
    case list([SceneValue])
    /// A string map or a record, in written order.
    case map([Pair])
    /// The id of the object an outlet holds.
    case object(String)

    /// One entry of a ``map(_:)``.
    public struct Pair: Sendable, Hashable {
        public var key: String
        public var value: SceneValue

        /// Creates an entry.
        public init(_ key: String, _ value: SceneValue) {
            self.key = key
            self.value = value
        }
    }

    /// The value as scene files write it: `true`, `3`, `0.5`, `"text"`,
    /// `250ms`, `#E44F72`, `[a, b]`, `{k: v}`, `null`.
    public var description: String {
        switch self {
        case .null: "null"
        case .bool(let value): value ? "true" : "false"
        case .int(let value): String(value)
        case .double(let value): SceneValue.format(value)
        case .string(let value): SceneValue.quote(value)
        case .duration(let value): value.sceneText
        case .color(let value): value.description
        case .enumCase(let value): value
        case .list(let values): "[" + values.map(\.description).joined(separator: ", ") + "]"
        case .map(let pairs): "{" + pairs.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "}"
        case .object(let id): id
        }
    }

    /// Whether two values are equal, Doubles (and Durations) within
    /// `tolerance`; lists element by element, maps key by key in any order.
    package func matches(_ other: SceneValue, tolerance: Double = 1e-6) -> Bool {
        switch (self, other) {
        case (.double(let a), .double(let b)): return abs(a - b) <= tolerance
        case (.double(let a), .int(let b)), (.int(let b), .double(let a)): return abs(a - Double(b)) <= tolerance
        case (.duration(let a), .duration(let b)): return abs((a - b).seconds) <= tolerance
        case (.list(let a), .list(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.matches($1, tolerance: tolerance) }
        case (.map(let a), .map(let b)):
            // Keys are unique in both (a string map or a record), so their order does not matter.
            guard a.count == b.count else { return false }
            let values = Dictionary(b.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
            return a.allSatisfy { pair in values[pair.key].map { pair.value.matches($0, tolerance: tolerance) } ?? false
            }
        default: return self == other
        }
    }

    /// A Double the shortest way that reads back exactly, without a
    /// trailing `.0`: `1`, `0.5`, `1e-07`.
    package static func format(_ value: Double) -> String {
        var text = "\(value)"
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }

    /// A string in double quotes with `"` and `\` and control characters
    /// escaped, as Swift writes them (`\n`, `\u{1b}`).
    package static func quote(_ text: String) -> String {
        quote(text) { "\\u{\(String($0, radix: 16))}" }
    }

    /// `text` in double quotes with `"`, `\`, line feed, carriage return and
    /// tab escaped with a backslash, and other control characters written
    /// by `control`: the escaper of transcript text (JSON strings are
    /// SceneOutput's `JSON.string`).
    package static func quote(_ text: String, control: (UInt32) -> String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 {
                    result += control(scalar.value)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
