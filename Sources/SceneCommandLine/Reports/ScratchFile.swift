import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Text kept on disk rather than in memory: an unlinked temporary file
/// (made as ``Spool``'s are), written by one thread, handed on and read
/// back whole by another. A JUnit report keeps each scene's test cases in
/// one while the scene runs, and the report's body in another until its
/// totals are known, so memory stays flat however long the run.
final class ScratchFile: Sendable {
    private struct State {
        var descriptor: Int32 = -1
        var size = 0
        var buffer: [UInt8] = []
        /// Why the file could not be written or read, once it could not.
        var failure: Int32 = 0
    }

    private let state = Mutex(State())

    /// How much is gathered in memory before it is written out.
    private static let bufferSize = 1 << 16

    init() {}

    deinit {
        let descriptor = state.withLock { $0.descriptor }
        if descriptor >= 0 { close(descriptor) }
    }

    /// Why the file failed, or `nil`.
    var failureReason: String? {
        let failure = state.withLock { $0.failure }
        return failure == 0 ? nil : DescriptorOutput.reason(failure)
    }

    /// Adds `text` at the end.
    func write(_ text: String) {
        state.withLock { state in
            guard state.failure == 0 else { return }
            state.buffer.append(contentsOf: text.utf8)
            if state.buffer.count >= Self.bufferSize { Self.flush(&state) }
        }
    }

    /// Adds `bytes` at the end (a piece of another scratch file, which
    /// may end inside a character).
    func write(bytes: ArraySlice<UInt8>) {
        state.withLock { state in
            guard state.failure == 0 else { return }
            state.buffer.append(contentsOf: bytes)
            if state.buffer.count >= Self.bufferSize { Self.flush(&state) }
        }
    }

    /// Reads everything written so far, in pieces, handing each to `body`;
    /// why it could not be, or `nil`.
    func read(_ body: (ArraySlice<UInt8>) -> Void) -> String? {
        let (descriptor, size) = state.withLock { state in
            Self.flush(&state)
            return (state.descriptor, state.size)
        }
        if let reason = failureReason { return reason }
        var chunk = [UInt8](repeating: 0, count: Self.bufferSize)
        var offset = 0
        while offset < size {
            let count = chunk.withUnsafeMutableBytes {
                pread(descriptor, $0.baseAddress, min($0.count, size - offset), off_t(offset))
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return DescriptorOutput.reason(count < 0 ? errno : EIO) }
            body(chunk[0..<count])
            offset += count
        }
        return nil
    }

    /// Writes the buffer to the file (made on the first write).
    private static func flush(_ state: inout State) {
        guard state.failure == 0, !state.buffer.isEmpty else { return }
        if state.descriptor < 0 {
            state.descriptor = Spool.makeFile()
            guard state.descriptor >= 0 else {
                state.failure = errno == 0 ? EIO : errno
                return
            }
        }
        var start = 0
        while start < state.buffer.count {
            let count = state.buffer[start...].withUnsafeBytes {
                pwrite(state.descriptor, $0.baseAddress, $0.count, off_t(state.size))
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                state.failure = count < 0 && errno != 0 ? errno : EIO
                return
            }
            start += count
            state.size += count
        }
        state.buffer.removeAll(keepingCapacity: true)
    }
}
