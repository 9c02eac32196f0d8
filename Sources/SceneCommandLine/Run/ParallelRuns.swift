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
