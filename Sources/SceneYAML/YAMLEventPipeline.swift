import Dispatch

/// Runs a reader's libyaml parse on a second thread, converting events
/// into batches that `forEachBatch` hands to its caller in order.
///
/// The second thread comes from ``ParsingWorker``, whose pool keeps its
/// threads between loads, so that a load does not pay for starting a
/// thread, nor for the cold allocator and caches of a new one.
enum YAMLEventPipeline {
    /// Events per batch and batches in flight: 12 KiB per batch, so the
    /// ring stays small next to the file while each hand-over is worth its lock.
    static let batchCapacity = 512
    static let slots = 8

    /// The parsing thread's side. Unchecked `Sendable` for its reader, a
    /// class the caller made and still holds: ``forEachBatch(of:maxDepth:_:)``
    /// does not return before the worker has stopped, so the reader is only
    /// ever used by one thread at a time. A compiler-checked hand-over
    /// would pass the reader `sending` down from `YAMLDocumentReader`; the
    /// pipe itself is checked.
    private final class Producer: @unchecked Sendable {
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
    /// second thread while `body` works. The producer has stopped by the
    /// time this returns or throws.
    static func forEachBatch(
        of reader: YAMLEventReader, maxDepth: Int, _ body: (YAMLEventBatch) throws(YAMLError) -> Void
    ) throws(YAMLError) {
        let pipe = YAMLEventPipe(slots: slots, batchCapacity: batchCapacity)
        let producer = Producer(reader: reader, pipe: pipe, maxDepth: maxDepth)
        let run = ParsingWorker.start { producer.run() }
        defer {
            pipe.cancel()
            run.wait()
        }
        while true {
            let batch = pipe.batchToRead()
            try body(batch)
            let isLast = batch.isLast
            pipe.read()
            if isLast { return }
        }
    }
}
