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

/// Runs a reader's libyaml parse on a second thread, converting events
/// into batches that `forEachBatch` hands to its caller in order.
///
/// The second thread is kept between loads (``ParsingThread``), so that a
/// load does not pay for starting a thread, nor for the cold allocator and
/// caches of a new one; when another load has it, a thread is started for
/// this load alone.
enum YAMLEventPipeline {
    /// Events per batch and batches in flight: 12 KiB per batch, so the
    /// ring stays small next to the file while each hand-over is worth its lock.
    static let batchCapacity = 512
    static let slots = 8

    private final class Producer: @unchecked Sendable {
        // Only the producer thread touches the reader until the caller has
        // seen it finish.
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
    /// `body` when no thread could be had. The producer has stopped by
    /// the time this returns or throws.
    static func forEachBatch(
        of reader: YAMLEventReader, maxDepth: Int, _ body: (YAMLEventBatch) throws(YAMLError) -> Void
    ) throws(YAMLError) -> Bool {
        let pipe = YAMLEventPipe(slots: slots, batchCapacity: batchCapacity)
        let producer = Producer(reader: reader, pipe: pipe, maxDepth: maxDepth)
        guard let run = ParsingThread.shared.run({ producer.run() }) else { return false }
        defer {
            pipe.cancel()
            run.wait()
        }
        while true {
            let batch = pipe.batchToRead()
            try body(batch)
            let isLast = batch.isLast
            pipe.read()
            if isLast { return true }
        }
    }
}

/// The thread that parses for loads, kept between them, and the threads
/// started when it is taken.
///
/// The kept thread waits on a condition for a job, runs it, and counts it
/// finished. A caller waits for its own ticket, so that it never
/// waits for a later load's work.
final class ParsingThread: @unchecked Sendable {
    /// A job running on some thread, to wait for.
    enum Run {
        case kept(ParsingThread, ticket: Int)
        case own(pthread_t)

        /// Returns once the job has returned.
        func wait() {
            switch self {
            case .kept(let thread, let ticket): thread.waitUntilFinished(ticket)
            case .own(let thread): pthread_join(thread, nil)
            }
        }
    }

    /// The thread loads share.
    static let shared: ParsingThread = {
        let thread = ParsingThread()
        // A child forked without exec has none of the parent's threads.
        pthread_atfork(nil, nil) { ParsingThread.shared.forgetThreadInChild() }
        return thread
    }()

    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    // Guarded by `mutex`.
    private var isStarted = false
    private var job: (@Sendable () -> Void)?
    /// Jobs handed to the kept thread, and those it has finished: it is
    /// busy while they differ.
    private var handedOut = 0
    private var finished = 0

    /// A second one is only for tests; its thread is never stopped.
    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    /// Starts `job` on the kept thread, or on a thread of its own when the
    /// kept one is busy; `nil` when no thread can be started.
    func run(_ job: @escaping @Sendable () -> Void) -> Run? {
        if let ticket = handOver(job) { return .kept(self, ticket: ticket) }
        return Self.startThread(job).map(Run.own)
    }

    /// Gives `job` to the kept thread (started on first use) and returns
    /// its ticket; `nil` when the thread is busy or cannot start.
    private func handOver(_ job: @escaping @Sendable () -> Void) -> Int? {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        guard finished == handedOut else { return nil }
        if !isStarted {
            guard let thread = Self.startThread({ [self] in serve() }) else { return nil }
            pthread_detach(thread)
            isStarted = true
        }
        self.job = job
        handedOut += 1
        pthread_cond_broadcast(condition)
        return handedOut
    }

    /// The kept thread: runs each job handed over, for ever.
    private func serve() {
        while true {
            pthread_mutex_lock(mutex)
            while job == nil { pthread_cond_wait(condition, mutex) }
            let next = job
            job = nil
            pthread_mutex_unlock(mutex)

            next?()

            pthread_mutex_lock(mutex)
            finished += 1
            pthread_cond_broadcast(condition)
            pthread_mutex_unlock(mutex)
        }
    }

    /// After `fork`: no thread serves here, and the lock may have been held
    /// by a thread the child does not have.
    private func forgetThreadInChild() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
        isStarted = false
        job = nil
        finished = handedOut
    }

    private func waitUntilFinished(_ ticket: Int) {
        pthread_mutex_lock(mutex)
        while finished < ticket { pthread_cond_wait(condition, mutex) }
        pthread_mutex_unlock(mutex)
    }

    /// Starts a thread that runs `body`; `nil` when it cannot be started.
    private static func startThread(_ body: @escaping @Sendable () -> Void) -> pthread_t? {
        final class Box: @unchecked Sendable {
            let body: @Sendable () -> Void
            init(_ body: @escaping @Sendable () -> Void) { self.body = body }
        }
        let context = Unmanaged.passRetained(Box(body)).toOpaque()
        #if canImport(Darwin)
            var thread: pthread_t?
        #else
            var thread = pthread_t()
        #endif
        let status = pthread_create(
            &thread, nil,
            { context in
                #if !canImport(Darwin)
                    guard let context else { return nil }
                #endif
                Unmanaged<Box>.fromOpaque(context).takeRetainedValue().body()
                return nil
            }, context)
        guard status == 0 else {
            Unmanaged<Box>.fromOpaque(context).release()
            return nil
        }
        return thread
    }
}
