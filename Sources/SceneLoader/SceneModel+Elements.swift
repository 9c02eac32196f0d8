import SceneCore
import SceneYAML

/// The parts of an element query that walk one place: an object's keys,
/// the script's steps, the references; and the candidates that fit.
extension SceneModel {
    typealias MakeElement = (Meaning, YAMLDocument.Node) -> Element

    /// What is at `offset` among the entries of `objects`, a mapping of
    /// `file` (written in `document`).
    func objectElement(
        in document: YAMLDocument, _ objects: YAMLDocument.Node, of file: ObjectFile, at offset: Int,
        resolved: ResolvedScene, _ element: MakeElement
    ) -> Element? {
        let checked = resolved.declared.checked
        for entry in document.entries(objects) {
            let inKey = Self.contains(document.offsets(entry.keyNode), offset)
            guard inKey || Self.contains(document.offsets(entry.value), offset, closed: true) else { continue }
            let isInstance =
                document.kind(entry.value) == .mapping && document.entry(entry.value, "type") == nil
                && document.entry(entry.value, "include") != nil
            if isInstance {
                if inKey { return element(.instanceID(file.prefix + entry.key), entry.keyNode) }
                if let reference = reference(at: offset, inFile: file.name) {
                    return Element(meaning: .reference(reference), file: reference.file, span: reference.span)
                }
                for member in document.entries(entry.value) {
                    if Self.contains(document.offsets(member.keyNode), offset) {
                        return element(.instanceKey(member.key), member.keyNode)
                    }
                }
                return nil
            }
            // The object this entry declares in `file`: an instance's first, in a component.
            guard
                let index = resolved.declared.expanded.objects.firstIndex(where: {
                    $0.entry.keyNode == entry.keyNode && $0.file.name == file.name
                })
            else { return nil }
            if inKey { return element(.objectID(index), entry.keyNode) }
            guard document.kind(entry.value) == .mapping else {
                return element(.value(ofKey: "", object: index), entry.value)
            }
            return memberElement(
                in: document, entry.value, object: index, type: checked.types[index], file: file,
                at: offset, element)
        }
        return nil
    }

    /// What is at `offset` among the keys of the object at `index`, whose body is `body`.
    func memberElement(
        in document: YAMLDocument, _ body: YAMLDocument.Node, object index: Int, type: TypeDescription?,
        file: ObjectFile, at offset: Int, _ element: MakeElement
    ) -> Element? {
        for member in document.entries(body) {
            let key = member.key
            var meaning = Meaning.unknownKey(key, object: index)
            if key == "type" {
                meaning = .type(object: index)
            } else if key == "on" {
                meaning = .on(object: index)
            } else if let type {
                switch type.members[key] {
                case .property?: meaning = .property(key, object: index)
                case .outlet?: meaning = .outlet(key, object: index)
                case nil: break
                }
            }
            if Self.contains(document.offsets(member.keyNode), offset) { return element(meaning, member.keyNode) }
            guard Self.contains(document.offsets(member.value), offset, closed: true) else { continue }
            if let reference = reference(at: offset, inFile: file.name) {
                return Element(meaning: .reference(reference), file: reference.file, span: reference.span)
            }
            if key == "type" { return element(.type(object: index), member.value) }
            if key == "on", document.kind(member.value) == .mapping {
                for event in document.entries(member.value) {
                    if Self.contains(document.offsets(event.keyNode), offset)
                        || Self.contains(document.offsets(event.value), offset, closed: true)
                    {
                        return element(.event(event.key, object: index), event.keyNode)
                    }
                }
            }
            return element(.value(ofKey: key, object: index), member.value)
        }
        return nil
    }

    /// What is at `offset` among the steps of `script`.
    func scriptElement(
        in document: YAMLDocument, _ script: YAMLDocument.Node, at offset: Int, _ element: MakeElement
    ) -> Element? {
        for step in document.items(script) where Self.contains(document.offsets(step), offset, closed: true) {
            guard document.kind(step) == .mapping, let entry = document.entries(step).first else {
                return element(.topLevelValue("script"), step)
            }
            if Self.contains(document.offsets(entry.keyNode), offset) {
                return element(.scriptStep(verb: entry.key), entry.keyNode)
            }
            return pathElement(in: document, entry.value, at: offset, element)
                ?? element(.scriptStep(verb: entry.key), entry.keyNode)
        }
        return nil
    }

    /// The id or `id.member` path at `offset` in a step's value: the
    /// scalar itself, or a key of its mapping.
    func pathElement(
        in document: YAMLDocument, _ value: YAMLDocument.Node, at offset: Int, _ element: MakeElement
    ) -> Element? {
        if document.kind(value) == .scalar, Self.contains(document.offsets(value), offset),
            let text = document.text(value)
        {
            return element(.scriptPath(text, object: object(namedBy: text)), value)
        }
        guard document.kind(value) == .mapping else { return nil }
        for entry in document.entries(value) where Self.contains(document.offsets(entry.keyNode), offset) {
            return element(.scriptPath(entry.key, object: object(namedBy: entry.key)), entry.keyNode)
        }
        return nil
    }

    /// The object a script path names: its longest prefix that is an id
    /// (`form.submit.title` names `form.submit`).
    func object(namedBy path: String) -> Int? {
        guard let checked else { return nil }
        var candidate = Substring(path)
        while !candidate.isEmpty {
            if let index = checked.idTable[String(candidate)] { return index }
            guard let dot = candidate.lastIndex(of: ".") else { return nil }
            candidate = candidate[..<dot]
        }
        return nil
    }

    /// The reference written at `offset` in the file named `file` (for a
    /// component, its first instance's).
    func reference(at offset: Int, inFile file: String) -> Reference? {
        guard let resolved, let checked else { return nil }
        if let index = checked.targets.firstIndex(where: {
            $0.file.name == file && Self.contains($0.offsets, offset, closed: true)
        }) {
            return reference(target: index, resolved)
        }
        if let index = checked.actions.firstIndex(where: {
            $0.file.name == file && Self.contains($0.offsets, offset, closed: true)
        }) {
            return reference(action: index, resolved)
        }
        return nil
    }

    // MARK: - Candidates

    /// The ids, as a file with `prefix` writes them, of the objects but
    /// `owner` whose type fits `outlet`.
    func fittingIDs(_ outlet: OutletDescription, excluding owner: Int, prefix: String) -> [String] {
        guard let checked else { return [] }
        return checked.types.indices.compactMap { index in
            guard index != owner, let type = checked.types[index], registry.type(type, fits: outlet) else {
                return nil
            }
            return ReferenceResolver.localID(checked.ids[index], prefix: prefix)
        }
    }

    /// Every `id.action`, as a file with `prefix` writes the id, whose
    /// action takes `event`'s payload (any action, for an unknown event).
    func fittingActions(_ event: EventDescription?, prefix: String) -> [String] {
        guard let checked else { return [] }
        var fitting: [String] = []
        for index in checked.types.indices {
            guard let type = checked.types[index],
                let id = ReferenceResolver.localID(checked.ids[index], prefix: prefix)
            else { continue }
            for action in type.orderedActions where event.map({ action.accepts(payload: $0.payload) }) ?? true {
                fitting.append(id + "." + action.name)
            }
        }
        return fitting
    }
}
