import Dispatch
import SceneOutput
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One file's output while it runs: written by the job's thread (through a
/// ``SpoolWriter``) to a ``ScratchFile``, read back by the calling thread
/// as it grows.
final class Spool: Sendable {
    private struct State {
        /// How many bytes the file holds.
        var written = 0
        /// What the job gave, once done.
        var result: FileResult?
        /// The output failed: nothing more will be read.
        var isAbandoned = false
    }

    private let file = ScratchFile()
    private let state = Mutex(State())
    /// Signalled whenever the state changes.
    private let changed = DispatchSemaphore(value: 0)

    var hasFailed: Bool { state.withLock { $0.isAbandoned } || file.failureReason != nil }

    var isAbandoned: Bool { state.withLock { $0.isAbandoned } }

    /// Why the spool could not be written or read, if it could not.
    var failureReason: String? { file.failureReason }

    /// The job is done (its writer flushed): what it gave.
    func finish(_ result: FileResult) {
        state.withLock { $0.result = result }
        changed.signal()
    }

    /// No one will read it: the job may stop.
    func abandon() {
        state.withLock { $0.isAbandoned = true }
        changed.signal()
    }

    /// The job's thread: adds `buffer` to the file.
    func append(_ buffer: [UInt8]) {
        file.write(bytes: buffer[...])
        let written = file.flush()
        state.withLock { $0.written = written }
        changed.signal()
    }

    /// The byte before a workflow command in the spool.
    static let commandMark: UInt8 = 0xFF

    /// Writes spooled bytes (whole lines, or the end): text as text, and
    /// each workflow command, from its mark to the end of its line, as one.
    private static func forward(_ bytes: ArraySlice<UInt8>, to output: any TextSink) {
        var rest = bytes
        while let mark = rest.firstIndex(of: commandMark) {
            if mark > rest.startIndex { output.write(String(decoding: rest[..<mark], as: UTF8.self)) }
            let commandStart = rest.index(after: mark)
            let lineEnd = rest[commandStart...].firstIndex(of: 0x0A).map { rest.index(after: $0) } ?? rest.endIndex
            output.writeWorkflowCommand(String(decoding: rest[commandStart..<lineEnd], as: UTF8.self))
            rest = rest[lineEnd...]
        }
        if !rest.isEmpty { output.write(String(decoding: rest, as: UTF8.self)) }
    }

    /// Copies the output to `output` as it comes, whole lines at a time,
    /// until the job is done; its result, or `nil` when the spool could
    /// not be read back or the job's output failed.
    func copy(to output: any TextSink) -> FileResult? {
        var copied = 0
        var pending: [UInt8] = []
        while true {
            let (available, result) = state.withLock { ($0.written, $0.result) }
            guard file.failureReason == nil else { return nil }
            if copied == available {
                if let result {
                    Self.forward(pending[...], to: output)
                    return result
                }
                changed.wait()
                continue
            }
            let failure = file.read(from: copied, upTo: available) { piece in
                copied += piece.count
                // Whole lines only, so that no character is split between writes.
                pending += piece
                if let lastBreak = pending.lastIndex(of: 0x0A) {
                    Self.forward(pending[...lastBreak], to: output)
                    pending.removeSubrange(...lastBreak)
                }
            }
            guard failure == nil else { return nil }
        }
    }
}
