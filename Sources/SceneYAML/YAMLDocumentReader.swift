internal import CYAML

/// Reads the single document of a scene file, enforcing ``YAMLLimits`` and
/// the scene format's restrictions as it reads: no tags, no merge keys,
/// scalar keys only, no duplicate keys, one document.
///
///     let document = try YAMLDocumentReader.readDocument(bytes)
///     let root = try YAMLDocumentReader.read(Array("a: [1, 2]".utf8))   // as a tree
///
/// - Complexity: O(n) in the input; memory O(n), and nothing more for
///   aliases, which refer to the node they name.
public enum YAMLDocumentReader {
    /// Reads the one document in `bytes` into a flat ``YAMLDocument``; its
    /// root is `nil` when the input holds no document (an empty file or only
    /// comments).
    public static func readDocument(
        _ bytes: [UInt8], limits: YAMLLimits = YAMLLimits()
    ) throws(YAMLError) -> YAMLDocument {
        if bytes.count > limits.maxInputBytes {
            throw YAMLError(
                .tooLarge,
                "the file is \(bytes.count) bytes, more than the limit of \(limits.maxInputBytes)",
                at: SourceSpan(at: .start),
                hint: "split the scene, or raise the limit in the embedding program")
        }
        if bytes.isEmpty {
            var builder = Builder(limits: limits, capacity: 0)
            try builder.read(YAMLEventReader(bytes: bytes))
            return builder.document
        }
        let result: Result<YAMLDocument, YAMLError> = bytes.withUnsafeBufferPointer { buffer in
            do throws(YAMLError) {
                return .success(
                    try YAMLEventReader.withReader(over: buffer) { (reader) throws(YAMLError) in
                        var builder = Builder(limits: limits, capacity: bytes.count / 8)
                        try builder.read(reader)
                        return builder.document
                    })
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Reads the one document in `bytes` as a ``YAMLNode`` tree; `nil` when
    /// the input holds no document.
    public static func read(
        _ bytes: some Collection<UInt8>, limits: YAMLLimits = YAMLLimits()
    ) throws(YAMLError) -> YAMLNode? {
        let document = try readDocument(Array(bytes), limits: limits)
        return document.root.map(document.tree)
    }
}

private struct Frame {
    var index: Int
    var isMapping: Bool
    var anchor: String?
    var children: Int32 = 0
    /// Whether the next child of a mapping is a key.
    var expectsKey = true
    /// Keys to their index, built once a mapping grows past a few keys.
    var keyIndex: [String: Int]?
    /// Nodes in this subtree with aliases expanded (for the alias budget).
    var expandedCount = 1
}

private struct Builder {
    let limits: YAMLLimits
    var document = YAMLDocument()
    var stack: [Frame] = []
    var documents = 0
    var anchors: [String: (index: Int, expandedCount: Int)] = [:]
    var aliasNodes = 0

    init(limits: YAMLLimits, capacity: Int) {
        self.limits = limits
        document.records.reserveCapacity(capacity)
    }

    /// Adds every event of `reader`.
    mutating func read(_ reader: YAMLEventReader) throws(YAMLError) {
        while try reader.withNextEvent({ (event) throws(YAMLError) in try self.add(event) }) != nil {}
    }

    mutating func add(_ event: borrowing yaml_event_t) throws(YAMLError) {
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            documents += 1
            if documents > 1 {
                throw YAMLError(
                    .multipleDocuments, "a scene file holds one YAML document, and a second one starts here",
                    at: SourceSpan(event), hint: "put each scene in its own file")
            }
        case YAML_SEQUENCE_START_EVENT:
            let data = event.data.sequence_start
            try checkTag(data.tag, event)
            try open(.sequence, anchor: makeString(data.anchor), event)
        case YAML_MAPPING_START_EVENT:
            let data = event.data.mapping_start
            try checkTag(data.tag, event)
            try open(.mapping, anchor: makeString(data.anchor), event)
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            guard let frame = stack.popLast() else { return }
            let end = event.end_mark
            document.records[frame.index].endLine = Int32(truncatingIfNeeded: end.line + 1)
            document.records[frame.index].endColumn = Int32(truncatingIfNeeded: end.column + 1)
            document.records[frame.index].endOffset = Int32(truncatingIfNeeded: end.index)
            document.records[frame.index].next = Int32(document.records.count)
            document.records[frame.index].count = frame.children
            if let anchor = frame.anchor { anchors[anchor] = (frame.index, frame.expandedCount) }
            try finishChild(frame.index, expandedCount: frame.expandedCount)
        case YAML_SCALAR_EVENT:
            let data = event.data.scalar
            try checkTag(data.tag, event)
            let index = append(.scalar, makeString(data.value, length: data.length), ScalarStyle(data.style), event)
            if let anchor = makeString(data.anchor) { anchors[anchor] = (index, 1) }
            try finishChild(index, expandedCount: 1)
        case YAML_ALIAS_EVENT:
            let name = makeString(event.data.alias.anchor) ?? ""
            guard let target = anchors[name] else {
                throw YAMLError(
                    .unknownAnchor, "the alias '*\(name)' names no anchor defined before it",
                    at: SourceSpan(event), hint: "define '&\(name)' on an earlier value")
            }
            aliasNodes += target.expandedCount
            if aliasNodes > limits.maxAliasNodes {
                throw YAMLError(
                    .aliasBudget,
                    "aliases expand to more than \(limits.maxAliasNodes) nodes; the document is an alias bomb or far too repetitive",
                    at: SourceSpan(event), hint: "write the values out, or raise the alias limit in the embedding program")
            }
            let index = append(.alias, "", .plain, event)
            document.records[index].count = Int32(target.index)
            try finishChild(index, expandedCount: target.expandedCount)
        default:
            break
        }
    }

    private func checkTag(_ tag: UnsafeMutablePointer<yaml_char_t>?, _ event: borrowing yaml_event_t) throws(YAMLError) {
        guard let tag else { return }
        var name = String(cString: tag)
        if name.hasPrefix("tag:yaml.org,2002:") { name = "!!" + name.dropFirst(18) }
        throw YAMLError(
            .tag, "explicit tags like '\(name)' are not supported in scene files", at: SourceSpan(event),
            hint: "remove the tag: a value takes its type from the property it sets")
    }

    private mutating func append(
        _ kind: YAMLDocument.RecordKind, _ value: String, _ style: ScalarStyle, _ event: borrowing yaml_event_t
    ) -> Int {
        let start = event.start_mark
        let end = event.end_mark
        let index = document.records.count
        document.records.append(
            YAMLDocument.Record(
                value: value, startLine: Int32(truncatingIfNeeded: start.line + 1),
                startColumn: Int32(truncatingIfNeeded: start.column + 1),
                startOffset: Int32(truncatingIfNeeded: start.index), endLine: Int32(truncatingIfNeeded: end.line + 1),
                endColumn: Int32(truncatingIfNeeded: end.column + 1), endOffset: Int32(truncatingIfNeeded: end.index),
                next: Int32(index + 1), count: 0, kind: kind, style: style))
        return index
    }

    private mutating func open(
        _ kind: YAMLDocument.RecordKind, anchor: String?, _ event: borrowing yaml_event_t
    ) throws(YAMLError) {
        if let top = stack.last, top.isMapping, top.expectsKey {
            throw YAMLError(
                .complexKey, "a mapping key must be a single value, not \(kind == .mapping ? "a mapping" : "a list")",
                at: SourceSpan(event))
        }
        if stack.count >= limits.maxDepth {
            throw YAMLError(
                .tooDeep, "lists and mappings are nested more than \(limits.maxDepth) deep", at: SourceSpan(event),
                hint: "flatten the structure, or raise the depth limit in the embedding program")
        }
        let index = append(kind, "", .plain, event)
        if document.root == nil && stack.isEmpty { document.root = YAMLDocument.Node(index: Int32(index)) }
        stack.append(Frame(index: index, isMapping: kind == .mapping, anchor: anchor))
    }

    /// Counts the finished node at `index` as a child of the open collection,
    /// checking it as a key when it stands in a key's place.
    private mutating func finishChild(_ index: Int, expandedCount: Int) throws(YAMLError) {
        guard !stack.isEmpty else {
            if document.root == nil { document.root = YAMLDocument.Node(index: Int32(index)) }
            return
        }
        let top = stack.count - 1
        stack[top].children += 1
        stack[top].expandedCount += expandedCount
        guard stack[top].isMapping else { return }
        defer { stack[top].expectsKey.toggle() }
        guard stack[top].expectsKey else { return }
        let keyNode = YAMLDocument.Node(index: Int32(index))
        guard let key = document.scalar(keyNode) else {
            throw YAMLError(
                .complexKey, "a mapping key must be a single value, not \(document.kindDescription(keyNode))",
                at: SourceSpan(atRecord: document.records[index]))
        }
        try addKey(key, at: index, to: top)
    }

    private mutating func addKey(_ key: YAMLScalar, at index: Int, to top: Int) throws(YAMLError) {
        if key.style == .plain && key.value == "<<" {
            throw YAMLError(
                .mergeKey, "merge keys ('<<') are not supported in scene files", at: key.span,
                hint: "write the keys out, or use an alias for a whole value")
        }
        var firstIndex: Int?
        // Moved out of the frame while it changes, so that it is mutated in
        // place: changing it through `stack[top]` would copy it every time.
        if var keyIndex = stack[top].keyIndex.take() {
            firstIndex = keyIndex.updateValue(index, forKey: key.value)
            if let firstIndex { keyIndex[key.value] = firstIndex }
            stack[top].keyIndex = keyIndex
        } else {
            // Keys so far: every other child from the first.
            var current = stack[top].index + 1
            var keys = 0
            while current < index {
                let keyIndex = document.resolved(YAMLDocument.Node(index: Int32(current)))
                if document.records[keyIndex].value == key.value && document.records[keyIndex].kind == .scalar {
                    firstIndex = current
                    break
                }
                keys += 1
                current = Int(document.records[current].next)
                current = Int(document.records[current].next)
            }
            if firstIndex == nil && keys >= 8 {
                var keyIndex = [String: Int](minimumCapacity: 32)
                var current = stack[top].index + 1
                while current <= index {
                    let resolved = document.resolved(YAMLDocument.Node(index: Int32(current)))
                    keyIndex[document.records[resolved].value] = current
                    current = Int(document.records[current].next)
                    if current > index { break }
                    current = Int(document.records[current].next)
                }
                stack[top].keyIndex = keyIndex
            }
        }
        if let firstIndex {
            let first = SourceSpan(atRecord: document.records[firstIndex]).start
            throw YAMLError(
                .duplicateKey, "the key '\(key.value)' appears twice in the same mapping",
                at: SourceSpan(atRecord: document.records[index]),
                related: ("first written here", first), hint: "remove or rename one of them")
        }
    }
}

extension SourceSpan {
    init(atRecord record: YAMLDocument.Record) {
        self.init(
            start: SourcePosition(
                line: Int(record.startLine), column: Int(record.startColumn), offset: Int(record.startOffset)),
            end: SourcePosition(line: Int(record.endLine), column: Int(record.endColumn), offset: Int(record.endOffset)))
    }
}
