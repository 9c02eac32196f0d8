import Dispatch
import Synchronization

/// Hands event batches from a thread that runs libyaml to the thread that
/// builds the document, through a ring of reusable batches.
///
/// The producer fills the slot after the last one handed over while the
/// ring is not full; the consumer reads the oldest filled slot. A slot is
/// only ever touched by one side at a time: two semaphores count the free
/// and the filled slots, and a signal on one orders the writes before the
/// other side's reads.
final class YAMLEventPipe: Sendable {
    private let slots: [YAMLEventBatch]
    /// Slots the producer may fill.
    private let free: DispatchSemaphore
    /// Slots the consumer may read.
    private let filledSlots = DispatchSemaphore(value: 0)
    private let isCancelled = Atomic(false)
    // The producer's own count, and the consumer's: each written by one
    // side only, atomic so that the compiler can check the class (relaxed:
    // the semaphores order everything else).
    private let produced = Atomic(0)
    private let consumed = Atomic(0)

    init(slots: Int, batchCapacity: Int) {
        self.slots = (0..<slots).map { _ in YAMLEventBatch(capacity: batchCapacity) }
        // Made at 0 and signalled up: libdispatch refuses to free a semaphore
        // whose count is below the one it was made with.
        free = DispatchSemaphore(value: 0)
        for _ in 0..<slots { free.signal() }
    }

    /// Producer: the next slot to fill, once there is room; `nil` once the
    /// consumer has stopped.
    func slotToFill() -> YAMLEventBatch? {
        free.wait()
        return isCancelled.load(ordering: .acquiring)
            ? nil : slots[produced.load(ordering: .relaxed) % slots.count]
    }

    /// Producer: the slot from `slotToFill()` is ready.
    func filled() {
        produced.add(1, ordering: .relaxed)
        filledSlots.signal()
    }

    /// Consumer: the oldest filled batch, waiting for it.
    func batchToRead() -> YAMLEventBatch {
        filledSlots.wait()
        return slots[consumed.load(ordering: .relaxed) % slots.count]
    }

    /// Consumer: the batch from `batchToRead()` may be refilled.
    func read() {
        consumed.add(1, ordering: .relaxed)
        free.signal()
    }

    /// Consumer: stop the producer at its next batch.
    func cancel() {
        isCancelled.store(true, ordering: .releasing)
        free.signal()
    }
}
