import SceneCore
import SceneOutput

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
