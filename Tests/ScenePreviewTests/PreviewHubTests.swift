import Dispatch
import NIOCore
import NIOEmbedded
import NIOWebSocket
import SceneCommandLine
import Synchronization
import Testing

@testable import ScenePreview

/// The hub in plain Swift, its pages `EmbeddedChannel`s: what a page is
/// sent, what its messages become, how the session is woken, and the
/// latencies measured on an injected clock.
@Suite struct PreviewHubTests {
    @Test func aPagesTypedMessagesBecomeInputsInOrder() throws {
        let hub = PreviewHub(clock: ManualClock().live)
        let page = EmbeddedChannel()
        hub.connect(page)
        hub.receive(#"{"kind":"step","line":"tap: play"}"#, from: page)
        hub.receive(#"{"kind":"slide","id":"volume","fraction":0.25}"#, from: page)
        hub.receive(#"{"kind":"inspect","id":"play"}"#, from: page)
        #expect(
            hub.next(waitingUpTo: .zero) == [
                .step("tap: play"), .slide(id: "volume", fraction: 0.25), .inspect(id: "play"),
            ])
        #expect(hub.next(waitingUpTo: .zero).isEmpty, "each message is taken once")
        #expect(try outbound(page).isEmpty, "a message read is not answered by the hub")
        #expect(!hub.isAtEnd)
    }

    @Test func aMessageThePreviewDoesNotReadIsDroppedWithANoticeToItsPage() throws {
        let hub = PreviewHub(clock: ManualClock().live)
        let page = EmbeddedChannel()
        let other = EmbeddedChannel()
        hub.connect(page)
        hub.connect(other)
        for text in [
            "step tap: play", #"{"kind":"slide","id":"volume"}"#, #"{"kind":"dance"}"#, #"{"kind":"step"}"#, "",
        ] {
            hub.receive(text, from: page)
        }
        #expect(hub.next(waitingUpTo: .zero).isEmpty)
        let notices = try outbound(page)
        #expect(notices.count == 5)
        #expect(notices.allSatisfy { $0.contains(#""kind":"notice""#) && $0.contains("does not read") })
        #expect(try outbound(other).isEmpty, "only the page that sent it is told")
    }

    @Test func aPagesNoticesComeInABurstAndThenOneASecondSayingHowManyWereLeftOut() throws {
        let clock = ManualClock()
        let hub = PreviewHub(clock: clock.live)
        let page = EmbeddedChannel()
        hub.connect(page)
        for _ in 0..<(PreviewHub.noticeBurst + 20) { hub.receive(#"{"kind":"dance"}"#, from: page) }
        let burst = try outbound(page)
        #expect(burst.count == PreviewHub.noticeBurst, "\(burst)")
        #expect(!burst.contains { $0.contains("left out") })
        clock.advance(by: .milliseconds(500))
        hub.receive(#"{"kind":"dance"}"#, from: page)
        #expect(try outbound(page).isEmpty, "half a second later there is no room yet")
        clock.advance(by: .milliseconds(500))
        hub.receive(#"{"kind":"dance"}"#, from: page)
        let next = try outbound(page)
        #expect(next.count == 1)
        #expect(next.first?.contains("(21 more notices were left out)") == true, "\(next)")
        hub.disconnect(page)
        clock.advance(by: .seconds(60))
        hub.receive(#"{"kind":"dance"}"#, from: page)
        #expect(try outbound(page).isEmpty, "a page gone is not told")
    }

    @Test func aFullQueueDropsTheMessage() throws {
        let hub = PreviewHub(clock: ManualClock().live)
        let page = EmbeddedChannel()
        hub.connect(page)
        for _ in 0..<PreviewHub.maximumPending { #expect(hub.queue(.step("note: x"))) }
        hub.receive(#"{"kind":"step","line":"note: one too many"}"#, from: page)
        #expect(try outbound(page).contains { $0.contains("the scene is busy") })
        #expect(hub.next(waitingUpTo: .zero).count == PreviewHub.maximumPending)
        #expect(hub.queue(.step("note: room again")))
    }

    @Test func aWaitingSessionIsWokenByAMessage() {
        let hub = PreviewHub(clock: ManualClock().live)
        let started = ContinuousClock.now
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20)) {
            hub.queue(.step("tap: play"))
        }
        // The hang guard: a minute; woken, it returns at once.
        #expect(hub.next(waitingUpTo: .seconds(60)) == [.step("tap: play")])
        #expect(ContinuousClock.now - started < .seconds(60))
    }

    @Test func aLatePageGetsTheTranscriptTheObjectsAndTheLastPicture() throws {
        let hub = PreviewHub(clock: ManualClock().live)
        hub.publish(transcript: "one\n")
        hub.publish(transcript: "two\n")
        hub.publish(objects: #"{"kind":"objects","objects":[]}"#)
        hub.publish(frame: "<svg/>", time: .seconds(1))
        let page = EmbeddedChannel()
        hub.connect(page)
        let greeting = try outbound(page)
        #expect(
            greeting == [
                #"{"kind":"transcript","text":"one\ntwo\n"}"#, #"{"kind":"objects","objects":[]}"#,
                #"{"kind":"frame","time":"1s","svg":"<svg/>"}"#,
            ])
    }

    @Test func theAnswersLatencyIsMeasuredOnTheClock() throws {
        let clock = ManualClock()
        let hub = PreviewHub(clock: clock.live)
        let page = EmbeddedChannel()
        hub.connect(page)
        clock.set(.seconds(1))
        hub.queue(.step("tap: play"))
        hub.queue(.inspect(id: "play"))
        #expect(!hub.hasAnswersDue)
        #expect(hub.next(waitingUpTo: .zero).count == 2)
        #expect(hub.hasAnswersDue, "a step taken waits for its picture")
        clock.set(.milliseconds(1250))
        hub.publish(frame: "<svg/>", time: .zero)
        #expect(!hub.hasAnswersDue)
        #expect(hub.latencies == [.milliseconds(250)], "the inspection is not a step: it has no latency")
        #expect(try outbound(page).last?.contains(#""latencyMicroseconds":250000"#) == true)
    }

    @Test func aClosedHubRefusesPagesAndMessages() throws {
        let hub = PreviewHub(clock: ManualClock().live)
        let page = EmbeddedChannel()
        hub.connect(page)
        #expect(hub.closeAll().count == 1)
        #expect(!hub.queue(.step("tap: play")))
        let late = EmbeddedChannel()
        hub.publish(transcript: "after\n")
        hub.connect(late)
        #expect(try outbound(late).isEmpty)
        #expect(try outbound(page).isEmpty, "a closed page is no longer sent anything")
    }

    /// A step whose YAML aliases expand past 16 MiB from 16 KB of text:
    /// what a page could send 60 of in a second.
    static func aliasBomb() -> String {
        let text = String(repeating: "x", count: 16_384)
        let b = Array(repeating: "*a", count: 16).joined(separator: ", ")
        let c = Array(repeating: "*b", count: 16).joined(separator: ", ")
        return "set: { preview.text: [&a '\(text)', &b [\(b)], &c [\(c)], [*c, *c, *c, *c]] }"
    }

    @Test func aStepWhoseAliasesExpandPastALinesLimitIsRefusedOnArrivalBySize() throws {
        let hub = PreviewHub(clock: ManualClock().live)
        let page = EmbeddedChannel()
        hub.connect(page)
        let bomb = Self.aliasBomb()
        #expect(bomb.utf8.count < 20_000)
        for _ in 0..<60 {
            hub.receive(#"{"kind":"step","line":"\#(bomb)"}"#, from: page)
        }
        // A step with aliases within the limit is queued as before.
        hub.receive(#"{"kind":"step","line":"set: { preview.text: &t hello, query.text: *t }"}"#, from: page)
        #expect(hub.next(waitingUpTo: .zero) == [.step("set: { preview.text: &t hello, query.text: *t }")])
        let notices = try outbound(page)
        #expect(notices.count == PreviewHub.noticeBurst, "the refusals are notices, in a burst and then one a second")
        #expect(
            notices.first?.contains(
                "a step was refused: its YAML aliases expand to more than 16,777,216 bytes of text or 100,000 nodes, and a typed step's may expand to at most 1,048,576 bytes (1 MiB) and 10,000 nodes"
            ) == true, "\(notices)")
    }

    @Test func closingTheHubDropsWhatWaitsRefusesWhatComesAndWakesTheSession() throws {
        let hub = PreviewHub(clock: ManualClock().live)
        let page = EmbeddedChannel()
        hub.connect(page)
        for _ in 0..<60 { hub.receive(#"{"kind":"step","line":"tap: play"}"#, from: page) }
        hub.close()
        #expect(hub.next(waitingUpTo: .zero).isEmpty, "what waited is dropped")
        hub.receive(#"{"kind":"step","line":"tap: play"}"#, from: page)
        #expect(!hub.queue(.step("tap: play")))
        #expect(hub.next(waitingUpTo: .zero).isEmpty, "nothing is taken after the hub is closed")
        #expect(try outbound(page).isEmpty, "a message after closing is neither queued nor answered")
        // Closed, a wait ends at once (the hang guard: a minute).
        let started = ContinuousClock.now
        #expect(hub.next(waitingUpTo: .seconds(60)).isEmpty)
        #expect(ContinuousClock.now - started < .seconds(30))
    }

    @Test func aSessionWaitingForAMessageIsWokenWhenTheHubCloses() {
        let hub = PreviewHub(clock: ManualClock().live)
        let started = ContinuousClock.now
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20)) { hub.close() }
        // The hang guard: a minute; woken, it returns at once.
        #expect(hub.next(waitingUpTo: .seconds(60)).isEmpty)
        #expect(ContinuousClock.now - started < .seconds(30))
    }
}

/// The text of every WebSocket frame written to `channel` so far.
func outbound(_ channel: EmbeddedChannel) throws -> [String] {
    var texts: [String] = []
    while let frame = try channel.readOutbound(as: WebSocketFrame.self) {
        var data = frame.unmaskedData
        texts.append(data.readString(length: data.readableBytes) ?? "")
    }
    return texts
}

/// A clock set by hand.
final class ManualClock: Sendable {
    private let time = Mutex(Duration.zero)

    func set(_ instant: Duration) { time.withLock { $0 = instant } }

    func advance(by duration: Duration) { time.withLock { $0 += duration } }

    var live: LiveClock { LiveClock { [self] in time.withLock { $0 } } }
}
