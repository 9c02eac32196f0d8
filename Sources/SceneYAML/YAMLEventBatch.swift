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
    // A batch is only touched by one thread at a time: the pipe hands it
    // over under its lock, which orders the writes before the reads.
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

/// Hands event batches from a thread that runs libyaml to the thread that
/// builds the document, through a ring of reusable batches.
///
/// The producer fills the slot after the last one handed over while the
/// ring is not full; the consumer reads the oldest filled slot. A slot is
/// only ever touched by one side, and the lock orders the hand-over.
final class YAMLEventPipe: @unchecked Sendable {
    private let slots: [YAMLEventBatch]
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    // Guarded by `mutex`.
    private var produced = 0
    private var consumed = 0
    private var isCancelled = false

    init(slots: Int, batchCapacity: Int) {
        self.slots = (0..<slots).map { _ in YAMLEventBatch(capacity: batchCapacity) }
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        condition.deallocate()
    }

    private func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }

    /// Producer: the next slot to fill, once there is room; `nil` once the
    /// consumer has stopped.
    func slotToFill() -> YAMLEventBatch? {
        locked {
            while produced - consumed == slots.count && !isCancelled { pthread_cond_wait(condition, mutex) }
            return isCancelled ? nil : slots[produced % slots.count]
        }
    }

    /// Producer: the slot from `slotToFill()` is ready.
    func filled() {
        locked {
            produced += 1
            pthread_cond_broadcast(condition)
        }
    }

    /// Consumer: the oldest filled batch, waiting for it.
    func batchToRead() -> YAMLEventBatch {
        locked {
            while consumed == produced { pthread_cond_wait(condition, mutex) }
            return slots[consumed % slots.count]
        }
    }

    /// Consumer: the batch from `batchToRead()` may be refilled.
    func read() {
        locked {
            consumed += 1
            pthread_cond_broadcast(condition)
        }
    }

    /// Consumer: stop the producer at its next batch.
    func cancel() {
        locked {
            isCancelled = true
            pthread_cond_broadcast(condition)
        }
    }
}

/// Runs a reader's libyaml parse on a thread of its own, converting events
/// into batches that `forEachBatch` hands to its caller in order.
enum YAMLEventPipeline {
    /// Events per batch and batches in flight: 12 KiB per batch, so the
    /// ring stays small next to the file while each hand-over is worth its lock.
    static let batchCapacity = 512
    static let slots = 8

    private final class Producer: @unchecked Sendable {
        // Only the producer thread touches the reader until it is joined.
        let reader: YAMLEventReader
        let pipe: YAMLEventPipe
        let maxDepth: Int

        init(reader: YAMLEventReader, pipe: YAMLEventPipe, maxDepth: Int) {
            self.reader = reader
            self.pipe = pipe
            self.maxDepth = maxDepth
        }

        func run() {
            var depth = 0
            while let batch = pipe.slotToFill() {
                reader.readBatch(
                    into: batch, capacity: YAMLEventPipeline.batchCapacity, depth: &depth, maxDepth: maxDepth)
                let isLast = batch.isLast
                pipe.filled()
                if isLast { return }
            }
        }
    }

    /// Calls `body` with every batch of `reader`, in order, parsing on a
    /// second thread while `body` works; returns `false` without calling
    /// `body` when no thread could be started. The producer has stopped by
    /// the time this returns or throws.
    static func forEachBatch(
        of reader: YAMLEventReader, maxDepth: Int, _ body: (YAMLEventBatch) throws(YAMLError) -> Void
    ) throws(YAMLError) -> Bool {
        let pipe = YAMLEventPipe(slots: slots, batchCapacity: batchCapacity)
        let producer = Producer(reader: reader, pipe: pipe, maxDepth: maxDepth)
        let context = Unmanaged.passRetained(producer).toOpaque()
        guard let thread = startThread(context) else {
            Unmanaged<Producer>.fromOpaque(context).release()
            return false
        }
        defer {
            pipe.cancel()
            pthread_join(thread, nil)
        }
        while true {
            let batch = pipe.batchToRead()
            try body(batch)
            let isLast = batch.isLast
            pipe.read()
            if isLast { return true }
        }
    }

    #if canImport(Darwin)
        private static func startThread(_ context: UnsafeMutableRawPointer) -> pthread_t? {
            var thread: pthread_t?
            let status = pthread_create(
                &thread, nil,
                { context in
                    let producer = Unmanaged<Producer>.fromOpaque(context).takeRetainedValue()
                    producer.run()
                    return nil
                }, context)
            return status == 0 ? thread : nil
        }
    #else
        private static func startThread(_ context: UnsafeMutableRawPointer) -> pthread_t? {
            var thread = pthread_t()
            let status = pthread_create(
                &thread, nil,
                { context in
                    guard let context else { return nil }
                    let producer = Unmanaged<Producer>.fromOpaque(context).takeRetainedValue()
                    producer.run()
                    return nil
                }, context)
            return status == 0 ? thread : nil
        }
    #endif
}
