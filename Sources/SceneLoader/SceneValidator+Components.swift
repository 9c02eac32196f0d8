import SceneCore
import SceneYAML

/// A property's value as a component file writes it: the same for every instance.
struct SharedValueKey: Hashable {
    let component: Int
    let node: YAMLDocument.Node
    let property: ObjectIdentifier
}

/// Checking the objects of components: what an instance gives its objects
/// (a parent for the root views, the `set:` overrides).
extension SceneValidator {
    /// For an object of a component: places a root view under the
    /// instance's parent, and applies the instance's `set:` overrides
    /// (the outermost instance's last, so that it wins).
    mutating func applyComponentContext(
        _ document: borrowing YAMLDocument, _ body: YAMLDocument.Node, of object: ExpandedObject,
        type: TypeDescription, index: Int, own: YAMLDocument, propertiesFrom start: Int
    ) {
        if let parent = object.file.rootParent, let outlet = type.outlets.first(where: \.isHierarchy),
            document.entry(body, outlet.name) == nil
        {
            let first = checked.targets.count
            let idBytes = Array(parent.id.utf8)
            let end = checked.referenceText.count + idBytes.count
            checked.referenceText.append(contentsOf: idBytes)
            checked.targets.append(
                TargetReference(
                    id: (end - idBytes.count)..<end, writtenStart: end - parent.written.utf8.count,
                    offsets: parent.offsets, outlet: outlet, owner: index, file: parent.file))
            checked.hierarchySites.append((index, parent.offsets, parent.file))
            checked.outlets.append(CheckedObjects.Outlet(outlet: outlet, targetRange: first..<checked.targets.count))
        }
        for override in object.overrides {
            let setDocument = override.file.document(own: own)
            // Diagnostics about an override belong to the file that writes it.
            diagnostics.origin = override.file.origin
            defer { diagnostics.origin = object.file.origin }
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
            if override.file.parameters != nil,
                let name = ComponentExpansion.parameterReference(setDocument, override.valueNode)
            {
                value = ComponentExpansion.resolveParameter(
                    name, at: setDocument.span(override.valueNode), for: property, in: override.file, own: own,
                    into: &diagnostics)
            } else {
                value = ValueResolver.resolve(
                    override.valueNode, in: setDocument, as: property.type, range: property.range,
                    subject: { property.name }, into: &diagnostics)
            }
            guard let value else { continue }
            let entry = SceneDeclaration.PropertyValue(property: property, value: value)
            if let existing = checked.propertyValues[start...].firstIndex(where: {
                $0.property.name == property.name
            }) {
                checked.propertyValues[existing] = entry
            } else {
                checked.propertyValues.append(entry)
            }
        }
    }
}
