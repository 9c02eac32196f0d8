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
    /// The anchor (`&name`) in the arena; length 0 when there is none (YAML
    /// has no empty anchors).
    var anchorStart: UInt32 = 0
    var anchorLength: UInt32 = 0
    /// The tag in the arena; length 0 when there is none.
    var tagStart: UInt32 = 0
    var tagLength: UInt32 = 0
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
            (anchorStart, anchorLength) = Self.store(event.data.sequence_start.anchor, in: &arena)
            (tagStart, tagLength) = Self.store(event.data.sequence_start.tag, in: &arena)
        case YAML_SEQUENCE_END_EVENT:
            kind = .sequenceEnd
        case YAML_MAPPING_START_EVENT:
            kind = .mappingStart
            (anchorStart, anchorLength) = Self.store(event.data.mapping_start.anchor, in: &arena)
            (tagStart, tagLength) = Self.store(event.data.mapping_start.tag, in: &arena)
        case YAML_MAPPING_END_EVENT:
            kind = .mappingEnd
        case YAML_SCALAR_EVENT:
            kind = .scalar
            let data = event.data.scalar
            style = ScalarStyle(data.style)
            (anchorStart, anchorLength) = Self.store(data.anchor, in: &arena)
            (tagStart, tagLength) = Self.store(data.tag, in: &arena)
            let length = data.length
            valueLength = UInt32(truncatingIfNeeded: length)
            // Plain text, or quoted text without escapes, is in the file as is.
            let quote = style == .singleQuoted || style == .doubleQuoted ? 1 : 0
            let first = Int(start) + quote
            var isInText = false
            if (style == .plain || quote == 1) && Int(end) - Int(start) - 2 * quote == length
                && first + length <= text.count
            {
                if length == 0 {
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
            (valueStart, valueLength) = Self.store(event.data.alias.anchor, in: &arena)
        default:
            kind = .streamEnd
        }
    }

    /// Copies a NUL-terminated libyaml string into `arena`: (0, 0) for none.
    private static func store(_ string: UnsafeMutablePointer<yaml_char_t>?, in arena: inout [UInt8]) -> (
        UInt32, UInt32
    ) {
        guard let string else { return (0, 0) }
        let length = strlen(UnsafeRawPointer(string).assumingMemoryBound(to: CChar.self))
        let start = UInt32(truncatingIfNeeded: arena.count)
        arena.append(contentsOf: UnsafeBufferPointer(start: string, count: length))
        return (start, UInt32(truncatingIfNeeded: length))
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
    /// Events per batch and batches in flight: about 36 KiB per batch, so
    /// the ring stays small while each hand-over is worth its lock.
    static let batchCapacity = 1024
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
                reader.readBatch(into: batch, capacity: YAMLEventPipeline.batchCapacity, depth: &depth, maxDepth: maxDepth)
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
