import SceneCore
import SceneYAML

extension SceneValidator {
    // MARK: - The whole file

    /// Checks the top level of the finished `document`, resolves every
    /// reference between objects and returns the declaration.
    mutating func finish(_ document: YAMLDocument) -> SceneDeclaration {
        declaration.locator = document.locator
        locator = document.locator
        guard let root = document.root else {
            diagnostics.add(.emptyFile, at: SourceSpan(at: .start))
            return declaration
        }
        guard document.kind(root) == .mapping else {
            diagnostics.add(.fileNotAMapping(found: document.kindDescription(root)), at: document.span(root))
            return declaration
        }
        let top = document.entries(root)
        var sawObjects = false
        var scriptNode: YAMLDocument.Node?
        for entry in top {
            switch entry.key {
            case "scene": declaration.title = text(document, entry, "scene")
            case "description": declaration.summary = text(document, entry, "description")
            case "canvas":
                declaration.canvas = ValueResolver.resolve(
                    entry.value, in: document, as: Size.sceneValueType, subject: { "canvas" }, into: &diagnostics
                ).flatMap(Size.init(sceneValue:))
            case "version":
                if document.text(entry.value) == "1" { break }
                let written = document.text(entry.value).map { "'\($0)'" } ?? document.kindDescription(entry.value)
                diagnostics.add(.unsupportedVersion(written: written), at: document.span(entry.value))
            case "objects":
                sawObjects = true
                if document.kind(entry.value) != .mapping && !document.isNull(entry.value) {
                    diagnostics.add(
                        .objectsNotAMapping(found: document.kindDescription(entry.value)),
                        at: document.span(entry.value))
                }
            case "params":
                // Read before the objects (see ``addObject(_:_:)``); written after them, it came too late.
                if expansion.contexts[0].parameters == nil && document.kind(entry.value) == .mapping {
                    diagnostics.add(
                        .invalidParameterDeclaration(
                            name: document.entries(entry.value).first?.key ?? "",
                            problem: "is declared after 'objects:'",
                            hint: "move 'params:' above 'objects:', where the objects' values can use them"),
                        at: document.writtenSpan(entry.keyNode))
                }
            case "script":
                if document.kind(entry.value) == .sequence {
                    scriptNode = entry.value
                } else if !document.isNull(entry.value) {
                    diagnostics.add(
                        .scriptNotAList(found: document.kindDescription(entry.value)), at: document.span(entry.value))
                }
            default:
                let suggestion = Suggestions.closest(to: entry.key, in: SceneValidator.topLevelKeys)
                // A misspelt 'objects' is one mistake, not also a missing 'objects'.
                if suggestion == "objects" { sawObjects = true }
                diagnostics.add(
                    .unknownTopLevelKey(key: entry.key, suggestion: suggestion), at: document.writtenSpan(entry.keyNode)
                )
            }
        }
        if !sawObjects {
            diagnostics.add(
                .missingObjects, at: top.first.map { document.writtenSpan($0.keyNode) } ?? document.span(root))
        }
        resolveTargets()
        resolveActions()
        if isDeclared.allSatisfy({ $0 }) {
            checkHierarchies()
            checkFramesInLayouts()
            checkWiringLoops()
        }
        if let scriptNode {
            var compiler = ScriptCompiler(
                registry: registry, objectIDs: ids, objectTypes: types, idTable: declaration.idTable,
                maxVirtualTime: limits.maxVirtualTime, diagnostics: diagnostics)
            declaration.steps = compiler.compileScript(document, scriptNode)
            diagnostics = compiler.diagnostics
        }
        return declaration
    }

    mutating func text(_ document: YAMLDocument, _ entry: YAMLDocument.Entry, _ key: String) -> String? {
        guard let text = document.text(entry.value) else {
            diagnostics.add(
                .textExpected(key: key, found: document.kindDescription(entry.value)), at: document.span(entry.value))
            return nil
        }
        return document.isNull(entry.value) ? nil : text
    }

    func span(_ offsets: Range<Int>) -> SourceSpan {
        locator?.span(offsets) ?? SourceSpan(at: .start)
    }

    /// The span of `offsets` in the file of `context`.
    func span(_ offsets: Range<Int>, context: Int) -> SourceSpan {
        guard context != 0 else { return span(offsets) }
        return expansion.documentOf(context)?.locator.span(offsets) ?? SourceSpan(at: .start)
    }

    mutating func resolveTargets() {
        let allDeclared = isDeclared.allSatisfy { $0 }
        for pending in pendingTargets {
            enter(pending.context)
            guard let index = declaration.idTable[pending.id] else {
                let at = span(pending.offsets, context: pending.context)
                let plain = SceneProblem.unknownObject(id: pending.written, suggestion: nil, fallback: nil)
                guard diagnostics.showsHints(for: plain, at: at) else {
                    diagnostics.add(plain, at: at)
                    continue
                }
                let instance = instanceHint(pending.id, written: pending.written)
                diagnostics.add(
                    .unknownObject(
                        id: pending.written,
                        suggestion: instance == nil
                            ? Suggestions.closest(to: pending.written, in: localIDs(pending.context)) : nil,
                        fallback: instance
                            ?? targetFallback(pending.outlet, excluding: pending.owner, context: pending.context)),
                    at: at)
                continue
            }
            guard let targetType = types[index] else { continue }
            guard registry.type(targetType, fits: pending.outlet) else {
                let at = span(pending.offsets, context: pending.context)
                let mismatch = SceneProblem.outletTypeMismatch(
                    outlet: pending.outlet.name, requirement: registry.requirement(of: pending.outlet),
                    id: pending.written, type: targetType.name, fitting: nil)
                guard diagnostics.showsHints(for: mismatch, at: at) else {
                    diagnostics.add(mismatch, at: at)
                    continue
                }
                diagnostics.add(
                    .outletTypeMismatch(
                        outlet: pending.outlet.name, requirement: registry.requirement(of: pending.outlet),
                        id: pending.written, type: targetType.name,
                        fitting: targetFallback(pending.outlet, excluding: pending.owner, context: pending.context)),
                    at: at)
                continue
            }
            // Targets index the declared objects. They differ from the file's
            // order only when some object was invalid, and then the scene is
            // never instantiated.
            outletTargets[pending.slot] = allDeclared ? index : nil
        }
        enter(0)
        // A target left unresolved was reported as a mistake, and a
        // declaration with a mistake is never handed out.
        declaration.outletTargets = outletTargets.compactMap { $0 }
    }

    /// Resolves the actions of the objects whose connections waited, in
    /// declaration order; the others' ranges were final as they were read.
    mutating func resolveActions() {
        let allDeclared = isDeclared.allSatisfy { $0 }
        for (position, actions) in objectsWithPendingActions {
            let start = declaration.eventConnections.count
            for pending in pendingActions[actions] {
                let connection: SceneDeclaration.EventConnection?
                switch pending {
                case .resolved(let resolved): connection = resolved
                case .unresolved(let unresolved):
                    enter(unresolved.context)
                    connection = resolve(unresolved)
                }
                if let connection, allDeclared {
                    declaration.eventConnections.append(connection)
                }
            }
            declaration.objects[position].connectionRange = start..<declaration.eventConnections.count
        }
        enter(0)
    }

    mutating func resolve(_ pending: UnresolvedAction) -> SceneDeclaration.EventConnection? {
        let targetID = expansion.contexts[pending.context].prefix + pending.targetID
        guard let targetIndex = declaration.idTable[targetID] else {
            let plain = SceneProblem.unknownObject(id: pending.targetID, suggestion: nil, fallback: nil)
            guard diagnostics.showsHints(for: plain, at: targetSpan(pending)) else {
                diagnostics.add(plain, at: targetSpan(pending))
                return nil
            }
            let instance = instanceHint(targetID, written: pending.targetID)
            diagnostics.add(
                .unknownObject(
                    id: pending.targetID,
                    suggestion: instance == nil
                        ? Suggestions.closest(to: pending.targetID, in: localIDs(pending.context)) : nil,
                    fallback: instance),
                at: targetSpan(pending))
            return nil
        }
        guard let targetType = types[targetIndex] else { return nil }
        guard let action = targetType.actions[pending.actionName] else {
            let actionName = pending.actionName
            diagnostics.add(at: actionSpan(pending)) { withHints in
                .unknownAction(
                    action: actionName, type: targetType.name,
                    suggestion: withHints
                        ? Suggestions.closest(to: actionName, in: targetType.actions.keys.sorted()) : nil,
                    actions: withHints ? targetType.orderedActions.map(\.name) : [])
            }
            return nil
        }
        guard let event = pending.event else { return nil }
        guard action.accepts(payload: event.payload) else {
            let ownerType = types[pending.owner]?.name ?? "?"
            diagnostics.add(
                .payloadMismatch(
                    action: pending.actionName, type: targetType.name, argument: action.argument, event: event.name,
                    owner: ownerType, payload: event.payload),
                at: actionSpan(pending))
            return nil
        }
        return SceneDeclaration.EventConnection(event: event, target: targetIndex, action: action)
    }

    func article(_ name: String) -> String {
        let vowels: Set<Character> = ["A", "E", "I", "O", "U"]
        return (name.first.map { vowels.contains($0) } ?? false ? "an " : "a ") + name
    }

    /// "objects that fit: a, b" over the scene's objects of the right type.
    func targetFallback(_ outlet: OutletDescription, excluding owner: Int, context: Int = 0) -> String? {
        var fitting: [String] = []
        var count = 0
        let prefix = expansion.contexts[context].prefix
        for (index, type) in types.enumerated() where index != owner {
            guard let type, registry.type(type, fits: outlet), let id = localID(ids[index], prefix: prefix) else {
                continue
            }
            count += 1
            if fitting.count < 8 { fitting.append(id) }
        }
        if fitting.isEmpty { return "the scene has no other \(registry.requirement(of: outlet)) to connect" }
        return "objects that fit: \(Suggestions.list(fitting, total: count))"
    }

    /// The object the hierarchy outlet (like `parent`) of the object at `index` holds.
    func hierarchyTarget(of index: Int) -> Int? {
        for connection in declaration.outletConnections[declaration.objects[index].outletRange]
        where connection.outlet.isHierarchy && !connection.targetRange.isEmpty {
            return outletTargets[connection.targetRange.lowerBound]
        }
        return nil
    }

    /// Reports a cycle through hierarchy outlets (like `parent`) once per cycle.
    ///
    /// Walks start only from ``hierarchyStarts``: the lowest-numbered object
    /// that leads into a cycle leads to a higher-numbered one (or to itself),
    /// so it is among them, and the walks find and word each cycle as walks
    /// from every object in order would.
    mutating func checkHierarchies() {
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
                let site = hierarchyOffsets.last(where: { $0.owner == index })
                enter(site?.context ?? 0)
                diagnostics.add(
                    .hierarchyCycle(outlet: outlet, ids: cycle),
                    at: site.map { span($0.offsets, context: $0.context) } ?? span(objects[index].idOffsets))
                enter(0)
            }
            for index in path { state[index] = 2 }
        }
    }
}
