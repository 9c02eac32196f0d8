/// The pending timers of a ``VirtualScheduler``, in firing order.
///
/// A slot table holds each live timer's callback; a 4-ary min-heap of small
/// entries orders them by (deadline, sequence). Cancelling only frees the
/// slot: the timer's heap entry stays until it reaches the front (where a
/// sequence that no longer matches its slot marks it dead) or until dead
/// entries outnumber live ones and the heap is rebuilt without them.
///
/// A value type, so that the scheduler touches its state through one
/// exclusive access per operation rather than one per array.
struct TimerQueue {
    /// A timer's place in the slot table; ``sequence`` tells it apart from
    /// the timers that held the same slot before it (0: free).
    struct Slot {
        var sequence: UInt64
        var action: (() -> Void)?
        var isAnimationFrame: Bool
    }

    /// A heap entry: the deadline as integer components, which compare
    /// without calling into the runtime.
    struct Entry {
        var seconds: Int64
        var attoseconds: Int64
        var sequence: UInt64
        var slot: UInt32

        /// Whether `a` fires before `b`: (seconds, attoseconds, sequence)
        /// compared as one 192-bit number, by a borrow chain rather than
        /// branches (the heap's comparisons are unpredictable).
        @inline(__always)
        static func precedes(_ a: Entry, _ b: Entry) -> Bool {
            let (_, borrow0) = a.sequence.subtractingReportingOverflow(b.sequence)
            let (middle, borrow1) = UInt64(bitPattern: a.attoseconds).subtractingReportingOverflow(
                UInt64(bitPattern: b.attoseconds))
            let (_, borrow2) = middle.subtractingReportingOverflow(borrow0 ? 1 : 0)
            // Flipping the sign bit orders signed seconds as unsigned.
            let high = UInt64(bitPattern: a.seconds) ^ (1 << 63)
            let (top, borrow3) = high.subtractingReportingOverflow(UInt64(bitPattern: b.seconds) ^ (1 << 63))
            let (_, borrow4) = top.subtractingReportingOverflow(borrow1 || borrow2 ? 1 : 0)
            return borrow3 || borrow4
        }

        @inline(__always)
        func isDue(throughSeconds seconds: Int64, _ attoseconds: Int64) -> Bool {
            self.seconds < seconds || (self.seconds == seconds && self.attoseconds <= attoseconds)
        }

        var deadline: Duration { Duration(secondsComponent: seconds, attosecondsComponent: attoseconds) }
    }

    /// A timer taken from the queue to fire.
    struct Due {
        var action: (() -> Void)?
        var id: VirtualScheduler.TimerID
        var deadline: Duration
        var isAnimationFrame: Bool
    }

    /// What ``popFirst(through:refusing:)`` found.
    enum Next {
        /// No timer is due.
        case none
        /// The next due timer is at the refused instant; it stays queued.
        case refused
        /// This timer, now out of the queue.
        case due(Due)
    }

    /// Children per heap node.
    static let arity = 2

    private var slots: [Slot] = []
    private var freeSlots: [UInt32] = []
    private var heap: [Entry] = []
    private var nextSequence: UInt64 = 1
    /// Live timers.
    private(set) var count = 0

    /// Adds a timer and returns its identifier.
    mutating func insert(
        at deadline: Duration, isAnimationFrame: Bool, _ action: @escaping () -> Void
    ) -> VirtualScheduler.TimerID {
        let sequence = nextSequence
        nextSequence &+= 1
        let slot: UInt32
        let newSlot = Slot(sequence: sequence, action: action, isAnimationFrame: isAnimationFrame)
        if let free = freeSlots.popLast() {
            slot = free
            slots[Int(free)] = newSlot
        } else {
            slot = UInt32(truncatingIfNeeded: slots.count)
            slots.append(newSlot)
        }
        count += 1
        let (seconds, attoseconds) = deadline.components
        push(Entry(seconds: seconds, attoseconds: attoseconds, sequence: sequence, slot: slot))
        return VirtualScheduler.TimerID(slot: slot, sequence: sequence)
    }

    /// Whether `id` is still queued.
    func contains(_ id: VirtualScheduler.TimerID) -> Bool {
        let index = Int(id.slot)
        return index < slots.count && slots[index].sequence == id.sequence
    }

    /// Removes `id` if it is still queued and returns its callback, so that
    /// the caller releases it (possibly running deinitialisers that use the
    /// scheduler) after this access has ended.
    mutating func remove(_ id: VirtualScheduler.TimerID) -> (() -> Void)? {
        guard contains(id) else { return nil }
        let index = Int(id.slot)
        slots[index].sequence = 0
        let action = slots[index].action.take()
        freeSlots.append(id.slot)
        count -= 1
        if heap.count > 64 && heap.count > 2 * count { compact() }
        return action
    }

    /// The deadline of the first live timer, dropping dead entries on the way.
    mutating func firstDeadline() -> Duration? {
        dropDeadFront()
        return heap.first?.deadline
    }

    /// Takes the first live timer due by `instant` out of the queue, unless
    /// its deadline is `refused`.
    mutating func popFirst(through instant: Duration, refusing refused: Duration?) -> Next {
        dropDeadFront()
        guard let first = heap.first else { return .none }
        let (seconds, attoseconds) = instant.components
        guard first.isDue(throughSeconds: seconds, attoseconds) else { return .none }
        let deadline = first.deadline
        if deadline == refused { return .refused }
        removeFront()
        let index = Int(first.slot)
        let action = slots[index].action.take()
        let isFrame = slots[index].isAnimationFrame
        slots[index].sequence = 0
        freeSlots.append(first.slot)
        count -= 1
        return .due(
            Due(
                action: action, id: VirtualScheduler.TimerID(slot: first.slot, sequence: first.sequence),
                deadline: deadline, isAnimationFrame: isFrame))
    }

    // MARK: The heap (4-ary: shallower than binary, children side by side)

    private mutating func dropDeadFront() {
        while let first = heap.first, slots[Int(first.slot)].sequence != first.sequence { removeFront() }
    }

    @inline(__always)
    private mutating func push(_ entry: Entry) {
        heap.append(entry)
        heap.withUnsafeMutableBufferPointer { heap in
            var child = heap.count - 1
            while child > 0 {
                let parent = (child - 1) / Self.arity
                guard Entry.precedes(entry, heap[parent]) else { break }
                heap[child] = heap[parent]
                child = parent
            }
            heap[child] = entry
        }
    }

    @inline(__always)
    private mutating func removeFront() {
        guard let last = heap.popLast(), !heap.isEmpty else { return }
        heap.withUnsafeMutableBufferPointer { heap in
            // Floyd's way: move the hole at the root down to a leaf along the
            // least children, then sift `last` (usually a late deadline) up
            // from there, which takes about one comparison a level fewer.
            let count = heap.count
            var hole = 0
            while true {
                let first = Self.arity * hole + 1
                guard first < count else { break }
                var least = first
                var child = first + 1
                let end = Swift.min(first + Self.arity, count)
                while child < end {
                    if Entry.precedes(heap[child], heap[least]) { least = child }
                    child += 1
                }
                heap[hole] = heap[least]
                hole = least
            }
            while hole > 0 {
                let parent = (hole - 1) / Self.arity
                guard Entry.precedes(last, heap[parent]) else { break }
                heap[hole] = heap[parent]
                hole = parent
            }
            heap[hole] = last
        }
    }

    /// Places `entry` at `start` or below, moving the least child up each level.
    private static func siftDown(_ entry: Entry, from start: Int, in heap: UnsafeMutableBufferPointer<Entry>) {
        let count = heap.count
        var parent = start
        while true {
            let first = Self.arity * parent + 1
            guard first < count else { break }
            var least = first
            var child = first + 1
            let end = Swift.min(first + Self.arity, count)
            while child < end {
                if Entry.precedes(heap[child], heap[least]) { least = child }
                child += 1
            }
            guard Entry.precedes(heap[least], entry) else { break }
            heap[parent] = heap[least]
            parent = least
        }
        heap[parent] = entry
    }

    /// Rebuilds the heap from its live entries.
    private mutating func compact() {
        let slots = self.slots
        heap.removeAll { slots[Int($0.slot)].sequence != $0.sequence }
        heap.withUnsafeMutableBufferPointer { heap in
            guard heap.count > 1 else { return }
            var index = (heap.count - 2) / Self.arity + 1
            while index > 0 {
                index -= 1
                Self.siftDown(heap[index], from: index, in: heap)
            }
        }
    }
}
