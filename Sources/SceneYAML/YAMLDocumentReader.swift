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
package enum YAMLDocumentReader {
    /// Whether libyaml parses on a thread of its own while the document is
    /// built (and streamed entries are handed out) on the calling thread.
    /// The result, errors included, is the same either way.
    package enum Pipelining: Sendable, Hashable {
        /// On a second thread for inputs of at least ``pipeliningThreshold``
        /// bytes, where it pays for starting the thread.
        case automatic
        /// Everything on the calling thread.
        case off
        /// On a second thread whatever the size (falls back to the calling
        /// thread if no thread can be started).
        case on
    }

    /// The input size from which ``Pipelining/automatic`` parses on a second thread.
    package static let pipeliningThreshold = 32 << 10

    /// Reads the one document in `bytes` into a flat ``YAMLDocument``; its
    /// root is `nil` when the input holds no document (an empty file or only
    /// comments).
    ///
    /// With `streamedKey`, the entries of the mapping that is the value of
    /// that top-level key are handed to `onEntry` one by one as soon as each
    /// is read, and then dropped from the document (unless they define an
    /// anchor that later text may use), so that a file of 100,000 objects
    /// never holds more than one object's nodes. The document passed to
    /// `onEntry` must not be kept beyond the call. That mapping's keys are not
    /// checked for duplicates here: `onEntry` sees them all and must. With
    /// `streamedKey` and no `onEntry`, the mapping is kept whole in the
    /// document, its keys left unchecked for the caller to check.
    package static func readDocument(
        _ bytes: [UInt8], limits: YAMLLimits = YAMLLimits(), pipelining: Pipelining = .automatic,
        streaming streamedKey: String? = nil, onEntry: ((borrowing YAMLDocument, YAMLDocument.Entry) -> Void)? = nil
    ) throws(YAMLError) -> YAMLDocument {
        if bytes.count > limits.maxInputBytes {
            throw YAMLError(
                .tooLarge,
                "the file is \(bytes.count) bytes, more than the limit of \(limits.maxInputBytes)",
                at: SourceSpan(at: .start),
                hint: "split the scene, or raise the limit in the embedding program")
        }
        // Positions are byte offsets into UTF-8, so UTF-16 text (which libyaml
        // reads when a byte order mark says so) is converted first.
        let text = transcodedToUTF8(bytes)
        let pipelined =
            switch pipelining {
            case .automatic: text.count >= pipeliningThreshold
            case .off: false
            case .on: true
            }
        if text.isEmpty {
            var builder = Builder(limits: limits, text: text, streamedKey: streamedKey, onEntry: onEntry)
            try builder.read(YAMLEventReader(bytes: text), pipelined: false)
            return builder.document
        }
        let result: Result<YAMLDocument, YAMLError> = text.withUnsafeBufferPointer { buffer in
            do throws(YAMLError) {
                return .success(
                    try YAMLEventReader.withReader(over: buffer) { (reader) throws(YAMLError) in
                        var builder = Builder(limits: limits, text: text, streamedKey: streamedKey, onEntry: onEntry)
                        try builder.read(reader, pipelined: pipelined)
                        return builder.document
                    })
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// `bytes` as UTF-8: unchanged unless a UTF-16 byte order mark starts them.
    static func transcodedToUTF8(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.count >= 2 else { return bytes }
        let isBigEndian = bytes[0] == 0xFE && bytes[1] == 0xFF
        let isLittleEndian = bytes[0] == 0xFF && bytes[1] == 0xFE
        guard isBigEndian || isLittleEndian else { return bytes }
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = 2
        while index + 1 < bytes.count {
            let (first, second) = (UInt16(bytes[index]), UInt16(bytes[index + 1]))
            units.append(isBigEndian ? first << 8 | second : second << 8 | first)
            index += 2
        }
        var result: [UInt8] = []
        result.reserveCapacity(units.count)
        // A lone surrogate becomes U+FFFD, which YAML accepts as text.
        _ = transcode(units.makeIterator(), from: UTF16.self, to: UTF8.self, stoppingOnError: false) {
            result.append($0)
        }
        return result
    }

    /// Reads the one document in `bytes` as a ``YAMLNode`` tree; `nil` when
    /// the input holds no document.
    package static func read(
        _ bytes: some Collection<UInt8>, limits: YAMLLimits = YAMLLimits(), pipelining: Pipelining = .automatic
    ) throws(YAMLError) -> YAMLNode? {
        let document = try readDocument(Array(bytes), limits: limits, pipelining: pipelining)
        return document.root.map(document.tree)
    }
}

private struct Frame {
    /// What ``Builder/top`` holds while no collection is open.
    static let placeholder = Frame(index: -1, isMapping: false, anchor: nil)

    var index: Int
    var isMapping: Bool
    var anchor: String?
    var children: UInt32 = 0
    /// Whether the next child of a mapping is a key.
    var expectsKey = true
    /// Keys to where they are written, built once a mapping grows past a few
    /// keys (at once for a streamed mapping, whose records are dropped).
    var keyIndex: [String: (start: UInt32, end: UInt32)]?
    /// Nodes in this subtree with aliases expanded (for the alias budget).
    var expandedCount = 1
    /// Bytes of scalar text in this subtree with aliases expanded (for the alias byte budget).
    var expandedBytes = 0
    /// The record of the mapping's latest key.
    var lastKey = 0
    /// Whether every key so far is ASCII, so that a new ASCII key is a
    /// duplicate only when its bytes are equal to one of them.
    var keysAreASCII = true
    /// Whether the mapping's keys are left unchecked, and its entries handed
    /// out one by one and dropped (when there is an `onEntry`).
    var isStreamed = false
    /// How many anchors had been defined when the current entry began.
    var anchorMark = 0
}

private struct Builder {
    let limits: YAMLLimits
    var document: YAMLDocument
    /// The innermost open collection (``Frame/placeholder`` when none is), kept
    /// out of ``stack``: every node changes its counts, and through the
    /// array each change checked that the array was uniquely referenced.
    var top = Frame.placeholder
    /// The open collections around ``top``, outermost first.
    var stack: [Frame] = []
    /// How many collections are open: ``top`` and those in ``stack``.
    var depth = 0
    var documents = 0
    var anchors: [String: (index: Int, expandedCount: Int, expandedBytes: Int)] = [:]
    /// Anchors defined so far (a streamed entry that defines one is kept).
    var anchorsDefined = 0
    var aliasNodes = 0
    var aliasBytes = 0
    let streamedKey: String?
    let onEntry: ((borrowing YAMLDocument, YAMLDocument.Entry) -> Void)?

    init(
        limits: YAMLLimits, text: [UInt8], streamedKey: String? = nil,
        onEntry: ((borrowing YAMLDocument, YAMLDocument.Entry) -> Void)? = nil
    ) {
        self.limits = limits
        self.streamedKey = streamedKey
        self.onEntry = onEntry
        document = YAMLDocument(text: text)
        // Room for a node every two bytes, about as dense as YAML gets, so
        // that the records never move while they are read: memory that is
        // reserved but not written is not resident. Streamed entries (most
        // of a scene) are dropped as they are read.
        document.records.reserveCapacity(onEntry == nil ? text.count / 2 + 16 : min(text.count / 8, 1024))
    }

    /// Whether the stream end was read.
    var isComplete = false

    /// Adds every event of `reader`, parsing on a second thread when `pipelined`.
    mutating func read(_ reader: YAMLEventReader, pipelined: Bool) throws(YAMLError) {
        let maxDepth = limits.maxDepth
        if pipelined {
            try YAMLEventPipeline.forEachBatch(
                of: reader, maxDepth: maxDepth, { (batch) throws(YAMLError) in try self.add(batch) })
            return try checkComplete()
        }
        let batch = YAMLEventBatch(capacity: Self.batchCapacity)
        var depth = 0
        repeat {
            reader.readBatch(into: batch, capacity: Self.batchCapacity, depth: &depth, maxDepth: maxDepth)
            try add(batch)
        } while !batch.isLast
        try checkComplete()
    }

    /// Events per batch when parsing on this thread: small enough to stay in cache.
    static let batchCapacity = 256

    /// The reader stops early only at an error, or when nesting gets too
    /// deep, which `open` reports; anything else would lose the rest.
    private func checkComplete() throws(YAMLError) {
        guard isComplete else {
            throw YAMLError(.syntax, "the YAML reader stopped before the end of the file", at: SourceSpan(at: .start))
        }
    }

    mutating func add(_ batch: YAMLEventBatch) throws(YAMLError) {
        for event in batch.events { try add(event, batch) }
        if let error = batch.error { throw error }
    }

    mutating func add(_ event: ConvertedEvent, _ batch: YAMLEventBatch) throws(YAMLError) {
        switch event.kind {
        case .documentStart:
            documents += 1
            if documents > 1 {
                throw error(
                    .multipleDocuments, "a scene file holds one YAML document, and a second one starts here", event,
                    hint: "put each scene in its own file")
            }
        case .sequenceStart:
            try checkTag(event, batch)
            try open(.sequence, anchor: batch.anchor(of: event), event)
        case .mappingStart:
            try checkTag(event, batch)
            try open(.mapping, anchor: batch.anchor(of: event), event)
        case .sequenceEnd, .mappingEnd:
            guard depth > 0 else { return }
            var frame = stack.popLast() ?? .placeholder
            swap(&frame, &top)
            depth -= 1
            document.records[frame.index].end = event.end
            document.records[frame.index].first = UInt32(document.records.count)
            document.records[frame.index].second = frame.children
            if let anchor = frame.anchor {
                anchors[anchor] = (frame.index, frame.expandedCount, frame.expandedBytes)
                anchorsDefined += 1
            }
            try finishChild(frame.index, expandedCount: frame.expandedCount, expandedBytes: frame.expandedBytes)
        case .scalar:
            try checkTag(event, batch)
            let index = appendScalar(event, batch)
            let bytes = Int(event.valueLength)
            if let anchor = batch.anchor(of: event) {
                anchors[anchor] = (index, 1, bytes)
                anchorsDefined += 1
            }
            try finishChild(index, expandedCount: 1, expandedBytes: bytes)
        case .alias:
            let name = batch.arenaString(event.valueStart, event.valueLength) ?? ""
            guard let target = anchors[name] else {
                throw error(
                    .unknownAnchor, "the alias '*\(name)' names no anchor defined before it", event,
                    hint: "define '&\(name)' on an earlier value")
            }
            aliasNodes += target.expandedCount
            document.aliasNodes = aliasNodes
            if aliasNodes > limits.maxAliasNodes {
                throw error(
                    .aliasBudget,
                    "aliases expand to more than \(limits.maxAliasNodes) nodes; the document is an alias bomb or far too repetitive",
                    event, hint: "write the values out, or raise the alias limit in the embedding program")
            }
            // Text is copied wherever an alias is used, so its bytes count too.
            aliasBytes += target.expandedBytes
            document.aliasBytes = aliasBytes
            if aliasBytes > limits.maxAliasBytes {
                throw error(
                    .aliasBudget,
                    "aliases expand to more than \(limits.maxAliasBytes) bytes of text; this alias repeats \(target.expandedBytes) bytes",
                    event, hint: "write the value once, or raise the alias byte limit in the embedding program")
            }
            let index = append(.alias, event)
            document.records[index].first = UInt32(target.index)
            try finishChild(index, expandedCount: target.expandedCount, expandedBytes: target.expandedBytes)
        case .streamEnd:
            isComplete = true
        case .streamStart, .documentEnd:
            break
        }
    }

    private func error(
        _ kind: YAMLError.Kind, _ message: String, _ event: ConvertedEvent, hint: String? = nil
    ) -> YAMLError {
        YAMLError(kind, message, at: span(Int(event.start), Int(event.end)), hint: hint)
    }

    private func span(_ start: Int, _ end: Int) -> SourceSpan {
        SourceSpan(start: document.position(ofOffset: start), end: document.position(ofOffset: end))
    }

    private func span(ofRecord index: Int) -> SourceSpan {
        span(Int(document.records[index].start), Int(document.records[index].end))
    }

    /// Refuses a tag: a node without anchor or tag (nearly all) is let
    /// through without a call.
    @inline(__always)
    private func checkTag(_ event: ConvertedEvent, _ batch: YAMLEventBatch) throws(YAMLError) {
        if event.properties != 0 { try refuseTag(event, batch) }
    }

    private func refuseTag(_ event: ConvertedEvent, _ batch: YAMLEventBatch) throws(YAMLError) {
        guard var name = batch.tag(of: event) else { return }
        if name.hasPrefix("tag:yaml.org,2002:") { name = "!!" + name.dropFirst(18) }
        throw error(
            .tag, "explicit tags like '\(name)' are not supported in scene files", event,
            hint: "remove the tag: a value takes its type from the property it sets")
    }

    private mutating func append(_ kind: YAMLDocument.RecordKind, _ event: ConvertedEvent) -> Int {
        let index = document.records.count
        document.records.append(
            YAMLDocument.Record(start: event.start, end: event.end, first: UInt32(index + 1), second: 0, kind: kind))
        return index
    }

    /// Appends a scalar whose value points into the text when the text holds
    /// it unchanged, else into the arena.
    private mutating func appendScalar(_ event: ConvertedEvent, _ batch: YAMLEventBatch) -> Int {
        let index = document.records.count
        var record = YAMLDocument.Record(
            start: event.start, end: event.end, first: event.valueStart, second: event.valueLength, kind: .scalar,
            style: event.style, isValueInArena: event.isValueInArena)
        if event.isValueInArena {
            record.first = UInt32(truncatingIfNeeded: document.arena.count)
            let start = Int(event.valueStart)
            document.arena.append(contentsOf: batch.arena[start..<start + Int(event.valueLength)])
        }
        document.records.append(record)
        return index
    }

    private mutating func open(
        _ kind: YAMLDocument.RecordKind, anchor: String?, _ event: ConvertedEvent
    ) throws(YAMLError) {
        if depth > 0, top.isMapping, top.expectsKey {
            throw error(
                .complexKey, "a mapping key must be a single value, not \(kind == .mapping ? "a mapping" : "a list")",
                event)
        }
        if depth >= limits.maxDepth {
            throw error(
                .tooDeep, "lists and mappings are nested more than \(limits.maxDepth) deep", event,
                hint: "flatten the structure, or raise the depth limit in the embedding program")
        }
        let index = append(kind, event)
        if document.root == nil && depth == 0 { document.root = YAMLDocument.Node(index: Int32(index)) }
        var frame = Frame(index: index, isMapping: kind == .mapping, anchor: anchor)
        if kind == .mapping, let streamedKey, depth == 1, top.isMapping,
            !top.expectsKey, document.valueEquals(top.lastKey, streamedKey)
        {
            frame.isStreamed = true
            frame.anchorMark = anchorsDefined
        }
        if depth > 0 { stack.append(top) }
        top = frame
        depth += 1
    }

    /// Counts the finished node at `index` as a child of the open collection,
    /// checking it as a key when it stands in a key's place.
    private mutating func finishChild(_ index: Int, expandedCount: Int, expandedBytes: Int) throws(YAMLError) {
        guard depth > 0 else {
            if document.root == nil { document.root = YAMLDocument.Node(index: Int32(index)) }
            return
        }
        top.children += 1
        top.expandedCount += expandedCount
        top.expandedBytes += expandedBytes
        guard top.isMapping else { return }
        defer { top.expectsKey.toggle() }
        guard top.expectsKey else {
            if top.isStreamed { handOut(value: index) }
            return
        }
        top.lastKey = index
        let keyNode = YAMLDocument.Node(index: Int32(index))
        let key = document.resolved(keyNode)
        guard document.records[key].kind == .scalar else {
            throw YAMLError(
                .complexKey, "a mapping key must be a single value, not \(document.kindDescription(keyNode))",
                at: span(ofRecord: index))
        }
        try addKey(key, at: index)
    }

    /// Hands the entry that just ended with the value at `index` to
    /// `onEntry`, then drops its records unless it defined an anchor.
    private mutating func handOut(value index: Int) {
        guard let onEntry else { return }
        let key = top.lastKey
        let entry = YAMLDocument.Entry(
            key: document.value(at: document.resolved(YAMLDocument.Node(index: Int32(key)))),
            keyNode: YAMLDocument.Node(index: Int32(key)), value: YAMLDocument.Node(index: Int32(index)))
        onEntry(document, entry)
        if anchorsDefined == top.anchorMark {
            document.records.removeSubrange(key...)
            top.children -= 2
        }
        top.anchorMark = anchorsDefined
    }

    /// Checks the key whose value is record `key` (written at record `index`,
    /// an alias when the two differ) against the mapping's earlier keys.
    private mutating func addKey(_ key: Int, at index: Int) throws(YAMLError) {
        if document.records[key].valueLength == 2 && document.records[key].style == .plain
            && document.valueEquals(key, "<<")
        {
            throw YAMLError(
                .mergeKey, "merge keys ('<<') are not supported in scene files", at: span(ofRecord: index),
                hint: "write the keys out, or use an alias for a whole value")
        }
        // A streamed mapping's keys are checked by whoever receives its
        // entries (the scene loader checks object ids as it indexes them).
        if top.isStreamed { return }
        var first: (start: UInt32, end: UInt32)?
        let written = (document.records[index].start, document.records[index].end)
        // Moved out of the frame while it changes, so that it is mutated in
        // place: changing it through the frame could copy it every time.
        if var keyIndex = top.keyIndex.take() {
            let text = document.value(at: key)
            first = keyIndex.updateValue(written, forKey: text)
            if let first { keyIndex[text] = first }
            top.keyIndex = keyIndex
        } else {
            // Keys so far: every other child from the first. ASCII keys
            // among ASCII keys compare by their bytes alone, so that each
            // key's ASCII-ness is worked out once, not for every pair as
            // `keysEqual` does.
            let keyIsASCII = document.withValueBytes(at: key) { bytes in bytes.allSatisfy { $0 < 0x80 } }
            let bytesDecide = keyIsASCII && top.keysAreASCII
            if !keyIsASCII { top.keysAreASCII = false }
            var current = top.index + 1
            var keys = 0
            while current < index {
                let earlier = document.resolved(YAMLDocument.Node(index: Int32(current)))
                if bytesDecide ? document.valuesEqual(earlier, key) : document.keysEqual(earlier, key) {
                    first = (document.records[current].start, document.records[current].end)
                    break
                }
                keys += 1
                current = document.next(after: current)
                current = document.next(after: current)
            }
            if first == nil && keys >= 8 {
                var keyIndex = [String: (start: UInt32, end: UInt32)](minimumCapacity: 32)
                var current = top.index + 1
                while current <= index {
                    keyIndex[document.value(at: document.resolved(YAMLDocument.Node(index: Int32(current))))] = (
                        document.records[current].start, document.records[current].end
                    )
                    current = document.next(after: current)
                    if current > index { break }
                    current = document.next(after: current)
                }
                top.keyIndex = keyIndex
            }
        }
        if let first {
            // Keys compare as Swift strings do (canonical equivalence),
            // since the loader keys values by them: `é` and `e` + U+0301
            // are one key written twice.
            let text = document.value(at: key)
            let isASCII = text.utf8.allSatisfy { $0 < 0x80 }
            throw YAMLError(
                .duplicateKey, "the key '\(text)' appears twice in the same mapping",
                at: span(ofRecord: index),
                related: ("first written here", document.position(ofOffset: Int(first.start))),
                hint: isASCII
                    ? "remove or rename one of them"
                    : "remove or rename one of them; keys that differ only in how accents are encoded (a precomposed "
                        + "'é' or 'e' and a combining accent) are the same key")
        }
    }
}
