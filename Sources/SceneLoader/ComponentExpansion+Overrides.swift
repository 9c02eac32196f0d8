import SceneCore
import SceneYAML

/// One `set: { id.property: value }` entry of an instance; marked as used
/// once an object it names is given (see ``ComponentExpansion/expand(_:_:in:own:appendingTo:into:)``).
final class Override {
    /// The object's id by path from the scene's own objects.
    let objectID: String
    /// The id and property as written.
    let written: String
    let property: String
    let keyNode: YAMLDocument.Node
    let valueNode: YAMLDocument.Node
    /// The file the `set:` is written in.
    let file: ObjectFile
    private(set) var isUsed = false

    init(
        objectID: String, written: String, property: String, keyNode: YAMLDocument.Node,
        valueNode: YAMLDocument.Node, file: ObjectFile
    ) {
        self.objectID = objectID
        self.written = written
        self.property = property
        self.keyNode = keyNode
        self.valueNode = valueNode
        self.file = file
    }

    /// Marks it as used.
    func use() { isUsed = true }
}

/// The `set:` overrides of instances: recorded as each instance is
/// expanded, given to the objects they set as those are.
extension ComponentExpansion {
    /// Records an instance's `set:` entries, written in `file`.
    mutating func registerOverrides(
        _ document: borrowing YAMLDocument, _ setNode: YAMLDocument.Node?, instance: String, in file: ObjectFile,
        into diagnostics: inout DiagnosticCollector
    ) -> [Override] {
        guard let setNode else { return [] }
        if document.kind(setNode) != .mapping && !document.isNull(setNode) {
            diagnostics.add(
                .setNotAMapping(found: document.kindDescription(setNode)), at: document.span(setNode), in: file.origin)
            return []
        }
        var registered: [Override] = []
        document.forEachEntry(setNode) { entry in
            guard let path = MemberPath(entry.key) else {
                diagnostics.add(
                    .notAnOverridePath(text: entry.key), at: document.writtenSpan(entry.keyNode), in: file.origin)
                return
            }
            let override = Override(
                objectID: instance + "." + path.id, written: path.id, property: path.member, keyNode: entry.keyNode,
                valueNode: entry.value, file: file)
            overridesByID[override.objectID, default: []].append(override)
            registered.append(override)
        }
        return registered
    }
}
