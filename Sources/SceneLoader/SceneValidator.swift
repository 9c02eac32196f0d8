import SceneCore
import SceneYAML

/// Checks a parsed scene file against the registry and the format, and
/// collects every mistake in one pass.
struct SceneValidator {
    static let topLevelKeys = ["scene", "description", "version", "objects", "script"]

    let registry: SceneRegistry
    let document: YAMLDocument
    var diagnostics: DiagnosticCollector
    private var declaration = SceneDeclaration()
    /// The type of each declared object, `nil` when its type is unknown
    /// (references to it are then not checked further).
    private var types: [TypeDescription?] = []
    private var ids: [String] = []
    private var idOffsets: [Range<Int>] = []
    /// Where each object's hierarchy outlet (like `parent`) is written, by object index.
    private var hierarchyNodes: [YAMLDocument.Node?] = []

    init(registry: SceneRegistry, document: YAMLDocument, limit: Int) {
        self.registry = registry
        self.document = document
        self.diagnostics = DiagnosticCollector(limit: limit)
        declaration.locator = document.locator
    }

    mutating func validate() -> SceneDeclaration {
        guard let root = document.root else {
            diagnostics.add(
                .emptyFile, "the file is empty", at: SourceSpan(at: .start),
                hint: "a scene needs at least 'objects:' with one object")
            return declaration
        }
        guard document.kind(root) == .mapping else {
            diagnostics.add(
                .notAMapping, "a scene file must be a mapping with 'objects', not \(document.kindDescription(root))",
                at: document.span(root), hint: "start with 'objects:'")
            return declaration
        }
        let top = document.entries(root)
        var objectsNode: YAMLDocument.Node?
        var sawObjects = false
        for entry in top {
            switch entry.key {
            case "scene": declaration.title = text(entry, "scene")
            case "description": declaration.summary = text(entry, "description")
            case "version":
                let scalar = document.scalar(entry.value)
                if scalar?.value == "1" { break }
                let written = scalar.map { "'\($0.value)'" } ?? document.kindDescription(entry.value)
                diagnostics.add(
                    .unsupportedVersion, "this runner reads scene format version 1, not \(written)",
                    at: document.span(entry.value), hint: "write 'version: 1' or leave it out")
            case "objects":
                sawObjects = true
                if document.kind(entry.value) == .mapping {
                    objectsNode = entry.value
                } else if !document.isNull(entry.value) {
                    diagnostics.add(
                        .notAMapping,
                        "'objects' must be a mapping from ids to objects, not \(document.kindDescription(entry.value))",
                        at: document.span(entry.value), hint: "write one 'id:' per object, each with a 'type:'")
                }
            case "script":
                if document.kind(entry.value) == .sequence {
                    validateScriptShape(entry.value)
                    if case .sequence(let sequence) = document.tree(entry.value) { declaration.script = sequence }
                } else if !document.isNull(entry.value) {
                    diagnostics.add(
                        .invalidScript, "'script' must be a list of steps, not \(document.kindDescription(entry.value))",
                        at: document.span(entry.value), hint: "write one '- verb: argument' per step")
                }
            default:
                let suggestion = Suggestions.closest(to: entry.key, in: SceneValidator.topLevelKeys)
                // A misspelt 'objects' is one mistake, not also a missing 'objects'.
                if suggestion == "objects" { sawObjects = true }
                diagnostics.add(
                    .unknownTopLevelKey, "unknown top-level key '\(entry.key)'", at: document.writtenSpan(entry.keyNode),
                    hint: suggestion.map { "did you mean '\($0)'?" }
                        ?? "a scene file has \(SceneValidator.topLevelKeys.map { "'\($0)'" }.joined(separator: ", "))")
            }
        }
        if !sawObjects {
            diagnostics.add(
                .missingObjects, "the scene has no 'objects'", at: top.first.map { document.writtenSpan($0.keyNode) } ?? document.span(root),
                hint: "add 'objects:' with one 'id:' per object, each with a 'type:'")
        }
        if let objectsNode { validateObjects(objectsNode) }
        return declaration
    }

    private mutating func text(_ entry: YAMLDocument.Entry, _ key: String) -> String? {
        guard let scalar = document.scalar(entry.value) else {
            diagnostics.add(
                .invalidValue, "'\(key)' takes text, not \(document.kindDescription(entry.value))",
                at: document.span(entry.value))
            return nil
        }
        return scalar.isNull ? nil : scalar.value
    }

    private mutating func validateScriptShape(_ script: YAMLDocument.Node) {
        for step in document.items(script) where document.kind(step) != .mapping || document.count(step) != 1 {
            diagnostics.add(
                .invalidScript, "a script step must be a mapping with one verb, like '- wait: 2s'",
                at: document.span(step))
        }
    }

    // MARK: - Objects

    private mutating func validateObjects(_ objectsNode: YAMLDocument.Node) {
        let objects = document.entries(objectsNode)
        let count = objects.count
        types.reserveCapacity(count)
        ids.reserveCapacity(count)
        idOffsets.reserveCapacity(count)
        hierarchyNodes = Array(repeating: nil, count: count)
        declaration.indexByID.reserveCapacity(count)
        declaration.objects.reserveCapacity(count)
        // First pass: ids and types, so that references can be checked in any order.
        for entry in objects {
            let id = entry.key
            if !SceneValidator.isValidID(id) {
                diagnostics.add(
                    .invalidID, "'\(id)' is not a valid object id", at: document.writtenSpan(entry.keyNode),
                    hint: "ids start with a letter or '_' and hold only letters, digits and '_', so that 'id.member' is unambiguous")
            }
            declaration.indexByID[id] = ids.count
            ids.append(id)
            idOffsets.append(document.offsets(entry.keyNode))
            types.append(objectType(entry))
        }
        // Second pass: members.
        for (index, entry) in objects.enumerated() {
            guard let type = types[index], document.kind(entry.value) == .mapping else { continue }
            var object = SceneDeclaration.Object(id: ids[index], idOffsets: idOffsets[index], type: type)
            let starts = (
                declaration.propertyValues.count, declaration.outletConnections.count,
                declaration.eventConnections.count
            )
            validateMembers(entry.value, of: &object, index: index)
            object.propertyRange = starts.0..<declaration.propertyValues.count
            object.outletRange = starts.1..<declaration.outletConnections.count
            object.connectionRange = starts.2..<declaration.eventConnections.count
            declaration.objects.append(object)
        }
        if declaration.objects.count == count {
            checkHierarchies()
        }
    }

    private static func isValidID(_ id: String) -> Bool {
        var isFirst = true
        for byte in id.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"): break
            case UInt8(ascii: "0")...UInt8(ascii: "9") where !isFirst: break
            default: return false
            }
            isFirst = false
        }
        return !isFirst
    }

    private mutating func objectType(_ entry: YAMLDocument.Entry) -> TypeDescription? {
        let id = entry.key
        guard document.kind(entry.value) == .mapping else {
            diagnostics.add(
                .notAMapping,
                "object '\(id)' must be a mapping with a 'type', not \(document.kindDescription(entry.value))",
                at: document.span(entry.value), hint: "write '\(id):' then, indented below it, 'type: View' and its keys")
            return nil
        }
        guard let typeEntry = document.entry(entry.value, "type") else {
            diagnostics.add(
                .missingType, "object '\(id)' has no 'type'", at: document.writtenSpan(entry.keyNode),
                hint: "add 'type:' with a registered type; 'scene-runner types' lists them")
            return nil
        }
        guard let typeName = document.text(typeEntry.value), !document.isNull(typeEntry.value) else {
            diagnostics.add(
                .missingType,
                "the 'type' of '\(id)' must be a type name, not \(document.kindDescription(typeEntry.value))",
                at: document.span(typeEntry.value), hint: "'scene-runner types' lists the registered types")
            return nil
        }
        guard let type = registry.type(named: typeName) else {
            diagnostics.add(
                .unknownType, "unknown type '\(typeName)'", at: document.span(typeEntry.value),
                hint: Suggestions.hint(
                    for: typeName, in: registry.types.map(\.name),
                    fallback: "'scene-runner types' lists the registered types"))
            return nil
        }
        return type
    }

    /// Checks the keys of the object declared at `index`.
    private mutating func validateMembers(
        _ body: YAMLDocument.Node, of object: inout SceneDeclaration.Object, index: Int
    ) {
        let type = object.type
        let document = self.document
        document.forEachEntry(body) { entry in
            let key = entry.key
            if key == "type" { return }
            if key == "on" {
                validateConnections(entry.value, of: &object)
                return
            }
            switch type.members[key] {
            case .property(let property):
                if property.isReadOnly {
                    diagnostics.add(
                        .readOnlyProperty, "'\(key)' of \(type.name) is read-only", at: document.writtenSpan(entry.keyNode),
                        hint: "a script can read it with 'expect', but a scene cannot set it")
                    return
                }
                if let value = ValueResolver.resolve(
                    entry.value, in: document, as: property.type, range: property.range, subject: { key },
                    into: &diagnostics)
                {
                    declaration.propertyValues.append(SceneDeclaration.PropertyValue(property: property, value: value))
                }
            case .outlet(let outlet):
                let start = declaration.outletTargets.count
                if resolveOutlet(entry.value, outlet, from: index) {
                    declaration.outletConnections.append(
                        SceneDeclaration.OutletConnection(
                            outlet: outlet, targetRange: start..<declaration.outletTargets.count))
                    if outlet.isHierarchy { hierarchyNodes[index] = entry.value }
                } else {
                    declaration.outletTargets.removeSubrange(start...)
                }
            case nil:
                diagnostics.add(
                    .unknownKey, "\(type.name) has no property or outlet '\(key)'", at: document.writtenSpan(entry.keyNode),
                    hint: unknownKeyHint(key, type))
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
                    at: document.locator.span(object.idOffsets), hint: "add '\(outlet.name): <id of a \(outlet.requirement)>'")
                continue
            }
            if document.isNull(entry.value) {
                diagnostics.add(
                    .missingOutlet, "the outlet '\(outlet.name)' of '\(object.id)' is required and cannot be null",
                    at: document.span(entry.value), hint: "give it the id of a \(outlet.requirement)")
            }
        }
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
                : "its keys are \(Suggestions.list(type.properties.filter { !$0.isReadOnly }.map(\.name) + type.outlets.map(\.name)))")
    }

    // MARK: - Outlets

    /// Appends the targets `node` names for `outlet` to the declaration's
    /// outlet targets; false (after a diagnostic) when one is wrong.
    private mutating func resolveOutlet(
        _ node: YAMLDocument.Node, _ outlet: OutletDescription, from owner: Int
    ) -> Bool {
        if document.isNull(node) { return !(outlet.isRequired && !outlet.isCollection) }
        guard outlet.isCollection else {
            guard let target = resolveTarget(node, outlet, from: owner) else { return false }
            declaration.outletTargets.append(target)
            return true
        }
        guard document.kind(node) == .sequence else {
            diagnostics.add(
                .invalidValue, "'\(outlet.name)' takes a list of ids, not \(document.kindDescription(node))",
                at: document.span(node),
                hint: document.text(node).map { "write [\($0)]" } ?? "write [id, id]")
            return false
        }
        var isValid = true
        for item in document.items(node) {
            if let target = resolveTarget(item, outlet, from: owner) {
                declaration.outletTargets.append(target)
            } else {
                isValid = false
            }
        }
        return isValid
    }

    private mutating func resolveTarget(
        _ node: YAMLDocument.Node, _ outlet: OutletDescription, from owner: Int
    ) -> Int? {
        guard let id = document.text(node) else {
            diagnostics.add(
                .invalidValue, "'\(outlet.name)' takes the id of an object, not \(document.kindDescription(node))",
                at: document.span(node))
            return nil
        }
        guard let index = declaration.indexByID[id] else {
            diagnostics.add(
                .unknownObject, "no object has the id '\(id)'", at: document.span(node),
                hint: Suggestions.hint(for: id, in: ids, fallback: targetFallback(outlet.requirement, excluding: owner)))
            return nil
        }
        guard let targetType = types[index] else { return nil }
        guard targetType.satisfies(outlet.requirement) else {
            diagnostics.add(
                .outletTypeMismatch,
                "'\(outlet.name)' needs \(article(outlet.requirement)), but '\(id)' is \(article(targetType.name))",
                at: document.span(node), hint: targetFallback(outlet.requirement, excluding: owner))
            return nil
        }
        return index
    }

    private func article(_ name: String) -> String {
        let vowels: Set<Character> = ["A", "E", "I", "O", "U"]
        return (name.first.map { vowels.contains($0) } ?? false ? "an " : "a ") + name
    }

    /// "objects that fit: a, b" over the scene's objects of the right type.
    private func targetFallback(_ requirement: String, excluding owner: Int) -> String? {
        var fitting: [String] = []
        for (index, type) in types.enumerated() where index != owner && type?.satisfies(requirement) ?? false {
            fitting.append(ids[index])
            if fitting.count > 8 { break }
        }
        if fitting.isEmpty { return "the scene has no other \(requirement) to connect" }
        return "objects that fit: \(Suggestions.list(fitting))"
    }

    /// The object the hierarchy outlet (like `parent`) of the object at `index` holds.
    private func hierarchyTarget(of index: Int) -> Int? {
        for connection in declaration.outletConnections[declaration.objects[index].outletRange]
        where connection.outlet.isHierarchy && !connection.targetRange.isEmpty {
            return declaration.outletTargets[connection.targetRange.lowerBound]
        }
        return nil
    }

    /// Reports a cycle through hierarchy outlets (like `parent`) once per cycle.
    private mutating func checkHierarchies() {
        let objects = declaration.objects
        var state = [UInt8](repeating: 0, count: objects.count)  // 0 new, 1 on the current path, 2 done
        for start in objects.indices where state[start] == 0 {
            var path: [Int] = []
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
                    at: hierarchyNodes[index].map(document.span) ?? document.locator.span(objects[index].idOffsets),
                    hint: "an object cannot be inside itself; remove one '\(outlet)' of the cycle")
            }
            for index in path { state[index] = 2 }
        }
    }

    // MARK: - Events

    private mutating func validateConnections(_ node: YAMLDocument.Node, of object: inout SceneDeclaration.Object) {
        guard document.kind(node) == .mapping else {
            diagnostics.add(
                .invalidValue, "'on' takes a mapping from events to actions, not \(document.kindDescription(node))",
                at: document.span(node), hint: "write 'on: { event: target.action }'")
            return
        }
        let type = object.type
        let document = self.document
        document.forEachEntry(node) { entry in
            let event = type.events[entry.key]
            if event == nil {
                let name = entry.key
                diagnostics.add(
                    .unknownEvent, "\(type.name) has no event '\(name)'", at: document.writtenSpan(entry.keyNode),
                    hint: Suggestions.hint(
                        for: name, in: type.events.keys.sorted(),
                        fallback: type.events.isEmpty
                            ? "\(type.name) sends no events"
                            : "its events are \(Suggestions.list(type.orderedEvents.map(\.name)))"))
            }
            // The actions are checked even for an unknown event, so that one pass finds every mistake.
            if document.kind(entry.value) == .sequence {
                for reference in document.items(entry.value) {
                    connect(reference, event, entry.key, &object)
                }
            } else {
                connect(entry.value, event, entry.key, &object)
            }
        }
    }

    /// Adds the connection `reference` names for `event`, if it is valid.
    private mutating func connect(
        _ reference: YAMLDocument.Node, _ event: EventDescription?, _ eventName: String,
        _ object: inout SceneDeclaration.Object
    ) {
        if let connection = resolveAction(reference, for: event, named: eventName, of: object.type), let event {
            declaration.eventConnections.append(
                SceneDeclaration.EventConnection(event: event, target: connection.target, action: connection.action))
        }
    }

    /// The target and action `node` names for `event` (`nil` when the event
    /// is unknown: then only the reference itself is checked).
    private mutating func resolveAction(
        _ node: YAMLDocument.Node, for event: EventDescription?, named eventName: String, of type: TypeDescription
    ) -> (target: Int, action: ActionDescription)? {
        guard let text = document.text(node), !document.isNull(node) else {
            diagnostics.add(
                .invalidActionReference,
                "'\(eventName)' takes 'target.action' or a list of them, not \(document.kindDescription(node))",
                at: document.span(node), hint: "write '\(eventName): form.submit'")
            return nil
        }
        guard let dot = text.utf8.firstIndex(of: UInt8(ascii: ".")), dot != text.utf8.startIndex,
            text.utf8.index(after: dot) != text.utf8.endIndex
        else {
            diagnostics.add(
                .invalidActionReference, "'\(text)' is not 'target.action'", at: document.span(node),
                hint: "write the id of an object, a dot and one of its actions, e.g. 'form.submit'")
            return nil
        }
        let targetID = String(text[..<dot])
        let actionName = String(text[text.index(after: dot)...])
        var targetSpan: SourceSpan { subspan(node, from: 0, length: targetID.unicodeScalars.count) }
        var actionSpan: SourceSpan {
            subspan(node, from: targetID.unicodeScalars.count + 1, length: actionName.unicodeScalars.count)
        }
        guard let targetIndex = declaration.indexByID[targetID] else {
            diagnostics.add(
                .unknownObject, "no object has the id '\(targetID)'", at: targetSpan,
                hint: Suggestions.hint(for: targetID, in: ids))
            return nil
        }
        guard let targetType = types[targetIndex] else { return nil }
        guard let action = targetType.actions[actionName] else {
            diagnostics.add(
                .unknownAction, "\(targetType.name) has no action '\(actionName)'", at: actionSpan,
                hint: Suggestions.hint(
                    for: actionName, in: targetType.actions.keys.sorted(),
                    fallback: targetType.actions.isEmpty
                        ? "\(targetType.name) has no actions"
                        : "its actions are \(Suggestions.list(targetType.orderedActions.map(\.name)))"))
            return nil
        }
        guard let event else { return nil }
        guard action.accepts(payload: event.payload) else {
            let sends = event.payload.map { "sends \(article($0.description))" } ?? "sends nothing"
            diagnostics.add(
                .payloadMismatch,
                "action '\(actionName)' of \(targetType.name) takes \(action.argument.map { article($0.description) } ?? "nothing"), but event '\(event.name)' of \(type.name) \(sends)",
                at: actionSpan, hint: "connect an event whose payload fits, or call an action without an argument")
            return nil
        }
        return (targetIndex, action)
    }

    /// The part of a one-line plain scalar from `offset` scalars on, else the whole scalar.
    private func subspan(_ node: YAMLDocument.Node, from offset: Int, length: Int) -> SourceSpan {
        guard let scalar = document.scalar(node) else { return document.span(node) }
        let start = scalar.span.start
        guard scalar.style == .plain || scalar.style == .singleQuoted || scalar.style == .doubleQuoted,
            scalar.span.end.line == start.line
        else { return scalar.span }
        let quote = scalar.style == .plain ? 0 : 1
        let column = start.column + quote + offset
        let begin = SourcePosition(line: start.line, column: column, offset: start.offset + quote + offset)
        let end = SourcePosition(line: start.line, column: column + length, offset: begin.offset + length)
        return SourceSpan(start: begin, end: end)
    }
}
