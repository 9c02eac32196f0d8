import Dispatch
import LanguageServerProtocol
import SceneOutput
import Synchronization

/// The messages read and not yet answered, shared by the reading thread
/// and the answering one.
final class MessageQueue: Sendable {
    private struct State {
        var messages: [Result<IncomingMessage, IncomingMessageError>] = []
        var cancelled: Set<RequestID> = []
        var isAtEnd = false
    }
    private let state = Mutex(State())
    private let arrived = DispatchSemaphore(value: 0)

    /// The most cancellations of requests not yet read that are kept.
    static let maxCancellations = 1_000

    /// Adds a message read; a cancellation only marks its request (one for
    /// a request already answered is dropped when too many are kept).
    func add(_ message: Result<IncomingMessage, IncomingMessageError>) {
        if case .success(.notification("$/cancelRequest", let params)) = message {
            guard let id = RequestID(params["id"]) else { return }
            state.withLock { state in
                if state.cancelled.count >= Self.maxCancellations { state.cancelled.removeAll() }
                state.cancelled.insert(id)
            }
            return
        }
        state.withLock { $0.messages.append(message) }
        arrived.signal()
    }

    /// Says the input has ended.
    func end() {
        state.withLock { $0.isAtEnd = true }
        arrived.signal()
    }

    /// The next message, waiting until `deadline` at most; `.none` when
    /// the wait ran out, `.end` once the input ended and every message was taken.
    enum Taken {
        case message(Result<IncomingMessage, IncomingMessageError>)
        case none
        case end
    }

    func take(waitingUntil deadline: ContinuousClock.Instant?) -> Taken {
        while true {
            let taken: Taken? = state.withLock { state in
                if !state.messages.isEmpty { return .message(state.messages.removeFirst()) }
                return state.isAtEnd ? .end : nil
            }
            if let taken { return taken }
            if let deadline {
                let left = ContinuousClock.now.duration(to: deadline)
                guard left > .zero else { return .none }
                let (seconds, attoseconds) = left.components
                let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
                if arrived.wait(timeout: .now() + .nanoseconds(max(nanoseconds, 1))) == .timedOut { return .none }
            } else {
                arrived.wait()
            }
        }
    }

    /// Whether more messages wait.
    var isEmpty: Bool { state.withLock { $0.messages.isEmpty } }

    /// Whether request `id` was cancelled, forgetting it.
    func takeCancellation(of id: RequestID) -> Bool {
        state.withLock { $0.cancelled.remove(id) != nil }
    }
}

extension LanguageServer {
    /// Serves the client on `reader` and `writer` until `exit`, or until
    /// the client goes away (the input ends, or output cannot be written).
    /// Returns the exit status: 0 after `shutdown` then `exit`, else 1.
    public func serve(reader: MessageReader, writer: MessageWriter) -> Int32 {
        let queue = MessageQueue()
        nonisolated(unsafe) var reader = reader
        DispatchQueue(label: "SceneLanguageServer.reader").async {
            while true {
                switch reader.next() {
                case .message(let content): queue.add(IncomingMessage.read(content))
                case .refused(let reason):
                    queue.add(.failure(IncomingMessageError(id: nil, error: .init(.invalidRequest, reason))))
                case .end:
                    queue.end()
                    return
                }
            }
        }
        while phase != .exited, writer.isOpen {
            // Checks wait while messages come: a burst of changes is checked once.
            switch queue.take(waitingUntil: nextCheck) {
            case .end:
                return exitedCleanly ? 0 : 1
            case .none:
                break
            case .message(.failure(let failure)):
                writer.send(OutgoingMessage.response(failure.id, error: failure.error))
            case .message(.success(let message)):
                if case .request(let id, _, _) = message, queue.takeCancellation(of: id) {
                    writer.send(
                        OutgoingMessage.response(id, error: .init(.requestCancelled, "the request was cancelled")))
                    continue
                }
                for outgoing in handle(message) { writer.send(outgoing) }
            }
            if queue.isEmpty {
                for outgoing in checksDue(at: .now) { writer.send(outgoing) }
            }
        }
        return exitedCleanly ? 0 : 1
    }
}
