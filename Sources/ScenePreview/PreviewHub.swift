import NIOCore
import NIOWebSocket
import SceneLoader
import SceneOutput
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the session's thread and the server's threads share: the pages
/// connected, the messages they sent that wait for the session, the last
/// picture and the transcript so far (for a page that connects late).
///
/// A message from a page is kept here and only its number goes through a
/// pipe, whose other end is the live session's input: the session wakes
/// as it would for a typed line, and each write to the pipe is a few bytes
/// (never split, never blocking: a full pipe drops the message, with a
/// notice).
package final class PreviewHub: Sendable {
    /// The end of the pipe the session reads.
    package let inputDescriptor: Int32
    private let writeDescriptor: Int32
    private let state = Mutex(State())
    private let clock = ContinuousClock()

    /// The most messages waiting for the session; more are dropped.
    static let maximumPending = 1_024
    /// The most transcript bytes kept for a page that connects late.
    static let maximumBacklogBytes = 1 << 18
    /// The most latencies kept for the report.
    static let maximumLatencies = 100_000

    private struct Client {
        let channel: any Channel
        /// Whether the newest picture could not be sent (the page was slow).
        var isStale = false
    }

    private struct Pending {
        let text: String
        let arrival: ContinuousClock.Instant
    }

    private struct State {
        var clients: [ObjectIdentifier: Client] = [:]
        var nextNumber = 0
        var pending: [Int: Pending] = [:]
        /// Arrivals of the messages the session took since the last picture.
        var handled: [ContinuousClock.Instant] = []
        var frame: String?
        /// The session's objects message, for a page that connects late.
        var objects: String?
        var backlog: [String] = []
        var backlogBytes = 0
        var latencies: [Duration] = []
        var isClosed = false
    }

    /// A hub with a new pipe; `nil` when the system has no descriptor left.
    package init?() {
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else { return nil }
        inputDescriptor = descriptors[0]
        writeDescriptor = descriptors[1]
        _ = fcntl(writeDescriptor, F_SETFL, fcntl(writeDescriptor, F_GETFL) | O_NONBLOCK)
        _ = fcntl(inputDescriptor, F_SETFD, FD_CLOEXEC)
        _ = fcntl(writeDescriptor, F_SETFD, FD_CLOEXEC)
    }

    deinit {
        closeDescriptor(inputDescriptor)
        closeDescriptor(writeDescriptor)
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

    /// A message from a page, checked: kept for the session, or dropped
    /// with a notice to that page.
    package func receive(_ text: String, from channel: any Channel) {
        let arrival = clock.now
        let number: Int? = state.withLock { state in
            guard !state.isClosed, state.pending.count < Self.maximumPending else { return nil }
            state.nextNumber += 1
            state.pending[state.nextNumber] = Pending(text: text, arrival: arrival)
            return state.nextNumber
        }
        guard let number else {
            Self.send(Self.message("notice", "the scene is busy: a message was dropped"), to: channel)
            return
        }
        let line = Array("\(number)\n".utf8)
        let written = line.withUnsafeBytes { write(writeDescriptor, $0.baseAddress, $0.count) }
        if written != line.count {
            _ = state.withLock { $0.pending.removeValue(forKey: number) }
            Self.send(Self.message("notice", "the scene is busy: a message was dropped"), to: channel)
        }
    }

    /// Tells one page why its message was dropped.
    package func notice(_ text: String, to channel: any Channel) {
        Self.send(Self.message("notice", text), to: channel)
    }

    // MARK: The session's side

    /// The message numbered by `line` (the pipe's text), taken, with when
    /// it arrived: `nil` when there is none.
    package func take(_ line: String) -> (text: String, arrival: ContinuousClock.Instant)? {
        guard let number = Int(line) else { return nil }
        return state.withLock { state in
            state.pending.removeValue(forKey: number).map { ($0.text, $0.arrival) }
        }
    }

    /// A message that arrived at `arrival` became a step: the next picture
    /// answers it (and is sent even if it did not change).
    package func expectAnswer(to arrival: ContinuousClock.Instant) {
        state.withLock { $0.handled.append(arrival) }
    }

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

    /// Refuses pages and messages from now on, and closes the pages'
    /// connections; the channels closed.
    package func closeAll() -> [any Channel] {
        state.withLock { state in
            state.isClosed = true
            let channels = state.clients.values.map(\.channel)
            state.clients.removeAll()
            return channels
        }
    }

    // MARK: Messages

    /// `{"kind": kind, "text": text}`.
    static func message(_ kind: String, _ text: String) -> String {
        JSONValue.fields([("kind", .string(kind)), ("text", .string(text))]).compact
    }

    static func send(_ text: String, to channel: any Channel) {
        var buffer = channel.allocator.buffer(capacity: text.utf8.count)
        buffer.writeString(text)
        channel.writeAndFlush(WebSocketFrame(fin: true, opcode: .text, data: buffer), promise: nil)
    }
}

private func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
}
