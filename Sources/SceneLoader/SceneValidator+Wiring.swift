import SceneCore
import SceneYAML

extension SceneValidator {
    // MARK: - Outlets

    /// Records the outlet's targets by id, to be resolved once every id is
    /// known (see ``ReferenceResolver``).
    mutating func addOutlet(
        _ document: borrowing YAMLDocument, _ node: YAMLDocument.Node, _ outlet: OutletDescription, owner: Int,
        in file: ObjectFile
    ) {
        let start = checked.targets.count
        if document.isNull(node) {
            // An empty outlet or collection; a required outlet is reported with the other requirements.
            if !outlet.isRequired || outlet.isCollection {
                diagnostics.add(
                    .emptyOutlet(outlet: outlet.name, isCollection: outlet.isCollection), at: document.span(node),
                    in: file.origin)
                checked.outlets.append(CheckedObjects.Outlet(outlet: outlet, targetRange: start..<start))
            }
            return
        }
        if outlet.isCollection && document.kind(node) == .sequence && document.count(node) == 0 {
            diagnostics.add(
                .emptyOutlet(outlet: outlet.name, isCollection: true), at: document.span(node), in: file.origin)
        }
        if outlet.isCollection {
            guard document.kind(node) == .sequence else {
                diagnostics.add(
                    .listOfIDsExpected(
                        outlet: outlet.name, found: document.kindDescription(node), text: document.text(node)),
                    at: document.span(node), in: file.origin)
                return
            }
            var isValid = true
            for item in document.items(node) where !addTarget(document, item, outlet, owner: owner, in: file) {
                isValid = false
            }
            guard isValid else {
                checked.targets.removeSubrange(start...)
                return
            }
        } else {
            guard addTarget(document, node, outlet, owner: owner, in: file) else { return }
            if outlet.isHierarchy { checked.hierarchySites.append((owner, document.offsets(node), file)) }
        }
        checked.outlets.append(CheckedObjects.Outlet(outlet: outlet, targetRange: start..<checked.targets.count))
    }

    /// Records the target whose id `node` holds; false after a diagnostic.
    mutating func addTarget(
        _ document: borrowing YAMLDocument, _ node: YAMLDocument.Node, _ outlet: OutletDescription, owner: Int,
        in file: ObjectFile
    ) -> Bool {
        guard document.kind(node) == .scalar else {
            diagnostics.add(
                .idExpected(outlet: outlet.name, found: document.kindDescription(node)), at: document.span(node),
                in: file.origin)
            return false
        }
        // A component sees its own objects only: its ids are prefixed with the instance's path.
        var kept = (0..<0, 0)
        document.withScalarBytes(node) { kept = checked.keep(prefix: file.prefixBytes, $0) }
        checked.targets.append(
            TargetReference(
                id: kept.0, writtenStart: kept.1, offsets: document.offsets(node), outlet: outlet, owner: owner,
                file: file))
        return true
    }

    // MARK: - Events

    /// Up to how many actions one event's list is checked for a repeated
    /// one pair by pair, without hashing.
    static let pairwiseLimit = 8

    mutating func validateConnections(
        _ document: borrowing YAMLDocument, _ node: YAMLDocument.Node, of type: TypeDescription, index: Int,
        in file: ObjectFile
    ) {
        guard document.kind(node) == .mapping else {
            diagnostics.add(
                .onNotAMapping(found: document.kindDescription(node)), at: document.span(node), in: file.origin)
            return
        }
        document.forEachEntryNode(node) { keyNode, value in
            var event: EventDescription?
            document.withScalarBytes(keyNode) { event = type.event(utf8: $0) }
            if event == nil {
                let name = document.text(keyNode) ?? ""
                diagnostics.add(at: document.writtenSpan(keyNode), in: file.origin) { withHints in
                    .unknownEvent(
                        event: name, type: type.name,
                        suggestion: withHints ? Suggestions.closest(to: name, in: type.events.keys.sorted()) : nil,
                        events: withHints ? type.orderedEvents.map(\.name) : [])
                }
            }
            // The actions are checked even for an unknown event, so that one pass finds every mistake.
            if document.kind(value) == .sequence && document.count(value) == 0 {
                diagnostics.add(
                    .emptyConnection(event: document.text(keyNode) ?? ""), at: document.span(value), in: file.origin)
            }
            if document.kind(value) == .sequence {
                let count = document.count(value)
                // A short list is compared pair by pair; a long one by text.
                var written: [String: YAMLDocument.Node] = [:]
                for (position, reference) in document.items(value).enumerated() {
                    addAction(document, reference, event, eventKey: keyNode, owner: index, in: file)
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
                            in: file.origin,
                            notes: [Diagnostic.Note("first written here", at: document.span(first).start)])
                    }
                }
            } else {
                addAction(document, value, event, eventKey: keyNode, owner: index, in: file)
            }
        }
    }

    /// Records the `target.action` that `node` names, to be resolved once
    /// every id is known (see ``ReferenceResolver``).
    mutating func addAction(
        _ document: borrowing YAMLDocument, _ node: YAMLDocument.Node, _ event: EventDescription?,
        eventKey: YAMLDocument.Node, owner: Int, in file: ObjectFile
    ) {
        guard document.kind(node) == .scalar, !document.isNull(node) else {
            let eventName = document.text(eventKey) ?? ""
            diagnostics.add(
                .actionReferenceExpected(event: eventName, found: document.kindDescription(node)),
                at: document.span(node), in: file.origin)
            return
        }
        guard let (targetID, actionName) = MemberPath.split(document.scalarBytes(node) ?? []) else {
            diagnostics.add(
                .notAnActionReference(text: document.text(node) ?? ""), at: document.span(node), in: file.origin)
            return
        }
        let target = targetID.withUnsafeBufferPointer {
            checked.keep(prefix: file.prefixBytes, $0)
        }
        let action = actionName.withUnsafeBufferPointer { checked.keep(prefix: [], $0).0 }
        checked.actions.append(
            ActionReference(
                owner: owner, event: event, target: target.0, writtenStart: target.1, action: action,
                offsets: document.offsets(node), style: document.style(node) ?? .plain, file: file))
    }
}
