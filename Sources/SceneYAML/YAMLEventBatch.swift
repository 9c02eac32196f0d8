internal import CYAML

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One libyaml event as plain data: its kind, its byte offsets, and where
/// its scalar value, anchor and tag are. It holds no pointer into libyaml,
/// so it can be read after the event is freed, on another thread.
struct ConvertedEvent {
    enum Kind: UInt8 {
        case streamStart, streamEnd, documentStart, documentEnd
        case sequenceStart, sequenceEnd, mappingStart, mappingEnd, scalar, alias
    }

    /// Byte offsets of the event's text.
    var start: UInt32
    var end: UInt32
    /// A scalar's value: in the text, or in the batch's arena when
    /// `isValueInArena`. An alias's anchor name, in the arena.
    var valueStart: UInt32 = 0
    var valueLength: UInt32 = 0
    /// Where a node's anchor and tag are in the arena, plus one; 0 when it
    /// has neither (they are rare, so they stay out of the event itself).
    var properties: UInt32 = 0
    var kind: Kind
    var style: ScalarStyle = .plain
    var isValueInArena = false
}

/// A run of converted events, with the bytes they keep outside the text.
/// The last batch of a stream ends with the stream end or an error.
final class YAMLEventBatch: @unchecked Sendable {
    // Unchecked: a batch is only touched by one thread at a time, as the
    // pipe hands it over through its semaphores, which order the writes
    // before the reads. The events are read in place, one at a time, by
    // the document reader: behind a lock they would be read through a
    // closure per batch, or copied out (24 bytes an event, 12 KiB a batch).
    var events: [ConvertedEvent] = []
    /// Scalar values libyaml changed (escapes, folding), anchors and tags.
    var arena: [UInt8] = []
    /// Why the stream stopped early, after `events`.
    var error: YAMLError?
    /// Whether nothing follows this batch.
    var isLast = false

    init(capacity: Int) {
        events.reserveCapacity(capacity)
    }

    func reset() {
        events.removeAll(keepingCapacity: true)
        arena.removeAll(keepingCapacity: true)
        error = nil
        isLast = false
    }

    /// The bytes of the arena at `start` with `length`, as a string.
    func arenaString(_ start: UInt32, _ length: UInt32) -> String? {
        guard length > 0 else { return nil }
        let start = Int(start)
        return String(decoding: arena[start..<start + Int(length)], as: UTF8.self)
    }

    /// The anchor (`&name`) of `event`, if it has one.
    func anchor(of event: ConvertedEvent) -> String? {
        guard event.properties > 0 else { return nil }
        return property(at: Int(event.properties) - 1)
    }

    /// The tag of `event`, if it has one.
    func tag(of event: ConvertedEvent) -> String? {
        guard event.properties > 0 else { return nil }
        let anchorStart = Int(event.properties) - 1
        return property(at: anchorStart + 4 + Self.length(in: arena, at: anchorStart))
    }

    /// The length-prefixed string at `offset` of the arena; `nil` when empty
    /// (YAML has no empty anchors or tags).
    private func property(at offset: Int) -> String? {
        let length = Self.length(in: arena, at: offset)
        guard length > 0 else { return nil }
        return String(decoding: arena[offset + 4..<offset + 4 + length], as: UTF8.self)
    }

    /// The 4-byte length at `offset` of `arena`.
    static func length(in arena: [UInt8], at offset: Int) -> Int {
        (0..<4).reduce(0) { $0 | Int(arena[offset + $1]) << (8 * $1) }
    }
}

extension ConvertedEvent {
    /// Converts `event`, whose marks already hold byte offsets; a scalar
    /// value that the text holds unchanged is pointed at, not copied.
    init(_ event: borrowing yaml_event_t, text: UnsafeBufferPointer<UInt8>, arena: inout [UInt8]) {
        start = UInt32(truncatingIfNeeded: event.start_mark.index)
        end = UInt32(truncatingIfNeeded: event.end_mark.index)
        switch event.type {
        case YAML_STREAM_START_EVENT:
            kind = .streamStart
        case YAML_DOCUMENT_START_EVENT:
            kind = .documentStart
        case YAML_DOCUMENT_END_EVENT:
            kind = .documentEnd
        case YAML_SEQUENCE_START_EVENT:
            kind = .sequenceStart
            properties = Self.store(event.data.sequence_start.anchor, event.data.sequence_start.tag, in: &arena)
        case YAML_SEQUENCE_END_EVENT:
            kind = .sequenceEnd
        case YAML_MAPPING_START_EVENT:
            kind = .mappingStart
            properties = Self.store(event.data.mapping_start.anchor, event.data.mapping_start.tag, in: &arena)
        case YAML_MAPPING_END_EVENT:
            kind = .mappingEnd
        case YAML_SCALAR_EVENT:
            kind = .scalar
            let data = event.data.scalar
            style = ScalarStyle(data.style)
            properties = Self.store(data.anchor, data.tag, in: &arena)
            let length = data.length
            valueLength = UInt32(truncatingIfNeeded: length)
            // Plain text, or quoted text without escapes, is in the file as is.
            let quote = style == .singleQuoted || style == .doubleQuoted ? 1 : 0
            let first = Int(start) + quote
            let isOneLine = event.start_mark.line == event.end_mark.line
            var isInText = false
            if (style == .plain || quote == 1) && Int(end) - Int(start) - 2 * quote == length
                && first + length <= text.count
            {
                if length == 0 {
                    isInText = true
                } else if style != .doubleQuoted && isOneLine {
                    // On one line nothing is folded, and a plain scalar has no
                    // escapes; a single-quoted one's only escape ('') makes
                    // the value shorter than its text. So the same length
                    // means the same bytes. (A double-quoted escape such as
                    // \N can keep the length while changing the bytes.)
                    isInText = true
                } else if let base = text.baseAddress, let value = data.value {
                    isInText = memoryEquals(base + first, UnsafePointer(value), length)
                }
            }
            if isInText {
                valueStart = UInt32(truncatingIfNeeded: first)
            } else {
                valueStart = UInt32(truncatingIfNeeded: arena.count)
                isValueInArena = true
                if let value = data.value { arena.append(contentsOf: UnsafeBufferPointer(start: value, count: length)) }
            }
        case YAML_ALIAS_EVENT:
            kind = .alias
            if let anchor = event.data.alias.anchor {
                let length = Self.length(of: anchor)
                valueStart = UInt32(truncatingIfNeeded: arena.count)
                valueLength = UInt32(truncatingIfNeeded: length)
                arena.append(contentsOf: UnsafeBufferPointer(start: anchor, count: length))
            }
        default:
            kind = .streamEnd
        }
    }

    /// Copies a node's anchor and tag (NUL-terminated libyaml strings) into
    /// `arena`, each after its 4-byte length, and returns where plus one; 0
    /// when the node has neither.
    private static func store(
        _ anchor: UnsafeMutablePointer<yaml_char_t>?, _ tag: UnsafeMutablePointer<yaml_char_t>?,
        in arena: inout [UInt8]
    ) -> UInt32 {
        if anchor == nil && tag == nil { return 0 }
        let start = arena.count
        for string in [anchor, tag] {
            let length = string.map(Self.length) ?? 0
            for shift in 0..<4 { arena.append(UInt8(truncatingIfNeeded: length >> (8 * shift))) }
            if let string { arena.append(contentsOf: UnsafeBufferPointer(start: string, count: length)) }
        }
        return UInt32(truncatingIfNeeded: start + 1)
    }

    /// The length of a NUL-terminated libyaml string.
    private static func length(of string: UnsafeMutablePointer<yaml_char_t>) -> Int {
        strlen(UnsafeRawPointer(string).assumingMemoryBound(to: CChar.self))
    }
}
