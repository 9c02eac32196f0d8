import Dispatch

/// Runs a parse on a second thread: the loader's pipelined read starts its
/// work here.
///
///     let run = ParsingWorker.start { parse() }
///     // ... consume what the parse produces ...
///     run.wait()
///
/// Built on Dispatch: each job goes to a serial queue of its own, so that
/// jobs of loads on different threads run side by side, and such a queue
/// draws on the overcommitting pool, which always grants a thread even
/// while other jobs block (a job waits on its consumer). The pool keeps
/// its threads for a while after a job, so a process that loads again
/// soon does not pay to start a thread each time.
package enum ParsingWorker {
    /// A job started by ``start(_:)``, to wait for.
    package struct Run: Sendable {
        fileprivate let done: DispatchSemaphore

        /// Returns once the job has returned. Call it once.
        package func wait() { done.wait() }
    }

    /// Starts `job` on a thread other than the caller's.
    package static func start(_ job: @escaping @Sendable () -> Void) -> Run {
        let done = DispatchSemaphore(value: 0)
        DispatchQueue(label: "SceneYAML.ParsingWorker").async {
            job()
            done.signal()
        }
        return Run(done: done)
    }
}
