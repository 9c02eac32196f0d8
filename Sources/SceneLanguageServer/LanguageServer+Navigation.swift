import LanguageServerProtocol
import SceneCore
import SceneLoader
import SceneOutput

/// Definition, references, the outline and rename: ids wherever they are written.
extension LanguageServer {
    /// The most levels of views nested in the outline; deeper ones are listed at this level.
    static let maxOutlineDepth = 32

    /// What the cursor is at, with the model it was found in.
    func elementAtCursor(_ params: JSONValue) throws(ResponseError) -> (OpenDocument, SceneModel, SceneModel.Element?) {
        let document = try document(params)
        let offset = try offset(params, in: document)
        let model = model(of: document)
        var element = element(atOffset: offset, in: document, model)
        if Self.namedObject(element?.meaning) == nil {
            // The invariants' paths and instances' `set:` keys, which
            // element(atLine:) does not tell apart.
            element =
                (model.scriptPaths + model.overridePaths).first { path in
                    path.span.start.offset <= offset && offset <= path.span.end.offset
                } ?? element
        }
        return (document, model, element)
    }

    /// The object an element names: a declaration, a reference, a script path.
    static func namedObject(_ meaning: SceneModel.Meaning?) -> Int? {
        switch meaning {
        case .objectID(let index)?: index
        case .reference(let reference)?: reference.resolution.namedObject
        case .scriptPath(_, let object)?: object
        default: nil
        }
    }

    func definition(_ params: JSONValue) throws(ResponseError) -> JSONValue {
        let (document, model, element) = try elementAtCursor(params)
        if let index = Self.namedObject(element?.meaning) {
            let object = model.object(at: index)
            return location(file: object.file, span: object.span, model: model, document: document)
        }
        // An include's path opens the file.
        let offset = try offset(params, in: document)
        let context = CursorContext(document, offset: offset)
        if context.shape == .value(key: "include") {
            let written = String(decoding: document.text[context.wordRange], as: UTF8.self)
            guard !written.isEmpty else { return .null }
            let zero = JSONValue.fields([("line", .int(0)), ("character", .int(0))])
            return .fields([
                ("uri", .string(Self.uri(ofFile: written, relativeTo: document.path))),
                ("range", .fields([("start", zero), ("end", zero)])),
            ])
        }
        return .null
    }

    /// The location of `span` in `file` (the document's own, or a component).
    func location(file: String, span: SourceSpan, model: SceneModel, document: OpenDocument) -> JSONValue {
        let uri = file == model.source.name ? document.uri : Self.uri(ofFile: file, relativeTo: document.path)
        let lines = file == model.source.name ? document.lines : lines(ofFile: uri)
        return .fields([("uri", .string(uri)), ("range", range(span, in: lines))])
    }

    /// The lines of the file at `uri`: the editor's text when it is open, else the file's.
    func lines(ofFile uri: String) -> LineIndex {
        if let open = documents[uri] { return open.lines }
        guard let path = DocumentURI.path(of: uri),
            let source = try? SceneSource(contentsOf: path, maxBytes: loader.limits.yaml.maxInputBytes)
        else { return LineIndex([]) }
        return LineIndex(source.bytes)
    }

    /// Where the object at `index` is written: its declaration, every
    /// reference to it, every script path naming it.
    func occurrences(of index: Int, in model: SceneModel) -> [(file: String, span: SourceSpan, written: String)] {
        let object = model.object(at: index)
        var found = [(file: object.file, span: object.span, written: object.id)]
        for reference in model.references where reference.resolution.namedObject == index {
            found.append((reference.file, reference.span, reference.written))
        }
        for path in model.scriptPaths + model.overridePaths {
            if case .scriptPath(let text, index?) = path.meaning { found.append((path.file, path.span, text)) }
        }
        return found
    }

    func references(_ params: JSONValue) throws(ResponseError) -> JSONValue {
        let (document, model, element) = try elementAtCursor(params)
        guard let index = Self.namedObject(element?.meaning) else { return .array([]) }
        let includeDeclaration = params["context"]?["includeDeclaration"]?.boolValue ?? true
        var occurrences = occurrences(of: index, in: model)
        if !includeDeclaration { occurrences.removeFirst() }
        return .array(occurrences.map { location(file: $0.file, span: $0.span, model: model, document: document) })
    }

    func prepareRename(_ params: JSONValue) throws(ResponseError) -> JSONValue {
        let (document, model, element) = try elementAtCursor(params)
        guard let index = Self.namedObject(element?.meaning), let element else { return .null }
        let object = model.object(at: index)
        guard object.file == model.source.name, element.file == model.source.name else { return .null }
        let start = element.span.start.offset
        return .fields([
            ("range", range(start..<(start + Self.idLength(element, object.id, in: document)), in: document.lines)),
            ("placeholder", .string(object.id)),
        ])
    }

    /// How many bytes of the element's text are the id (`play` of `play.tap`).
    static func idLength(_ element: SceneModel.Element, _ id: String, in document: OpenDocument) -> Int {
        let start = element.span.start.offset
        let end = start + id.utf8.count
        guard end <= document.text.count, Array(document.text[start..<end]) == Array(id.utf8) else {
            return max(0, element.span.end.offset - start)
        }
        return id.utf8.count
    }

    func rename(_ params: JSONValue) throws(ResponseError) -> JSONValue {
        let (document, model, element) = try elementAtCursor(params)
        guard let newName = params["newName"]?.stringValue else {
            throw ResponseError(.invalidParams, "a rename needs newName")
        }
        guard let index = Self.namedObject(element?.meaning) else {
            throw ResponseError(.requestFailed, "there is no object's id here to rename")
        }
        let object = model.object(at: index)
        guard object.file == model.source.name else {
            throw ResponseError(.requestFailed, "'\(object.id)' is declared in \(object.file); rename it there")
        }
        guard SceneRegistry.isIdentifier(newName) else {
            throw ResponseError(
                .requestFailed, "'\(newName)' is not an id: an id is a letter or '_', then letters, digits and '_'")
        }
        guard newName == object.id || model.index(ofID: newName) == nil else {
            throw ResponseError(.requestFailed, "an object '\(newName)' exists already")
        }
        var edits: [JSONValue] = []
        for occurrence in occurrences(of: index, in: model) where occurrence.file == model.source.name {
            let start = occurrence.span.start.offset
            let oldBytes = Array(object.id.utf8)
            let end = start + oldBytes.count
            // Only where the id is written as such (not through a component's path).
            guard end <= document.text.count, Array(document.text[start..<end]) == oldBytes else { continue }
            edits.append(.fields([("range", range(start..<end, in: document.lines)), ("newText", .string(newName))]))
        }
        var changes: [(key: String, value: JSONValue)] = [(document.uri, .array(edits))]
        // The open scenes that include this file name its objects in their instances' `set:`.
        let path = SceneLoader.normalizedPath(document.path)
        for other in documents.values.sorted(by: { $0.uri < $1.uri }) where other !== document {
            let including = self.model(of: other)
            guard including.includedFiles.contains(where: { SceneLoader.normalizedPath($0) == path }) else { continue }
            var otherEdits: [JSONValue] = []
            for override in including.overridePaths {
                guard case .scriptPath(let text, let target?) = override.meaning,
                    SceneLoader.normalizedPath(including.object(at: target).file) == path,
                    text == object.id || text.hasPrefix(object.id + ".")
                else { continue }
                let start = override.span.start.offset
                otherEdits.append(
                    .fields([
                        ("range", range(start..<(start + object.id.utf8.count), in: other.lines)),
                        ("newText", .string(newName)),
                    ]))
            }
            if !otherEdits.isEmpty { changes.append((other.uri, .array(otherEdits))) }
        }
        return .fields([("changes", .object(changes))])
    }

    func documentSymbols(_ params: JSONValue) throws(ResponseError) -> JSONValue {
        let document = try document(params)
        let model = model(of: document)
        let own = (0..<model.objectCount).filter { model.object(at: $0).file == model.source.name }
        // Each object's parent, by the `parent` outlet's resolved target.
        var parents: [Int: Int] = [:]
        for reference in model.references {
            guard case .outletTarget("parent") = reference.kind, let parent = reference.resolution.namedObject else {
                continue
            }
            parents[reference.owner] = parent
        }
        var children: [Int: [Int]] = [:]
        var roots: [Int] = []
        let ownSet = Set(own)
        for index in own {
            if let parent = parents[index], ownSet.contains(parent), parent != index {
                children[parent, default: []].append(index)
            } else {
                roots.append(index)
            }
        }
        // Objects in a loop of parents are reached from no root: listed at the top.
        var listed = Set<Int>()
        func symbol(_ index: Int, depth: Int, flattened: inout [JSONValue]) -> JSONValue {
            listed.insert(index)
            let object = model.object(at: index)
            var nested: [JSONValue] = []
            for child in children[index] ?? [] where !listed.contains(child) {
                if depth >= Self.maxOutlineDepth {
                    flattened.append(symbol(child, depth: depth, flattened: &flattened))
                } else {
                    nested.append(symbol(child, depth: depth + 1, flattened: &flattened))
                }
            }
            let range = self.range(object.span, in: document.lines)
            return .fields([
                ("name", .string(object.id)), ("detail", .string(object.type?.name ?? "")),
                ("kind", .int(19)), ("range", range), ("selectionRange", range),
                ("children", nested.isEmpty ? nil : .array(nested)),
            ])
        }
        var symbols: [JSONValue] = []
        for index in roots + own where !listed.contains(index) {
            var flattened: [JSONValue] = []
            symbols.append(symbol(index, depth: 1, flattened: &flattened))
            symbols += flattened
        }
        for section in ["script", "invariants"] {
            if let line = Self.topLevelLine(section, in: document.lines) {
                let range = self.range(line, in: document.lines)
                symbols.append(
                    .fields([
                        ("name", .string(section)), ("kind", .int(2)), ("range", range), ("selectionRange", range),
                    ]))
            }
        }
        return .array(symbols)
    }

    /// The bytes of the line where top-level key `key` is written.
    static func topLevelLine(_ key: String, in lines: LineIndex) -> Range<Int>? {
        let prefix = Array((key + ":").utf8)
        for line in 0..<lines.lineCount {
            let range = lines.lineRange(line)
            if range.count >= prefix.count,
                Array(lines.bytes[range.lowerBound..<(range.lowerBound + prefix.count)]) == prefix
            {
                return range
            }
        }
        return nil
    }
}
