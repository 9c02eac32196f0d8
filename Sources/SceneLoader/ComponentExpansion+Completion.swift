import SceneCore
import SceneYAML

/// What an instance gives one object of its component besides the keys the
/// component writes: ``ComponentExpansion`` works it out, the declaration
/// applies it after the object's own keys, in order, the later winning.
enum GivenMember {
    /// A root view's parent: the instance's `parent:`, given to the type's
    /// hierarchy outlet, which the component leaves unwritten.
    case parent(ParentSite, OutletDescription)
    /// A property's value from a `set:`, resolved; `nil` when it was
    /// refused (reported).
    case property(PropertyDescription, SceneValue?)
    /// An outlet's targets from a `set:`, in place of those the component
    /// writes: the ids at `node`, in the file that writes the `set:`.
    case outlet(OutletDescription, node: YAMLDocument.Node, file: ObjectFile)
    /// `on:` connections from a `set:`, added to the component's own.
    case connections(node: YAMLDocument.Node, file: ObjectFile)
    /// A `set:` of the member of this name whose mistake was reported.
    case refused(member: String)
    /// A property the component writes as `$name` (the key at `keyNode`):
    /// the instance's parameter, resolved and checked against the
    /// property here; `nil` when it was refused (reported). The
    /// declaration takes it where the key is written, not after the keys.
    case parameterUse(keyNode: YAMLDocument.Node, PropertyDescription, SceneValue?)

    /// The member a `set:` gives; `nil` for a root view's parent.
    var setMember: String? {
        switch self {
        case .parent: nil
        case .property(let property, _): property.name
        case .outlet(let outlet, _, _): outlet.name
        case .connections: "on"
        case .refused(let member): member
        case .parameterUse: nil
        }
    }
}

/// Completing the objects of components: the root views placed under the
/// instance's parent, the properties a component writes as `$name` given
/// their parameter's value, and the instances' `set:` overrides checked
/// against the object's type.
///
/// In an override, the key names the component's object (`form.authenticator`)
/// and the value is read in the file that writes the `set:`: an id in it
/// (an outlet's target, an action's target under `on`) is one of the
/// including file's ids (`auth`, or `other.timer` by path), resolved with
/// every other reference by the ``ReferenceResolver``.
extension ComponentExpansion {
    /// Appends to ``given`` what the instances give the object of a
    /// component declared by `entry` in `file` (whose document is
    /// `document`), with `overrides` the `set:` entries that name it,
    /// outermost instance's last; `own` is the scene's own file's document.
    /// Nothing for an object whose type is not registered (its own mistake
    /// is reported with the declaration).
    mutating func complete(
        _ document: borrowing YAMLDocument, _ entry: YAMLDocument.Entry, in file: ObjectFile,
        overrides: [Override], own: YAMLDocument, into diagnostics: inout DiagnosticCollector
    ) -> Range<Int> {
        let start = given.count
        guard file.rootParent != nil || !overrides.isEmpty || file.parameters != nil,
            document.kind(entry.value) == .mapping,
            let typeNode = document.entry(entry.value, "type")?.value, let bytes = document.scalarBytes(typeNode),
            let type = registry.type(namedUTF8: bytes)
        else { return start..<start }
        if let parent = file.rootParent, let outlet = type.outlets.first(where: \.isHierarchy),
            document.entry(entry.value, outlet.name) == nil
        {
            given.append(.parent(parent, outlet))
        }
        if file.parameters != nil {
            appendParameterUses(document, entry.value, of: type, in: file, own: own, into: &diagnostics)
        }
        for override in overrides {
            given.append(member(override, of: type, own: own, into: &diagnostics))
        }
        return start..<given.count
    }

    /// Appends a ``GivenMember/parameterUse(keyNode:_:_:)`` for each
    /// settable property of `type` that the object `body` (in `file`, which
    /// declares parameters) writes as `$name`. A read-only property is
    /// left to the declaration, which reports it.
    mutating func appendParameterUses(
        _ document: borrowing YAMLDocument, _ body: YAMLDocument.Node, of type: TypeDescription, in file: ObjectFile,
        own: YAMLDocument, into diagnostics: inout DiagnosticCollector
    ) {
        document.forEachEntryNode(body) { keyNode, value in
            var member: TypeDescription.Member?
            document.withScalarBytes(keyNode) { member = type.member(utf8: $0) }
            guard case .property(let property)? = member, !property.isReadOnly,
                let name = Self.parameterReference(document, value)
            else { return }
            let resolved = Self.resolveParameter(
                name, at: document.span(value), for: property, in: file, own: own, into: &diagnostics)
            given.append(.parameterUse(keyNode: keyNode, property, resolved))
        }
    }

    /// What `override` gives an object of `type`: a property's value
    /// (checked here), an outlet's targets or `on` connections (checked
    /// with the object's own), or a mistake reported in the file that
    /// writes the `set:`.
    func member(
        _ override: Override, of type: TypeDescription, own: YAMLDocument,
        into diagnostics: inout DiagnosticCollector
    ) -> GivenMember {
        let setDocument = override.file.document(own: own)
        let origin = override.file.origin
        if override.property == "on" { return .connections(node: override.valueNode, file: override.file) }
        if case .outlet(let outlet)? = type.members[override.property] {
            guard outlet.isRequired, !outlet.isCollection, setDocument.isNull(override.valueNode) else {
                return .outlet(outlet, node: override.valueNode, file: override.file)
            }
            diagnostics.add(
                .nullRequiredOutlet(
                    id: override.written, outlet: outlet.name, requirement: registry.requirement(of: outlet)),
                at: setDocument.span(override.valueNode), in: origin)
            return .refused(member: outlet.name)
        }
        guard case .property(let property)? = type.members[override.property], !property.isReadOnly else {
            // The type's own properties first, then its bases': a
            // Button's title before the frame every view has.
            let settable = type.lineage.flatMap(\.ownProperties).filter { !$0.isReadOnly }.map(\.name)
            if type.property(named: override.property) != nil {
                diagnostics.add(
                    .readOnlyOverride(
                        path: override.written + "." + override.property, type: type.name, settable: settable),
                    at: setDocument.writtenSpan(override.keyNode), in: origin)
                return .refused(member: override.property)
            }
            diagnostics.add(
                .unknownOverrideProperty(
                    property: override.property, id: override.written, type: type.name,
                    hint: Suggestions.hint(
                        for: override.property, in: settable + type.outlets.map(\.name) + ["on"],
                        fallback: settable.isEmpty
                            ? "\(type.name) has no properties to set"
                            : "its properties are \(Suggestions.list(settable))")),
                at: setDocument.writtenSpan(override.keyNode), in: origin)
            return .refused(member: override.property)
        }
        if override.file.parameters != nil,
            let name = Self.parameterReference(setDocument, override.valueNode)
        {
            return .property(
                property,
                Self.resolveParameter(
                    name, at: setDocument.span(override.valueNode), for: property, in: override.file, own: own,
                    into: &diagnostics))
        }
        return .property(
            property,
            ValueResolver.resolve(
                override.valueNode, in: setDocument, as: property.type, range: property.range,
                subject: { property.name }, origin: origin, into: &diagnostics))
    }
}
