import Testing

@testable import SceneCore

/// The scheduler's timer heap against a plain model: random sequences of
/// scheduling, cancelling and firing, from a fixed seed, must pop the same
/// timers in the same order. Debug builds also check the queue's indexes
/// (its `assert`s), so a heap or slot table that strays out of its buffer
/// traps here.
@Suite struct TimerQueueFuzzTests {
    /// The model: every live timer in a plain array; the next to fire is the
    /// least (deadline, order of scheduling).
    private struct Model {
        struct Timer {
            var deadline: TimeKey
            var order: Int
            var id: VirtualScheduler.TimerID
            var tag: Int
            var isAnimationFrame: Bool
        }
        var timers: [Timer] = []

        func first() -> Timer? {
            timers.min { ($0.deadline, $0.order) < ($1.deadline, $1.order) }
        }

        mutating func remove(_ id: VirtualScheduler.TimerID) -> Bool {
            guard let index = timers.firstIndex(where: { $0.id == id }) else { return false }
            timers.remove(at: index)
            return true
        }
    }

    /// The tags of the callbacks that ran, in order.
    private final class Fired {
        var tags: [Int] = []
    }

    /// One run of `operations` random steps; returns how many timers fired.
    /// Times count from `base`. With `backwards`, one timer in eight is
    /// scheduled before the clock (which the scheduler never does).
    private func run(
        seed: UInt64, operations: Int, deadlines: UInt64, base: TimeKey = .zero, backwards: Bool = false
    ) -> Int {
        func key(_ offset: UInt64) -> TimeKey { base.adding(TimeKey(high: 0, low: offset)) }
        var random = SplitMix64(seed: seed)
        var queue = TimerQueue()
        var model = Model()
        let fired = Fired()
        var ids: [VirtualScheduler.TimerID] = []  // every id ever given, live or not
        var now: UInt64 = 0
        var order = 0
        var popped = 0
        for step in 0..<operations {
            switch random.next(upperBound: UInt64(10)) {
            case 0..<4:  // schedule, often at a deadline another timer has
                let deadline =
                    backwards && random.next(upperBound: UInt64(8)) == 0
                    ? key(now - min(now, random.next(upperBound: deadlines)))
                    : key(now + random.next(upperBound: deadlines))
                let isFrame = random.next(upperBound: UInt64(4)) == 0
                let tag = order
                let id = queue.insert(at: deadline, isAnimationFrame: isFrame) { fired.tags.append(tag) }
                model.timers.append(
                    .init(deadline: deadline, order: order, id: id, tag: tag, isAnimationFrame: isFrame))
                ids.append(id)
                order += 1
            case 4..<6:  // cancel a timer, live or already gone
                guard !ids.isEmpty else { continue }
                let id = ids[Int(random.next(upperBound: UInt64(ids.count)))]
                let wasLive = model.remove(id)
                #expect((queue.remove(id) != nil) == wasLive, "step \(step): cancel")
            case 6:  // ask for the first deadline
                #expect(queue.firstDeadline() == model.first()?.deadline, "step \(step): first deadline")
            default:  // advance the clock a little and fire what is due, sometimes refusing an instant
                now += random.next(upperBound: deadlines / 4 + 1)
                let instant = key(now)
                let refused: TimeKey? =
                    random.next(upperBound: UInt64(3)) == 0
                    ? key(now - min(now, random.next(upperBound: UInt64(3)))) : nil
                while true {
                    let expected = model.first().flatMap { $0.deadline <= instant ? $0 : nil }
                    switch queue.popFirst(through: instant, refusing: refused) {
                    case .none:
                        #expect(expected == nil, "step \(step): nothing due")
                    case .refused:
                        #expect(expected != nil && expected?.deadline == refused, "step \(step): refused")
                    case .due(let due):
                        guard let expected else {
                            Issue.record("step \(step): a timer fired that the model does not have due")
                            return popped
                        }
                        #expect(due.id == expected.id && due.deadline == expected.deadline, "step \(step): order")
                        #expect(due.isAnimationFrame == expected.isAnimationFrame)
                        _ = model.remove(expected.id)
                        due.action?()
                        #expect(fired.tags.last == expected.tag, "step \(step): callback")
                        popped += 1
                        continue
                    }
                    break
                }
            }
            #expect(queue.count == model.timers.count, "step \(step): count")
            if queue.count != model.timers.count { return popped }
        }
        for id in ids { #expect(queue.contains(id) == model.timers.contains { $0.id == id }) }
        return popped
    }

    @Test(arguments: [(UInt64(1), UInt64(16)), (2, 1_000), (3, 3), (4, 100_000)])
    func randomSchedulesCancelsAndFiringsMatchTheModel(seed: UInt64, deadlines: UInt64) {
        let popped = run(seed: seed, operations: 20_000, deadlines: deadlines)
        // The sequence really fired timers, not only scheduled them.
        #expect(popped > 1_000)
    }

    /// Deadlines whose 128 bits carry from the low word into the high one,
    /// and whose high word goes from negative to positive: the heap
    /// compares keys as whole numbers, not by their low words alone.
    @Test(arguments: [UInt64(1_000), 100_000])
    func deadlinesAcrossTheWordsOfTheKeyMatchTheModel(deadlines: UInt64) {
        let base = TimeKey(high: -1, low: UInt64.max - 40_000)
        let popped = run(seed: 5, operations: 20_000, deadlines: deadlines, base: base)
        #expect(popped > 1_000)
    }

    /// Timers scheduled before the last deadline taken out (which the
    /// scheduler never does, its clock not going back; a queue keyed on
    /// the distance from that deadline, as a radix heap is, would have to
    /// handle it).
    @Test(arguments: [UInt64(16), 1_000, 100_000])
    func timersScheduledBeforeTheClockMatchTheModel(deadlines: UInt64) {
        let popped = run(seed: 6, operations: 20_000, deadlines: deadlines, backwards: true)
        #expect(popped > 1_000)
    }

    /// Many timers for a few shared deadlines, scheduled while the clock
    /// moves towards them: each deadline's timers fire in the order they
    /// were scheduled.
    @Test func timersSharingFarDeadlinesFireInSchedulingOrder() {
        var queue = TimerQueue()
        var random = SplitMix64(seed: 7)
        var expected: [TimeKey: [VirtualScheduler.TimerID]] = [:]
        let shared = [TimeKey(high: 0, low: 1_500), TimeKey(high: 0, low: 1 << 40), TimeKey(high: 3, low: 7)]
        var now: UInt64 = 0
        var fired: [(deadline: TimeKey, id: VirtualScheduler.TimerID)] = []
        for _ in 0..<3_000 {
            let deadline = shared[Int(random.next(upperBound: UInt64(shared.count)))]
            expected[deadline, default: []].append(queue.insert(at: deadline, isAnimationFrame: false) {})
            // A nearer timer, and the clock moved past it, so the last deadline moves on.
            let near = TimeKey(high: 0, low: now + 1)
            expected[near, default: []].append(queue.insert(at: near, isAnimationFrame: false) {})
            now += 1
            while case .due(let due) = queue.popFirst(through: TimeKey(high: 0, low: now), refusing: nil) {
                fired.append((due.deadline, due.id))
            }
        }
        while case .due(let due) = queue.popFirst(through: TimeKey(high: 4, low: 0), refusing: nil) {
            fired.append((due.deadline, due.id))
        }
        for deadline in shared {
            let order = fired.filter { $0.deadline == deadline }.map(\.id)
            let wanted = expected[deadline] ?? []
            let mismatch = zip(order, wanted).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            #expect(
                order.count == wanted.count && mismatch == nil,
                "deadline \(deadline): \(order.count) fired of \(wanted.count), first out of order at \(String(describing: mismatch))"
            )
        }
        #expect(fired.count == 6_000)
        #expect(queue.count == 0)
    }

    /// The queue frees its own buffers: every callback it still holds is
    /// released with it, and none that it gave back is released twice.
    @Test func callbacksStillQueuedAreReleasedWithTheQueue() {
        final class Token {}
        var tokens: [Token] = (0..<40).map { _ in Token() }
        let watched = tokens.map { token in { [weak token] in token != nil } }
        do {
            var queue = TimerQueue()
            var ids: [VirtualScheduler.TimerID] = []
            for (index, token) in tokens.enumerated() {
                ids.append(
                    queue.insert(at: TimeKey(high: 0, low: UInt64(index)), isAnimationFrame: false) { _ = token })
            }
            tokens.removeAll()
            // Ten cancelled, ten fired, twenty still queued when the queue goes.
            for id in ids[30...] { _ = queue.remove(id) }
            for _ in 0..<10 {
                guard case .due(let due) = queue.popFirst(through: TimeKey(high: 1, low: 0), refusing: nil) else {
                    Issue.record("a timer was due")
                    return
                }
                due.action?()
            }
            #expect(queue.count == 20)
            #expect(watched.filter { $0() }.count == 20)
        }
        #expect(watched.allSatisfy { !$0() })
    }

    @Test func manyCancellationsCompactTheHeapAndKeepTheOrder() {
        // Cancelling most timers rebuilds the heap; what is left fires in order.
        var queue = TimerQueue()
        var ids: [VirtualScheduler.TimerID] = []
        for index in 0..<1_000 {
            ids.append(
                queue.insert(at: TimeKey(high: 0, low: UInt64((index * 7_919) % 1_000)), isAnimationFrame: false) {})
        }
        for (index, id) in ids.enumerated() where index % 10 != 0 { _ = queue.remove(id) }
        #expect(queue.count == 100)
        var last = TimeKey.zero
        var count = 0
        while case .due(let due) = queue.popFirst(through: TimeKey(high: 1, low: 0), refusing: nil) {
            #expect(last <= due.deadline)
            last = due.deadline
            count += 1
        }
        #expect(count == 100)
    }
}
