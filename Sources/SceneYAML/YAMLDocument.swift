#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A parsed YAML document stored flat and compact: every node is one
/// 28-byte record in a single array; collections know where their subtree
/// ends; an alias is a record naming the index of its anchored node.
/// Scalar text is not copied into strings: a record points into the parsed
/// text (or, for text that escapes or folding changed, into a small arena),
/// and positions are worked out from byte offsets only when asked for.
///
/// Nodes are addressed by ``Node`` handles; the accessors resolve aliases.
///
///     let document = try YAMLDocumentReader.readDocument(Array("a: [1, 2]".utf8))
///     if let root = document.root, let entry = document.entry(root, "a") {
///         for item in document.items(entry.value) { print(document.text(item) ?? "") }
///     }
package struct YAMLDocument: Sendable {
    /// A handle to one node of the document.
    package struct Node: Sendable, Hashable {
        @usableFromInline let index: Int32

        @usableFromInline init(index: Int32) {
            self.index = index
        }
    }

    /// What a node is, after resolving aliases.
    package enum Kind: UInt8, Sendable {
        case scalar, sequence, mapping
    }

    @usableFromInline enum RecordKind: UInt8, Sendable {
        case scalar, sequence, mapping, alias
    }

    /// One node, in 20 bytes: a scalar's value and a collection's extent
    /// share the two words after its offsets, since no node has both.
    @usableFromInline struct Record: Sendable {
        /// Byte offsets of the node's text in ``text``.
        @usableFromInline var start: UInt32
        @usableFromInline var end: UInt32
        /// A scalar's value start; a collection's index after its subtree;
        /// an alias's index of the node it names.
        @usableFromInline var first: UInt32
        /// A scalar's value length; a collection's number of children (keys
        /// and values for a mapping).
        @usableFromInline var second: UInt32
        @usableFromInline var kind: RecordKind
        @usableFromInline var style: ScalarStyle
        /// Whether a scalar's value is in ``arena`` rather than ``text``.
        @usableFromInline var isValueInArena: Bool

        @usableFromInline init(
            start: UInt32, end: UInt32, first: UInt32, second: UInt32, kind: RecordKind,
            style: ScalarStyle = .plain, isValueInArena: Bool = false
        ) {
            self.start = start
            self.end = end
            self.first = first
            self.second = second
            self.kind = kind
            self.style = style
            self.isValueInArena = isValueInArena
        }

        /// Where a scalar's value is: in ``text`` or in ``arena``.
        @inlinable var valueStart: UInt32 { first }
        @inlinable var valueLength: UInt32 { second }
        /// The index of the node an alias names.
        @inlinable var target: UInt32 { first }
        /// A collection's number of children.
        @inlinable var count: UInt32 { second }
        @inlinable var isCollection: Bool { kind == .sequence || kind == .mapping }

        /// The index of the record after this one's subtree, this record being at `index`.
        @inlinable func next(after index: Int) -> Int {
            isCollection ? Int(first) : index + 1
        }
    }

    /// The index of the record after the subtree of the record at `index`.
    @inlinable
    func next(after index: Int) -> Int {
        records[index].next(after: index)
    }

    @usableFromInline var records: [Record] = []
    /// The UTF-8 text that was parsed.
    @usableFromInline let text: [UInt8]
    /// Scalar values that differ from their source text.
    @usableFromInline var arena: [UInt8] = []
    /// The byte offset where each line starts, worked out as far as positions need it.
    let lineStarts: LineStarts

    /// The bytes of scalar text that aliases repeat, counting each alias
    /// every time it is used (what using the document copies beyond its text).
    package internal(set) var aliasBytes = 0

    /// The nodes that aliases repeat, counting each alias every time it is
    /// used, as ``aliasBytes`` counts their text.
    package internal(set) var aliasNodes = 0

    /// The document's root node, if the input held a document.
    package internal(set) var root: Node?

    /// The number of records, aliases included.
    package var nodeCount: Int { records.count }

    init(text: [UInt8]) {
        self.text = text
        lineStarts = LineStarts(text: text)
    }

    /// Finds line and column positions of byte offsets in the text.
    package var locator: SourceLocator { SourceLocator(text: text, lines: lineStarts) }

    @inlinable
    func resolved(_ node: Node) -> Int {
        let index = Int(node.index)
        return records[index].kind == .alias ? Int(records[index].target) : index
    }

    /// What `node` is.
    @inlinable
    package func kind(_ node: Node) -> Kind {
        switch records[resolved(node)].kind {
        case .scalar, .alias: .scalar
        case .sequence: .sequence
        case .mapping: .mapping
        }
    }

    // MARK: - Positions

    /// The line and column of byte `offset` of the text.
    package func position(ofOffset offset: Int) -> SourcePosition {
        locator.position(ofOffset: offset)
    }

    /// The byte offsets where `node` itself is written.
    package func offsets(_ node: Node) -> Range<Int> {
        let index = Int(node.index)
        return Int(records[index].start)..<max(Int(records[index].start), Int(records[index].end))
    }

    /// The UTF-8 text the document was read from (UTF-16 input converted),
    /// which ``offsets(_:)`` count in.
    package var utf8Text: [UInt8] { text }

    /// Whether an alias written outside `range` (byte offsets of
    /// ``utf8Text``) names a node written inside it: taking the text in
    /// `range` out would leave that alias naming no node, or another one.
    package func hasAlias(namingNodeIn range: Range<Int>) -> Bool {
        records.contains { record in
            guard record.kind == .alias, !range.contains(Int(record.start)) else { return false }
            let target = Int(record.target)
            return records.indices.contains(target) && range.contains(Int(records[target].start))
        }
    }

    /// Where `node` was written (for an alias, where its anchored node was).
    package func span(_ node: Node) -> SourceSpan {
        span(at: resolved(node))
    }

    /// Where the record at `index` was written (an alias: the alias itself).
    func span(at index: Int) -> SourceSpan {
        SourceSpan(
            start: position(ofOffset: Int(records[index].start)), end: position(ofOffset: Int(records[index].end)))
    }

    /// Where `node` itself was written, an alias included.
    package func writtenSpan(_ node: Node) -> SourceSpan {
        span(at: Int(node.index))
    }

    // MARK: - Scalars

    /// The text of a scalar node; `nil` for a collection.
    @inlinable
    package func text(_ node: Node) -> String? {
        let index = resolved(node)
        guard records[index].kind == .scalar else { return nil }
        return value(at: index)
    }

    /// The style of a scalar node; `nil` for a collection.
    @inlinable
    package func style(_ node: Node) -> ScalarStyle? {
        let index = resolved(node)
        guard records[index].kind == .scalar else { return nil }
        return records[index].style
    }

    @inlinable
    func value(at index: Int) -> String {
        let start = Int(records[index].valueStart)
        let end = start + Int(records[index].valueLength)
        if records[index].isValueInArena {
            return String(decoding: arena[start..<end], as: UTF8.self)
        }
        return String(decoding: text[start..<end], as: UTF8.self)
    }

    /// Whether the scalar record at `index` has exactly the UTF-8 bytes of `string`.
    @inlinable
    func valueEquals(_ index: Int, _ string: String) -> Bool {
        let length = Int(records[index].valueLength)
        guard string.utf8.count == length else { return false }
        var string = string
        return string.withUTF8 { utf8 in withValueBytes(at: index) { memoryEquals($0, utf8) } }
    }

    /// Whether two scalar records are the same key: the same bytes, or, for
    /// text beyond ASCII, canonically equivalent (as Swift's `==` on
    /// strings says), so that no two keys a `[String: ...]` would merge
    /// are taken as different.
    func keysEqual(_ first: Int, _ second: Int) -> Bool {
        if valuesEqual(first, second) { return true }
        // Two ASCII texts are canonically equivalent only when their bytes
        // are equal; one ASCII text may still equal text beyond ASCII (the
        // Kelvin sign U+212A is 'K'), so that pair compares as strings.
        let isASCII = { (index: Int) in self.withValueBytes(at: index) { $0.allSatisfy { $0 < 0x80 } } }
        if isASCII(first) && isASCII(second) { return false }
        return value(at: first) == value(at: second)
    }

    /// Whether two scalar records have the same value.
    func valuesEqual(_ first: Int, _ second: Int) -> Bool {
        guard records[first].valueLength == records[second].valueLength else { return false }
        return withValueBytes(at: first) { a in withValueBytes(at: second) { b in memoryEquals(a, b) } }
    }

    /// Calls `body` with the bytes of the scalar record at `index`.
    @inlinable
    func withValueBytes<T>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        let start = Int(records[index].valueStart)
        let end = start + Int(records[index].valueLength)
        if records[index].isValueInArena {
            return try arena.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[start..<end])) }
        }
        return try text.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[start..<end])) }
    }

    /// The UTF-8 bytes of the scalar `node` is, as a slice of the
    /// document's storage (nothing is copied); `nil` for a collection.
    @inlinable
    package func scalarBytes(_ node: Node) -> ArraySlice<UInt8>? {
        let index = resolved(node)
        guard records[index].kind == .scalar else { return nil }
        let start = Int(records[index].valueStart)
        let end = start + Int(records[index].valueLength)
        return records[index].isValueInArena ? arena[start..<end] : text[start..<end]
    }

    /// Calls `body` with the UTF-8 bytes of the scalar `node` is, in place
    /// (empty for a collection), without the reference counting that a
    /// slice of the storage (``scalarBytes(_:)``) costs.
    ///
    /// It is not generic, and `body` returns nothing (it sets what it
    /// finds), because the loader calls it from another module: a generic
    /// function of the package is not specialised there, and would look up
    /// type metadata on every call.
    package func withScalarBytes(_ node: Node, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        let index = resolved(node)
        guard records[index].kind == .scalar else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        withValueBytes(at: index, body)
    }

    /// Whether `first` and `second` are scalars with the same value
    /// (whatever their style); false when either is a collection.
    package func scalarsEqual(_ first: Node, _ second: Node) -> Bool {
        let (a, b) = (resolved(first), resolved(second))
        return records[a].kind == .scalar && records[b].kind == .scalar && valuesEqual(a, b)
    }

    /// The scalar `node` is, with its position, or `nil` for a collection.
    package func scalar(_ node: Node) -> YAMLScalar? {
        let index = resolved(node)
        guard records[index].kind == .scalar else { return nil }
        return YAMLScalar(value: value(at: index), style: records[index].style, span: span(at: index))
    }

    /// Whether `node` is a null scalar: plain and empty, `~`, `null`, `Null` or `NULL`.
    @inlinable
    package func isNull(_ node: Node) -> Bool {
        let index = resolved(node)
        guard records[index].kind == .scalar, records[index].style == .plain else { return false }
        switch records[index].valueLength {
        case 0: return true
        case 1: return withValueBytes(at: index) { $0[0] == UInt8(ascii: "~") }
        case 4:
            return withValueBytes(at: index) { bytes in
                // null, Null or NULL.
                let first = bytes[0]
                if first == UInt8(ascii: "n") || first == UInt8(ascii: "N") && bytes[1] == UInt8(ascii: "u") {
                    return bytes[1] == UInt8(ascii: "u") && bytes[2] == UInt8(ascii: "l")
                        && bytes[3] == UInt8(ascii: "l")
                }
                return first == UInt8(ascii: "N") && bytes[1] == UInt8(ascii: "U") && bytes[2] == UInt8(ascii: "L")
                    && bytes[3] == UInt8(ascii: "L")
            }
        default: return false
        }
    }

    // MARK: - Collections

    /// The number of items of a sequence or entries of a mapping; 0 for a scalar.
    @inlinable
    package func count(_ node: Node) -> Int {
        let index = resolved(node)
        switch records[index].kind {
        case .sequence: return Int(records[index].count)
        case .mapping: return Int(records[index].count) / 2
        default: return 0
        }
    }

    /// The children of a collection in order (for a mapping: key, value, key, ...).
    package struct Children: Sequence, IteratorProtocol {
        @usableFromInline let records: [Record]
        @usableFromInline var current: Int
        @usableFromInline let end: Int

        @usableFromInline init(records: [Record], current: Int, end: Int) {
            self.records = records
            self.current = current
            self.end = end
        }

        @inlinable
        package mutating func next() -> Node? {
            guard current < end else { return nil }
            let node = Node(index: Int32(current))
            current = records[current].next(after: current)
            return node
        }
    }

    /// The items of a sequence (empty for anything else).
    @inlinable
    package func items(_ node: Node) -> Children {
        let index = resolved(node)
        guard records[index].kind == .sequence else { return Children(records: records, current: 0, end: 0) }
        return Children(records: records, current: index + 1, end: next(after: index))
    }

    /// One key and value of a mapping.
    package struct Entry {
        /// The key's text.
        package var key: String
        /// The key's node, for its position.
        package var keyNode: Node
        /// The value.
        package var value: Node

        @usableFromInline init(key: String, keyNode: Node, value: Node) {
            self.key = key
            self.keyNode = keyNode
            self.value = value
        }
    }

    /// The entries of a mapping in written order (empty for anything else).
    package func entries(_ node: Node) -> [Entry] {
        var result: [Entry] = []
        result.reserveCapacity(count(node))
        forEachEntry(node) { result.append($0) }
        return result
    }

    /// Calls `body` with each entry of a mapping in written order, without
    /// building an array (nothing for anything else).
    @inlinable
    package func forEachEntry(_ node: Node, _ body: (Entry) throws -> Void) rethrows {
        try forEachEntryNode(node) { keyNode, valueNode in
            try body(Entry(key: value(at: resolved(keyNode)), keyNode: keyNode, value: valueNode))
        }
    }

    /// Calls `body` with the key and value nodes of each entry of a mapping
    /// whose key is a scalar, in order, without making strings of the keys
    /// (``scalarBytes(_:)`` gives a key's bytes).
    @inlinable
    package func forEachEntryNode(_ node: Node, _ body: (_ key: Node, _ value: Node) throws -> Void) rethrows {
        let index = resolved(node)
        guard records[index].kind == .mapping else { return }
        var current = index + 1
        let end = next(after: index)
        while current < end {
            let keyNode = Node(index: Int32(current))
            current = next(after: current)
            guard current < end else { break }
            let value = Node(index: Int32(current))
            current = next(after: current)
            if records[resolved(keyNode)].kind == .scalar { try body(keyNode, value) }
        }
    }

    /// The entry of a mapping whose key is `key`.
    @inlinable
    package func entry(_ node: Node, _ key: String) -> Entry? {
        let index = resolved(node)
        guard records[index].kind == .mapping else { return nil }
        var current = index + 1
        let end = next(after: index)
        while current < end {
            let keyNode = Node(index: Int32(current))
            let keyIndex = resolved(keyNode)
            current = next(after: current)
            guard current < end else { break }
            if records[keyIndex].kind == .scalar && valueEquals(keyIndex, key) {
                return Entry(key: key, keyNode: keyNode, value: Node(index: Int32(current)))
            }
            current = next(after: current)
        }
        return nil
    }

    /// The entry `key` of the root mapping, written before the entry
    /// `stop`: usable while the entry `stop` is being read as a stream,
    /// when the root mapping is not finished yet.
    package func rootEntry(_ key: String, before stop: String) -> Entry? {
        guard let root, records[resolved(root)].kind == .mapping else { return nil }
        var current = resolved(root) + 1
        while current < records.count {
            let keyNode = Node(index: Int32(current))
            let keyIndex = resolved(keyNode)
            let value = next(after: current)
            guard value > current, value < records.count, records[keyIndex].kind == .scalar else { return nil }
            if valueEquals(keyIndex, stop) { return nil }
            if valueEquals(keyIndex, key) { return Entry(key: key, keyNode: keyNode, value: Node(index: Int32(value))) }
            let next = next(after: value)
            guard next > value else { return nil }
            current = next
        }
        return nil
    }

    /// A word for the node's kind, for messages.
    package func kindDescription(_ node: Node) -> String {
        switch kind(node) {
        case .scalar: "a single value"
        case .sequence: "a list"
        case .mapping: "a mapping"
        }
    }

    /// The node as a self-contained ``YAMLNode`` tree (aliases copied).
    package func tree(_ node: Node) -> YAMLNode {
        switch kind(node) {
        case .scalar:
            return .scalar(scalar(node) ?? YAMLScalar(value: "", style: .plain, span: span(node)))
        case .sequence:
            return .sequence(YAMLSequence(items: items(node).map(tree), span: span(node)))
        case .mapping:
            return .mapping(
                YAMLMapping(
                    entries: entries(node).map { entry in
                        YAMLMapping.Entry(
                            key: scalar(entry.keyNode) ?? YAMLScalar(value: entry.key, style: .plain, span: span(node)),
                            value: tree(entry.value))
                    },
                    span: span(node)))
        }
    }
}

/// Turns byte offsets of a text into 1-based lines and columns (columns in
/// Unicode scalars), from a table of line starts.
