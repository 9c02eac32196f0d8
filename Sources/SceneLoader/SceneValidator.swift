import SceneCore
import SceneYAML

/// Checks a scene file against the registry and the format, and collects
/// every mistake in one pass.
///
/// Objects arrive one at a time while the YAML is read (``addObject(_:_:)``),
/// so that a large file never holds more than one object's nodes; their
/// properties are resolved at once, while references to other objects
/// (outlets and `on:` actions) wait until ``finish(_:)``, when every id and
/// type is known.
struct SceneValidator {
    static let topLevelKeys = ["scene", "description", "version", "objects", "script"]

    let registry: SceneRegistry
    var diagnostics: DiagnosticCollector
    private var declaration = SceneDeclaration()
    /// The type of each declared object, `nil` when its type is unknown
    /// (references to it are then not checked further).
    private var types: [TypeDescription?] = []
    private var ids: [String] = []
    /// Whether each object was valid enough to be declared.
    private var isDeclared: [Bool] = []
    /// Where each object's hierarchy outlet (like `parent`) value is written.
    private var hierarchyOffsets: [(owner: Int, offsets: Range<Int>)] = []
    /// The objects, in order, whose hierarchy outlet names themselves or an
    /// id not declared before them: every cycle is reached from one (see
    /// ``checkHierarchies()``).
    private var hierarchyStarts: [Int] = []
    private var pendingTargets: [PendingTarget] = []
    /// Where each object's id starts, for a duplicate's note.
    private var firstOffsets: [Int] = []
    private var pendingActions: [PendingAction] = []
    /// The declared objects (by index in the declaration) with actions left
    /// to resolve; the others' `connectionRange`s are final as they are read.
    private var objectsWithPendingActions: [Int] = []
    private var locator: SourceLocator?
    /// The index of each object by the bytes of its id (the first, for a duplicate).
    private var idTable = NameTable<Int>()

    /// An outlet target named by id, resolved in ``finish(_:)``.
    private struct PendingTarget {
        /// Its slot in the declaration's outlet targets.
        let slot: Int
        let id: String
        let offsets: Range<Int>
        let outlet: OutletDescription
        let owner: Int
    }

    /// A `target.action` reference under `on:`: its connection when it
    /// names an object already declared and fits, else resolved (and any
    /// mistake reported) in ``finish(_:)``.
    private struct PendingAction {
        let owner: Int
        let event: EventDescription?
        /// The connection, when it was resolved as the file was read; the
        /// strings below are then left empty.
        var connection: SceneDeclaration.EventConnection?
        var targetID = ""
        var actionName = ""
        /// Where the reference is written, and how (for carets under its parts).
        let offsets: Range<Int>
        let style: ScalarStyle
    }

    /// The type of each object in declaration order (`nil`: unknown type).
    var objectTypes: [TypeDescription?] { types }
    /// The id of each object in declaration order.
    var objectIDs: [String] { ids }
    /// The index of the object declared as `id`.
    func objectIndex(_ id: String) -> Int? { idTable[id] }

    /// Says where the registered types are listed: the program's `types`
    /// command, or (with no program to name) the first few of them.
    let typesHint: String

    /// The furthest virtual time the script may reach.
    let maxVirtualTime: Duration

    init(
        registry: SceneRegistry, limit: Int, maxVirtualTime: Duration = SceneLimits().maxVirtualTime,
        toolName: String? = nil
    ) {
        self.registry = registry
        self.maxVirtualTime = maxVirtualTime
        self.diagnostics = DiagnosticCollector(limit: limit)
        typesHint =
            toolName.map { "'\($0) types' lists the registered types" }
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
        declaration.outletTargets.reserveCapacity(bytes / 32)
        declaration.eventConnections.reserveCapacity(bytes / 48)
    }

    // MARK: - Objects, as they are read

    /// Validates one entry of `objects:`; `document` is only valid during the call.
    mutating func addObject(_ document: borrowing YAMLDocument, _ entry: YAMLDocument.Entry) {
        if locator == nil { locator = document.locator }
        let index = ids.count
        let id = entry.key
        // The reader leaves duplicate ids to us: the first declaration keeps the id.
        let (isValid, existing) = document.withScalarBytes(entry.keyNode) { idBytes in
            (SceneRegistry.isIdentifier(utf8: idBytes), idTable.insert(idBytes, index))
        }
        if !isValid {
            diagnostics.add(
                .invalidID, "'\(id)' is not a valid object id", at: document.writtenSpan(entry.keyNode),
                hint:
                    "ids start with a letter or '_' and hold only letters, digits and '_', so that 'id.member' is unambiguous"
            )
        }
        ids.append(id)
        if !existing.inserted {
            let first = idTable.value(at: existing.index)
            diagnostics.add(
                .duplicateKey, "the key '\(id)' appears twice in the same mapping",
                at: document.writtenSpan(entry.keyNode),
                hint: "remove or rename one of them",
                notes: [Diagnostic.Note("first written here", at: document.position(ofOffset: firstOffsets[first]))])
        }
        firstOffsets.append(document.offsets(entry.keyNode).lowerBound)
        let type = objectType(document, entry)
        types.append(type)
        guard let type else {
            isDeclared.append(false)
            return
        }
        isDeclared.append(true)
        var object = SceneDeclaration.Object(id: id, idOffsets: document.offsets(entry.keyNode), type: type)
        let starts = (declaration.propertyValues.count, declaration.outletConnections.count, pendingActions.count)
        validateMembers(document, entry.value, of: object, index: index)
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
            // Until `finish`, the range counts pending actions; it becomes a range of connections there.
            object.connectionRange = starts.2..<pendingActions.count
            objectsWithPendingActions.append(declaration.objects.count)
        }
        declaration.objects.append(object)
    }

    /// Hands the object just read to `assembler` to be created and wired
    /// at once, as long as the file has no mistake so far; false once it
    /// has one (the assembler is then of no more use).
    mutating func assembleLatest(into assembler: SceneAssembler) -> Bool {
        let latest = declaration.objects.count - 1
        guard !diagnostics.hasErrors, latest >= 0, declaration.objects.count == ids.count else { return false }
        assembler.add(
            latest, of: declaration, wiring: true, eventsAreFinal: objectsWithPendingActions.last != latest)
        return true
    }

    private mutating func objectType(_ document: borrowing YAMLDocument, _ entry: YAMLDocument.Entry)
        -> TypeDescription?
    {
        let id = entry.key
        guard document.kind(entry.value) == .mapping else {
            diagnostics.add(
                .notAMapping,
                "object '\(id)' must be a mapping with a 'type', not \(document.kindDescription(entry.value))",
                at: document.span(entry.value),
                hint: "write '\(id):' then, indented below it, 'type: View' and its keys")
            return nil
        }
        guard let typeEntry = document.entry(entry.value, "type") else {
            diagnostics.add(
                .missingType, "object '\(id)' has no 'type'", at: document.writtenSpan(entry.keyNode),
                hint: "add 'type:' with a registered type; \(typesHint)")
            return nil
        }
        guard document.kind(typeEntry.value) == .scalar, !document.isNull(typeEntry.value) else {
            diagnostics.add(
                .missingType,
                "the 'type' of '\(id)' must be a type name, not \(document.kindDescription(typeEntry.value))",
                at: document.span(typeEntry.value), hint: typesHint)
            return nil
        }
        if let type = document.withScalarBytes(typeEntry.value, registry.type(namedUTF8:)) { return type }
        let typeName = document.text(typeEntry.value) ?? ""
        do {
            diagnostics.add(
                .unknownType, "unknown type '\(typeName)'", at: document.span(typeEntry.value),
                hint: Suggestions.hint(
                    for: typeName, in: registry.types.map(\.name),
                    fallback: typesHint))
            return nil
        }
    }

    /// Checks the keys of the object declared at `index`.
    private mutating func validateMembers(
        _ document: borrowing YAMLDocument, _ body: YAMLDocument.Node, of object: SceneDeclaration.Object, index: Int
    ) {
        let type = object.type
        document.forEachEntryNode(body) { keyNode, value in
            // Keys are looked up by their bytes; their text is only made for a message.
            let key = document.withScalarBytes(keyNode) { SceneValidator.key($0, of: type) }
            switch key {
            case .type: return
            case .on:
                validateConnections(document, value, of: type, index: index)
            case .member(.property(let property)):
                if property.isReadOnly {
                    diagnostics.add(
                        .readOnlyProperty, "'\(property.name)' of \(type.name) is read-only",
                        at: document.writtenSpan(keyNode),
                        hint: "a script can read it with 'expect', but a scene cannot set it")
                    return
                }
                if let value = ValueResolver.resolve(
                    value, in: document, as: property.type, range: property.range, subject: { property.name },
                    into: &diagnostics)
                {
                    declaration.propertyValues.append(SceneDeclaration.PropertyValue(property: property, value: value))
                }
            case .member(.outlet(let outlet)):
                addOutlet(document, value, outlet, owner: index)
            case .unknown:
                let key = document.text(keyNode) ?? ""
                diagnostics.add(
                    .unknownKey, "\(type.name) has no property or outlet '\(key)'",
                    at: document.writtenSpan(keyNode), hint: unknownKeyHint(key, type))
            }
        }
        for property in type.requiredProperties where document.entry(body, property.name) == nil {
            diagnostics.add(
                .missingProperty, "'\(object.id)' (\(type.name)) needs a value for '\(property.name)'",
                at: document.locator.span(object.idOffsets), hint: "add '\(property.name): <\(property.type)>'")
        }
        for outlet in type.requiredOutlets {
            guard let entry = document.entry(body, outlet.name) else {
                diagnostics.add(
                    .missingOutlet, "'\(object.id)' (\(type.name)) needs the outlet '\(outlet.name)'",
                    at: document.locator.span(object.idOffsets),
                    hint: "add '\(outlet.name): <id of \(article(registry.requirement(of: outlet)))>'")
                continue
            }
            if document.isNull(entry.value) {
                diagnostics.add(
                    .missingOutlet, "the outlet '\(outlet.name)' of '\(object.id)' is required and cannot be null",
                    at: document.span(entry.value),
                    hint: "give it the id of \(article(registry.requirement(of: outlet)))")
            }
        }
    }

    /// What the key whose bytes are `bytes` is in an object of `type`.
    private static func key(_ bytes: UnsafeBufferPointer<UInt8>, of type: TypeDescription) -> Key {
        if bytes.count == 4 && bytes[0] == UInt8(ascii: "t") && bytes[1] == UInt8(ascii: "y")
            && bytes[2] == UInt8(ascii: "p") && bytes[3] == UInt8(ascii: "e")
        {
            return .type
        }
        if bytes.count == 2 && bytes[0] == UInt8(ascii: "o") && bytes[1] == UInt8(ascii: "n") { return .on }
        return type.memberTable[bytes].map(Key.member) ?? .unknown
    }

    /// What a key of an object is.
    private enum Key {
        case type, on, member(TypeDescription.Member), unknown
    }

    private func unknownKeyHint(_ key: String, _ type: TypeDescription) -> String? {
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

    // MARK: - Outlets

    /// Records the outlet's targets by id, to be resolved in ``finish(_:)``.
    private mutating func addOutlet(
        _ document: borrowing YAMLDocument, _ node: YAMLDocument.Node, _ outlet: OutletDescription, owner: Int
    ) {
        let start = declaration.outletTargets.count
        if document.isNull(node) {
            // An empty outlet or collection; a required outlet is reported with the other requirements.
            if !outlet.isRequired || outlet.isCollection {
                declaration.outletConnections.append(
                    SceneDeclaration.OutletConnection(outlet: outlet, targetRange: start..<start))
            }
            return
        }
        if outlet.isCollection {
            guard document.kind(node) == .sequence else {
                diagnostics.add(
                    .invalidValue, "'\(outlet.name)' takes a list of ids, not \(document.kindDescription(node))",
                    at: document.span(node), hint: document.text(node).map { "write [\($0)]" } ?? "write [id, id]")
                return
            }
            var isValid = true
            for item in document.items(node) where !addTarget(document, item, outlet, owner: owner) {
                isValid = false
            }
            guard isValid else {
                dropTargets(from: start)
                return
            }
        } else {
            guard addTarget(document, node, outlet, owner: owner) else { return }
            if outlet.isHierarchy {
                hierarchyOffsets.append((owner, document.offsets(node)))
                let target = declaration.outletTargets[declaration.outletTargets.count - 1]
                if target < 0 || target >= owner { hierarchyStarts.append(owner) }
            }
        }
        declaration.outletConnections.append(
            SceneDeclaration.OutletConnection(outlet: outlet, targetRange: start..<declaration.outletTargets.count))
    }

    /// Reserves a target slot for the id `node` holds; false after a diagnostic.
    private mutating func addTarget(
        _ document: borrowing YAMLDocument, _ node: YAMLDocument.Node, _ outlet: OutletDescription, owner: Int
    ) -> Bool {
        guard document.kind(node) == .scalar else {
            diagnostics.add(
                .invalidValue, "'\(outlet.name)' takes the id of an object, not \(document.kindDescription(node))",
                at: document.span(node))
            return false
        }
        // An object declared earlier that fits is resolved now; any other
        // id (a forward reference, or a mistake) waits for `finish`.
        if let target = document.withScalarBytes(node, { idTable[$0] }), let targetType = types[target],
            registry.type(targetType, fits: outlet)
        {
            declaration.outletTargets.append(target)
            return true
        }
        let id = document.text(node) ?? ""
        pendingTargets.append(
            PendingTarget(
                slot: declaration.outletTargets.count, id: id, offsets: document.offsets(node), outlet: outlet,
                owner: owner))
        declaration.outletTargets.append(-1)
        return true
    }

    private mutating func dropTargets(from start: Int) {
        declaration.outletTargets.removeSubrange(start...)
        while let last = pendingTargets.last, last.slot >= start { pendingTargets.removeLast() }
    }

    // MARK: - Events

    private mutating func validateConnections(
        _ document: borrowing YAMLDocument, _ node: YAMLDocument.Node, of type: TypeDescription, index: Int
    ) {
        guard document.kind(node) == .mapping else {
            diagnostics.add(
                .invalidValue, "'on' takes a mapping from events to actions, not \(document.kindDescription(node))",
                at: document.span(node), hint: "write 'on: { event: target.action }'")
            return
        }
        document.forEachEntryNode(node) { keyNode, value in
            let event = document.withScalarBytes(keyNode) { type.eventTable[$0] }
            if event == nil {
                let name = document.text(keyNode) ?? ""
                diagnostics.add(
                    .unknownEvent, "\(type.name) has no event '\(name)'", at: document.writtenSpan(keyNode),
                    hint: Suggestions.hint(
                        for: name, in: type.events.keys.sorted(),
                        fallback: type.events.isEmpty
                            ? "\(type.name) sends no events"
                            : "its events are \(Suggestions.list(type.orderedEvents.map(\.name)))"))
            }
            // The actions are checked even for an unknown event, so that one pass finds every mistake.
            if document.kind(value) == .sequence {
                for reference in document.items(value) {
                    addAction(document, reference, event, eventKey: keyNode, owner: index)
                }
            } else {
                addAction(document, value, event, eventKey: keyNode, owner: index)
            }
        }
    }

    /// What a `target.action` reference is, read from its bytes.
    private enum ActionReference {
        /// No dot, or nothing before or after it.
        case malformed
        /// Split into the id and the action's name, to be resolved in ``finish(_:)``.
        case unresolved(targetID: ArraySlice<UInt8>, actionName: ArraySlice<UInt8>)
        case resolved(SceneDeclaration.EventConnection)
    }

    /// Splits the `target.action` in `bytes`, and resolves it if it names an
    /// action of an object declared so far that takes the payload of `event`.
    private func actionReference(_ bytes: ArraySlice<UInt8>, _ event: EventDescription?) -> ActionReference {
        guard let dot = bytes.firstIndex(of: UInt8(ascii: ".")), dot != bytes.startIndex, dot != bytes.endIndex - 1
        else { return .malformed }
        let (targetID, actionName) = (bytes[..<dot], bytes[(dot + 1)...])
        guard let event, let target = idTable[targetID], let action = types[target]?.actionTable[actionName],
            action.accepts(payload: event.payload)
        else { return .unresolved(targetID: targetID, actionName: actionName) }
        return .resolved(SceneDeclaration.EventConnection(event: event, target: target, action: action))
    }

    /// Records the `target.action` that `node` names: resolved at once when
    /// it names an action of an object declared earlier that takes the
    /// event's payload, else in ``finish(_:)``.
    private mutating func addAction(
        _ document: borrowing YAMLDocument, _ node: YAMLDocument.Node, _ event: EventDescription?,
        eventKey: YAMLDocument.Node, owner: Int
    ) {
        guard document.kind(node) == .scalar, !document.isNull(node) else {
            let eventName = document.text(eventKey) ?? ""
            diagnostics.add(
                .invalidActionReference,
                "'\(eventName)' takes 'target.action' or a list of them, not \(document.kindDescription(node))",
                at: document.span(node), hint: "write '\(eventName): form.submit'")
            return
        }
        switch actionReference(document.scalarBytes(node) ?? [], event) {
        case .resolved(let connection):
            pendingActions.append(
                PendingAction(owner: owner, event: event, connection: connection, offsets: 0..<0, style: .plain))
        case .unresolved(let targetID, let actionName):
            pendingActions.append(
                PendingAction(
                    owner: owner, event: event, targetID: String(decoding: targetID, as: UTF8.self),
                    actionName: String(decoding: actionName, as: UTF8.self), offsets: document.offsets(node),
                    style: document.style(node) ?? .plain))
        case .malformed:
            diagnostics.add(
                .invalidActionReference, "'\(document.text(node) ?? "")' is not 'target.action'",
                at: document.span(node),
                hint: "write the id of an object, a dot and one of its actions, e.g. 'form.submit'")
        }
    }

    /// Where the target's id of `pending` is written.
    private func targetSpan(_ pending: PendingAction) -> SourceSpan {
        subspan(pending, from: 0, length: pending.targetID.unicodeScalars.count)
    }

    /// Where the action's name of `pending` is written.
    private func actionSpan(_ pending: PendingAction) -> SourceSpan {
        subspan(
            pending, from: pending.targetID.unicodeScalars.count + 1, length: pending.actionName.unicodeScalars.count)
    }

    /// The part of a one-line scalar from `offset` scalars on, else the whole scalar.
    private func subspan(_ pending: PendingAction, from offset: Int, length: Int) -> SourceSpan {
        let whole = span(pending.offsets)
        let quote = pending.style == .plain ? 0 : 1
        guard pending.style == .plain || pending.style == .singleQuoted || pending.style == .doubleQuoted,
            whole.end.line == whole.start.line
        else { return whole }
        let column = whole.start.column + quote + offset
        let begin = SourcePosition(line: whole.start.line, column: column, offset: whole.start.offset + quote + offset)
        let end = SourcePosition(line: whole.start.line, column: column + length, offset: begin.offset + length)
        return SourceSpan(start: begin, end: end)
    }

    // MARK: - The whole file

    /// Checks the top level of the finished `document`, resolves every
    /// reference between objects and returns the declaration.
    mutating func finish(_ document: YAMLDocument) -> SceneDeclaration {
        declaration.locator = document.locator
        declaration.idTable = idTable
        locator = document.locator
        guard let root = document.root else {
            diagnostics.add(
                .emptyFile, "the file is empty", at: SourceSpan(at: .start),
                hint: "a scene needs 'objects:', with each object indented below it, e.g. '  box: {type: View}'")
            return declaration
        }
        guard document.kind(root) == .mapping else {
            diagnostics.add(
                .notAMapping, "a scene file must be a mapping with 'objects', not \(document.kindDescription(root))",
                at: document.span(root), hint: "start with 'objects:'")
            return declaration
        }
        let top = document.entries(root)
        var sawObjects = false
        var scriptNode: YAMLDocument.Node?
        for entry in top {
            switch entry.key {
            case "scene": declaration.title = text(document, entry, "scene")
            case "description": declaration.summary = text(document, entry, "description")
            case "version":
                if document.text(entry.value) == "1" { break }
                let written = document.text(entry.value).map { "'\($0)'" } ?? document.kindDescription(entry.value)
                diagnostics.add(
                    .unsupportedVersion, "this runner reads scene format version 1, not \(written)",
                    at: document.span(entry.value), hint: "write 'version: 1' or leave it out")
            case "objects":
                sawObjects = true
                if document.kind(entry.value) != .mapping && !document.isNull(entry.value) {
                    diagnostics.add(
                        .notAMapping,
                        "'objects' must be a mapping from ids to objects, not \(document.kindDescription(entry.value))",
                        at: document.span(entry.value), hint: "write one 'id:' per object, each with a 'type:'")
                }
            case "script":
                if document.kind(entry.value) == .sequence {
                    scriptNode = entry.value
                } else if !document.isNull(entry.value) {
                    diagnostics.add(
                        .invalidScript,
                        "'script' must be a list of steps, not \(document.kindDescription(entry.value))",
                        at: document.span(entry.value), hint: "write one '- verb: argument' per step")
                }
            default:
                let suggestion = Suggestions.closest(to: entry.key, in: SceneValidator.topLevelKeys)
                // A misspelt 'objects' is one mistake, not also a missing 'objects'.
                if suggestion == "objects" { sawObjects = true }
                diagnostics.add(
                    .unknownTopLevelKey, "unknown top-level key '\(entry.key)'",
                    at: document.writtenSpan(entry.keyNode),
                    hint: suggestion.map { "did you mean '\($0)'?" }
                        ?? "a scene file has \(SceneValidator.topLevelKeys.map { "'\($0)'" }.joined(separator: ", "))")
            }
        }
        if !sawObjects {
            diagnostics.add(
                .missingObjects, "the scene has no 'objects'",
                at: top.first.map { document.writtenSpan($0.keyNode) } ?? document.span(root),
                hint: "add 'objects:' with one 'id:' per object, each with a 'type:'")
        }
        resolveTargets()
        resolveActions()
        if isDeclared.allSatisfy({ $0 }) { checkHierarchies() }
        if let scriptNode { declaration.steps = compileScript(document, scriptNode) }
        return declaration
    }

    private mutating func text(_ document: YAMLDocument, _ entry: YAMLDocument.Entry, _ key: String) -> String? {
        guard let text = document.text(entry.value) else {
            diagnostics.add(
                .invalidValue, "'\(key)' takes text, not \(document.kindDescription(entry.value))",
                at: document.span(entry.value))
            return nil
        }
        return document.isNull(entry.value) ? nil : text
    }

    private func span(_ offsets: Range<Int>) -> SourceSpan {
        locator?.span(offsets) ?? SourceSpan(at: .start)
    }

    private mutating func resolveTargets() {
        let allDeclared = isDeclared.allSatisfy { $0 }
        for pending in pendingTargets {
            guard let index = idTable[pending.id] else {
                diagnostics.add(
                    .unknownObject, "no object has the id '\(pending.id)'", at: span(pending.offsets),
                    hint: Suggestions.hint(
                        for: pending.id, in: ids,
                        fallback: targetFallback(pending.outlet, excluding: pending.owner)))
                continue
            }
            guard let targetType = types[index] else { continue }
            guard registry.type(targetType, fits: pending.outlet) else {
                diagnostics.add(
                    .outletTypeMismatch,
                    "'\(pending.outlet.name)' needs \(article(registry.requirement(of: pending.outlet))), but '\(pending.id)' is \(article(targetType.name))",
                    at: span(pending.offsets),
                    hint: targetFallback(pending.outlet, excluding: pending.owner))
                continue
            }
            // Targets index the declared objects. They differ from the file's
            // order only when some object was invalid, and then the scene is
            // never instantiated (nor are the targets resolved as the file
            // was read used).
            declaration.outletTargets[pending.slot] = allDeclared ? index : -1
        }
    }

    /// Resolves the actions of the objects whose connections waited, in
    /// declaration order; the others' ranges were final as they were read.
    private mutating func resolveActions() {
        let allDeclared = isDeclared.allSatisfy { $0 }
        for position in objectsWithPendingActions {
            let start = declaration.eventConnections.count
            for pending in pendingActions[declaration.objects[position].connectionRange] {
                if let connection = pending.connection ?? resolve(pending), allDeclared {
                    declaration.eventConnections.append(connection)
                }
            }
            declaration.objects[position].connectionRange = start..<declaration.eventConnections.count
        }
    }

    private mutating func resolve(_ pending: PendingAction) -> SceneDeclaration.EventConnection? {
        guard let targetIndex = idTable[pending.targetID] else {
            diagnostics.add(
                .unknownObject, "no object has the id '\(pending.targetID)'", at: targetSpan(pending),
                hint: Suggestions.hint(for: pending.targetID, in: ids))
            return nil
        }
        guard let targetType = types[targetIndex] else { return nil }
        guard let action = targetType.actions[pending.actionName] else {
            diagnostics.add(
                .unknownAction, "\(targetType.name) has no action '\(pending.actionName)'", at: actionSpan(pending),
                hint: Suggestions.hint(
                    for: pending.actionName, in: targetType.actions.keys.sorted(),
                    fallback: targetType.actions.isEmpty
                        ? "\(targetType.name) has no actions"
                        : "its actions are \(Suggestions.list(targetType.orderedActions.map(\.name)))"))
            return nil
        }
        guard let event = pending.event else { return nil }
        guard action.accepts(payload: event.payload) else {
            let sends = event.payload.map { "sends \(article($0.description))" } ?? "sends nothing"
            let ownerType = types[pending.owner]?.name ?? "?"
            diagnostics.add(
                .payloadMismatch,
                "action '\(pending.actionName)' of \(targetType.name) takes \(action.argument.map { article($0.description) } ?? "nothing"), but event '\(event.name)' of \(ownerType) \(sends)",
                at: actionSpan(pending),
                hint: "connect an event whose payload fits, or call an action without an argument")
            return nil
        }
        return SceneDeclaration.EventConnection(event: event, target: targetIndex, action: action)
    }

    private func article(_ name: String) -> String {
        let vowels: Set<Character> = ["A", "E", "I", "O", "U"]
        return (name.first.map { vowels.contains($0) } ?? false ? "an " : "a ") + name
    }

    /// "objects that fit: a, b" over the scene's objects of the right type.
    private func targetFallback(_ outlet: OutletDescription, excluding owner: Int) -> String? {
        var fitting: [String] = []
        for (index, type) in types.enumerated() where index != owner {
            guard let type, registry.type(type, fits: outlet) else { continue }
            fitting.append(ids[index])
            if fitting.count > 8 { break }
        }
        if fitting.isEmpty { return "the scene has no other \(registry.requirement(of: outlet)) to connect" }
        return "objects that fit: \(Suggestions.list(fitting))"
    }

    /// The object the hierarchy outlet (like `parent`) of the object at `index` holds.
    private func hierarchyTarget(of index: Int) -> Int? {
        for connection in declaration.outletConnections[declaration.objects[index].outletRange]
        where connection.outlet.isHierarchy && !connection.targetRange.isEmpty {
            let target = declaration.outletTargets[connection.targetRange.lowerBound]
            return target >= 0 ? target : nil
        }
        return nil
    }

    /// Reports a cycle through hierarchy outlets (like `parent`) once per cycle.
    ///
    /// Walks start only from ``hierarchyStarts``: the lowest-numbered object
    /// that leads into a cycle leads to a higher-numbered one (or to itself),
    /// so it is among them, and the walks find and word each cycle as walks
    /// from every object in order would.
    private mutating func checkHierarchies() {
        let objects = declaration.objects
        var state = [UInt8](repeating: 0, count: objects.count)  // 0 new, 1 on the current path, 2 done
        var path: [Int] = []
        for start in hierarchyStarts where state[start] == 0 {
            path.removeAll(keepingCapacity: true)
            var current: Int? = start
            while let index = current, state[index] == 0 {
                state[index] = 1
                path.append(index)
                current = hierarchyTarget(of: index)
            }
            if let index = current, state[index] == 1, let cycleStart = path.firstIndex(of: index) {
                let cycle = path[cycleStart...].map { objects[$0].id } + [objects[index].id]
                let outlet =
                    declaration.outletConnections[objects[index].outletRange].first(where: \.outlet.isHierarchy)?
                    .outlet.name ?? "parent"
                diagnostics.add(
                    .hierarchyCycle, "'\(outlet)' forms a cycle: \(cycle.joined(separator: " -> "))",
                    at: hierarchyOffsets.last(where: { $0.owner == index }).map { span($0.offsets) }
                        ?? span(objects[index].idOffsets),
                    hint: "an object cannot be inside itself; remove one '\(outlet)' of the cycle")
            }
            for index in path { state[index] = 2 }
        }
    }
}
