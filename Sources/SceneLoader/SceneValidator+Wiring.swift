import SceneCore
import SceneYAML

extension SceneValidator {
    // MARK: - Outlets

    /// Records the outlet's targets by id, to be resolved in ``finish(_:)``.
    mutating func addOutlet(
        _ document: borrowing YAMLDocument, _ node: YAMLDocument.Node, _ outlet: OutletDescription, owner: Int,
        context: Int = 0
    ) {
        let start = outletTargets.count
        if document.isNull(node) {
            // An empty outlet or collection; a required outlet is reported with the other requirements.
            if !outlet.isRequired || outlet.isCollection {
                diagnostics.add(
                    .emptyOutlet(outlet: outlet.name, isCollection: outlet.isCollection), at: document.span(node))
                declaration.outletConnections.append(
                    SceneDeclaration.OutletConnection(outlet: outlet, targetRange: start..<start))
            }
            return
        }
        if outlet.isCollection && document.kind(node) == .sequence && document.count(node) == 0 {
            diagnostics.add(.emptyOutlet(outlet: outlet.name, isCollection: true), at: document.span(node))
        }
        if outlet.isCollection {
            guard document.kind(node) == .sequence else {
                diagnostics.add(
                    .listOfIDsExpected(
                        outlet: outlet.name, found: document.kindDescription(node), text: document.text(node)),
                    at: document.span(node))
                return
            }
            var isValid = true
            for item in document.items(node) where !addTarget(document, item, outlet, owner: owner, context: context) {
                isValid = false
            }
            guard isValid else {
                dropTargets(from: start)
                return
            }
        } else {
            guard addTarget(document, node, outlet, owner: owner, context: context) else { return }
            if outlet.isHierarchy {
                hierarchyOffsets.append((owner, document.offsets(node), context))
                if outletTargets.last.flatMap({ $0 }).map({ $0 >= owner }) ?? true { hierarchyStarts.append(owner) }
            }
        }
        declaration.outletConnections.append(
            SceneDeclaration.OutletConnection(outlet: outlet, targetRange: start..<outletTargets.count))
    }

    /// Reserves a target slot for the id `node` holds; false after a diagnostic.
    mutating func addTarget(
        _ document: borrowing YAMLDocument, _ node: YAMLDocument.Node, _ outlet: OutletDescription, owner: Int,
        context: Int = 0
    ) -> Bool {
        guard document.kind(node) == .scalar else {
            diagnostics.add(
                .idExpected(outlet: outlet.name, found: document.kindDescription(node)), at: document.span(node))
            return false
        }
        // An object declared earlier that fits is resolved now; any other
        // id (a forward reference, or a mistake) waits for `finish`.
        var known: Int?
        if context == 0 {
            document.withScalarBytes(node) { known = declaration.idTable[$0] }
        } else {
            // A component sees its own objects only: its ids are prefixed with the instance's path.
            let prefix = expansion.contexts[context].prefixBytes
            document.withScalarBytes(node) { known = declaration.idTable[(prefix + Array($0))[...]] }
        }
        if let target = known, let targetType = types[target], registry.type(targetType, fits: outlet) {
            outletTargets.append(target)
            return true
        }
        // Text is made only for what waits.
        let written = document.text(node) ?? ""
        addTarget(
            known: nil, id: expansion.contexts[context].prefix + written, written: written,
            offsets: document.offsets(node),
            outlet, owner: owner, context: context)
        return true
    }

    /// Connects the outlet to `known` when it is an object declared
    /// earlier that fits; any other id waits for `finish`.
    mutating func addTarget(
        known: Int?, id: String, written: String, offsets: Range<Int>, _ outlet: OutletDescription, owner: Int,
        context: Int
    ) {
        if let target = known, let targetType = types[target],
            registry.type(targetType, fits: outlet)
        {
            outletTargets.append(target)
            return
        }
        pendingTargets.append(
            PendingTarget(
                slot: outletTargets.count, id: id, offsets: offsets, outlet: outlet, owner: owner,
                written: written, context: context))
        outletTargets.append(nil)
    }

    mutating func dropTargets(from start: Int) {
        outletTargets.removeSubrange(start...)
        while let last = pendingTargets.last, last.slot >= start { pendingTargets.removeLast() }
    }

    // MARK: - Events

    /// Up to how many actions one event's list is checked for a repeated
    /// one pair by pair, without hashing.
    static let pairwiseLimit = 8

    mutating func validateConnections(
        _ document: borrowing YAMLDocument, _ node: YAMLDocument.Node, of type: TypeDescription, index: Int,
        context: Int
    ) {
        guard document.kind(node) == .mapping else {
            diagnostics.add(.onNotAMapping(found: document.kindDescription(node)), at: document.span(node))
            return
        }
        document.forEachEntryNode(node) { keyNode, value in
            var event: EventDescription?
            document.withScalarBytes(keyNode) { event = type.event(utf8: $0) }
            if event == nil {
                let name = document.text(keyNode) ?? ""
                diagnostics.add(at: document.writtenSpan(keyNode)) { withHints in
                    .unknownEvent(
                        event: name, type: type.name,
                        suggestion: withHints ? Suggestions.closest(to: name, in: type.events.keys.sorted()) : nil,
                        events: withHints ? type.orderedEvents.map(\.name) : [])
                }
            }
            // The actions are checked even for an unknown event, so that one pass finds every mistake.
            if document.kind(value) == .sequence && document.count(value) == 0 {
                diagnostics.add(.emptyConnection(event: document.text(keyNode) ?? ""), at: document.span(value))
            }
            if document.kind(value) == .sequence {
                let count = document.count(value)
                // A short list is compared pair by pair; a long one by text.
                var written: [String: YAMLDocument.Node] = [:]
                for (position, reference) in document.items(value).enumerated() {
                    addAction(document, reference, event, eventKey: keyNode, owner: index, context: context)
                    guard count > 1 else { continue }
                    let first: YAMLDocument.Node?
                    if count <= Self.pairwiseLimit {
                        first = document.items(value).prefix(position).first { document.scalarsEqual($0, reference) }
                    } else if let text = document.text(reference) {
                        first = written[text]
                        if first == nil { written[text] = reference }
                    } else {
                        first = nil
                    }
                    // Positions are worked out only for a warning.
                    if let first {
                        diagnostics.add(
                            .duplicateConnection(
                                action: document.text(reference) ?? "", event: document.text(keyNode) ?? ""),
                            at: document.span(reference),
                            notes: [Diagnostic.Note("first written here", at: document.span(first).start)])
                    }
                }
            } else {
                addAction(document, value, event, eventKey: keyNode, owner: index, context: context)
            }
        }
    }

    /// What a `target.action` reference is, read from its bytes.
    enum ActionReference {
        /// No dot, or nothing before or after it.
        case malformed
        /// Split into the id and the action's name, to be resolved in ``finish(_:)``.
        case unresolved(targetID: ArraySlice<UInt8>, actionName: ArraySlice<UInt8>)
        case resolved(SceneDeclaration.EventConnection)
    }

    /// Splits the `target.action` in `bytes`, and resolves it if it names an
    /// action of an object declared so far that takes the payload of `event`.
    func actionReference(_ bytes: ArraySlice<UInt8>, _ event: EventDescription?, context: Int) -> ActionReference {
        guard let (targetID, actionName) = MemberPath.split(bytes) else { return .malformed }
        let prefix = expansion.contexts[context].prefixBytes
        guard let event,
            let target = prefix.isEmpty ? declaration.idTable[targetID] : declaration.idTable[(prefix + targetID)[...]],
            let action = types[target]?.action(utf8: actionName),
            action.accepts(payload: event.payload)
        else { return .unresolved(targetID: targetID, actionName: actionName) }
        return .resolved(SceneDeclaration.EventConnection(event: event, target: target, action: action))
    }

    /// Records the `target.action` that `node` names: resolved at once when
    /// it names an action of an object declared earlier that takes the
    /// event's payload, else in ``finish(_:)``.
    mutating func addAction(
        _ document: borrowing YAMLDocument, _ node: YAMLDocument.Node, _ event: EventDescription?,
        eventKey: YAMLDocument.Node, owner: Int, context: Int
    ) {
        guard document.kind(node) == .scalar, !document.isNull(node) else {
            let eventName = document.text(eventKey) ?? ""
            diagnostics.add(
                .actionReferenceExpected(event: eventName, found: document.kindDescription(node)),
                at: document.span(node))
            return
        }
        switch actionReference(document.scalarBytes(node) ?? [], event, context: context) {
        case .resolved(let connection):
            pendingActions.append(.resolved(connection))
        case .unresolved(let targetID, let actionName):
            pendingActions.append(
                .unresolved(
                    UnresolvedAction(
                        owner: owner, event: event, targetID: String(decoding: targetID, as: UTF8.self),
                        actionName: String(decoding: actionName, as: UTF8.self), offsets: document.offsets(node),
                        style: document.style(node) ?? .plain, context: context)))
        case .malformed:
            diagnostics.add(.notAnActionReference(text: document.text(node) ?? ""), at: document.span(node))
        }
    }

    /// Where the target's id of `pending` is written.
    func targetSpan(_ pending: UnresolvedAction) -> SourceSpan {
        subspan(pending, from: 0, length: pending.targetID.unicodeScalars.count)
    }

    /// Where the action's name of `pending` is written.
    func actionSpan(_ pending: UnresolvedAction) -> SourceSpan {
        subspan(
            pending, from: pending.targetID.unicodeScalars.count + 1, length: pending.actionName.unicodeScalars.count)
    }

    /// The part of a one-line scalar from `offset` scalars on, else the whole scalar.
    func subspan(_ pending: UnresolvedAction, from offset: Int, length: Int) -> SourceSpan {
        let whole = span(pending.offsets, context: pending.context)
        let quote = pending.style == .plain ? 0 : 1
        guard pending.style == .plain || pending.style == .singleQuoted || pending.style == .doubleQuoted,
            whole.end.line == whole.start.line
        else { return whole }
        let column = whole.start.column + quote + offset
        let begin = SourcePosition(line: whole.start.line, column: column, offset: whole.start.offset + quote + offset)
        let end = SourcePosition(line: whole.start.line, column: column + length, offset: begin.offset + length)
        return SourceSpan(start: begin, end: end)
    }
}
