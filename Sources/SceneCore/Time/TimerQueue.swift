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

    private var slots: [Slot] = []
    private var freeSlots: [UInt32] = []
    private var heap: [Entry] = []
    private var nextSequence: UInt64 = 1
    /// Live timers.
    private(set) var count = 0

    /// Adds a timer and returns its identifier.
    mutating func insert(
        at deadline: TimeKey, isAnimationFrame: Bool, _ action: consuming @escaping () -> Void
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
        push(Entry(deadline: deadline, sequence: sequence, slot: slot))
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
    mutating func firstDeadline() -> TimeKey? {
        dropDeadFront()
        return heap.first?.deadline
    }

    /// Takes the first live timer due by `instant` out of the queue, unless
    /// its deadline is `refused`.
    mutating func popFirst(through instant: TimeKey, refusing refused: TimeKey?) -> Next {
        guard let deadline = firstDeadline(through: instant) else { return .none }
        if deadline == refused { return .refused }
        return removeFirst().map(Next.due) ?? .none
    }

    /// The deadline of the first live timer when it is due by `instant`,
    /// dropping dead entries on the way; then ``removeFirst()`` takes it.
    /// What the scheduler calls for each firing, with ``removeFirst()``:
    /// plain optionals, where each ``Next`` (an enum with a callback in
    /// one case) was destroyed through its value witness (callgrind on
    /// `scene-bench --scheduler --repetitions 1` counted 2,568 M of its
    /// 19,640 M instructions under that destroy, releasing the callbacks
    /// included).
    @inline(__always)
    mutating func firstDeadline(through instant: TimeKey) -> TimeKey? {
        dropDeadFront()
        guard let first = heap.first, first.deadline <= instant else { return nil }
        return first.deadline
    }

    /// Takes the first timer out of the queue (after ``firstDeadline(through:)``,
    /// which drops the dead entries before it); `nil` when there is none.
    @inline(__always)
    mutating func removeFirst() -> Due? {
        guard let first = heap.first else { return nil }
        removeFront()
        let index = Int(first.slot)
        let action = slots[index].action.take()
        let isFrame = slots[index].isAnimationFrame
        slots[index].sequence = 0
        freeSlots.append(first.slot)
        count -= 1
        return Due(
            action: action, id: VirtualScheduler.TimerID(slot: first.slot, sequence: first.sequence),
            deadline: first.deadline, isAnimationFrame: isFrame)
    }

    // MARK: The heap
    //
    // The sifts index the heap through its buffer pointer: in debug builds
    // the buffer's subscript checks every index (a precondition the
    // optimiser removes), and TimerQueueFuzzTests runs thousands of random
    // schedule, cancel and fire steps against a plain model in them. In
    // release builds the checks go: with the array's own checked
    // subscripts instead, `scene-bench --scheduler --repetitions 1` ran
    // 20,956 M instructions against 19,672 M (callgrind, +6.5%), and with
    // swift-collections' `Heap` 21,228 M (+7.9%).

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
