import SceneCore
import SceneYAML

/// A property's value as a component file writes it: the same for every instance.
struct SharedValueKey: Hashable {
    let component: Int
    let node: YAMLDocument.Node
    let property: ObjectIdentifier
}

/// Checking the objects of components: the instances' ids, the files
/// diagnostics belong to, and what an instance gives its objects (a parent
/// for the root views, the `set:` overrides).
extension SceneValidator {
    /// Makes diagnostics from now on belong to the file of `context`.
    mutating func enter(_ context: Int) {
        diagnostics.origin = expansion.origin(of: context)
    }

    /// Checks the instance of a component declared by `entry` in the file
    /// of `context`: its id here, then its expansion (see
    /// ``ComponentExpansion/expand(_:_:name:context:objectCount:into:)``),
    /// then its objects as objects of the scene, with their ids prefixed by
    /// the instance's path.
    mutating func addInstance(_ document: borrowing YAMLDocument, _ entry: YAMLDocument.Entry, context: Int) {
        if context == 0 { expansion.ownDocument = copy document }
        defer { if context == 0 { expansion.ownDocument = nil } }
        let name = expansion.contexts[context].prefix + entry.key
        var isValid = false
        document.withScalarBytes(entry.keyNode) { isValid = SceneRegistry.isIdentifier(utf8: $0) }
        if !isValid {
            diagnostics.add(.invalidID(id: entry.key), at: document.writtenSpan(entry.keyNode))
        }
        if context == 0 {
            let first = declaration.idTable[entry.key].map { firstOffsets[$0] } ?? instanceOffsets[entry.key]
            if let first {
                diagnostics.add(
                    .duplicateID(id: entry.key), at: document.writtenSpan(entry.keyNode),
                    notes: [Diagnostic.Note("first written here", at: document.position(ofOffset: first))])
                return
            }
            instanceOffsets[entry.key] = document.offsets(entry.keyNode).lowerBound
        }
        guard
            let instance = expansion.expand(
                document, entry, name: name, context: context, objectCount: ids.count, into: &diagnostics)
        else { return }
        if let objects = instance.file.objects {
            let includerOrigin = diagnostics.origin
            diagnostics.origin = instance.origin
            instance.file.document.forEachEntry(objects) {
                addObject(instance.file.document, $0, context: instance.context)
            }
            diagnostics.origin = includerOrigin
        }
        expansion.finish(instance, document, into: &diagnostics)
    }

    /// For an object of a component: places a root view under the
    /// instance's parent, and applies the instance's `set:` overrides
    /// (the outermost instance's last, so that it wins).
    mutating func applyComponentContext(
        _ document: borrowing YAMLDocument, _ body: YAMLDocument.Node, of type: TypeDescription, id: String,
        index: Int, context: Int, propertiesFrom start: Int
    ) {
        if let parent = expansion.contexts[context].rootParent, let outlet = type.outlets.first(where: \.isHierarchy),
            document.entry(body, outlet.name) == nil
        {
            let first = outletTargets.count
            addTarget(
                known: declaration.idTable[parent.id], id: parent.id, written: parent.written, offsets: parent.offsets,
                outlet, owner: index, context: parent.context)
            hierarchyOffsets.append((index, parent.offsets, parent.context))
            if outletTargets[first].map({ $0 >= index }) ?? true { hierarchyStarts.append(index) }
            declaration.outletConnections.append(
                SceneDeclaration.OutletConnection(outlet: outlet, targetRange: first..<outletTargets.count))
        }
        for override in expansion.takeOverrides(of: id) {
            guard let setDocument = expansion.documentOf(override.context) else { continue }
            enter(override.context)
            defer { enter(context) }
            guard case .property(let property)? = type.members[override.property], !property.isReadOnly else {
                // The type's own properties first, then its bases': a
                // Button's title before the frame every view has.
                let settable = type.lineage.flatMap(\.ownProperties).filter { !$0.isReadOnly }.map(\.name)
                if type.property(named: override.property) != nil {
                    diagnostics.add(
                        .readOnlyOverride(
                            path: override.written + "." + override.property, type: type.name, settable: settable),
                        at: setDocument.writtenSpan(override.keyNode))
                    continue
                }
                diagnostics.add(
                    .unknownOverrideProperty(
                        property: override.property, id: override.written, type: type.name,
                        hint: Suggestions.hint(
                            for: override.property, in: settable,
                            fallback: settable.isEmpty
                                ? "\(type.name) has no properties to set"
                                : "its properties are \(Suggestions.list(settable))")),
                    at: setDocument.writtenSpan(override.keyNode))
                continue
            }
            let value: SceneValue?
            if expansion.contexts[override.context].parameters != nil,
                let name = ComponentExpansion.parameterReference(setDocument, override.valueNode)
            {
                value = expansion.resolveParameter(
                    name, at: setDocument.span(override.valueNode), for: property, context: override.context,
                    into: &diagnostics)
            } else {
                value = ValueResolver.resolve(
                    override.valueNode, in: setDocument, as: property.type, range: property.range,
                    subject: { property.name }, into: &diagnostics)
            }
            guard let value else { continue }
            let entry = SceneDeclaration.PropertyValue(property: property, value: value)
            if let existing = declaration.propertyValues[start...].firstIndex(where: {
                $0.property.name == property.name
            }) {
                declaration.propertyValues[existing] = entry
            } else {
                declaration.propertyValues.append(entry)
            }
        }
    }

    /// For an id that names an instance rather than an object: a hint
    /// naming some of its objects by path, as the file that wrote `written` writes them.
    func instanceHint(_ id: String, written: String) -> String? {
        let prefix = id + "."
        var objects: [String] = []
        for candidate in ids where candidate.hasPrefix(prefix) {
            objects.append(written + "." + candidate.dropFirst(prefix.count))
            if objects.count == 4 { break }
        }
        guard !objects.isEmpty else { return nil }
        return "'\(written)' is an instance of a component; name one of its objects, such as "
            + objects.map { "'\($0)'" }.joined(separator: ", ")
    }

    /// The ids of the objects declared so far, as the file of `context` writes them.
    func localIDs(_ context: Int) -> [String] {
        let prefix = expansion.contexts[context].prefix
        guard !prefix.isEmpty else { return ids }
        return ids.compactMap { localID($0, prefix: prefix) }
    }

    /// `id` as a file whose ids start with `prefix` writes it; `nil` when
    /// the object is not in that file.
    func localID(_ id: String, prefix: String) -> String? {
        guard !prefix.isEmpty else { return id }
        guard id.hasPrefix(prefix) else { return nil }
        return String(id.dropFirst(prefix.count))
    }
}
