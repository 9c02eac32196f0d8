/// The declared type of a property, an action's argument or an event's
/// payload. Scene values are resolved by this type, never by YAML's
/// implicit typing.
public indirect enum ValueType: Sendable, Hashable, CustomStringConvertible {
    case bool
    case int
    case double
    case string
    /// Seconds, written `3`, `0.2`, `250ms`, `3s`, `1m30s`, `1h`.
    case duration
    /// `#RRGGBB`, `#RRGGBBAA` or a colour name.
    case color
    /// One of a fixed set of case names.
    case enumeration(name: String, cases: [String])
    /// The wrapped type or `null`.
    case optional(ValueType)
    /// A sequence of values of one type.
    case list(ValueType)
    /// A mapping from strings to values of one type.
    case stringMap(ValueType)
    /// A mapping with fixed, typed fields.
    case record(name: String, fields: [RecordField])

    /// The type without any optional wrapper.
    public var unwrapped: ValueType {
        if case .optional(let wrapped) = self { return wrapped.unwrapped }
        return self
    }

    /// Whether `null` is accepted.
    public var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    /// How the type is written in docs and messages: `Bool`, `Duration?`,
    /// `[String]`, `{String: String}`, `x|y`.
    public var description: String {
        switch self {
        case .bool: "Bool"
        case .int: "Int"
        case .double: "Double"
        case .string: "String"
        case .duration: "Duration"
        case .color: "Color"
        case .enumeration(_, let cases): cases.joined(separator: "|")
        case .optional(let wrapped): "\(wrapped)?"
        case .list(let element): "[\(element)]"
        case .stringMap(let value): "{String: \(value)}"
        case .record(_, let fields):
            "{" + fields.map { "\($0.name): \($0.type)" }.joined(separator: ", ") + "}"
        }
    }
}

/// One field of a ``ValueType/record(name:fields:)``.
public struct RecordField: Sendable, Hashable {
    /// The key that names the field.
    public var name: String
    /// Its type; an optional field may be left out.
    public var type: ValueType
    /// The allowed values of a number field, or `nil` for any.
    public var range: ClosedRange<Double>?

    /// Creates a field; `range` bounds a number field (a frame's width is
    /// `0...`).
    public init(_ name: String, _ type: ValueType, range: ClosedRange<Double>? = nil) {
        self.name = name
        self.type = type
        self.range = range
    }
}
