import SceneCore
import SceneYAML

/// The third phase of a load: the declaration checked against the
/// registry and the format, every mistake collected in one pass.
///
/// Its input is the flat list of objects ``ComponentExpansion`` gives for
/// each entry of `objects:` (``check(_:own:)``), each with the
/// ``ObjectFile`` it is written in; its output is ``CheckedObjects``: each
/// object's id and type, its property values resolved, and its outlets and
/// `on:` actions as written, by id. Nothing here looks an id up: once the
/// whole document is read, ``finish(_:ownDeclaresParameters:)`` checks the
/// top level and has the ``ReferenceResolver`` resolve every reference at
/// once, the id table being complete, then compiles the script with
/// ``ScriptCompiler``.
struct SceneValidator {
    static let topLevelKeys = ["scene", "description", "version", "canvas", "objects", "script", "invariants"]

    let registry: SceneRegistry
    /// Limits on includes (and the files they read) and on the script.
    let limits: SceneLimits
    var diagnostics: DiagnosticCollector
    /// What this phase gives: the objects checked, their references as written.
    var checked = CheckedObjects()
    /// Where each object's id starts, for a duplicate's note.
    var firstOffsets: [Int] = []
    /// Positions in the scene's own file, from its first object on.
    var locator: SourceLocator?
    /// Property values of components, resolved once per file (see ``resolveShared(_:_:_:in:)``).
    var sharedValues: [SharedValueKey: SceneValue] = [:]

    /// Says where the registered types are listed: the program's `types`
    /// command, or (with no program to name) the first few of them.
    let typesHint: String

    /// A validator for the types of `registry`, whose diagnostics follow `earlier`'s.
    init(
        registry: SceneRegistry, limits: SceneLimits, programName: String? = nil, after earlier: [PhaseDiagnostics] = []
    ) {
        self.registry = registry
        self.limits = limits
        self.diagnostics = DiagnosticCollector(limit: limits.maxDiagnostics, after: earlier)
        typesHint =
            programName.map { "'\($0) types' lists the registered types" }
            ?? "the registered types are \(Suggestions.list(registry.types.map(\.name)))"
    }

    /// Reserves room for what a scene of `bytes` bytes is likely to hold,
    /// so that the arrays of a large scene are not copied as they grow.
    /// The guesses are generous: room reserved and never written costs
    /// address space, not memory.
    mutating func reserveCapacity(forTextOf bytes: Int) {
        checked.reserveCapacity(forTextOf: bytes)
        firstOffsets.reserveCapacity(bytes / 64)
    }

    // MARK: - Objects

    /// Checks the objects as ``ComponentExpansion`` gives them; `own` is
    /// the scene's own document.
    mutating func check(_ objects: [ExpandedObject], own: YAMLDocument) {
        if locator == nil { locator = own.locator }
        for object in objects {
            // Diagnostics about an object of a component belong to the component's file.
            diagnostics.origin = object.file.origin
            check(object, in: object.file.document(own: own), own: own)
            diagnostics.origin = nil
        }
    }

    /// Checks one object, written in `document`.
    mutating func check(_ object: ExpandedObject, in document: YAMLDocument, own: YAMLDocument) {
        let (entry, file, id) = (object.entry, object.file, object.id)
        let index = checked.ids.count
        // The reader leaves duplicate ids to us: the first declaration keeps the id.
        var isValid = false
        var existing = (first: index, inserted: true)
        if file.isOwn {
            document.withScalarBytes(entry.keyNode) { idBytes in
                isValid = SceneRegistry.isIdentifier(utf8: idBytes)
                existing = checked.idTable.insert(idBytes, index)
            }
        } else {
            document.withScalarBytes(entry.keyNode) { isValid = SceneRegistry.isIdentifier(utf8: $0) }
            existing = Array(id.utf8).withUnsafeBufferPointer { checked.idTable.insert($0, index) }
        }
        if !isValid {
            diagnostics.add(.invalidID(id: entry.key), at: document.writtenSpan(entry.keyNode))
        }
        checked.ids.append(id)
        if !existing.inserted {
            let first = existing.first
            diagnostics.add(
                .duplicateID(id: id), at: document.writtenSpan(entry.keyNode),
                notes: [Diagnostic.Note("first written here", at: document.position(ofOffset: firstOffsets[first]))])
        } else if let first = object.instanceWrittenFirst {
            diagnostics.add(
                .duplicateID(id: id), at: document.writtenSpan(entry.keyNode),
                notes: [Diagnostic.Note("first written here", at: document.position(ofOffset: first))])
        }
        firstOffsets.append(document.offsets(entry.keyNode).lowerBound)
        let type = objectType(document, entry)
        checked.types.append(type)
        guard let type else { return }
        // An object of a component is placed, for the scene, where its instance is written.
        let idOffsets = file.isOwn ? document.offsets(entry.keyNode) : file.siteOffsets
        let starts = (checked.propertyValues.count, checked.outlets.count, checked.actions.count)
        validateMembers(
            document, entry.value, of: object, type: type, index: index, idOffsets: document.offsets(entry.keyNode),
            own: own)
        if !file.isOwn {
            applyComponentContext(
                document, entry.value, of: object, type: type, index: index, own: own, propertiesFrom: starts.0,
                outletsFrom: starts.1)
        }
        checked.objects.append(
            CheckedObjects.Object(
                index: index, id: id, idOffsets: idOffsets, type: type,
                propertyRange: starts.0..<checked.propertyValues.count, outletRange: starts.1..<checked.outlets.count,
                actionRange: starts.2..<checked.actions.count))
    }

    mutating func objectType(_ document: borrowing YAMLDocument, _ entry: YAMLDocument.Entry)
        -> TypeDescription?
    {
        let id = entry.key
        guard document.kind(entry.value) == .mapping else {
            diagnostics.add(
                .objectNotAMapping(id: id, found: document.kindDescription(entry.value)), at: document.span(entry.value)
            )
            return nil
        }
        guard let typeEntry = document.entry(entry.value, "type") else {
            diagnostics.add(.missingType(id: id, typesHint: typesHint), at: document.writtenSpan(entry.keyNode))
            return nil
        }
        guard document.kind(typeEntry.value) == .scalar, !document.isNull(typeEntry.value) else {
            diagnostics.add(
                .typeNotAName(id: id, found: document.kindDescription(typeEntry.value), typesHint: typesHint),
                at: document.span(typeEntry.value))
            return nil
        }
        // A slice of the document's bytes, not `withScalarBytes`: its
        // closure captured a copy of the registry (retaining each of its
        // tables), 53 M of the 5,890 M instructions of `check` on 100,000
        // objects (callgrind).
        if let bytes = document.scalarBytes(typeEntry.value), let type = registry.type(namedUTF8: bytes) {
            return type
        }
        let typeName = document.text(typeEntry.value) ?? ""
        do {
            let (registry, typesHint) = (registry, typesHint)
            diagnostics.add(at: document.span(typeEntry.value)) { withHints in
                .unknownType(
                    name: typeName,
                    suggestion: withHints ? Suggestions.closest(to: typeName, in: registry.types.map(\.name)) : nil,
                    typesHint: typesHint)
            }
            return nil
        }
    }

    /// The value of `property` written at `node` in `file`. In a
    /// component, a value is resolved once per file and shared by every
    /// instance (a list's storage included), rather than copied into each:
    /// its text does not depend on the instance.
    mutating func resolveShared(
        _ document: borrowing YAMLDocument, _ node: YAMLDocument.Node, _ property: PropertyDescription,
        in file: ObjectFile
    ) -> SceneValue? {
        let key = file.componentIndex.map {
            SharedValueKey(component: $0, node: node, property: ObjectIdentifier(property))
        }
        if let key, let shared = sharedValues[key] { return shared }
        guard
            let value = ValueResolver.resolve(
                node, in: document, as: property.type, range: property.range, subject: { property.name },
                into: &diagnostics)
        else { return nil }
        if let refusal = property.refusal?(value) {
            diagnostics.add(.refused(value, refusal, subject: property.name), at: document.span(node))
            return nil
        }
        if let key { sharedValues[key] = value }
        return value
    }

    /// Checks the keys of the object declared at `index`.
    mutating func validateMembers(
        _ document: borrowing YAMLDocument, _ body: YAMLDocument.Node, of object: ExpandedObject,
        type: TypeDescription, index: Int, idOffsets: Range<Int>, own: YAMLDocument
    ) {
        let (id, file) = (object.id, object.file)
        let hasParameters = file.parameters != nil
        document.forEachEntryNode(body) { keyNode, value in
            // Keys are looked up by their bytes; their text is only made for a message.
            var key = Key.unknown
            document.withScalarBytes(keyNode) { key = SceneValidator.key($0, of: type) }
            switch key {
            case .type: return
            case .on:
                validateConnections(document, value, of: type, index: index, in: file)
            case .member(.property(let property)):
                if property.isReadOnly {
                    diagnostics.add(
                        .readOnlyProperty(property: property.name, type: type.name), at: document.writtenSpan(keyNode))
                    return
                }
                if hasParameters, let name = ComponentExpansion.parameterReference(document, value) {
                    if let resolved = ComponentExpansion.resolveParameter(
                        name, at: document.span(value), for: property, in: file, own: own, into: &diagnostics)
                    {
                        checked.propertyValues.append(
                            SceneDeclaration.PropertyValue(property: property, value: resolved))
                    }
                } else if let value = resolveShared(document, value, property, in: file) {
                    checked.propertyValues.append(SceneDeclaration.PropertyValue(property: property, value: value))
                }
            case .member(.outlet(let outlet)):
                addOutlet(document, value, outlet, owner: index, in: file)
            case .unknown:
                let key = document.text(keyNode) ?? ""
                if key == "include" {
                    diagnostics.add(.typeAndInclude(id: id), at: document.writtenSpan(keyNode))
                    return
                }
                let span = document.writtenSpan(keyNode)
                let shown = diagnostics.showsHints(for: .unknownKey(key: key, type: type.name, hint: nil), at: span)
                diagnostics.add(
                    .unknownKey(key: key, type: type.name, hint: shown ? unknownKeyHint(key, type) : nil), at: span)
            }
        }
        for property in type.requiredProperties
        where document.entry(body, property.name) == nil
            && !object.overrides.contains(where: { $0.property == property.name })
        {
            diagnostics.add(
                .missingProperty(id: id, type: type.name, property: property.name, valueType: property.type),
                at: document.locator.span(idOffsets))
        }
        // An outlet an instance's `set:` gives is checked where the `set:` is written.
        for outlet in type.requiredOutlets where !object.overrides.contains(where: { $0.property == outlet.name }) {
            guard let entry = document.entry(body, outlet.name) else {
                diagnostics.add(
                    .missingOutlet(
                        id: id, written: object.entry.key, type: type.name, outlet: outlet.name,
                        requirement: registry.requirement(of: outlet)),
                    at: document.locator.span(idOffsets))
                continue
            }
            if document.isNull(entry.value) {
                diagnostics.add(
                    .nullRequiredOutlet(
                        id: id, outlet: outlet.name, requirement: registry.requirement(of: outlet)),
                    at: document.span(entry.value))
            }
        }
    }

    /// What the key whose bytes are `bytes` is in an object of `type`.
    static func key(_ bytes: UnsafeBufferPointer<UInt8>, of type: TypeDescription) -> Key {
        if bytes.count == 4 && bytes[0] == UInt8(ascii: "t") && bytes[1] == UInt8(ascii: "y")
            && bytes[2] == UInt8(ascii: "p") && bytes[3] == UInt8(ascii: "e")
        {
            return .type
        }
        if bytes.count == 2 && bytes[0] == UInt8(ascii: "o") && bytes[1] == UInt8(ascii: "n") { return .on }
        return type.member(utf8: bytes).map(Key.member) ?? .unknown
    }

    /// What a key of an object is.
    enum Key {
        case type, on, member(TypeDescription.Member), unknown
    }

    func unknownKeyHint(_ key: String, _ type: TypeDescription) -> String? {
        if type.events[key] != nil {
            return "'\(key)' is an event of \(type.name); connect it under 'on:', e.g. 'on: { \(key): target.action }'"
        }
        if type.actions[key] != nil {
            return "'\(key)' is an action of \(type.name); call it from 'on:' or with 'call:' in the script"
        }
        if type.inputs[key] != nil {
            return "'\(key)' is a script input of \(type.name); use it as a step: '- \(key): <id>'"
        }
        return Suggestions.hint(
            for: key, in: type.members.keys.sorted(),
            fallback: type.members.isEmpty
                ? "\(type.name) has no keys besides 'type' and 'on'"
                : "its keys are \(Suggestions.list(type.properties.filter { !$0.isReadOnly }.map(\.name) + type.outlets.map(\.name)))"
        )
    }
}
