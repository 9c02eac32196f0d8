import SceneOutput
import Synchronization

/// Writes Language Server Protocol messages, each framed with its
/// `Content-Length`, whole: messages from different threads never
/// interleave.
///
///     let writer = MessageWriter(fileDescriptor: 1)
///     writer.send(.fields([("jsonrpc", .string("2.0")), ("method", .string("exit"))]))
public final class MessageWriter: Sendable {
    private let write: @Sendable ([UInt8]) -> Bool
    private let lock = Mutex(true)

    /// A writer to `fileDescriptor` (standard output is 1). A write that
    /// fails (the client has gone: `EPIPE`) makes ``isOpen`` false.
    public init(fileDescriptor: Int32) {
        // Each message is written at once, whole, under the writer's lock.
        nonisolated(unsafe) let output = DescriptorOutput(descriptor: fileDescriptor, bufferSize: 0)
        write = { bytes in
            output.write(bytes: bytes[...])
            return output.failure == 0
        }
    }

    /// A writer handing each framed message's bytes to `write`, which says
    /// whether it could take them.
    public init(_ write: @escaping @Sendable ([UInt8]) -> Bool) {
        self.write = write
    }

    /// Whether every message so far was written.
    public var isOpen: Bool { lock.withLock { $0 } }

    /// Writes `message` framed; false when it could not be (nor any after a failure).
    @discardableResult
    package func send(_ message: JSONValue) -> Bool {
        let body = Array(message.compact.utf8)
        var bytes = Array("Content-Length: \(body.count)\r\n\r\n".utf8)
        bytes.append(contentsOf: body)
        return lock.withLock { isOpen in
            guard isOpen else { return false }
            isOpen = write(bytes)
            return isOpen
        }
    }
}
