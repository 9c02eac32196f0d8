internal import CYAML

/// Builds the single document of a scene file into ``YAMLNode``s, enforcing
/// ``YAMLLimits`` and the scene format's restrictions as it reads: no tags,
/// no merge keys, scalar keys only, no duplicate keys, one document.
///
///     let root = try YAMLDocumentReader.read(Array("a: [1, 2]".utf8))
///
/// - Complexity: O(n) in the input; memory O(n) plus nothing for aliases,
///   which share storage with the node they name.
public enum YAMLDocumentReader {
    /// Reads the one document in `bytes`; `nil` when the input holds no
    /// document at all (an empty file or only comments).
    public static func read(
        _ bytes: some Collection<UInt8>, limits: YAMLLimits = YAMLLimits()
    ) throws(YAMLError) -> YAMLNode? {
        if bytes.count > limits.maxInputBytes {
            throw YAMLError(
                .tooLarge,
                "the file is \(bytes.count) bytes, more than the limit of \(limits.maxInputBytes)",
                at: SourceSpan(at: .start),
                hint: "split the scene, or raise the limit in the embedding program")
        }
        var builder = Builder(limits: limits)
        let reader = YAMLEventReader(bytes: bytes)
        while try reader.withNextEvent({ (event) throws(YAMLError) in try builder.add(event) }) != nil {}
        return builder.root
    }
}

extension YAMLNode {
    fileprivate var isScalar: Bool {
        if case .scalar = self { true } else { false }
    }
}

private struct Frame {
    var isMapping: Bool
    var anchor: String?
    var start: SourcePosition
    var isFlow: Bool
    var items: [YAMLNode] = []
    var entries: [YAMLMapping.Entry] = []
    var pendingKey: YAMLScalar?
    /// Built once a mapping grows past a few keys.
    var keyIndex: [String: Int]?
    /// Nodes in this subtree so far (for the alias budget).
    var nodeCount = 1
}

private struct Builder {
    let limits: YAMLLimits
    var stack: [Frame] = []
    var root: YAMLNode?
    var documents = 0
    var anchors: [String: (node: YAMLNode, size: Int)] = [:]
    var aliasNodes = 0

    init(limits: YAMLLimits) {
        self.limits = limits
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
            try open(isMapping: false, anchor: makeString(data.anchor), event,
                     isFlow: data.style == YAML_FLOW_SEQUENCE_STYLE)
        case YAML_MAPPING_START_EVENT:
            let data = event.data.mapping_start
            try checkTag(data.tag, event)
            try open(isMapping: true, anchor: makeString(data.anchor), event,
                     isFlow: data.style == YAML_FLOW_MAPPING_STYLE)
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            guard let frame = stack.popLast() else { return }
            let span = SourceSpan(start: frame.start, end: SourcePosition(event.end_mark))
            let node: YAMLNode =
                frame.isMapping
                ? .mapping(YAMLMapping(entries: frame.entries, span: span))
                : .sequence(YAMLSequence(items: frame.items, span: span))
            try attach(node, anchor: frame.anchor, size: frame.nodeCount)
        case YAML_SCALAR_EVENT:
            let data = event.data.scalar
            try checkTag(data.tag, event)
            let scalar = YAMLScalar(
                value: makeString(data.value, length: data.length), style: ScalarStyle(data.style),
                span: SourceSpan(event))
            try attach(.scalar(scalar), anchor: makeString(data.anchor), size: 1)
        case YAML_ALIAS_EVENT:
            let name = makeString(event.data.alias.anchor) ?? ""
            guard let target = anchors[name] else {
                throw YAMLError(
                    .unknownAnchor, "the alias '*\(name)' names no anchor defined before it",
                    at: SourceSpan(event), hint: "define '&\(name)' on an earlier value")
            }
            if let top = stack.last, top.isMapping, top.pendingKey == nil, !target.node.isScalar {
                // Reported here, where the alias is, rather than at the anchored node.
                throw YAMLError(
                    .complexKey, "a mapping key must be a single value, not \(target.node.kindDescription)",
                    at: SourceSpan(event))
            }
            aliasNodes += target.size
            if aliasNodes > limits.maxAliasNodes {
                throw YAMLError(
                    .aliasBudget,
                    "aliases expand to more than \(limits.maxAliasNodes) nodes; the document is an alias bomb or far too repetitive",
                    at: SourceSpan(event), hint: "write the values out, or raise the alias limit in the embedding program")
            }
            try attach(target.node, anchor: nil, size: target.size)
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

    private mutating func open(isMapping: Bool, anchor: String?, _ event: borrowing yaml_event_t, isFlow: Bool) throws(YAMLError) {
        if let top = stack.last, top.isMapping, top.pendingKey == nil {
            throw YAMLError(
                .complexKey, "a mapping key must be a single value, not \(isMapping ? "a mapping" : "a list")",
                at: SourceSpan(event))
        }
        if stack.count >= limits.maxDepth {
            throw YAMLError(
                .tooDeep, "lists and mappings are nested more than \(limits.maxDepth) deep", at: SourceSpan(event),
                hint: "flatten the structure, or raise the depth limit in the embedding program")
        }
        stack.append(Frame(isMapping: isMapping, anchor: anchor, start: SourcePosition(event.start_mark), isFlow: isFlow))
    }

    private mutating func attach(_ node: YAMLNode, anchor: String?, size: Int) throws(YAMLError) {
        if let anchor { anchors[anchor] = (node, size) }
        guard !stack.isEmpty else {
            root = node
            return
        }
        let top = stack.count - 1
        stack[top].nodeCount += size
        if !stack[top].isMapping {
            stack[top].items.append(node)
            return
        }
        guard let key = stack[top].pendingKey else {
            guard case .scalar(let scalar) = node else {
                throw YAMLError(.complexKey, "a mapping key must be a single value, not \(node.kindDescription)", at: node.span)
            }
            try addKey(scalar, to: top)
            return
        }
        stack[top].pendingKey = nil
        stack[top].entries.append(YAMLMapping.Entry(key: key, value: node))
    }

    private mutating func addKey(_ key: YAMLScalar, to top: Int) throws(YAMLError) {
        if key.style == .plain && key.value == "<<" {
            throw YAMLError(
                .mergeKey, "merge keys ('<<') are not supported in scene files", at: key.span,
                hint: "write the keys out, or use an alias for a whole value")
        }
        var firstIndex: Int?
        let entries = stack[top].entries
        if stack[top].keyIndex != nil {
            // Looked up and updated in place: a copy of the index held across
            // the update would make every insertion copy it.
            firstIndex = stack[top].keyIndex?[key.value]
            if firstIndex == nil { stack[top].keyIndex?[key.value] = entries.count }
        } else {
            firstIndex = entries.firstIndex { $0.key.value == key.value }
            if firstIndex == nil && entries.count >= 8 {
                var index = [String: Int](minimumCapacity: 32)
                for (offset, entry) in entries.enumerated() { index[entry.key.value] = offset }
                index[key.value] = entries.count
                stack[top].keyIndex = index
            }
        }
        if let firstIndex {
            let first = entries[firstIndex].key.span.start
            throw YAMLError(
                .duplicateKey, "the key '\(key.value)' appears twice in the same mapping", at: key.span,
                related: ("first written here", first), hint: "remove or rename one of them")
        }
        stack[top].pendingKey = key
    }
}
