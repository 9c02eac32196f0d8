import SceneCore
import SceneYAML

/// A property's value as a component file writes it: the same for every instance.
struct SharedValueKey: Hashable {
    let component: Int
    let node: YAMLDocument.Node
    let property: ObjectIdentifier
}

/// The members ``ComponentExpansion`` gives an object of a component,
/// applied after the object's own keys.
extension SceneValidator {
    /// Applies `given` (see ``GivenMember``) to the object declared at
    /// `index`, in order: a parent's target or an outlet's targets, checked
    /// like any outlet's (see ``addOutlet(_:_:_:owner:in:)``), the latter in
    /// place of those the component writes; a property's value in place of
    /// the component's; `on` connections added to the component's own.
    /// `start` and `outletStart` are where the object's properties and
    /// outlets begin in ``checked``; `own` is the scene's own document.
    mutating func apply(
        _ given: ArraySlice<GivenMember>, to index: Int, type: TypeDescription, own: YAMLDocument,
        propertiesFrom start: Int, outletsFrom outletStart: Int
    ) {
        for member in given {
            switch member {
            case .parent(let parent, let outlet):
                let first = checked.targets.count
                let idBytes = Array(parent.id.utf8)
                let end = checked.referenceText.count + idBytes.count
                checked.referenceText.append(contentsOf: idBytes)
                checked.targets.append(
                    TargetReference(
                        id: (end - idBytes.count)..<end, writtenStart: end - parent.written.utf8.count,
                        offsets: parent.offsets, outlet: outlet, owner: index, file: parent.file))
                checked.hierarchySites.append((index, parent.offsets, parent.file))
                checked.outlets.append(
                    CheckedObjects.Outlet(outlet: outlet, targetRange: first..<checked.targets.count))
            case .connections(let node, let file):
                validateConnections(file.document(own: own), node, of: type, index: index, in: file)
            case .outlet(let outlet, let node, let file):
                let before = checked.outlets.count
                addOutlet(file.document(own: own), node, outlet, owner: index, in: file)
                // Nothing recorded after a mistake in the value: the component's own targets stay.
                guard checked.outlets.count > before,
                    let written = checked.outlets[outletStart..<before].firstIndex(where: { $0.outlet === outlet })
                else { continue }
                checked.outlets[written] = checked.outlets.removeLast()
            case .property(let property, let value):
                guard let value else { continue }
                let entry = SceneDeclaration.PropertyValue(property: property, value: value)
                if let existing = checked.propertyValues[start...].firstIndex(where: {
                    $0.property.name == property.name
                }) {
                    checked.propertyValues[existing] = entry
                } else {
                    checked.propertyValues.append(entry)
                }
            case .refused, .parameterUse:
                continue
            }
        }
    }
}
