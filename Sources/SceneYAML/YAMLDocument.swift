/// A parsed YAML document stored flat: every node is one record in a single
/// array, collections know where their subtree ends, and an alias is a record
/// that names the index of its anchored node. Reading a large scene costs
/// one growing array instead of an allocation per collection.
///
/// Nodes are addressed by ``Node`` handles; the accessors resolve aliases.
///
///     let document = try YAMLDocumentReader.readDocument(Array("a: [1, 2]".utf8))
///     if let root = document.root, let entry = document.entry(root, "a") {
///         for item in document.items(entry.value) { print(document.scalar(item)?.value ?? "") }
///     }
public struct YAMLDocument: Sendable {
    /// A handle to one node of the document.
    public struct Node: Sendable, Hashable {
        let index: Int32
    }

    /// What a node is, after resolving aliases.
    public enum Kind: UInt8, Sendable {
        case scalar, sequence, mapping
    }

    enum RecordKind: UInt8 {
        case scalar, sequence, mapping, alias
    }

    struct Record {
        var value: String
        var startLine: Int32
        var startColumn: Int32
        var startOffset: Int32
        var endLine: Int32
        var endColumn: Int32
        var endOffset: Int32
        /// For a collection, the index after its subtree; for others, index + 1.
        var next: Int32
        /// For a collection, its number of children (keys and values for a
        /// mapping); for an alias, the index of the node it names.
        var count: Int32
        var kind: RecordKind
        var style: ScalarStyle
    }

    var records: [Record] = []

    /// The document's root node, if the input held a document.
    public internal(set) var root: Node?

    /// The number of records, aliases included.
    public var nodeCount: Int { records.count }

    // Accessors read single fields of a record: copying a whole record
    // would retain and release its string.

    @inline(__always)
    func resolved(_ node: Node) -> Int {
        let index = Int(node.index)
        return records[index].kind == .alias ? Int(records[index].count) : index
    }

    /// What `node` is.
    public func kind(_ node: Node) -> Kind {
        switch records[resolved(node)].kind {
        case .scalar, .alias: .scalar
        case .sequence: .sequence
        case .mapping: .mapping
        }
    }

    /// Where `node` was written (for an alias, where its anchored node was).
    public func span(_ node: Node) -> SourceSpan {
        span(at: resolved(node))
    }

    @inline(__always)
    func span(at index: Int) -> SourceSpan {
        SourceSpan(
            start: SourcePosition(
                line: Int(records[index].startLine), column: Int(records[index].startColumn),
                offset: Int(records[index].startOffset)),
            end: SourcePosition(
                line: Int(records[index].endLine), column: Int(records[index].endColumn),
                offset: Int(records[index].endOffset)))
    }

    /// The scalar `node` is, or `nil` for a collection.
    public func scalar(_ node: Node) -> YAMLScalar? {
        let index = resolved(node)
        guard records[index].kind == .scalar else { return nil }
        return YAMLScalar(value: records[index].value, style: records[index].style, span: span(at: index))
    }

    /// Whether `node` is a null scalar (empty, `~`, `null`).
    public func isNull(_ node: Node) -> Bool {
        let index = resolved(node)
        guard records[index].kind == .scalar, records[index].style == .plain else { return false }
        switch records[index].value {
        case "", "~", "null", "Null", "NULL": return true
        default: return false
        }
    }

    /// The number of items of a sequence or entries of a mapping; 0 for a scalar.
    public func count(_ node: Node) -> Int {
        let index = resolved(node)
        switch records[index].kind {
        case .sequence: return Int(records[index].count)
        case .mapping: return Int(records[index].count) / 2
        default: return 0
        }
    }

    /// The children of a collection in order (for a mapping: key, value, key, ...).
    public struct Children: Sequence, IteratorProtocol {
        let records: [Record]
        var current: Int
        let end: Int

        public mutating func next() -> Node? {
            guard current < end else { return nil }
            let node = Node(index: Int32(current))
            current = Int(records[current].next)
            return node
        }
    }

    /// The items of a sequence (empty for anything else).
    public func items(_ node: Node) -> Children {
        let index = resolved(node)
        guard records[index].kind == .sequence else { return Children(records: records, current: 0, end: 0) }
        return Children(records: records, current: index + 1, end: Int(records[index].next))
    }

    /// One key and value of a mapping.
    public struct Entry {
        /// The key, always a scalar.
        public var key: YAMLScalar
        /// The value.
        public var value: Node

    }

    /// The entries of a mapping in written order (empty for anything else).
    public func entries(_ node: Node) -> [Entry] {
        let index = resolved(node)
        guard records[index].kind == .mapping else { return [] }
        var result: [Entry] = []
        result.reserveCapacity(Int(records[index].count) / 2)
        var current = index + 1
        let end = Int(records[index].next)
        while current < end {
            let keyNode = Node(index: Int32(current))
            current = Int(records[current].next)
            guard current < end else { break }
            let value = Node(index: Int32(current))
            current = Int(records[current].next)
            if let key = scalar(keyNode) { result.append(Entry(key: key, value: value)) }
        }
        return result
    }

    /// Calls `body` with each entry of a mapping in written order, without
    /// building an array (nothing for anything else).
    public func forEachEntry(_ node: Node, _ body: (Entry) throws -> Void) rethrows {
        var current = firstChild(node)
        let end = subtreeEnd(node)
        while current < end {
            let keyNode = Node(index: Int32(current))
            current = nextSibling(current)
            guard current < end else { break }
            let value = Node(index: Int32(current))
            current = nextSibling(current)
            if let key = scalar(keyNode) { try body(Entry(key: key, value: value)) }
        }
    }

    /// The index of the first child of a mapping (past the end for anything else).
    func firstChild(_ node: Node) -> Int {
        let index = resolved(node)
        return records[index].kind == .mapping ? index + 1 : Int(records[index].next)
    }

    /// The index after a node's subtree.
    func subtreeEnd(_ node: Node) -> Int {
        Int(records[resolved(node)].next)
    }

    /// The index of the node after the subtree at `index`.
    func nextSibling(_ index: Int) -> Int {
        Int(records[index].next)
    }

    /// The entry of a mapping whose key is `key`.
    public func entry(_ node: Node, _ key: String) -> Entry? {
        let index = resolved(node)
        guard records[index].kind == .mapping else { return nil }
        var current = index + 1
        let end = Int(records[index].next)
        while current < end {
            let keyIndex = resolved(Node(index: Int32(current)))
            current = Int(records[current].next)
            guard current < end else { break }
            if records[keyIndex].value == key, let scalar = scalar(Node(index: Int32(keyIndex))) {
                return Entry(key: scalar, value: Node(index: Int32(current)))
            }
            current = Int(records[current].next)
        }
        return nil
    }

    /// A word for the node's kind, for messages.
    public func kindDescription(_ node: Node) -> String {
        switch kind(node) {
        case .scalar: "a single value"
        case .sequence: "a list"
        case .mapping: "a mapping"
        }
    }

    /// The node as a self-contained ``YAMLNode`` tree (aliases copied).
    public func tree(_ node: Node) -> YAMLNode {
        switch kind(node) {
        case .scalar:
            return .scalar(scalar(node) ?? YAMLScalar(value: "", style: .plain, span: span(node)))
        case .sequence:
            return .sequence(YAMLSequence(items: items(node).map(tree), span: span(node)))
        case .mapping:
            return .mapping(
                YAMLMapping(
                    entries: entries(node).map { YAMLMapping.Entry(key: $0.key, value: tree($0.value)) },
                    span: span(node)))
        }
    }
}
