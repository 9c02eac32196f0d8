import SceneCore
import SceneYAML

/// The third phase of a load: the declaration checked. It checks a scene
/// file against the registry and the format, collects every mistake in one
/// pass, and gives the ``SceneDeclaration`` that ``SceneAssembler`` builds.
///
/// The phases before it feed it: the YAML reader (the first phase) hands
/// it the scene's objects one at a time while the file is read
/// (``addObject(_:_:)``), so that a large file never holds more than one
/// object's nodes, and ``ComponentExpansion`` (the second) expands each
/// instance of a component into the file, prefix, parameters and overrides
/// its objects are checked in. Properties are resolved at once, while
/// references to other objects (outlets and `on:` actions) wait until
/// ``finish(_:)``, when every id and type is known; the script is compiled
/// there by ``ScriptCompiler``.
struct SceneValidator {
    static let topLevelKeys = ["scene", "description", "version", "canvas", "objects", "script"]

    let registry: SceneRegistry
    var diagnostics: DiagnosticCollector
    var declaration = SceneDeclaration()
    /// The type of each declared object, `nil` when its type is unknown
    /// (references to it are then not checked further).
    var types: [TypeDescription?] = []
    var ids: [String] = []
    /// Whether each object was valid enough to be declared.
    var isDeclared: [Bool] = []
    /// Where each object's hierarchy outlet (like `parent`) value is written.
    var hierarchyOffsets: [(owner: Int, offsets: Range<Int>, context: Int)] = []
    /// The objects, in order, whose hierarchy outlet names themselves or an
    /// id not declared before them: every cycle is reached from one (see
    /// ``checkHierarchies()``).
    var hierarchyStarts: [Int] = []
    var pendingTargets: [PendingTarget] = []
    /// Where each object's id starts, for a duplicate's note.
    var firstOffsets: [Int] = []
    var pendingActions: [PendingAction] = []
    /// The declared objects (by index in the declaration) with actions left
    /// to resolve, and their entries in ``pendingActions``; the others'
    /// `connectionRange`s are final as they are read.
    var objectsWithPendingActions: [(object: Int, actions: Range<Int>)] = []
    /// The targets of every outlet, by index in the declaration's objects,
    /// `nil` until resolved; the declaration's ``SceneDeclaration/outletTargets``
    /// once every one is (see ``finish(_:)``).
    var outletTargets: [Int?] = []
    var locator: SourceLocator?
    /// Limits on includes (and the files they read) and on the script.
    let limits: SceneLimits
    /// The components expanded so far: the file each object comes from
    /// (its ``ComponentExpansion/contexts``), parameters and overrides.
    var expansion: ComponentExpansion
    /// Where each instance of the scene's own file is written, by id.
    var instanceOffsets: [String: Int] = [:]
    /// Property values of components, resolved once per file (see ``resolveShared(_:_:_:context:)``).
    var sharedValues: [SharedValueKey: SceneValue] = [:]

    /// An outlet target named by id, resolved in ``finish(_:)``.
    struct PendingTarget {
        /// Its slot in the declaration's outlet targets.
        let slot: Int
        let id: String
        let offsets: Range<Int>
        let outlet: OutletDescription
        let owner: Int
        /// The id as written, without the instance's path.
        let written: String
        /// The file it is written in (see ``ComponentExpansion/contexts``).
        let context: Int
    }

    /// A `target.action` reference under `on:`: its connection when it
    /// names an object already declared and fits, else resolved (and any
    /// mistake reported) in ``finish(_:)``.
    enum PendingAction {
        case resolved(SceneDeclaration.EventConnection)
        case unresolved(UnresolvedAction)

        /// The connection, when it was resolved as the file was read.
        var connection: SceneDeclaration.EventConnection? {
            guard case .resolved(let connection) = self else { return nil }
            return connection
        }
    }

    /// A `target.action` reference left for ``finish(_:)``.
    struct UnresolvedAction {
        let owner: Int
        let event: EventDescription?
        let targetID: String
        let actionName: String
        /// Where the reference is written, and how (for carets under its parts).
        let offsets: Range<Int>
        let style: ScalarStyle
        /// The file it is written in (see ``ComponentExpansion/contexts``); `targetID` is
        /// as written there, without the instance's path.
        let context: Int
    }

    /// Whether every object read so far was declared and nothing is wrong
    /// yet: the objects can be made (see ``SceneAssembler/make(_:)``).
    var isSound: Bool { !diagnostics.hasErrors && declaration.objects.count == ids.count }

    /// Says where the registered types are listed: the program's `types`
    /// command, or (with no program to name) the first few of them.
    let typesHint: String

    /// A validator of the scene file named `name`.
    init(registry: SceneRegistry, limits: SceneLimits, name: String, programName: String? = nil) {
        self.registry = registry
        self.limits = limits
        self.expansion = ComponentExpansion(ownName: name, limits: limits)
        self.diagnostics = DiagnosticCollector(limit: limits.maxDiagnostics)
        typesHint =
            programName.map { "'\($0) types' lists the registered types" }
            ?? "the registered types are \(Suggestions.list(registry.types.map(\.name)))"
    }

    /// Reserves room for what a scene of `bytes` bytes is likely to hold,
    /// so that the arrays of a large scene are not copied as they grow.
    /// The guesses are generous: room reserved and never written costs
    /// address space, not memory.
    mutating func reserveCapacity(forTextOf bytes: Int) {
        let objects = bytes / 64
        ids.reserveCapacity(objects)
        types.reserveCapacity(objects)
        isDeclared.reserveCapacity(objects)
        firstOffsets.reserveCapacity(objects)
        declaration.objects.reserveCapacity(objects)
        declaration.propertyValues.reserveCapacity(bytes / 24)
        declaration.outletConnections.reserveCapacity(objects)
        outletTargets.reserveCapacity(bytes / 32)
        declaration.eventConnections.reserveCapacity(bytes / 48)
    }

    // MARK: - Objects, as they are read

    /// Validates one entry of `objects:`; `document` is only valid during the call.
    mutating func addObject(_ document: borrowing YAMLDocument, _ entry: YAMLDocument.Entry) {
        if locator == nil {
            locator = document.locator
            // A component checked or run on its own takes its parameters' defaults.
            if let params = document.rootEntry("params", before: "objects") {
                expansion.bindOwnParameters(document, params, into: &diagnostics)
            }
        }
        guard expansion.contexts[0].parameters != nil else {
            addObject(document, entry, context: 0)
            return
        }
        expansion.ownDocument = copy document
        addObject(document, entry, context: 0)
        expansion.ownDocument = nil
    }

    /// Validates one entry of the `objects:` of the file of `context` (0:
    /// the scene's own): an object, or an instance of a component.
    mutating func addObject(_ document: borrowing YAMLDocument, _ entry: YAMLDocument.Entry, context: Int) {
        // An instance has `include` and no `type` (with both, `include` is reported as a mistake).
        if document.kind(entry.value) == .mapping, document.entry(entry.value, "type") == nil,
            document.entry(entry.value, "include") != nil
        {
            addInstance(document, entry, context: context)
            return
        }
        let index = ids.count
        // In a component, the id is the instance's path and the written id.
        let id = context == 0 ? entry.key : expansion.contexts[context].prefix + entry.key
        // The reader leaves duplicate ids to us: the first declaration keeps the id.
        var isValid = false
        var existing = (first: index, inserted: true)
        if context == 0 {
            document.withScalarBytes(entry.keyNode) { idBytes in
                isValid = SceneRegistry.isIdentifier(utf8: idBytes)
                existing = declaration.idTable.insert(idBytes, index)
            }
        } else {
            document.withScalarBytes(entry.keyNode) { isValid = SceneRegistry.isIdentifier(utf8: $0) }
            existing = Array(id.utf8).withUnsafeBufferPointer { declaration.idTable.insert($0, index) }
        }
        if !isValid {
            diagnostics.add(.invalidID(id: entry.key), at: document.writtenSpan(entry.keyNode))
        }
        ids.append(id)
        if !existing.inserted {
            let first = existing.first
            diagnostics.add(
                .duplicateID(id: id), at: document.writtenSpan(entry.keyNode),
                notes: [Diagnostic.Note("first written here", at: document.position(ofOffset: firstOffsets[first]))])
        } else if context == 0, !instanceOffsets.isEmpty, let first = instanceOffsets[id] {
            diagnostics.add(
                .duplicateID(id: id), at: document.writtenSpan(entry.keyNode),
                notes: [Diagnostic.Note("first written here", at: document.position(ofOffset: first))])
        }
        firstOffsets.append(document.offsets(entry.keyNode).lowerBound)
        let type = objectType(document, entry)
        types.append(type)
        guard let type else {
            if context != 0 { expansion.markOverridesUsed(id) }
            isDeclared.append(false)
            return
        }
        isDeclared.append(true)
        // An object of a component is placed, for the scene, where its instance is written.
        let idOffsets = context == 0 ? document.offsets(entry.keyNode) : expansion.contexts[context].siteOffsets
        var object = SceneDeclaration.Object(id: id, idOffsets: idOffsets, type: type)
        let starts = (declaration.propertyValues.count, declaration.outletConnections.count, pendingActions.count)
        validateMembers(
            document, entry.value, of: object, index: index, idOffsets: document.offsets(entry.keyNode),
            context: context)
        if context != 0 {
            applyComponentContext(
                document, entry.value, of: type, id: id, index: index, context: context, propertiesFrom: starts.0)
        }
        object.propertyRange = starts.0..<declaration.propertyValues.count
        object.outletRange = starts.1..<declaration.outletConnections.count
        if pendingActions[starts.2...].allSatisfy({ $0.connection != nil }) {
            let start = declaration.eventConnections.count
            for case let connection? in pendingActions[starts.2...].lazy.map(\.connection) {
                declaration.eventConnections.append(connection)
            }
            object.connectionRange = start..<declaration.eventConnections.count
            pendingActions.removeSubrange(starts.2...)
        } else {
            // Its range of connections is set in `finish`, once they are resolved.
            objectsWithPendingActions.append((declaration.objects.count, starts.2..<pendingActions.count))
        }
        declaration.objects.append(object)
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
        var type: TypeDescription?
        document.withScalarBytes(typeEntry.value) { type = registry.type(namedUTF8: $0) }
        if let type { return type }
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

    /// The value of `property` written at `node` in the file of `context`.
    /// In a component, a value is resolved once per file and shared by
    /// every instance (a list's storage included), rather than copied into
    /// each: its text does not depend on the instance.
    mutating func resolveShared(
        _ document: borrowing YAMLDocument, _ node: YAMLDocument.Node, _ property: PropertyDescription, context: Int
    ) -> SceneValue? {
        let key = expansion.contexts[context].component.map {
            SharedValueKey(component: $0, node: node, property: ObjectIdentifier(property))
        }
        if let key, let shared = sharedValues[key] { return shared }
        let value = ValueResolver.resolve(
            node, in: document, as: property.type, range: property.range, subject: { property.name },
            into: &diagnostics)
        if let key, let value { sharedValues[key] = value }
        return value
    }

    /// Checks the keys of the object declared at `index`.
    mutating func validateMembers(
        _ document: borrowing YAMLDocument, _ body: YAMLDocument.Node, of object: SceneDeclaration.Object, index: Int,
        idOffsets: Range<Int>, context: Int
    ) {
        let hasParameters = expansion.contexts[context].parameters != nil
        let type = object.type
        document.forEachEntryNode(body) { keyNode, value in
            // Keys are looked up by their bytes; their text is only made for a message.
            var key = Key.unknown
            document.withScalarBytes(keyNode) { key = SceneValidator.key($0, of: type) }
            switch key {
            case .type: return
            case .on:
                validateConnections(document, value, of: type, index: index, context: context)
            case .member(.property(let property)):
                if property.isReadOnly {
                    diagnostics.add(
                        .readOnlyProperty(property: property.name, type: type.name), at: document.writtenSpan(keyNode))
                    return
                }
                if hasParameters, let name = ComponentExpansion.parameterReference(document, value) {
                    if let resolved = expansion.resolveParameter(
                        name, at: document.span(value), for: property, context: context, into: &diagnostics)
                    {
                        declaration.propertyValues.append(
                            SceneDeclaration.PropertyValue(property: property, value: resolved))
                    }
                } else if let value = resolveShared(document, value, property, context: context) {
                    declaration.propertyValues.append(SceneDeclaration.PropertyValue(property: property, value: value))
                }
            case .member(.outlet(let outlet)):
                addOutlet(document, value, outlet, owner: index, context: context)
            case .unknown:
                let key = document.text(keyNode) ?? ""
                if key == "include" {
                    diagnostics.add(.typeAndInclude(id: object.id), at: document.writtenSpan(keyNode))
                    return
                }
                let span = document.writtenSpan(keyNode)
                let shown = diagnostics.showsHints(for: .unknownKey(key: key, type: type.name, hint: nil), at: span)
                diagnostics.add(
                    .unknownKey(key: key, type: type.name, hint: shown ? unknownKeyHint(key, type) : nil), at: span)
            }
        }
        for property in type.requiredProperties
        where document.entry(body, property.name) == nil && !expansion.isOverridden(object.id, property.name) {
            diagnostics.add(
                .missingProperty(id: object.id, type: type.name, property: property.name, valueType: property.type),
                at: document.locator.span(idOffsets))
        }
        for outlet in type.requiredOutlets {
            guard let entry = document.entry(body, outlet.name) else {
                diagnostics.add(
                    .missingOutlet(
                        id: object.id, type: type.name, outlet: outlet.name,
                        requirement: registry.requirement(of: outlet)),
                    at: document.locator.span(idOffsets))
                continue
            }
            if document.isNull(entry.value) {
                diagnostics.add(
                    .nullRequiredOutlet(
                        id: object.id, outlet: outlet.name, requirement: registry.requirement(of: outlet)),
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
