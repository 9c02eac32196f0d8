import SceneCore
import SceneLoader
import SceneOutput

/// The schema of each kind of value, and the small pieces every part uses.
extension SchemaGenerator {
    // MARK: - Values

    /// The schema fields of a value of `type`, its numbers within `range`.
    static func valueFields(_ type: ValueType, range: ClosedRange<Double>?) -> [(key: String, value: JSONValue)] {
        switch type {
        case .bool:
            return [
                (
                    "anyOf",
                    .array([
                        .fields([("type", .string("boolean"))]),
                        .fields([("type", .string("string")), ("enum", .strings(["true", "false"]))]),
                    ])
                )
            ]
        case .int:
            return [
                (
                    "anyOf",
                    .array([
                        .object([("type", .string("integer"))] + bounds(range)),
                        .fields([("type", .string("string")), ("pattern", .string(integerTextPattern))]),
                    ])
                )
            ]
        case .double:
            return [
                (
                    "anyOf",
                    .array([
                        .object([("type", .string("number"))] + bounds(range)),
                        .fields([("type", .string("string")), ("pattern", .string(decimalTextPattern))]),
                    ])
                )
            ]
        case .string:
            return [("type", .strings(["string", "number", "boolean"]))]
        case .duration:
            let nonNegative = (range?.lowerBound ?? -Double.infinity) >= 0
            return [
                (
                    "anyOf",
                    .array([
                        .object([("type", .string("number"))] + bounds(range)),
                        .fields([
                            ("type", .string("string")),
                            ("pattern", .string(nonNegative ? nonNegativeDurationPattern : durationPattern)),
                        ]),
                    ])
                )
            ]
        case .color:
            return [
                (
                    "anyOf",
                    .array([
                        .fields([("type", .string("string")), ("pattern", .string(hexColorPattern))]),
                        .fields([("enum", .strings(Color.named.map(\.name)))]),
                    ])
                )
            ]
        case .enumeration(_, let cases):
            return [("enum", .array(cases.flatMap(yamlForms)))]
        case .optional(let wrapped):
            let inner = valueFields(wrapped, range: range)
            if inner.count == 1, inner[0].key == "enum", case .array(let cases) = inner[0].value {
                return [("enum", .array(cases + [.null]))]
            }
            // Null as one more choice of a choice, rather than a choice of two.
            if inner.count == 1, inner[0].key == "anyOf", case .array(let choices) = inner[0].value {
                return [("anyOf", .array(choices + [.fields([("type", .string("null"))])]))]
            }
            return [("anyOf", .array([.object(inner), .fields([("type", .string("null"))])]))]
        case .list(let element):
            return [("type", .string("array")), ("items", .object(valueFields(element, range: range)))]
        case .stringMap(let value):
            return [("type", .string("object")), ("additionalProperties", .object(valueFields(value, range: range)))]
        case .record(let name, let fields):
            let required = fields.filter { !$0.type.isOptional }.map(\.name)
            var schema: [(key: String, value: JSONValue)] = [("title", .string(name)), ("type", .string("object"))]
            if !required.isEmpty { schema.append(("required", .strings(required))) }
            schema.append(
                ("properties", .object(fields.map { ($0.name, .object(valueFields($0.type, range: $0.range))) })))
            schema.append(("additionalProperties", .bool(false)))
            return schema
        }
    }

    /// `minimum` and `maximum` for the finite ends of `range`.
    static func bounds(_ range: ClosedRange<Double>?) -> [(key: String, value: JSONValue)] {
        guard let range else { return [] }
        var fields: [(key: String, value: JSONValue)] = []
        if range.lowerBound.isFinite { fields.append(("minimum", .number(range.lowerBound))) }
        if range.upperBound.isFinite { fields.append(("maximum", .number(range.upperBound))) }
        return fields
    }

    /// The ways a YAML 1.2 parser may hand over the plain scalar `text`:
    /// the text itself, and the boolean, null or number it also reads as
    /// (an enumeration case `on` is text; a case `1` is also the number 1).
    static func yamlForms(_ text: String) -> [JSONValue] {
        switch text {
        case "true", "True", "TRUE": return [.string(text), .bool(true)]
        case "false", "False", "FALSE": return [.string(text), .bool(false)]
        case "null", "Null", "NULL", "~": return [.string(text), .null]
        default:
            if text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }), !text.isEmpty,
                let value = Int(text)
            {
                return [.string(text), .int(value)]
            }
            return [.string(text)]
        }
    }

    /// A value as a scene file writes it, for `default`: a duration as
    /// `250ms`, a colour by name or in hexadecimal.
    static func json(_ value: SceneValue) -> JSONValue {
        switch value {
        case .null: .null
        case .bool(let value): .bool(value)
        case .int(let value): .int(value)
        case .double(let value): value.isFinite ? .number(value) : .null
        case .string(let text), .enumCase(let text), .object(let text): .string(text)
        case .duration(let duration): .string(duration.sceneText)
        case .color(let color): .string(color.description)
        case .list(let values): .array(values.map(json))
        case .map(let pairs): .object(pairs.map { ($0.key, json($0.value)) })
        }
    }

    // MARK: - Helpers

    /// An object's id.
    static func idSchema() -> JSONValue {
        .fields([("type", .string("string")), ("pattern", .string(idPathPattern))])
    }

    /// An object's id, or a path into instances of components (`left.play`).
    static let idPathPattern = "^[A-Za-z_][A-Za-z0-9_]*(?:\\.[A-Za-z_][A-Za-z0-9_]*)*$"

    /// `values`, or a parameter's `$name`.
    static func orParameter(_ values: [(key: String, value: JSONValue)]) -> [(key: String, value: JSONValue)] {
        let parameter: JSONValue = .object([("type", .string("string")), ("pattern", .string(parameterPattern))])
        if values.count == 1, values[0].key == "anyOf", case .array(let choices) = values[0].value {
            return [("anyOf", JSONValue.array(choices + [parameter]))]
        }
        return [("anyOf", JSONValue.array([JSONValue.object(values), parameter]))]
    }

    /// A parameter's value in a component: `$name`.
    static let parameterPattern = "^\\$[A-Za-z_][A-Za-z0-9_]*$"

    /// Any scalar a YAML parser may produce; also null when `orNull`.
    static func anyScalar(orNull: Bool) -> JSONValue {
        .fields([("type", .strings(["string", "number", "boolean"] + (orNull ? ["null"] : [])))])
    }

    /// `schema` with a description first.
    static func documented(_ description: String, _ schema: JSONValue) -> JSONValue {
        .object([("description", .string(description))] + objectFields(schema))
    }

    static func objectFields(_ schema: JSONValue) -> [(key: String, value: JSONValue)] {
        if case .object(let fields) = schema { return fields }
        return []
    }

    /// `description` (plain) and `markdownDescription` (for hovers) of a member.
    static func docFields(signature: String, doc: String, declaredBy: String?)
        -> [(key: String, value: JSONValue)]
    {
        let origin = declaredBy.map { " (from \($0))" } ?? ""
        return [
            ("description", .string("\(signature). \(doc)\(origin)")),
            ("markdownDescription", .string("`\(signature)`\n\n\(doc)\(origin)")),
        ]
    }

    /// The declaring type, when it is not `type` itself.
    func inherited(_ declaringType: String, _ type: TypeDescription) -> String? {
        declaringType == type.name ? nil : declaringType
    }

    func article(_ name: String) -> String {
        let vowels: Set<Character> = ["A", "E", "I", "O", "U"]
        return (name.first.map { vowels.contains($0) } ?? false ? "an " : "a ") + name
    }

    /// `names` without repeats, in first-seen order.
    static func unique(_ names: [String]) -> [String] {
        var seen: Set<String> = []
        return names.filter { seen.insert($0).inserted }
    }
}
