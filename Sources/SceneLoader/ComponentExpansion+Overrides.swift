import SceneCore
import SceneYAML

/// One `set: { id.property: value }` entry of an instance.
struct Override {
    /// The object's id by path from the scene's own objects.
    let objectID: String
    /// The id and property as written.
    let written: String
    let property: String
    let keyNode: YAMLDocument.Node
    let valueNode: YAMLDocument.Node
    /// The file the `set:` is written in.
    let context: Int
    var isUsed = false
}

/// The `set:` overrides of instances: recorded as each instance is
/// expanded, taken by the objects they set as those are checked.
extension ComponentExpansion {
    /// Records an instance's `set:` entries; returns their indices in ``overrides``.
    mutating func registerOverrides(
        _ document: borrowing YAMLDocument, _ setNode: YAMLDocument.Node?, instance: String, context: Int,
        into diagnostics: inout DiagnosticCollector
    ) -> [Int] {
        guard let setNode else { return [] }
        if document.kind(setNode) != .mapping && !document.isNull(setNode) {
            diagnostics.add(.setNotAMapping(found: document.kindDescription(setNode)), at: document.span(setNode))
            return []
        }
        var registered: [Int] = []
        document.forEachEntry(setNode) { entry in
            guard let path = MemberPath(entry.key) else {
                diagnostics.add(.notAnOverridePath(text: entry.key), at: document.writtenSpan(entry.keyNode))
                return
            }
            let objectID = instance + "." + path.id
            overrides.append(
                Override(
                    objectID: objectID, written: path.id, property: path.member, keyNode: entry.keyNode,
                    valueNode: entry.value, context: context))
            overridesByID[objectID, default: []].append(overrides.count - 1)
            registered.append(overrides.count - 1)
        }
        return registered
    }

    /// Whether an instance's `set:` gives the object `id` its `property`.
    func isOverridden(_ id: String, _ property: String) -> Bool {
        guard !overridesByID.isEmpty, let list = overridesByID[id] else { return false }
        return list.contains { overrides[$0].property == property }
    }

    /// Marks the overrides of the object `id` as used (an object whose
    /// type is unknown, whose mistake is reported already).
    mutating func markOverridesUsed(_ id: String) {
        guard !overridesByID.isEmpty, let list = overridesByID[id] else { return }
        for position in list { overrides[position].isUsed = true }
    }

    /// The overrides that set the object `id`, outermost instance's last
    /// (so that it wins), marked as used.
    mutating func takeOverrides(of id: String) -> [Override] {
        guard !overridesByID.isEmpty, let list = overridesByID[id] else { return [] }
        for position in list { overrides[position].isUsed = true }
        return list.reversed().map { overrides[$0] }
    }
}
