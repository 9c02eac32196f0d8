import SceneCore
import SceneLoader
import SceneOutput

/// Documentation of registered types as text: what `scene-runner types`
/// prints and the README's catalogue is made from.
enum TypeCatalog {
    /// One line per type: name, base and summary; then the protocols.
    public static func list(_ registry: SceneRegistry) -> String {
        let width = registry.types.map(\.name.count).max() ?? 0
        var text = ""
        for type in registry.types {
            let padding = String(repeating: " ", count: width - type.name.count)
            let base = type.base.map { " (a \($0.name))" } ?? ""
            text += "\(type.name)\(padding)  \(type.summary)\(base)\n"
        }
        if !registry.protocols.isEmpty {
            text += "\nProtocols outlets can require:\n"
            for description in registry.protocols {
                let fitting = registry.types.filter { registry.type($0, satisfies: description.name) }.map(\.name)
                // As ``describe(_:in:)`` says it, when none of the registered types fits.
                let fits = fitting.isEmpty ? "no registered type" : fitting.joined(separator: ", ")
                text += "  \(description.name): \(description.summary) Fits: \(fits).\n"
            }
        }
        return text + verbs()
    }

    /// The script's verbs besides the types' inputs, each with an example
    /// and what it does: every case of ``ScriptVerb``, the one list the
    /// compiler, live mode and the schema read too.
    static func verbs() -> String {
        let width = ScriptVerb.allCases.map(\.example.count).max() ?? 0
        var text = "\nScript verbs (each type's script inputs, which 'types NAME' lists, are verbs too):\n"
        for verb in ScriptVerb.allCases {
            text += "  \(verb.example)\(String(repeating: " ", count: width - verb.example.count))  \(verb.doc)\n"
        }
        return text
    }

    /// A script verb as one JSON object: `{"type":"verb","name":…,"example":…,"doc":…}`.
    static func json(_ verb: ScriptVerb) -> String {
        JSONValue.object([
            ("type", .string("verb")), ("name", .string(verb.rawValue)), ("example", .string(verb.example)),
            ("doc", .string(verb.doc)),
        ]).compact
    }

    /// The closest registered type or protocol name to `name`, for "did you mean".
    public static func closestName(to name: String, in registry: SceneRegistry) -> String? {
        Suggestions.closest(to: name, in: registry.types.map(\.name) + registry.protocols.map(\.name))
    }

    /// A protocol: its summary, the types that fit it, and the outlets that require it.
    public static func describe(_ description: SceneRegistry.ProtocolDescription, in registry: SceneRegistry) -> String
    {
        var text = "\(description.name) (a protocol)\n  \(description.summary)\n"
        let fitting = registry.types.filter { registry.type($0, satisfies: description.name) }.map(\.name)
        text += "\nFits:\n  " + (fitting.isEmpty ? "no registered type" : fitting.joined(separator: ", ")) + "\n"
        let outlets = requiringOutlets(description.name, in: registry)
        if !outlets.isEmpty { text += "\nRequired by:\n  " + outlets.joined(separator: ", ") + "\n" }
        return text
    }

    /// `Type.outlet` for each registered type's own outlet that requires `name`.
    private static func requiringOutlets(_ name: String, in registry: SceneRegistry) -> [String] {
        registry.types.flatMap { type in
            type.ownOutlets.filter { registry.requirement(of: $0) == name }.map { "\(type.name).\($0.name)" }
        }
    }

    /// A type as one JSON object: `{"type":"type","name":…,"summary":…,"base":…,"conformances":[…],
    /// "properties":[…],"outlets":[…],"events":[…],"actions":[…],"inputs":[…]}`; each property with
    /// `name`, `valueType` (structured: `{"kind":…}`), `typeName`, `default`,
    /// `range`, `required`, `readOnly`, `doc` and `declaredBy`.
    public static func json(_ type: TypeDescription, in registry: SceneRegistry) -> String {
        let defaults = type.defaultValues()
        let properties = type.properties.map { property in
            JSONValue.object([
                ("name", .string(property.name)), ("valueType", JSONValue(property.type)),
                ("typeName", .string(property.type.description)),
                ("default", property.isRequired ? .null : .optional(defaults[property.name].map(JSONValue.init))),
                ("range", .optional(property.range.map { .array([.number($0.lowerBound), .number($0.upperBound)]) })),
                ("required", .bool(property.isRequired)), ("readOnly", .bool(property.isReadOnly)),
                ("doc", .string(property.doc)), ("declaredBy", .string(property.declaringType)),
            ])
        }
        let outlets = type.outlets.map { outlet in
            JSONValue.object([
                ("name", .string(outlet.name)), ("requires", .string(registry.requirement(of: outlet))),
                ("collection", .bool(outlet.isCollection)), ("required", .bool(outlet.isRequired)),
                ("hierarchy", .bool(outlet.isHierarchy)), ("doc", .string(outlet.doc)),
                ("declaredBy", .string(outlet.declaringType)),
            ])
        }
        func members(_ list: [some DescribedMember], _ valueKey: String, _ valueType: (Int) -> ValueType?)
            -> JSONValue
        {
            .array(
                list.enumerated().map { index, member in
                    .object([
                        ("name", .string(member.name)), (valueKey, .optional(valueType(index).map(JSONValue.init))),
                        ("doc", .string(member.doc)), ("declaredBy", .string(member.declaringType)),
                    ])
                })
        }
        let events = type.orderedEvents
        let actions = type.orderedActions
        let inputs = type.orderedInputs
        return JSONValue.object([
            ("type", .string("type")), ("name", .string(type.name)), ("summary", .string(type.summary)),
            ("base", .optional(type.base.map { .string($0.name) })),
            ("conformances", .strings(registry.conformances(of: type).map(\.name))),
            ("properties", .array(properties)), ("outlets", .array(outlets)),
            ("events", members(events, "payload") { events[$0].payload }),
            ("actions", members(actions, "argument") { actions[$0].argument }),
            ("inputs", members(inputs, "argument") { inputs[$0].argument }),
        ]).compact
    }

    /// A protocol as one JSON object: `{"type":"protocol","name":…,"summary":…,"fits":[…],"requiredBy":[…]}`.
    public static func json(_ description: SceneRegistry.ProtocolDescription, in registry: SceneRegistry) -> String {
        let fitting = registry.types.filter { registry.type($0, satisfies: description.name) }.map(\.name)
        return JSONValue.object([
            ("type", .string("protocol")), ("name", .string(description.name)),
            ("summary", .string(description.summary)), ("fits", .strings(fitting)),
            ("requiredBy", .strings(requiringOutlets(description.name, in: registry))),
        ]).compact
    }

    /// Every member of `type`, inherited ones included, with types, defaults and docs.
    public static func describe(_ type: TypeDescription, in registry: SceneRegistry) -> String {
        var text = type.name
        if let base = type.base { text += " (a \(base.name))" }
        let conformances = registry.conformances(of: type).map(\.name)
        if !conformances.isEmpty { text += ", \(conformances.joined(separator: ", "))" }
        text += "\n  \(type.summary)\n"
        let defaults = type.defaultValues()
        func inherited(_ declaringType: String) -> String {
            declaringType == type.name ? "" : " [\(declaringType)]"
        }
        let settable = type.properties.filter { !$0.isReadOnly }
        if !settable.isEmpty {
            text += "\nProperties:\n"
            for property in settable {
                var line = "  \(property.name): \(property.type)"
                if property.isRequired {
                    line += " (required)"
                } else if let value = defaults[property.name] {
                    line += " = \(value)"
                }
                if let range = property.range, !(range.lowerBound == 0 && range.upperBound == .infinity) {
                    line +=
                        " in \(SceneValue.format(range.lowerBound))...\(range.upperBound == .infinity ? "" : SceneValue.format(range.upperBound))"
                }
                text += line + "\n      \(property.doc)\(inherited(property.declaringType))\n"
            }
        }
        let readOnly = type.properties.filter(\.isReadOnly)
        if !readOnly.isEmpty {
            text += "\nRead-only:\n"
            for property in readOnly {
                text +=
                    "  \(property.name): \(property.type)\n      \(property.doc)\(inherited(property.declaringType))\n"
            }
        }
        if !type.outlets.isEmpty {
            text += "\nOutlets:\n"
            for outlet in type.outlets {
                text +=
                    "  \(outlet.name): \(registry.typeDescription(of: outlet))\(outlet.isRequired ? " (required)" : "")\n"
                text += "      \(outlet.doc)\(inherited(outlet.declaringType))\n"
            }
        }
        text += section("Events", type.orderedEvents, \.payload, type.name)
        text += section("Actions", type.orderedActions, \.argument, type.name)
        text += section("Script inputs", type.orderedInputs, \.argument, type.name)
        return text
    }

    private static func section<Member>(
        _ title: String, _ members: [Member], _ valueType: KeyPath<Member, ValueType?>,
        _ typeName: String
    ) -> String where Member: DescribedMember {
        guard !members.isEmpty else { return "" }
        var text = "\n\(title):\n"
        for member in members {
            let argument = member[keyPath: valueType].map { ": \($0)" } ?? ""
            let origin = member.declaringType == typeName ? "" : " [\(member.declaringType)]"
            text += "  \(member.name)\(argument)\n      \(member.doc)\(origin)\n"
        }
        return text
    }

    /// Events, actions and inputs, for listing.
    protocol DescribedMember {
        var name: String { get }
        var doc: String { get }
        var declaringType: String { get }
    }
}

extension EventDescription: TypeCatalog.DescribedMember {}
extension ActionDescription: TypeCatalog.DescribedMember {}
