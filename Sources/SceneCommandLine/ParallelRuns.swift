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

    /// A workflow command goes to the spool after a byte no text holds
    /// (0xFF is never in UTF-8), so that the copy writes it as one.
    func writeWorkflowCommand(_ line: String) {
        buffer.append(Spool.commandMark)
        buffer.append(contentsOf: line.utf8)
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
