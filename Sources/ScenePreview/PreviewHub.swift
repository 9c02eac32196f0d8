import Dispatch
import NIOCore
import NIOWebSocket
import SceneCommandLine
import SceneLoader
import SceneOutput
import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What the session's thread and the server's threads share: the pages
/// connected, the messages they sent that wait for the session, the last
/// picture and the transcript so far (for a page that connects late).
///
/// It is the session's input (a ``LiveInputSource``): a message from a
/// page is read into a ``LiveInput`` on the server's thread, queued here,
/// and the session, waiting in ``next(waitingUpTo:)``, is woken through a
/// semaphore. Nothing goes through a descriptor or back into text: a full
/// queue drops the message, with a notice to its page.
package final class PreviewHub: Sendable, LiveInputSource {
    private let state = Mutex(State())
    /// Signalled once for each message queued: what wakes the session.
    private let wakeUp = DispatchSemaphore(value: 0)
    /// The preview's clock: a message's arrival, its answer's departure,
    /// the pages' message rates.
    let clock: LiveClock
    /// The scene's limits: a step typed in the page whose aliases expand
    /// past what a typed line may is refused on arrival, by its size.
    let limits: SceneLimits

    /// The most messages waiting for the session; more are dropped.
    static let maximumPending = 1_024
    /// The most transcript bytes kept for a page that connects late.
    static let maximumBacklogBytes = 1 << 18
    /// The most latencies kept for the report.
    static let maximumLatencies = 100_000

    /// The most notices a page is sent in a burst, and then a second: a
    /// page that sends a flood of messages the preview drops is told, but
    /// not with a flood of its own.
    static let noticeBurst = 10
    static let noticesPerSecond = 1

    private struct Client {
        let channel: any Channel
        /// Whether the newest picture could not be sent (the page was slow).
        var isStale = false
        /// The notices this page may still be sent.
        var notices = RateLimit(perSecond: PreviewHub.noticesPerSecond, burst: PreviewHub.noticeBurst)
        /// Notices left out since the last one sent.
        var noticesLeftOut = 0
    }

    private struct Pending {
        let input: LiveInput
        let arrival: Duration
    }

    private struct State {
        var clients: [ObjectIdentifier: Client] = [:]
        var pending: [Pending] = []
        /// Arrivals of the messages the session took since the last picture.
        var handled: [Duration] = []
        var frame: String?
        /// The session's objects message, for a page that connects late.
        var objects: String?
        var backlog: [String] = []
        var backlogBytes = 0
        var latencies: [Duration] = []
        var isClosed = false
    }

    /// A hub whose arrivals and latencies are read on `clock`, for a scene
    /// loaded under `limits`.
    package init(clock: LiveClock, limits: SceneLimits) {
        self.clock = clock
        self.limits = limits
    }

    /// A hub whose arrivals and latencies are read on `clock`, for a scene
    /// loaded under the default limits.
    package convenience init(clock: LiveClock) {
        self.init(clock: clock, limits: SceneLimits())
    }

    // MARK: The server's side

    /// A page connected: it gets the transcript so far and the picture.
    package func connect(_ channel: any Channel) {
        let greeting: [String] = state.withLock { state in
            guard !state.isClosed else { return [] }
            state.clients[ObjectIdentifier(channel)] = Client(channel: channel)
            var messages = state.backlog.isEmpty ? [] : [Self.message("transcript", state.backlog.joined())]
            if let objects = state.objects { messages.append(objects) }
            if let frame = state.frame { messages.append(frame) }
            return messages
        }
        for message in greeting { Self.send(message, to: channel) }
    }

    /// A page went away.
    package func disconnect(_ channel: any Channel) {
        _ = state.withLock { $0.clients.removeValue(forKey: ObjectIdentifier(channel)) }
    }

    /// A message from a page, read: queued for the session (which it
    /// wakes), or dropped with a notice to that page when it is not a
    /// message the preview reads, when it is a step whose YAML aliases
    /// expand past what a typed line may (refused by its size, here on the
    /// server's thread, before it can hold the session or a Ctrl-C behind
    /// it), or when the session has too many waiting.
    package func receive(_ text: String, from channel: any Channel) {
        guard !isClosed else { return }
        guard let input = Self.input(from: text) else {
            notice("a message the preview does not read was dropped", to: channel)
            return
        }
        if case .step(let line) = input, let refusal = LiveStepCompiler.refusal(ofStep: line, limits: limits.yaml) {
            notice(refusal, to: channel)
            return
        }
        if !queue(input) {
            notice("the scene is busy: a message was dropped", to: channel)
        }
    }

    /// Queues `input` for the session and wakes it; false when the hub is
    /// closed or the queue full.
    @discardableResult
    package func queue(_ input: LiveInput) -> Bool {
        let arrival = clock.now
        let queued = state.withLock { state in
            guard !state.isClosed, state.pending.count < Self.maximumPending else { return false }
            state.pending.append(Pending(input: input, arrival: arrival))
            return true
        }
        if queued { wakeUp.signal() }
        return queued
    }

    /// Tells one page why its message was dropped: not when the page has
    /// not read what was sent before (a page that sends and never reads
    /// does not make the server queue a notice a message), and no more
    /// than ``noticeBurst`` at once and then ``noticesPerSecond`` (the
    /// next notice sent says how many were left out).
    package func notice(_ text: String, to channel: any Channel) {
        guard channel.isWritable else { return }
        let now = clock.now
        let admitted: String? = state.withLock { state in
            let key = ObjectIdentifier(channel)
            // Not a page of this hub (any more): nobody to tell.
            guard var client = state.clients[key] else { return nil }
            let admitted = client.notices.admit(at: now)
            let leftOut = client.noticesLeftOut
            client.noticesLeftOut = admitted ? 0 : leftOut + 1
            state.clients[key] = client
            guard admitted else { return nil }
            return leftOut == 0 ? text : "\(text) (\(leftOut) more notices were left out)"
        }
        guard let admitted else { return }
        Self.send(Self.message("notice", admitted), to: channel, droppable: true)
    }

    // MARK: The session's side

    /// The page's messages are never at an end: the session goes on
    /// until Ctrl-C, `--duration` or a reload.
    package var isAtEnd: Bool { false }

    /// The steps typed in the page are `<page>:N:C` in diagnostics and the
    /// transcript: the Nth step typed, as `live`'s are `<stdin>:N:C`.
    package var inputName: String { Self.inputName }

    /// The name of the page's typed steps.
    package static let inputName = "<page>"

    /// Waits at most `timeout` (on the system's clock) for messages from
    /// the pages; those waiting, taken, in the order they arrived. A step
    /// or a drag taken makes the next picture an answer (see
    /// ``hasAnswersDue``).
    package func next(waitingUpTo timeout: Duration) -> [LiveInput] {
        let waiting = take()
        guard waiting.isEmpty, timeout > .zero, !isClosed else { return waiting }
        // An hour at most: the session's waits are a frame or so.
        let (seconds, attoseconds) = min(timeout, .seconds(3600)).components
        _ = wakeUp.wait(timeout: .now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)))
        return take()
    }

    private func take() -> [LiveInput] {
        state.withLock { state in
            guard !state.pending.isEmpty else { return [] }
            let taken = state.pending
            state.pending.removeAll(keepingCapacity: true)
            for message in taken {
                switch message.input {
                case .step, .slide: state.handled.append(message.arrival)
                case .inspect, .overlongLine: break
                }
            }
            return taken.map(\.input)
        }
    }

    /// Whether a page is connected or a message is waiting: what starts
    /// the preview's first session.
    package var hasPageOrInput: Bool { state.withLock { !$0.clients.isEmpty || !$0.pending.isEmpty } }

    /// Whether messages were taken since the last picture (which is then
    /// sent even when it did not change: it answers them).
    package var hasAnswersDue: Bool { state.withLock { !$0.handled.isEmpty } }

    /// Sends a picture to every page; the time from each message taken
    /// since the last picture to now is its latency.
    package func publish(frame svg: String, time: Duration) {
        let now = clock.now
        let (clients, message): ([any Channel], String) = state.withLock { state in
            let latencies = state.handled.map { now - $0 }
            state.handled.removeAll(keepingCapacity: true)
            if state.latencies.count + latencies.count <= Self.maximumLatencies {
                state.latencies.append(contentsOf: latencies)
            }
            let latest = latencies.max().map {
                Int($0.components.seconds) * 1_000_000 + Int($0.components.attoseconds / 1_000_000_000_000)
            }
            let message = JSONValue.fields([
                ("kind", .string("frame")), ("time", .string(time.sceneText)), ("svg", .string(svg)),
                ("latencyMicroseconds", latest.map(JSONValue.int)),
            ]).compact
            state.frame = message
            var ready: [any Channel] = []
            for key in state.clients.keys {
                guard let client = state.clients[key] else { continue }
                if client.channel.isWritable {
                    ready.append(client.channel)
                    state.clients[key]?.isStale = false
                } else {
                    state.clients[key]?.isStale = true
                }
            }
            return (ready, message)
        }
        for channel in clients { Self.send(message, to: channel) }
    }

    /// Sends the newest picture to the pages that missed it and can now
    /// take it.
    package func catchUpSlowPages() {
        let (channels, frame): ([any Channel], String?) = state.withLock { state in
            var ready: [any Channel] = []
            for (key, client) in state.clients where client.isStale && client.channel.isWritable {
                ready.append(client.channel)
                state.clients[key]?.isStale = false
            }
            return (ready, state.frame)
        }
        guard let frame else { return }
        for channel in channels { Self.send(frame, to: channel) }
    }

    /// Sends transcript text to every page, and keeps it for late ones.
    package func publish(transcript text: String) {
        publish(Self.message("transcript", text), keeping: text)
    }

    /// Sends one message of `kind` to every page.
    package func publish(_ kind: String, _ text: String) {
        publish(Self.message(kind, text), keeping: nil)
    }

    /// Sends the session's objects message, already JSON, to every page,
    /// and keeps it for late ones.
    package func publish(objects message: String) {
        state.withLock { $0.objects = message }
        publish(message, keeping: nil)
    }

    /// Sends `message`, already JSON, to every page.
    package func publish(json message: String) {
        publish(message, keeping: nil)
    }

    private func publish(_ message: String, keeping backlogText: String?) {
        let channels: [any Channel] = state.withLock { state in
            if let backlogText {
                state.backlog.append(backlogText)
                state.backlogBytes += backlogText.utf8.count
                while state.backlogBytes > Self.maximumBacklogBytes, !state.backlog.isEmpty {
                    state.backlogBytes -= state.backlog.removeFirst().utf8.count
                }
            }
            return state.clients.values.map(\.channel)
        }
        for channel in channels { Self.send(message, to: channel) }
    }

    /// The latencies measured so far, from a message's arrival to the
    /// picture that answered it.
    package var latencies: [Duration] { state.withLock { $0.latencies } }

    /// Takes no more messages: those waiting are dropped, later ones are
    /// refused, and a session waiting for one is woken. What the command
    /// does as soon as the sessions end (Ctrl-C, `--duration`), so that
    /// nothing a page sends meanwhile is read or kept while the recording
    /// is written.
    package func close() {
        state.withLock { state in
            state.isClosed = true
            state.pending.removeAll()
        }
        wakeUp.signal()
    }

    /// Whether the hub takes no more messages (``close()``).
    package var isClosed: Bool { state.withLock { $0.isClosed } }

    /// Refuses pages and messages from now on, and closes the pages'
    /// connections; the channels closed.
    package func closeAll() -> [any Channel] {
        close()
        return state.withLock { state in
            let channels = state.clients.values.map(\.channel)
            state.clients.removeAll()
            return channels
        }
    }

    // MARK: Messages

    /// A message a page sends: `{"kind": "step", "line": "tap: play"}`,
    /// `{"kind": "slide", "id": "volume", "fraction": 0.25}` or
    /// `{"kind": "inspect", "id": "play"}`.
    private struct PageMessage: Decodable {
        let kind: String
        let line: String?
        let id: String?
        let fraction: Double?
    }

    /// The input a page's message stands for; `nil` when it is not one the
    /// preview reads.
    static func input(from text: String) -> LiveInput? {
        guard let message = try? JSONDecoder().decode(PageMessage.self, from: Data(text.utf8)) else { return nil }
        switch message.kind {
        case "step": return message.line.map(LiveInput.step)
        case "slide":
            guard let id = message.id, let fraction = message.fraction else { return nil }
            return .slide(id: id, fraction: fraction)
        case "inspect": return message.id.map { LiveInput.inspect(id: $0) }
        default: return nil
        }
    }

    /// `{"kind": kind, "text": text}`.
    static func message(_ kind: String, _ text: String) -> String {
        JSONValue.fields([("kind", .string(kind)), ("text", .string(text))]).compact
    }

    /// Sends `text` to one page. What waits to be sent to a page is
    /// bounded: a `droppable` message (a notice, an inspector's answer) is
    /// dropped when the page has not taken what was sent before (the
    /// channel is not writable), and a page with more than
    /// ``PreviewServer/maximumQueuedBytes`` waiting is closed: it does not
    /// read.
    static func send(_ text: String, to channel: any Channel, droppable: Bool = false) {
        if droppable && !channel.isWritable { return }
        var buffer = channel.allocator.buffer(capacity: text.utf8.count)
        buffer.writeString(text)
        let frame = WebSocketFrame(fin: true, opcode: .text, data: buffer)
        let write: @Sendable () -> Void = {
            let waiting = (try? channel.syncOptions?.getOption(ChannelOptions.bufferedWritableBytes)) ?? 0
            guard waiting <= PreviewServer.maximumQueuedBytes else {
                channel.close(promise: nil)
                return
            }
            channel.writeAndFlush(frame, promise: nil)
        }
        if channel.eventLoop.inEventLoop { write() } else { channel.eventLoop.execute(write) }
    }
}
