/// The pending timers of a ``VirtualScheduler``, in firing order.
///
/// A slot table holds each live timer's callback; a radix heap of small
/// entries orders them by (deadline, sequence). The radix heap relies on
/// what the scheduler guarantees: no timer is scheduled before the last
/// deadline taken out (its clock never goes back). Bucket 0 holds the
/// entries whose deadline is that last one, in order of sequence; bucket
/// `b` (1 to 128) those whose deadline first differs from it at bit `b - 1`
/// of the 128-bit key. Scheduling appends to a bucket; when bucket 0 is
/// empty, taking the first timer finds the least deadline in the lowest
/// bucket that has entries and deals that bucket's entries out to lower
/// ones, measured from the new last deadline. Each entry moves down a
/// few times in its life, with no comparison whose outcome the processor
/// has to guess: the 4-ary heap this replaced spent 4,770 M of the 14,393 M
/// instructions of `scene-bench --scheduler --repetitions 1` (callgrind) in
/// its descent, most of them on comparisons of random deadlines.
///
/// Cancelling only frees the slot: the timer's entry stays until it is
/// met (where a sequence that no longer matches its slot marks it dead)
/// or until dead entries outnumber live ones and every bucket is filtered.
///
/// Every table is a buffer the queue allocates and frees itself, which is
/// why it cannot be copied: arrays checked that they were uniquely
/// referenced on every write and checked their indexes. Debug builds still
/// check every index (`assert`), and TimerQueueFuzzTests runs thousands of
/// random schedule, cancel and fire steps against a plain model in them.
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

    /// A bucket's entry: the deadline as an unsigned 128-bit number (the
    /// high word's sign bit flipped, so that unsigned order is time order).
    struct Entry {
        var high: UInt64
        var low: UInt64
        var sequence: UInt64
        var slot: UInt32

        init(deadline: TimeKey, sequence: UInt64, slot: UInt32) {
            high = UInt64(bitPattern: deadline.high) ^ TimerQueue.signBit
            low = deadline.low
            self.sequence = sequence
            self.slot = slot
        }

        var deadline: TimeKey {
            TimeKey(high: Int64(bitPattern: high ^ TimerQueue.signBit), low: low)
        }

        /// Whether `a`'s deadline is before `b`'s.
        @inline(__always)
        static func isEarlier(_ a: Entry, _ b: Entry) -> Bool {
            a.high != b.high ? a.high < b.high : a.low < b.low
        }
    }

    /// The entries of one bucket: `entries[start..<end]` (only bucket 0,
    /// taken from the front, has a `start` above 0).
    struct Bucket {
        var entries: UnsafeMutablePointer<Entry>
        var start: Int
        var end: Int
        var capacity: Int
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

    /// The end of the free-slot list.
    static let noSlot = UInt32.max
    static let signBit: UInt64 = 1 << 63
    /// Buckets 0 to 128.
    static let bucketCount = 129

    /// Slots `0..<slotCount` are initialised, live or free.
    private var slots: UnsafeMutablePointer<Slot>
    private var slotCount = 0
    private var slotCapacity: Int
    private var firstFree = noSlot
    private var buckets: UnsafeMutablePointer<Bucket>
    /// Bit `b` of word `b / 64`: bucket `b` has entries.
    private var occupied: (UInt64, UInt64, UInt64) = (0, 0, 0)
    /// The last deadline taken out (as an ``Entry`` stores it); no entry is before it.
    private var lastHigh: UInt64 = signBit
    private var lastLow: UInt64 = 0
    /// Entries in the buckets, live or dead.
    private var entryCount = 0
    /// The bucket (or -1) and index of the earliest entry of the lowest
    /// bucket above 0, as the last look found it: a scheduler asked for its
    /// next deadline, or advanced to before it, again and again does not
    /// go through the bucket each time. Appends to that bucket keep it;
    /// anything else that moves its entries forgets it.
    private var cachedBucket = -1
    private var cachedIndex = 0
    private var nextSequence: UInt64 = 1
    /// Live timers.
    private(set) var count = 0

    /// An empty queue.
    init() {
        slotCapacity = 16
        slots = .allocate(capacity: slotCapacity)
        buckets = .allocate(capacity: Self.bucketCount)
        for index in 0..<Self.bucketCount {
            (buckets + index).initialize(to: Bucket(entries: .allocate(capacity: 4), start: 0, end: 0, capacity: 4))
        }
    }

    deinit {
        slots.deinitialize(count: slotCount)
        slots.deallocate()
        for index in 0..<Self.bucketCount { buckets[index].entries.deallocate() }
        buckets.deallocate()
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
        let entry = Entry(deadline: deadline, sequence: sequence, slot: slot)
        if entry.high < lastHigh || (entry.high == lastHigh && entry.low < lastLow) {
            // Before the last deadline taken out: the scheduler never does
            // this (its clock does not go back), but the queue stays right.
            rebase(high: entry.high, low: entry.low)
        }
        append(entry)
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
        if entryCount > 64 && entryCount > 2 * count { compact() }
        return action
    }

    /// The deadline of the first live timer, dropping dead entries on the
    /// way. It does not move the last deadline: a timer may still be
    /// scheduled before the one found.
    mutating func firstDeadline() -> TimeKey? {
        dropDeadFront()
        if buckets[0].start < buckets[0].end { return buckets[0].entries[buckets[0].start].deadline }
        guard let (bucket, index) = leastInLowestBucket() else { return nil }
        return buckets[bucket].entries[index].deadline
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
    /// When it is due, it becomes the last deadline (the caller's clock
    /// moves to it), and its bucket is dealt out so that it heads bucket 0.
    ///
    /// What the scheduler calls for each firing, with ``removeFirst()``:
    /// plain optionals, where each ``Next`` (an enum with a callback in
    /// one case) was destroyed through its value witness (callgrind on
    /// `scene-bench --scheduler --repetitions 1` counted 2,568 M of its
    /// 19,640 M instructions under that destroy, releasing the callbacks
    /// included).
    @inline(__always)
    mutating func firstDeadline(through instant: TimeKey) -> TimeKey? {
        dropDeadFront()
        if buckets[0].start < buckets[0].end {
            let deadline = buckets[0].entries[buckets[0].start].deadline
            return deadline <= instant ? deadline : nil
        }
        return dealOutFirst(through: instant)
    }

    /// Takes the first timer out of the queue (after ``firstDeadline(through:)``,
    /// which puts it at the front of bucket 0); when there is none, a
    /// ``Due`` with no action whose identifier's sequence is 0 (no timer's).
    ///
    /// Not an optional `Due`: the scheduler destroyed each `Due?` through
    /// the runtime's value witnesses (an outlined destroy calling a generic
    /// one, which asked the type's metadata for the case), 56 instructions
    /// a firing, 560 M over the 10 million firings before the animation in
    /// `scene-bench --scheduler --repetitions 1` (callgrind).
    @inline(__always)
    mutating func removeFirst() -> Due {
        dropDeadFront()
        if buckets[0].start == buckets[0].end {
            _ = dealOutFirst(through: TimeKey(high: .max, low: .max))
        }
        guard buckets[0].start < buckets[0].end else {
            return Due(
                action: nil, id: VirtualScheduler.TimerID(slot: Self.noSlot, sequence: 0), deadline: .zero,
                isAnimationFrame: false)
        }
        let first = buckets[0].entries[buckets[0].start]
        buckets[0].start += 1
        if buckets[0].start == buckets[0].end { emptyBucket(0) }
        entryCount -= 1
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

    // MARK: The buckets

    @inline(__always)
    private func isLive(_ entry: Entry) -> Bool {
        assert(Int(entry.slot) < slotCount)
        return slots[Int(entry.slot)].sequence == entry.sequence
    }

    /// The bucket of `entry`, measured from the last deadline.
    @inline(__always)
    private func bucketIndex(_ entry: Entry) -> Int {
        let high = entry.high ^ lastHigh
        if high != 0 { return 128 - high.leadingZeroBitCount }
        return 64 - (entry.low ^ lastLow).leadingZeroBitCount
    }

    @inline(__always)
    private mutating func append(_ entry: Entry) {
        let bucket = bucketIndex(entry)
        assert(bucket < Self.bucketCount)
        if buckets[bucket].end == buckets[bucket].capacity { grow(bucket) }
        if bucket == cachedBucket && Entry.isEarlier(entry, buckets[bucket].entries[cachedIndex]) {
            cachedIndex = buckets[bucket].end
        }
        buckets[bucket].entries[buckets[bucket].end] = entry
        buckets[bucket].end += 1
        entryCount += 1
        switch bucket {
        case 0..<64: occupied.0 |= 1 << UInt64(bucket)
        case 64..<128: occupied.1 |= 1 << UInt64(bucket - 64)
        default: occupied.2 = 1
        }
    }

    private mutating func grow(_ bucket: Int) {
        let start = buckets[bucket].start
        let kept = buckets[bucket].end - start
        let capacity = Swift.max(buckets[bucket].capacity * 2, kept + 1)
        let grown = UnsafeMutablePointer<Entry>.allocate(capacity: capacity)
        grown.initialize(from: buckets[bucket].entries + start, count: kept)
        buckets[bucket].entries.deallocate()
        buckets[bucket] = Bucket(entries: grown, start: 0, end: kept, capacity: capacity)
    }

    /// Marks `bucket` empty.
    @inline(__always)
    private mutating func emptyBucket(_ bucket: Int) {
        if bucket == cachedBucket { cachedBucket = -1 }
        buckets[bucket].start = 0
        buckets[bucket].end = 0
        switch bucket {
        case 0..<64: occupied.0 &= ~(1 << UInt64(bucket))
        case 64..<128: occupied.1 &= ~(1 << UInt64(bucket - 64))
        default: occupied.2 = 0
        }
    }

    /// The lowest bucket above 0 with entries.
    @inline(__always)
    private func lowestBucketAboveZero() -> Int? {
        let low = occupied.0 & ~1
        if low != 0 { return low.trailingZeroBitCount }
        if occupied.1 != 0 { return 64 + occupied.1.trailingZeroBitCount }
        return occupied.2 != 0 ? 128 : nil
    }

    /// Drops the dead entries at the front of bucket 0.
    @inline(__always)
    private mutating func dropDeadFront() {
        while buckets[0].start < buckets[0].end, !isLive(buckets[0].entries[buckets[0].start]) {
            buckets[0].start += 1
            entryCount -= 1
        }
        if buckets[0].start == buckets[0].end && occupied.0 & 1 != 0 { emptyBucket(0) }
    }

    /// With bucket 0 empty: the lowest bucket with live entries and the
    /// index of its earliest one, dropping the dead entries of the buckets
    /// looked at.
    private mutating func leastInLowestBucket() -> (bucket: Int, index: Int)? {
        assert(buckets[0].start == buckets[0].end)
        // At most one pass per bucket: each one that has only dead entries is emptied.
        for _ in 0..<Self.bucketCount {
            guard let bucket = lowestBucketAboveZero() else { return nil }
            if bucket == cachedBucket && isLive(buckets[bucket].entries[cachedIndex]) {
                return (bucket, cachedIndex)
            }
            let entries = buckets[bucket].entries
            var kept = 0
            var least = 0
            for index in 0..<buckets[bucket].end where isLive(entries[index]) {
                entries[kept] = entries[index]
                if kept > 0 && Entry.isEarlier(entries[kept], entries[least]) { least = kept }
                kept += 1
            }
            entryCount -= buckets[bucket].end - kept
            if kept > 0 {
                buckets[bucket].end = kept
                cachedBucket = bucket
                cachedIndex = least
                return (bucket, least)
            }
            emptyBucket(bucket)
        }
        return nil
    }

    /// With bucket 0 empty: when the earliest live deadline is due by
    /// `instant`, makes it the last deadline, deals its bucket out to the
    /// lower ones (its own timers to bucket 0, in order of sequence) and
    /// returns it.
    private mutating func dealOutFirst(through instant: TimeKey) -> TimeKey? {
        guard let (bucket, index) = leastInLowestBucket() else { return nil }
        let source = buckets[bucket]
        let least = source.entries[index]
        let deadline = least.deadline
        guard deadline <= instant else { return nil }
        lastHigh = least.high
        lastLow = least.low
        entryCount -= source.end
        emptyBucket(bucket)
        // Every entry goes to a lower bucket: the buffer read is not written.
        for position in 0..<source.end { append(source.entries[position]) }
        assert(frontIsInOrder())
        return deadline
    }

    /// Whether bucket 0 is in order of sequence, which dealing out keeps
    /// without sorting: timers with one deadline are always in one bucket
    /// (a bucket is a function of the deadline and the last deadline), in
    /// the order they were scheduled, and a bucket is dealt out whole, in
    /// order, to a bucket that holds none of them.
    private func frontIsInOrder() -> Bool {
        let bucket = buckets[0]
        var index = bucket.start + 1
        while index < bucket.end {
            if bucket.entries[index].sequence < bucket.entries[index - 1].sequence { return false }
            index += 1
        }
        return true
    }

    /// Makes `high`, `low` the last deadline, with every entry in its bucket
    /// from there (for a deadline before the last one).
    private mutating func rebase(high: UInt64, low: UInt64) {
        let all = UnsafeMutablePointer<Entry>.allocate(capacity: Swift.max(entryCount, 1))
        defer { all.deallocate() }
        var gathered = 0
        for bucket in 0..<Self.bucketCount {
            let start = buckets[bucket].start
            let end = buckets[bucket].end
            for index in start..<end where isLive(buckets[bucket].entries[index]) {
                all[gathered] = buckets[bucket].entries[index]
                gathered += 1
            }
            emptyBucket(bucket)
        }
        entryCount = 0
        lastHigh = high
        lastLow = low
        for index in 0..<gathered { append(all[index]) }
    }

    /// Drops every dead entry, keeping each bucket's order.
    private mutating func compact() {
        cachedBucket = -1
        for bucket in 0..<Self.bucketCount where buckets[bucket].start < buckets[bucket].end {
            let entries = buckets[bucket].entries
            var kept = 0
            for index in buckets[bucket].start..<buckets[bucket].end where isLive(entries[index]) {
                entries[kept] = entries[index]
                kept += 1
            }
            entryCount -= buckets[bucket].end - buckets[bucket].start - kept
            if kept == 0 {
                emptyBucket(bucket)
            } else {
                buckets[bucket].start = 0
                buckets[bucket].end = kept
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
