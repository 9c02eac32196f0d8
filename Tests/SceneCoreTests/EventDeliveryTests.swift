import Foundation
import SceneCore
import TestSupport
import Testing

/// `EventDelivery`: a send from an event's own handlers, or nested past the
/// limit, calls no handler and is reported to the supervisor, instead of
/// recursing until the stack overflows.
@Suite struct EventDeliveryTests {
    /// Events wired one to the next: sending the first sends them all.
    private static func chain(_ count: Int) -> [SceneEvent<Void>] {
        let events = (0..<count).map { _ in SceneEvent<Void>() }
        for (event, next) in zip(events, events.dropFirst()) {
            event.connect { [unowned next] in next.send() }
        }
        return events
    }

    @Test func anEventSentForeverByItsOwnHandlerStopsAtTheLimit() {
        let event = SceneEvent<Void>()
        var calls = 0
        event.connect { [unowned event] in
            calls += 1
            event.send()
        }
        let runaway = EventDelivery.supervise(maximumDepth: 100) { event.send() }
        #expect(calls == 100)
        #expect(runaway == EventRunaway(kind: .tooDeep(limit: 100), depth: 100))
        #expect(EventDelivery.depth == 0)
    }

    @Test func aLoopReportedByTheWiringStopsEveryLaterDelivery() {
        let play = SceneEvent<Void>()
        let pause = SceneEvent<Void>()
        var log: [String] = []
        play.connect { [unowned pause] in
            log.append("play")
            pause.send()
        }
        pause.connect {
            log.append("pause")
            EventDelivery.refuseLoop(startedAt: 1)
        }
        pause.connect { log.append("after the loop") }
        let runaway = EventDelivery.supervise(maximumDepth: 100) { play.send() }
        #expect(log == ["play", "pause"])
        #expect(runaway == EventRunaway(kind: .loop(firstLevel: 1), depth: 2))
    }

    @Test func aChainLongerThanTheLimitStopsAtTheLimit() {
        let events = (0..<20_000).map { _ in SceneEvent<Void>() }
        var reached = 0
        for (index, event) in events.enumerated() { event.connect { reached = max(reached, index) } }
        for (event, next) in zip(events, events.dropFirst()) {
            event.connect { [unowned next] in next.send() }
        }
        let runaway = EventDelivery.supervise(maximumDepth: 50) { events[0].send() }
        #expect(runaway == EventRunaway(kind: .tooDeep(limit: 50), depth: 50))
        // The first 50 were delivered; the 51st was refused.
        #expect(reached == 49)
        #expect(EventDelivery.depth == 0)
    }

    @Test func sendsThatFanOutStopAtTheDeliveryLimitAndStartAfreshForTheNextSend() {
        // Each level's event is sent on twice to the next level's: 2^40
        // sends without the limit, in 40 levels, well within the depth limit.
        let events = (0..<40).map { _ in SceneEvent<Void>() }
        for (event, next) in zip(events, events.dropFirst()) {
            event.connect { [unowned next] in next.send() }
            event.connect { [unowned next] in next.send() }
        }
        var lastLevelSends = 0
        events[39].connect { lastLevelSends += 1 }
        let runaway = EventDelivery.supervise(maximumDepth: 100, maximumDeliveries: 1_000) { events[0].send() }
        #expect(runaway?.kind == .tooMany(limit: 1_000))
        // Depth first: the last level is reached, but far fewer than 2^39 times.
        #expect(lastLevelSends > 0 && lastLevelSends < 1_000)
        // A send from outside any handler counts afresh.
        lastLevelSends = 0
        let small = EventDelivery.supervise(maximumDepth: 100, maximumDeliveries: 1_000) {
            events[32].send()  // 2^8 - 1 = 255 sends
            events[32].send()
        }
        #expect(small == nil)
        #expect(lastLevelSends == 256)
    }

    @Test func aChainWithinTheLimitIsDeliveredWhole() {
        let events = Self.chain(50)
        var last = false
        events[49].connect { last = true }
        let runaway = EventDelivery.supervise(maximumDepth: 50) { events[0].send() }
        #expect(runaway == nil)
        #expect(last)
    }

    @Test func afterARunawayNothingMoreIsDeliveredUntilTheSupervisionEnds() {
        let looping = SceneEvent<Void>()
        looping.connect { [unowned looping] in looping.send() }
        let other = SceneEvent<Void>()
        var otherCalls = 0
        other.connect { otherCalls += 1 }
        let runaway = EventDelivery.supervise(maximumDepth: 100) {
            looping.send()
            other.send()
        }
        #expect(runaway != nil)
        #expect(otherCalls == 0)
        other.send()
        #expect(otherCalls == 1)
    }

    @Test func withoutASupervisorOnlyTheSendPastTheLimitIsRefused() {
        let looping = SceneEvent<Void>()
        var calls = 0
        looping.connect { [unowned looping] in
            calls += 1
            looping.send()
        }
        looping.send()
        looping.send()
        #expect(calls == 2 * EventDelivery.defaultMaximumDepth)
    }

    @Test func theDefaultLimitBoundsAnUnsupervisedChain() {
        let events = Self.chain(EventDelivery.defaultMaximumDepth + 10)
        var reachedEnd = false
        events[events.count - 1].connect { reachedEnd = true }
        events[0].send()
        #expect(!reachedEnd)
        #expect(EventDelivery.depth == 0)
    }

    @Test func aSendAfterTheDeliveryEndedIsNotALoop() {
        let event = SceneEvent<Int>()
        var payloads: [Int] = []
        event.connect { payloads.append($0) }
        let runaway = EventDelivery.supervise(maximumDepth: 2) {
            event.send(1)
            event.send(2)
        }
        #expect(runaway == nil)
        #expect(payloads == [1, 2])
    }

    @Test func eachThreadHasItsOwnDepthAndALongChainFitsASmallStack() throws {
        // A thread of 512 KiB (a secondary thread's default on Apple
        // platforms) sends a chain of 20,000 events.
        final class Result: @unchecked Sendable {
            let lock = NSLock()
            var runaway: EventRunaway??
        }
        let result = Result()
        let thread = Thread {
            let events = Self.chain(20_000)
            let runaway = EventDelivery.supervise(maximumDepth: EventDelivery.defaultMaximumDepth) {
                events[0].send()
            }
            result.lock.withLock { result.runaway = .some(runaway) }
        }
        thread.stackSize = 512 << 10
        thread.start()
        waitUntil(timeout: .seconds(60)) { result.lock.withLock { result.runaway != nil } }
        let runaway = try #require(result.lock.withLock { result.runaway })
        #expect(runaway == EventRunaway(kind: .tooDeep(limit: EventDelivery.defaultMaximumDepth), depth: 100))
        #expect(EventDelivery.depth == 0)
    }
}
