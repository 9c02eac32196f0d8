import SceneCore
import SceneYAML

/// The model's answers to an editor: what is at a position, and which ids
/// fit there.
extension SceneModel {
    /// What a key or a value of a scene file is.
    public enum Meaning: Hashable, Sendable {
        /// A top-level key (`scene`, `objects`, `script`, or an unknown one).
        case topLevelKey(String)
        /// The value of a top-level key (but `objects:` and `script:`, whose parts are told apart).
        case topLevelValue(String)
        /// The id that declares the object at this index.
        case objectID(Int)
        /// The id that declares an instance of a component, by path.
        case instanceID(String)
        /// A key of an instance (`include`, `params`, `parent`, `set`).
        case instanceKey(String)
        /// The `type:` of the object at this index, or its value.
        case type(object: Int)
        /// A property of the object at this index.
        case property(String, object: Int)
        /// An outlet or collection of the object at this index.
        case outlet(String, object: Int)
        /// The `on:` of the object at this index.
        case on(object: Int)
        /// An event under the `on:` of the object at this index.
        case event(String, object: Int)
        /// A key the type of the object at this index does not have (or
        /// any key of an object whose type is unknown).
        case unknownKey(String, object: Int)
        /// The value of the key of this name of the object at this index
        /// (a property's value, say).
        case value(ofKey: String, object: Int)
        /// A reference to an object (an outlet's target, an `on:` action).
        case reference(Reference)
        /// A step of the `script:`, by its verb (`tap`, `wait`, `expect`).
        case scriptStep(verb: String)
        /// An object's id or `id.member` path in a script step, and the object it names, if any.
        case scriptPath(String, object: Int?)
    }

    /// What is at a position: its meaning and where it is written.
    public struct Element: Hashable, Sendable {
        /// What it is.
        public let meaning: Meaning
        /// The file it is written in.
        public let file: String
        /// Where it is written in ``file``.
        public let span: SourceSpan
    }

    /// What is at `line`:`column` (1-based, columns in Unicode scalars)
    /// of `file` (the scene's own file when `nil`, else a component it
    /// includes, by its name as diagnostics print it): the innermost key,
    /// value, reference or script step there; `nil` at a comment, blank
    /// space or past the end.
    ///
    ///     model.element(atLine: 3, column: 13)?.meaning   // .reference(...), .property("title", object: 2), ...
    ///
    /// In a component included more than once, the objects are those of
    /// its first instance.
    ///
    /// - Complexity: O(n) in the objects and references.
    public func element(atLine line: Int, column: Int, inFile file: String? = nil) -> Element? {
        guard let resolved, let located = locate(line: line, column: column, in: file) else { return nil }
        let (document, offset) = (located.document, located.offset)
        guard let root = document.root, document.kind(root) == .mapping else { return nil }
        let element = { (meaning: Meaning, node: YAMLDocument.Node) in
            Element(meaning: meaning, file: located.name, span: document.writtenSpan(node))
        }
        if let objectFile = located.objectFile {
            guard let objects = objectFile.component?.objects else { return nil }
            return objectElement(in: document, objects, of: objectFile, at: offset, resolved: resolved, element)
        }
        for entry in document.entries(root) {
            if Self.contains(document.offsets(entry.keyNode), offset) {
                return element(.topLevelKey(entry.key), entry.keyNode)
            }
            guard Self.contains(document.offsets(entry.value), offset, closed: true) else { continue }
            switch entry.key {
            case "objects" where document.kind(entry.value) == .mapping:
                let own = resolved.declared.expanded.ownFile
                return objectElement(in: document, entry.value, of: own, at: offset, resolved: resolved, element)
            case "script" where document.kind(entry.value) == .sequence:
                return scriptElement(in: document, entry.value, at: offset, element)
            default:
                return element(.topLevelValue(entry.key), entry.value)
            }
        }
        return nil
    }

    /// Which ids fit at `line`:`column` of `file` (see
    /// ``element(atLine:column:inFile:)``): at an outlet's value or target,
    /// the ids of the other objects whose type fits the outlet (only views
    /// at a `parent:`); at an `on:` event's value or action, each
    /// `id.action` whose action takes the event's payload. Ids are as the
    /// file writes them (a component's own, without its instance's path),
    /// in file order; empty elsewhere.
    ///
    ///     model.candidates(atLine: 4, column: 13)   // ["root", "panel"]
    ///
    /// - Complexity: O(n) in the objects and their actions.
    public func candidates(atLine line: Int, column: Int, inFile file: String? = nil) -> [String] {
        guard let checked, let element = element(atLine: line, column: column, inFile: file) else { return [] }
        let prefix = located(file)?.prefix ?? ""
        switch element.meaning {
        case .reference(let reference):
            switch reference.kind {
            case .outletTarget(let name):
                guard let outlet = checked.types[reference.owner]?.outlets.first(where: { $0.name == name })
                else { return [] }
                return fittingIDs(outlet, excluding: reference.owner, prefix: prefix)
            case .actionTarget(let event, _):
                return fittingActions(event.flatMap { checked.types[reference.owner]?.events[$0] }, prefix: prefix)
            }
        case .value(let key, let owner):
            guard case .outlet(let outlet)? = checked.types[owner]?.members[key] else { return [] }
            return fittingIDs(outlet, excluding: owner, prefix: prefix)
        case .event(let name, let owner):
            // At the event's key, no action is named yet.
            return fittingActions(checked.types[owner]?.events[name], prefix: prefix)
        default:
            return []
        }
    }

    /// Every id or `id.member` path the script's steps and the invariants
    /// name, in file order, each as ``Meaning/scriptPath(_:object:)`` with
    /// where it is written: a step's value (`tap: play`, `call:
    /// player.pause`), the keys of its mapping (`expect: { title.text:
    /// Ready }`), the keys of an invariant's `when:` and `expect:`. The
    /// values of `wait`, `at`, `note` and `snapshot` name no object, and
    /// are left out.
    ///
    /// - Complexity: O(n) in the steps and invariants.
    public var scriptPaths: [Element] {
        guard let document = ownDocument, let root = document.root, document.kind(root) == .mapping else { return [] }
        var found: [Element] = []
        func add(_ text: String, at node: YAMLDocument.Node) {
            found.append(
                Element(
                    meaning: .scriptPath(text, object: object(namedBy: text)), file: source.name,
                    span: document.writtenSpan(node)))
        }
        let plain: Set<String> = ["wait", "at", "note", "snapshot"]
        if let script = document.entry(root, "script")?.value, document.kind(script) == .sequence {
            for step in document.items(script) {
                guard document.kind(step) == .mapping, let entry = document.entries(step).first,
                    !plain.contains(entry.key)
                else { continue }
                if document.kind(entry.value) == .scalar, let text = document.text(entry.value) {
                    add(text, at: entry.value)
                } else if document.kind(entry.value) == .mapping {
                    for member in document.entries(entry.value) { add(member.key, at: member.keyNode) }
                }
            }
        }
        if let invariants = document.entry(root, "invariants")?.value, document.kind(invariants) == .sequence {
            for invariant in document.items(invariants) where document.kind(invariant) == .mapping {
                for key in ["when", "expect"] {
                    guard let mapping = document.entry(invariant, key)?.value, document.kind(mapping) == .mapping
                    else { continue }
                    for member in document.entries(mapping) { add(member.key, at: member.keyNode) }
                }
            }
        }
        return found
    }

    /// Every key of an instance's `set:` in the scene's own file
    /// (`confirm.title` under `left:`), in file order, each as
    /// ``Meaning/scriptPath(_:object:)`` with the object it names by its
    /// path through the instance (`left.confirm`), if there is one.
    ///
    /// - Complexity: O(n) in the objects.
    public var overridePaths: [Element] {
        guard let document = ownDocument, let root = document.root, document.kind(root) == .mapping,
            let objects = document.entry(root, "objects")?.value, document.kind(objects) == .mapping
        else { return [] }
        var found: [Element] = []
        for entry in document.entries(objects) where document.kind(entry.value) == .mapping {
            guard document.entry(entry.value, "type") == nil, document.entry(entry.value, "include") != nil,
                let set = document.entry(entry.value, "set")?.value, document.kind(set) == .mapping
            else { continue }
            for member in document.entries(set) {
                found.append(
                    Element(
                        meaning: .scriptPath(member.key, object: object(namedBy: entry.key + "." + member.key)),
                        file: source.name, span: document.writtenSpan(member.keyNode)))
            }
        }
        return found
    }

    // MARK: - Finding what is at an offset

    /// A position's file, document and byte offset.
    struct Located {
        let name: String
        let document: YAMLDocument
        let offset: Int
        /// The component's first instance; `nil` for the scene's own file.
        let objectFile: ObjectFile?
        var prefix: String { objectFile?.prefix ?? "" }
    }

    /// The file named `name` (the scene's own when `nil`) with its document.
    func located(_ name: String?) -> Located? {
        guard let resolved else { return nil }
        let expanded = resolved.declared.expanded
        guard let name, name != source.name else {
            return Located(name: source.name, document: expanded.parsed.document, offset: 0, objectFile: nil)
        }
        guard let file = expanded.objects.first(where: { $0.file.name == name && !$0.file.isOwn })?.file,
            let component = file.component
        else { return nil }
        return Located(name: name, document: component.document, offset: 0, objectFile: file)
    }

    /// The byte offset of `line`:`column` in `file`: found by bisection, positions growing with offsets.
    func locate(line: Int, column: Int, in file: String?) -> Located? {
        guard let found = located(file) else { return nil }
        let locator = found.document.locator
        let wanted = (line, column)
        var (low, high) = (0, found.document.utf8Text.count)
        while low < high {
            let middle = (low + high) / 2
            let position = locator.position(ofOffset: middle)
            if (position.line, position.column) < wanted { low = middle + 1 } else { high = middle }
        }
        let position = locator.position(ofOffset: low)
        guard (position.line, position.column) == wanted else { return nil }
        return Located(name: found.name, document: found.document, offset: low, objectFile: found.objectFile)
    }

    /// Whether `range` holds `offset`, its end too when `closed` (an empty
    /// value is written where it ends).
    static func contains(_ range: Range<Int>, _ offset: Int, closed: Bool = false) -> Bool {
        range.contains(offset) || (closed && offset == range.upperBound)
    }
}

/// The format's words, for tools that complete and explain scene files.
extension SceneModel {
    /// The keys a scene file may have at its top level, `params` (a component's) last.
    public static var topLevelKeys: [String] { SceneValidator.topLevelKeys + ["params"] }

    /// The duration `text` writes, as scene files write durations (`3`, `250ms`, `1m30s`); `nil` for other text.
    public static func duration(_ text: String) -> Duration? { ScalarSyntax.duration(text) }
}

/// Components, as their instances see them.
extension SceneModel {
    /// What a component offers the file that includes it: its parameters
    /// and its objects' ids, as the component writes them.
    public struct ComponentInterface: Sendable {
        /// One parameter of `params:`.
        public struct Parameter: Sendable, Hashable {
            /// Its name, which `params:` and `$name` use.
            public let name: String
            /// Its declared type; `nil` for a parameter that takes any value.
            public let type: ValueType?
            /// Whether an instance must give it (it has no default).
            public let isRequired: Bool
        }
        /// The component file, as diagnostics name it.
        public let file: String
        /// Its parameters, in the order declared.
        public let parameters: [Parameter]
        /// Its objects' ids, in file order.
        public let ids: [String]
    }

    /// The component the instance `id` (by path: `left`, `form.row`)
    /// includes; `nil` when `id` is no instance or its file could not be read.
    ///
    /// - Complexity: O(n) in the objects.
    public func component(ofInstance id: String) -> ComponentInterface? {
        guard let resolved else { return nil }
        let prefix = id + "."
        guard let file = resolved.declared.expanded.objects.first(where: { $0.file.prefix == prefix })?.file,
            let component = file.component
        else { return nil }
        return ComponentInterface(
            file: component.source.name,
            parameters: component.parameters.map {
                .init(name: $0.name, type: $0.type, isRequired: $0.defaultNode == nil)
            },
            ids: component.ids)
    }
}
