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
///
/// In an override, the key names the component's object (`form.authenticator`)
/// and the value is read in the file that writes the `set:`: an id in it
/// (an outlet's target, an action's target under `on`) is one of the
/// including file's ids (`auth`, or `other.timer` by path), resolved with
/// every other reference by the ``ReferenceResolver``.
extension SceneValidator {
    /// For an object of a component: places a root view under the
    /// instance's parent, and applies the instance's `set:` overrides
    /// (the outermost instance's last, so that it wins): a property's
    /// value, an outlet's targets (in place of those the component
    /// writes), or `on` connections (added to the component's own).
    /// `start` and `outletStart` are where the object's properties and
    /// outlets begin in ``checked``.
    mutating func applyComponentContext(
        _ document: borrowing YAMLDocument, _ body: YAMLDocument.Node, of object: ExpandedObject,
        type: TypeDescription, index: Int, own: YAMLDocument, propertiesFrom start: Int, outletsFrom outletStart: Int
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
            if override.property == "on" {
                validateConnections(setDocument, override.valueNode, of: type, index: index, in: override.file)
                continue
            }
            if case .outlet(let outlet)? = type.members[override.property] {
                applyOutletOverride(override, outlet, in: setDocument, owner: index, outletsFrom: outletStart)
                continue
            }
            guard case .property(let property)? = type.members[override.property], !property.isReadOnly else {
                // The type's own properties first, then its bases': a
                // Button's title before the frame every view has.
                let settable = type.lineage.flatMap(\.ownProperties).filter { !$0.isReadOnly }.map(\.name)
                if type.property(named: override.property) != nil {
                    diagnostics.add(
                        .readOnlyOverride(
                            path: override.written + "." + override.property, type: type.name, settable: settable),
                        at: setDocument.writtenSpan(override.keyNode), in: override.file.origin)
                    continue
                }
                diagnostics.add(
                    .unknownOverrideProperty(
                        property: override.property, id: override.written, type: type.name,
                        hint: Suggestions.hint(
                            for: override.property, in: settable + type.outlets.map(\.name) + ["on"],
                            fallback: settable.isEmpty
                                ? "\(type.name) has no properties to set"
                                : "its properties are \(Suggestions.list(settable))")),
                    at: setDocument.writtenSpan(override.keyNode), in: override.file.origin)
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
                    subject: { property.name }, origin: override.file.origin, into: &diagnostics)
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

    /// Applies the override of the outlet `outlet` of the object at
    /// `owner`: its value's ids are the file's that writes the `set:`
    /// (checked like any outlet's, see ``addOutlet(_:_:_:owner:in:)``),
    /// and its targets take the place of those the component writes.
    mutating func applyOutletOverride(
        _ override: Override, _ outlet: OutletDescription, in setDocument: YAMLDocument, owner: Int,
        outletsFrom outletStart: Int
    ) {
        if outlet.isRequired, !outlet.isCollection, setDocument.isNull(override.valueNode) {
            diagnostics.add(
                .nullRequiredOutlet(
                    id: override.written, outlet: outlet.name, requirement: registry.requirement(of: outlet)),
                at: setDocument.span(override.valueNode), in: override.file.origin)
            return
        }
        let before = checked.outlets.count
        addOutlet(setDocument, override.valueNode, outlet, owner: owner, in: override.file)
        // Nothing recorded after a mistake in the value: the component's own targets stay.
        guard checked.outlets.count > before,
            let written = checked.outlets[outletStart..<before].firstIndex(where: { $0.outlet === outlet })
        else { return }
        checked.outlets[written] = checked.outlets.removeLast()
    }
}
