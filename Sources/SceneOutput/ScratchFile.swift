import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Text kept on disk rather than in memory: an unlinked temporary file in
/// `$TMPDIR` (or `/tmp`), made at the first write, written by one thread
/// and read back by another, whole or as it grows. A JUnit report keeps
/// each scene's test cases in one while the scene runs, and the report's
/// body in another until its totals are known; a parallel run keeps each
/// file's output in one until its turn to be printed. Memory stays flat
/// however long the run.
package final class ScratchFile: Sendable {
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

    package init() {}

    deinit {
        let descriptor = state.withLock { $0.descriptor }
        if descriptor >= 0 { close(descriptor) }
    }

    /// Why the file failed, or `nil`.
    package var failureReason: String? {
        let failure = state.withLock { $0.failure }
        return failure == 0 ? nil : DescriptorOutput.reason(failure)
    }

    /// Adds `text` at the end.
    package func write(_ text: String) {
        state.withLock { state in
            guard state.failure == 0 else { return }
            state.buffer.append(contentsOf: text.utf8)
            if state.buffer.count >= Self.bufferSize { Self.flush(&state) }
        }
    }

    /// Adds `bytes` at the end (a piece of another scratch file, which
    /// may end inside a character).
    package func write(bytes: ArraySlice<UInt8>) {
        state.withLock { state in
            guard state.failure == 0 else { return }
            state.buffer.append(contentsOf: bytes)
            if state.buffer.count >= Self.bufferSize { Self.flush(&state) }
        }
    }

    /// Writes what is gathered in memory to the file; how many bytes the
    /// file holds then (what ``read(from:upTo:_:)`` can read).
    @discardableResult
    package func flush() -> Int {
        state.withLock { state in
            Self.flush(&state)
            return state.size
        }
    }

    /// Reads everything written so far, in pieces, handing each to `body`;
    /// why it could not be, or `nil`.
    package func read(_ body: (ArraySlice<UInt8>) -> Void) -> String? {
        read(from: 0, upTo: flush(), body)
    }

    /// Reads the bytes from `start` up to `end` (at most what was flushed),
    /// in pieces, handing each to `body`; why they could not be, or `nil`.
    package func read(from start: Int, upTo end: Int, _ body: (ArraySlice<UInt8>) -> Void) -> String? {
        let descriptor = state.withLock { $0.descriptor }
        if let reason = failureReason { return reason }
        var chunk = [UInt8](repeating: 0, count: Self.bufferSize)
        var offset = max(0, start)
        while offset < end {
            let count = chunk.withUnsafeMutableBytes {
                pread(descriptor, $0.baseAddress, min($0.count, end - offset), off_t(offset))
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                let code = count < 0 ? errno : EIO
                state.withLock { if $0.failure == 0 { $0.failure = code } }
                return DescriptorOutput.reason(code)
            }
            body(chunk[0..<count])
            offset += count
        }
        return nil
    }

    /// Writes the buffer to the file (made on the first write).
    private static func flush(_ state: inout State) {
        guard state.failure == 0, !state.buffer.isEmpty else { return }
        if state.descriptor < 0 {
            state.descriptor = makeFile()
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

    /// A new temporary file, already unlinked, open for reading and
    /// writing; -1 and `errno` when it cannot be made.
    private static func makeFile() -> Int32 {
        let directory = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array((directory + "/scene-runner-XXXXXX").utf8CString)
        return template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let path = buffer.baseAddress else { return -1 }
            let descriptor = mkstemp(path)
            if descriptor >= 0 {
                unlink(path)
                // A child process (`dot`) started meanwhile does not hold it open.
                _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            }
            return descriptor
        }
    }
}
