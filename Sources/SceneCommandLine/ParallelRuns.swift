import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs files on several threads and writes their output in the order of
/// the files, exactly as a run of one file after another would.
///
/// Each file's output goes, as it is made, to a spool: an unlinked
/// temporary file of its own. The calling thread copies the spools to the
/// output in file order, following the one it is on as it grows, so the
/// first file streams while it runs and memory stays flat however much the
/// files still waiting their turn print.
struct ParallelRuns {
    /// What a job does: runs `file`, writing to the sink, until `stop` says
    /// so. Called on the jobs' threads, so it is `@Sendable`: it may share
    /// only what is (a runner and its registry, which do not change), and
    /// makes whatever else a run needs on the thread that runs it.
    typealias Job = @Sendable (_ file: String, _ output: any TextSink, _ stop: @escaping () -> Bool) -> FileResult

    let files: [String]
    let jobs: Int
    let output: any TextSink
    let job: Job

    /// The processors available.
    static var processorCount: Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

    /// Runs every file, calling `count` with each file's result in file
    /// order. Throws when a file's spooled output could not be written or
    /// read back (a full temporary folder), after the runs have stopped.
    func run(_ count: (FileResult) -> Void) throws(CommandFailure) {
        let spools = files.map { _ in Spool() }
        let next = Mutex(0)
        let (files, job) = (files, job)
        let group = DispatchGroup()
        for _ in 0..<jobs {
            DispatchQueue.global().async(group: group) {
                while true {
                    let index = next.withLock { index in
                        defer { index += 1 }
                        return index
                    }
                    guard index < files.count else { return }
                    let spool = spools[index]
                    guard !spool.isAbandoned else { continue }
                    // The job's side of the spool is made on the job's thread.
                    let writer = SpoolWriter(spool)
                    let result = job(files[index], writer) { spool.hasFailed }
                    writer.flush()
                    spool.finish(result)
                }
            }
        }
        var isCopying = true
        var lost: CommandFailure?
        for (index, spool) in spools.enumerated() {
            guard isCopying else {
                spool.abandon()
                continue
            }
            guard let result = spool.copy(to: output) else {
                isCopying = false
                spool.abandon()
                lost = CommandFailure(
                    message:
                        "could not keep the output of '\(files[index])' while other scenes ran: \(spool.failureReason ?? "unknown error"); run with --jobs 1",
                    status: ExitStatus.outputFailed)
                continue
            }
            count(result)
            if output.hasFailed { isCopying = false }
        }
        group.wait()
        if let lost { throw lost }
    }
}

/// The job's side of a ``Spool``, made on the job's thread and used only
/// there: it gathers what the job writes and hands it to the spool in
/// large pieces.
final class SpoolWriter: TextSink {
    private let spool: Spool
    private var buffer: [UInt8] = []

    init(_ spool: Spool) { self.spool = spool }

    func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 14 { flush() }
    }

    var hasFailed: Bool { spool.hasFailed }

    func flush() {
        guard !buffer.isEmpty else { return }
        spool.append(buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}

/// One file's output while it runs: written by the job's thread (through a
/// ``SpoolWriter``) to an unlinked temporary file, read back by the
/// calling thread.
final class Spool: Sendable {
    private struct State {
        /// The file, once the job has written to it.
        var descriptor: Int32 = -1
        /// How many bytes the file holds.
        var written = 0
        /// What the job gave, once done.
        var result: FileResult?
        /// The output failed: nothing more will be read.
        var isAbandoned = false
        /// Why the spool could not be written, if it could not.
        var failure: Int32 = 0
    }

    private let state = Mutex(State())
    /// Signalled whenever the state changes.
    private let changed = DispatchSemaphore(value: 0)

    deinit {
        let descriptor = state.withLock { $0.descriptor }
        if descriptor >= 0 { close(descriptor) }
    }

    var hasFailed: Bool { state.withLock { $0.failure != 0 || $0.isAbandoned } }

    var isAbandoned: Bool { state.withLock { $0.isAbandoned } }

    /// Why the spool could not be written or read, if it could not.
    var failureReason: String? {
        let failure = state.withLock { $0.failure }
        return failure == 0 ? nil : String(cString: strerror(failure))
    }

    private func fail(_ code: Int32) {
        state.withLock { if $0.failure == 0 { $0.failure = code == 0 ? EIO : code } }
        changed.signal()
    }

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
        var (descriptor, written, failure) = state.withLock { ($0.descriptor, $0.written, $0.failure) }
        guard failure == 0 else { return }
        if descriptor < 0 {
            descriptor = Spool.makeFile()
            guard descriptor >= 0 else { return fail(errno) }
            state.withLock { $0.descriptor = descriptor }
        }
        var start = 0
        while start < buffer.count {
            let count = buffer[start...].withUnsafeBytes {
                pwrite(descriptor, $0.baseAddress, $0.count, off_t(written))
            }
            if count < 0 {
                if errno == EINTR { continue }
                failure = errno
                return fail(failure)
            }
            start += count
            written += count
        }
        state.withLock { $0.written = written }
        changed.signal()
    }

    /// Copies the output to `output` as it comes, whole lines at a time,
    /// until the job is done; its result, or `nil` when the spool could
    /// not be read back or the job's output failed.
    func copy(to output: any TextSink) -> FileResult? {
        var copied = 0
        var pending: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let (descriptor, available, result, failure) = state.withLock {
                ($0.descriptor, $0.written, $0.result, $0.failure)
            }
            guard failure == 0 else { return nil }
            if copied == available {
                if let result {
                    if !pending.isEmpty { output.write(String(decoding: pending, as: UTF8.self)) }
                    return result
                }
                changed.wait()
                continue
            }
            let count = chunk.withUnsafeMutableBytes {
                pread(descriptor, $0.baseAddress, min($0.count, available - copied), off_t(copied))
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                state.withLock { if $0.failure == 0 { $0.failure = count < 0 ? errno : EIO } }
                return nil
            }
            copied += count
            // Whole lines only, so that no character is split between writes.
            pending += chunk[0..<count]
            if let lastBreak = pending.lastIndex(of: 0x0A) {
                output.write(String(decoding: pending[...lastBreak], as: UTF8.self))
                pending.removeSubrange(...lastBreak)
            }
        }
    }

    /// A new temporary file, already unlinked, open for reading and writing.
    static func makeFile() -> Int32 {
        let directory = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array((directory + "/scene-runner-XXXXXX").utf8CString)
        return template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let path = buffer.baseAddress else { return -1 }
            let descriptor = mkstemp(path)
            if descriptor >= 0 { unlink(path) }
            return descriptor
        }
    }
}
