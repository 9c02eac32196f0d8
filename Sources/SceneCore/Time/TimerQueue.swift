/// The pending timers of a ``VirtualScheduler``, in firing order.
///
/// A slot table holds each live timer's callback; a 4-ary min-heap of small
/// entries orders them by (deadline, sequence). Cancelling only frees the
/// slot: the timer's heap entry stays until it reaches the front (where a
/// sequence that no longer matches its slot marks it dead) or until dead
/// entries outnumber live ones and the heap is rebuilt without them.
///
/// Both tables are buffers the queue allocates and frees itself, which is
/// why it cannot be copied: an array would check that it is uniquely
/// referenced on every write (five times a timer) and check its indexes
/// in release builds, on the scheduler's hottest path. Debug builds still check every
/// index (`assert`), and TimerQueueFuzzTests runs thousands of random
/// schedule, cancel and fire steps against a plain model in them.
struct TimerQueue: ~Copyable {
    /// A timer's place in the slot table; ``sequence`` tells it apart from
    /// the timers that held the same slot before it (0: free).
    struct Slot {
        var sequence: UInt64
        var action: (() -> Void)?
        var isAnimationFrame: Bool
        /// For a free slot, the next free one (``TimerQueue/noSlot`` at the end).
        var nextFree: UInt32
    }

    /// A heap entry.
    struct Entry {
        var deadline: TimeKey
        var sequence: UInt64
        var slot: UInt32

        /// Whether `a` fires before `b`: by deadline, then sequence.
        @inline(__always)
        static func precedes(_ a: Entry, _ b: Entry) -> Bool {
            if a.deadline.high != b.deadline.high { return a.deadline.high < b.deadline.high }
            if a.deadline.low != b.deadline.low { return a.deadline.low < b.deadline.low }
            return a.sequence < b.sequence
        }
    }

    /// A timer taken from the queue to fire.
    struct Due {
        var action: (() -> Void)?
        var id: VirtualScheduler.TimerID
        var deadline: TimeKey
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
    static let arity = 4
    /// The end of the free-slot list.
    static let noSlot = UInt32.max

    /// Slots `0..<slotCount` are initialised, live or free.
    private var slots: UnsafeMutablePointer<Slot>
    private var slotCount = 0
    private var slotCapacity: Int
    private var firstFree = noSlot
    /// Entries `0..<heapCount` form the heap.
    private var heap: UnsafeMutablePointer<Entry>
    private var heapCount = 0
    private var heapCapacity: Int
    private var nextSequence: UInt64 = 1
    /// Live timers.
    private(set) var count = 0

    /// An empty queue.
    init() {
        slotCapacity = 16
        heapCapacity = 16
        slots = .allocate(capacity: slotCapacity)
        heap = .allocate(capacity: heapCapacity)
    }

    deinit {
        slots.deinitialize(count: slotCount)
        slots.deallocate()
        heap.deallocate()
    }

    /// Adds a timer and returns its identifier.
    mutating func insert(
        at deadline: TimeKey, isAnimationFrame: Bool, _ action: consuming @escaping () -> Void
    ) -> VirtualScheduler.TimerID {
        let sequence = nextSequence
        nextSequence &+= 1
        let slot: UInt32
        if firstFree != Self.noSlot {
            slot = firstFree
            assert(Int(slot) < slotCount && slots[Int(slot)].sequence == 0)
            firstFree = slots[Int(slot)].nextFree
            slots[Int(slot)].sequence = sequence
            slots[Int(slot)].action = consume action
            slots[Int(slot)].isAnimationFrame = isAnimationFrame
        } else {
            if slotCount == slotCapacity { growSlots() }
            slot = UInt32(truncatingIfNeeded: slotCount)
            (slots + slotCount).initialize(
                to: Slot(
                    sequence: sequence, action: consume action, isAnimationFrame: isAnimationFrame,
                    nextFree: Self.noSlot))
            slotCount += 1
        }
        count += 1
        push(Entry(deadline: deadline, sequence: sequence, slot: slot))
        return VirtualScheduler.TimerID(slot: slot, sequence: sequence)
    }

    /// Whether `id` is still queued.
    func contains(_ id: VirtualScheduler.TimerID) -> Bool {
        let index = Int(id.slot)
        return index < slotCount && slots[index].sequence == id.sequence
    }

    /// Removes `id` if it is still queued and returns its callback, so that
    /// the caller releases it (possibly running deinitialisers that use the
    /// scheduler) after this access has ended.
    mutating func remove(_ id: VirtualScheduler.TimerID) -> (() -> Void)? {
        guard contains(id) else { return nil }
        let action = freeSlot(id.slot)
        count -= 1
        if heapCount > 64 && heapCount > 2 * count { compact() }
        return action
    }

    /// The deadline of the first live timer, dropping dead entries on the way.
    mutating func firstDeadline() -> TimeKey? {
        dropDeadFront()
        return heapCount > 0 ? heap[0].deadline : nil
    }

    /// Takes the first live timer due by `instant` out of the queue, unless
    /// its deadline is `refused`.
    mutating func popFirst(through instant: TimeKey, refusing refused: TimeKey?) -> Next {
        guard let deadline = firstDeadline(through: instant) else { return .none }
        if deadline == refused { return .refused }
        let due = removeFirst()
        return due.id.sequence == 0 ? .none : .due(due)
    }

    /// The deadline of the first live timer when it is due by `instant`,
    /// dropping dead entries on the way; then ``removeFirst()`` takes it.
    /// What the scheduler calls for each firing, with ``removeFirst()``:
    /// plain optionals, not an enum with a callback in one case, which
    /// Swift destroys through its value witness on every firing.
    @inline(__always)
    mutating func firstDeadline(through instant: TimeKey) -> TimeKey? {
        dropDeadFront()
        guard heapCount > 0, heap[0].deadline <= instant else { return nil }
        return heap[0].deadline
    }

    /// Takes the first timer out of the queue (after ``firstDeadline(through:)``,
    /// which drops the dead entries before it); when there is none, a
    /// ``Due`` with no action whose identifier's sequence is 0 (no timer's).
    ///
    /// Not an optional `Due`: Swift destroys a `Due?` through the
    /// runtime's value witnesses (an outlined destroy calling a generic
    /// one, which asks the type's metadata for the case), on every firing.
    @inline(__always)
    mutating func removeFirst() -> Due {
        guard heapCount > 0 else {
            return Due(
                action: nil, id: VirtualScheduler.TimerID(slot: Self.noSlot, sequence: 0), deadline: .zero,
                isAnimationFrame: false)
        }
        let first = heap[0]
        removeFront()
        let isFrame = slots[Int(first.slot)].isAnimationFrame
        let action = freeSlot(first.slot)
        count -= 1
        return Due(
            action: action, id: VirtualScheduler.TimerID(slot: first.slot, sequence: first.sequence),
            deadline: first.deadline, isAnimationFrame: isFrame)
    }

    /// Marks the live slot `slot` free and returns its callback.
    @inline(__always)
    private mutating func freeSlot(_ slot: UInt32) -> (() -> Void)? {
        let index = Int(slot)
        assert(index < slotCount && slots[index].sequence != 0)
        slots[index].sequence = 0
        slots[index].nextFree = firstFree
        firstFree = slot
        return slots[index].action.take()
    }

    private mutating func growSlots() {
        slotCapacity *= 2
        let grown = UnsafeMutablePointer<Slot>.allocate(capacity: slotCapacity)
        grown.moveInitialize(from: slots, count: slotCount)
        slots.deallocate()
        slots = grown
    }

    // MARK: The heap

    private mutating func dropDeadFront() {
        while heapCount > 0, slots[Int(heap[0].slot)].sequence != heap[0].sequence { removeFront() }
    }

    @inline(__always)
    private mutating func push(_ entry: Entry) {
        if heapCount == heapCapacity {
            heapCapacity *= 2
            let grown = UnsafeMutablePointer<Entry>.allocate(capacity: heapCapacity)
            grown.moveInitialize(from: heap, count: heapCount)
            heap.deallocate()
            heap = grown
        }
        heapCount += 1
        siftUp(entry, from: heapCount - 1)
    }

    /// Puts `entry` in the heap at `start` or above it, moving down the
    /// parents it precedes.
    @inline(__always)
    private mutating func siftUp(_ entry: Entry, from start: Int) {
        var hole = start
        while hole > 0 {
            let parent = (hole - 1) / Self.arity
            guard Entry.precedes(entry, heap[parent]) else { break }
            heap[hole] = heap[parent]
            hole = parent
        }
        heap[hole] = entry
    }

    /// The least of the children from `first` on, of a heap of `count`.
    @inline(__always)
    private static func leastChild(from first: Int, count: Int, in heap: UnsafeMutablePointer<Entry>) -> Int {
        assert(first < count)
        if first + 3 < count {
            // All four: two pairs, then their winners, with no loop to
            // count (the loop's own counting and bounds cost as much as
            // its comparisons in a pop).
            let a = Entry.precedes(heap[first + 1], heap[first]) ? first + 1 : first
            let b = Entry.precedes(heap[first + 3], heap[first + 2]) ? first + 3 : first + 2
            return Entry.precedes(heap[b], heap[a]) ? b : a
        }
        var least = first
        var child = first + 1
        while child < count {
            if Entry.precedes(heap[child], heap[least]) { least = child }
            child += 1
        }
        return least
    }

    @inline(__always)
    private mutating func removeFront() {
        assert(heapCount > 0)
        heapCount -= 1
        let count = heapCount
        guard count > 0 else { return }
        let last = heap[count]
        // Floyd's way: move the hole at the root down to a leaf along the
        // least children, then sift `last` (usually a late deadline) up
        // from there, which takes about one comparison a level fewer.
        var hole = 0
        while true {
            let first = Self.arity * hole + 1
            guard first < count else { break }
            let least = Self.leastChild(from: first, count: count, in: heap)
            heap[hole] = heap[least]
            hole = least
        }
        siftUp(last, from: hole)
    }

    /// Rebuilds the heap from its live entries.
    private mutating func compact() {
        var kept = 0
        for index in 0..<heapCount where slots[Int(heap[index].slot)].sequence == heap[index].sequence {
            heap[kept] = heap[index]
            kept += 1
        }
        heapCount = kept
        guard kept > 1 else { return }
        var index = (kept - 2) / Self.arity + 1
        while index > 0 {
            index -= 1
            // Places the entry at `index` at or below it, moving the least child up each level.
            let entry = heap[index]
            var parent = index
            while true {
                let first = Self.arity * parent + 1
                guard first < kept else { break }
                let least = Self.leastChild(from: first, count: kept, in: heap)
                guard Entry.precedes(heap[least], entry) else { break }
                heap[parent] = heap[least]
                parent = least
            }
            heap[parent] = entry
        }
    }
}

/// A virtual time as a 128-bit count of attoseconds, the way `Duration`
/// stores it: compared, added and turned back into a `Duration` without
/// the division that `Duration.components` costs.
struct TimeKey: Hashable, Comparable {
    var high: Int64
    var low: UInt64

    static let zero = TimeKey(high: 0, low: 0)

    init(high: Int64, low: UInt64) {
        self.high = high
        self.low = low
    }

    @inline(__always)
    init(_ duration: Duration) {
        if #available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *) {
            let attoseconds = duration.attoseconds
            self.init(high: Int64(truncatingIfNeeded: attoseconds >> 64), low: UInt64(truncatingIfNeeded: attoseconds))
        } else {
            let (seconds, attoseconds) = duration.components
            let product = seconds.multipliedFullWidth(by: 1_000_000_000_000_000_000)
            self = TimeKey(high: product.high, low: product.low).adding(
                TimeKey(high: attoseconds < 0 ? -1 : 0, low: UInt64(bitPattern: attoseconds)))
        }
    }

    /// The key as a `Duration`.
    @inline(__always)
    var duration: Duration {
        if #available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *) {
            return Duration(attoseconds: Int128(high) << 64 | Int128(low))
        } else {
            let (seconds, attoseconds) = Int64(1_000_000_000_000_000_000).dividingFullWidth((high, low))
            return Duration(secondsComponent: seconds, attosecondsComponent: attoseconds)
        }
    }

    /// The sum, saturating at the largest key (a deadline that far away
    /// never comes, which is what it means).
    @inline(__always)
    func adding(_ other: TimeKey) -> TimeKey {
        let (low, carry) = self.low.addingReportingOverflow(other.low)
        let (partial, overflow1) = high.addingReportingOverflow(other.high)
        let (sum, overflow2) = partial.addingReportingOverflow(carry ? 1 : 0)
        if overflow1 != overflow2 {
            return other.high < 0 ? TimeKey(high: .min, low: 0) : TimeKey(high: .max, low: .max)
        }
        return TimeKey(high: sum, low: low)
    }

    @inline(__always)
    static func < (a: TimeKey, b: TimeKey) -> Bool {
        a.high != b.high ? a.high < b.high : a.low < b.low
    }
}
