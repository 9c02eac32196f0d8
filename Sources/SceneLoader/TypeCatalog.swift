import SceneCore

/// Documentation of registered types as text: what `scene-runner types`
/// prints and the README's catalogue is made from.
public enum TypeCatalog {
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
                text += "  \(description.name): \(description.summary) Fits: \(fitting.joined(separator: ", ")).\n"
            }
        }
        return text
    }

    /// The closest registered name to `name`, for "did you mean".
    public static func closestName(to name: String, in registry: SceneRegistry) -> String? {
        Suggestions.closest(to: name, in: registry.types.map(\.name))
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
}

/// Events, actions and inputs, for listing.
protocol DescribedMember {
    var name: String { get }
    var doc: String { get }
    var declaringType: String { get }
}

extension EventDescription: DescribedMember {}
extension ActionDescription: DescribedMember {}
