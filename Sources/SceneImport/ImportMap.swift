import SceneLoader
import SceneYAML

/// How Interface Builder's names become a registry's: per class (a UIKit
/// class such as `UIButton`, or a custom class without its module), the
/// registered type it becomes and renamings of its outlets, properties
/// (runtime attributes' key paths), actions (selectors sent to it, colon
/// and sender dropped) and events (the control events it sends). A YAML
/// file (docs/Import.md, "The import map"):
///
///     classes:
///       ShakeAnimationImp: { type: ShakeAnimation }
///       AuthFormBehaviour:
///         outlets: { formFields: fields }
///         actions: { submitForm: submit }
///
/// ``standard`` maps UIKit's classes to the standard types and the seeds'
/// original names; a file given with `--map` is laid over it, class by
/// class and name by name.
package struct ImportMap: Sendable, Hashable {
    /// One class's entry.
    package struct Entry: Sendable, Hashable {
        /// The registered type the class becomes; `nil` keeps its name.
        package var type: String?
        /// Outlet renamings, Interface Builder's name to the type's.
        package var outlets: [String: String] = [:]
        /// Runtime attribute key paths to property names.
        package var properties: [String: String] = [:]
        /// Selectors (without colon) to action names.
        package var actions: [String: String] = [:]
        /// Control events (`touchUpInside`) to event names.
        package var events: [String: String] = [:]

        /// An empty entry.
        package init() {}

        /// `other`'s names laid over these.
        func merging(_ other: Entry) -> Entry {
            var merged = self
            if let type = other.type { merged.type = type }
            merged.outlets.merge(other.outlets) { $1 }
            merged.properties.merge(other.properties) { $1 }
            merged.actions.merge(other.actions) { $1 }
            merged.events.merge(other.events) { $1 }
            return merged
        }
    }

    /// The entries by class name.
    package var classes: [String: Entry] = [:]

    /// An empty map.
    package init() {}

    /// `other`'s entries laid over these.
    package func merging(_ other: ImportMap) -> ImportMap {
        var merged = self
        for (name, entry) in other.classes { merged.classes[name] = (classes[name] ?? Entry()).merging(entry) }
        return merged
    }

    /// The entry of `ibClass`, then of `fallback` (the UIKit class a custom
    /// view class is declared on), the first's names winning.
    func entry(_ ibClass: String, fallback: String? = nil) -> Entry {
        let own = classes[ibClass] ?? Entry()
        guard let fallback, fallback != ibClass, let base = classes[fallback] else { return own }
        var merged = base.merging(own)
        merged.type = own.type
        return merged
    }

    /// Reads a map file's bytes (with the scene files' YAML limits).
    ///
    /// - Throws: a ``Diagnostic`` at the mistake's line and column.
    package static func read(_ bytes: [UInt8]) throws(Diagnostic) -> ImportMap {
        let root: YAMLNode?
        do {
            root = try YAMLDocumentReader.read(bytes, limits: YAMLLimits(), pipelining: .off)
        } catch {
            throw Diagnostic(.yamlSyntax, "YAML: " + error.message, at: error.span, hint: error.hint)
        }
        guard let root else { return ImportMap() }
        guard case .mapping(let top) = root else { throw mistake("the map must be a mapping with 'classes'", root) }
        var map = ImportMap()
        for entry in top.entries {
            guard entry.key.value == "classes" else {
                throw mistake("unknown key '\(entry.key.value)'; the map has only 'classes'", .scalar(entry.key))
            }
            if case .scalar(let scalar) = entry.value, scalar.isNull { continue }
            guard case .mapping(let classes) = entry.value else {
                throw mistake("'classes' maps class names to entries", entry.value)
            }
            for item in classes.entries {
                map.classes[item.key.value] = try readEntry(item.value)
            }
        }
        return map
    }

    private static func readEntry(_ node: YAMLNode) throws(Diagnostic) -> Entry {
        var entry = Entry()
        if case .scalar(let scalar) = node, !scalar.isNull {
            // `ShakeAnimationImp: ShakeAnimation`, the short form.
            entry.type = scalar.value
            return entry
        }
        if case .scalar = node { return entry }
        guard case .mapping(let mapping) = node else {
            throw mistake(
                "a class's entry is a type name or a mapping of type, outlets, properties, actions, events", node)
        }
        for item in mapping.entries {
            switch item.key.value {
            case "type":
                guard case .scalar(let scalar) = item.value, !scalar.isNull else {
                    throw mistake("'type' takes a registered type's name", item.value)
                }
                entry.type = scalar.value
            case "outlets": entry.outlets = try names(item.value)
            case "properties": entry.properties = try names(item.value)
            case "actions": entry.actions = try names(item.value)
            case "events": entry.events = try names(item.value)
            default:
                throw mistake(
                    "unknown key '\(item.key.value)'; an entry takes type, outlets, properties, actions and events",
                    .scalar(item.key))
            }
        }
        return entry
    }

    private static func names(_ node: YAMLNode) throws(Diagnostic) -> [String: String] {
        if case .scalar(let scalar) = node, scalar.isNull { return [:] }
        guard case .mapping(let mapping) = node else { throw mistake("renamings map a name to a name", node) }
        var result: [String: String] = [:]
        for item in mapping.entries {
            guard case .scalar(let value) = item.value, !value.isNull else {
                throw mistake("'\(item.key.value)' must be renamed to a name", item.value)
            }
            result[item.key.value.hasSuffix(":") ? String(item.key.value.dropLast()) : item.key.value] = value.value
        }
        return result
    }

    private static func mistake(_ message: String, _ node: YAMLNode) -> Diagnostic {
        Diagnostic(.invalidValue, message, at: node.span, hint: "see 'The import map' in docs/Import.md")
    }
}
