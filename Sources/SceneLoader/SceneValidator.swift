import SceneCore
import SceneYAML

/// The third phase of a load: the declaration checked against the
/// registry and the format, every mistake collected in one pass.
///
/// Its input is the ``ExpandedScene``: the flat list of objects
/// ``ComponentExpansion`` gives, each with the ``ObjectFile`` it is written
/// in and the ``GivenMember``s its instances give it, applied after its own
/// keys. Its output is the ``DeclaredScene``: in ``CheckedObjects`` each
/// object's id and type, its property values resolved, and its outlets and
/// `on:` actions as written, by id; then the scene's top level (see
/// ``declare(_:registry:limits:programName:after:)``). Nothing here looks
/// an id up: the ``ReferenceResolver`` resolves every reference at once,
/// the id table being complete.
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
    /// What instances give the objects of components (see ``ExpandedScene/given``).
    var given: [GivenMember] = []
    /// Property values of components, resolved once per file (see ``resolveShared(_:_:_:in:)``).
    var sharedValues: [SharedValueKey: SceneValue] = [:]
    /// One instance of each type whose defaults a bound needed (``defaults(of:)``).
    var prototypes: [ObjectIdentifier: AnyObject] = [:]

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

    /// Checks the objects as ``ComponentExpansion`` gives them, with what
    /// their instances give them; `own` is the scene's own document.
    mutating func check(_ objects: [ExpandedObject], given: [GivenMember], own: YAMLDocument) {
        if locator == nil { locator = own.locator }
        self.given = given
        for object in objects {
            check(object, in: object.file.document(own: own), own: own)
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
            diagnostics.add(.invalidID(id: entry.key), at: document.writtenSpan(entry.keyNode), in: file.origin)
        }
        checked.ids.append(id)
        if !existing.inserted {
            let first = existing.first
            diagnostics.add(
                .duplicateID(id: id), at: document.writtenSpan(entry.keyNode),
                in: file.origin,
                notes: [Diagnostic.Note("first written here", at: document.position(ofOffset: firstOffsets[first]))])
        } else if let first = object.instanceWrittenFirst {
            diagnostics.add(
                .duplicateID(id: id), at: document.writtenSpan(entry.keyNode),
                in: file.origin, notes: [Diagnostic.Note("first written here", at: document.position(ofOffset: first))])
        }
        firstOffsets.append(document.offsets(entry.keyNode).lowerBound)
        let type = objectType(document, entry, in: file.origin)
        checked.types.append(type)
        // An object of a component is placed, for the scene, where its instance is written.
        let idOffsets = file.isOwn ? document.offsets(entry.keyNode) : file.siteOffsets
        let starts = (checked.propertyValues.count, checked.outlets.count, checked.actions.count)
        guard let type else {
            checked.objects.append(
                CheckedObjects.Object(
                    idOffsets: idOffsets, propertyRange: starts.0..<starts.0, outletRange: starts.1..<starts.1,
                    actionRange: starts.2..<starts.2))
            return
        }
        validateMembers(
            document, entry.value, of: object, type: type, index: index, idOffsets: document.offsets(entry.keyNode),
            own: own)
        if !object.given.isEmpty {
            apply(
                given[object.given], to: index, type: type, own: own, propertiesFrom: starts.0,
                outletsFrom: starts.1)
        }
        checked.objects.append(
            CheckedObjects.Object(
                idOffsets: idOffsets,
                propertyRange: starts.0..<checked.propertyValues.count, outletRange: starts.1..<checked.outlets.count,
                actionRange: starts.2..<checked.actions.count))
        if !type.bounds.isEmpty {
            checkBounds(
                of: type, values: starts.0..<checked.propertyValues.count, at: document.writtenSpan(entry.keyNode),
                in: file.origin)
        }
    }

    /// Refuses the pairs of `type`'s ``TypeDescription/bounds`` that the
    /// object's property values (those at `values`, the defaults for the
    /// others) give the wrong way round, at the object's id.
    mutating func checkBounds(
        of type: TypeDescription, values: Range<Int>, at span: SourceSpan, in origin: DiagnosticOrigin?
    ) {
        for (lower, upper) in type.bounds {
            let given = checked.propertyValues[values]
            let lowerGiven = given.last { $0.property === lower }?.value
            let upperGiven = given.last { $0.property === upper }?.value
            guard lowerGiven != nil || upperGiven != nil else { continue }
            let prototype = lowerGiven == nil || upperGiven == nil ? defaults(of: type) : nil
            let lowerValue = lowerGiven ?? prototype.flatMap { lower.value(of: $0) }
            let upperValue = upperGiven ?? prototype.flatMap { upper.value(of: $0) }
            guard let low = lowerValue?.numbers.first, let high = upperValue?.numbers.first, low > high,
                let lowerValue, let upperValue
            else { continue }
            diagnostics.add(
                .boundsReversed(
                    type: type.name, lower: lower.name, lowerValue: lowerValue.description, upper: upper.name,
                    upperValue: upperValue.description,
                    leftAtDefault: lowerGiven == nil ? lower.name : upperGiven == nil ? upper.name : nil),
                at: span, in: origin)
        }
    }

    /// An instance of `type` with its defaults, made once per type.
    mutating func defaults(of type: TypeDescription) -> AnyObject {
        if let made = prototypes[ObjectIdentifier(type)] { return made }
        let made = type.makeInstance()
        prototypes[ObjectIdentifier(type)] = made
        return made
    }

    /// The registered type `entry` declares, written in the file `origin`
    /// names; `nil` after a diagnostic.
    mutating func objectType(
        _ document: borrowing YAMLDocument, _ entry: YAMLDocument.Entry, in origin: DiagnosticOrigin?
    ) -> TypeDescription? {
        let id = entry.key
        guard document.kind(entry.value) == .mapping else {
            diagnostics.add(
                .objectNotAMapping(id: id, found: document.kindDescription(entry.value)),
                at: document.span(entry.value), in: origin
            )
            return nil
        }
        guard let typeEntry = document.entry(entry.value, "type") else {
            diagnostics.add(
                .missingType(id: id, typesHint: typesHint), at: document.writtenSpan(entry.keyNode), in: origin)
            return nil
        }
        guard document.kind(typeEntry.value) == .scalar, !document.isNull(typeEntry.value) else {
            diagnostics.add(
                .typeNotAName(id: id, found: document.kindDescription(typeEntry.value), typesHint: typesHint),
                at: document.span(typeEntry.value), in: origin)
            return nil
        }
        // A slice of the document's bytes, not `withScalarBytes`: a closure
        // here would capture a copy of the registry, retaining each of its
        // tables for every object.
        if let bytes = document.scalarBytes(typeEntry.value), let type = registry.type(namedUTF8: bytes) {
            return type
        }
        let typeName = document.text(typeEntry.value) ?? ""
        do {
            let (registry, typesHint) = (registry, typesHint)
            diagnostics.add(at: document.span(typeEntry.value), in: origin) { withHints in
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
                origin: file.origin, into: &diagnostics)
        else { return nil }
        guard
            diagnostics.reportRefusals(
                of: value, at: node, in: document, property, subject: property.name, origin: file.origin)
        else { return nil }
        if let key { sharedValues[key] = value }
        return value
    }

    /// Checks the keys of the object declared at `index`.
    mutating func validateMembers(
        _ document: borrowing YAMLDocument, _ body: YAMLDocument.Node, of object: ExpandedObject,
        type: TypeDescription, index: Int, idOffsets: Range<Int>, own: YAMLDocument
    ) {
        let (id, file) = (object.id, object.file)
        let hasParameters = file.parameters != nil && !object.given.isEmpty
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
                        .readOnlyProperty(property: property.name, type: type.name), at: document.writtenSpan(keyNode),
                        in: file.origin)
                    return
                }
                // A `$name` was resolved in expansion; its value goes where the key is written.
                if hasParameters, let use = parameterUse(at: keyNode, in: object.given) {
                    if let resolved = use {
                        checked.propertyValues.append(
                            SceneDeclaration.PropertyValue(property: property, value: resolved))
                    }
                } else if var resolved = resolveShared(document, value, property, in: file) {
                    if !file.prefix.isEmpty, Self.isConstraintList(property) || Self.isConstraintRelation(property) {
                        resolved = Self.prefixingItems(of: resolved, with: file.prefix)
                    }
                    checked.propertyValues.append(SceneDeclaration.PropertyValue(property: property, value: resolved))
                    if Self.isConstraintList(property) {
                        recordConstraints(resolved, at: value, in: document, owner: index, file: file)
                    } else if Self.isConstraintRelation(property) {
                        recordConstraints(
                            .list([resolved]), at: value, in: document, owner: index, file: file, named: true)
                    }
                }
            case .member(.outlet(let outlet)):
                addOutlet(document, value, outlet, owner: index, in: file)
            case .unknown:
                let key = document.text(keyNode) ?? ""
                if key == "include" {
                    diagnostics.add(.typeAndInclude(id: id), at: document.writtenSpan(keyNode), in: file.origin)
                    return
                }
                let span = document.writtenSpan(keyNode)
                let shown = diagnostics.showsHints(
                    for: .unknownKey(key: key, type: type.name, hint: nil), at: span, in: file.origin)
                diagnostics.add(
                    .unknownKey(key: key, type: type.name, hint: shown ? unknownKeyHint(key, type) : nil), at: span,
                    in: file.origin)
            }
        }
        for property in type.requiredProperties
        where document.entry(body, property.name) == nil
            && !given[object.given].contains(where: { $0.setMember == property.name })
        {
            diagnostics.add(
                .missingProperty(id: id, type: type.name, property: property.name, valueType: property.type),
                at: document.locator.span(idOffsets), in: file.origin)
        }
        // An outlet an instance's `set:` gives is checked where the `set:` is written.
        for outlet in type.requiredOutlets where !given[object.given].contains(where: { $0.setMember == outlet.name }) {
            guard let entry = document.entry(body, outlet.name) else {
                diagnostics.add(
                    .missingOutlet(
                        id: id, written: object.entry.key, type: type.name, outlet: outlet.name,
                        requirement: registry.requirement(of: outlet)),
                    at: document.locator.span(idOffsets), in: file.origin)
                continue
            }
            if document.isNull(entry.value) {
                diagnostics.add(
                    .nullRequiredOutlet(
                        id: id, outlet: outlet.name, requirement: registry.requirement(of: outlet)),
                    at: document.span(entry.value), in: file.origin)
            }
        }
    }

    /// The value expansion gave the property whose key is `keyNode`, written
    /// as `$name` (``GivenMember/parameterUse(keyNode:_:_:)``): `.some(nil)`
    /// when it was refused; `nil` when the key is no parameter's use.
    func parameterUse(at keyNode: YAMLDocument.Node, in members: Range<Int>) -> SceneValue?? {
        for member in given[members] {
            if case .parameterUse(let node, _, let value) = member, node == keyNode { return .some(value) }
        }
        return nil
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
