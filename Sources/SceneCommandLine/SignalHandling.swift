import SceneCore
import SceneOutput
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// How the command line's process meets signals (``SceneCommandLine/main()``):
///
/// - SIGPIPE is ignored: a closed pipe (`run ... | head -1`) is a failed
///   write, reported with ``ExitStatus/outputFailed``, not a silent death;
/// - SIGINT, SIGTERM and SIGHUP are taken by a thread of their own. A live
///   session listening for them (``Interruption``) ends cleanly; otherwise
///   the temporary files and folders still registered in
///   ``TemporaryItems`` (a page's `.partial` file, a store's state folder)
///   are removed, the child processes still running (`dot`,
///   `rsvg-convert`: ``ChildProcess/endAll()``) are killed, and the
///   process ends by the signal, as it would have
///   without the clean-up (a shell shows 128 + its number: 130 for Ctrl-C,
///   143 for SIGTERM, 129 for SIGHUP).
enum SignalHandling {
    /// The signals that end the process, after the clean-up.
    static let endingSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    private static let isInstalled = Atomic<Bool>(false)
    /// Whether a live session takes the interruption itself.
    private static let isListening = Atomic<Bool>(false)
    /// Who ends the process: 0 while nobody has, 1 the command's own end
    /// (``claimOrdinaryExit()``), 2 the signal thread. Whichever claims it
    /// first ends it, so that a command that sees its converter killed by
    /// the clean-up cannot exit with its own status before the signal
    /// ends the process.
    private static let ending = Atomic<Int>(0)

    /// Whether the signal thread runs (so the signals stay blocked in
    /// every other thread).
    static var isThreadRunning: Bool { isInstalled.load(ordering: .relaxed) }

    /// Ignores SIGPIPE, so that a write to a closed pipe fails with EPIPE.
    static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// Blocks the ending signals in this thread (and the threads it starts
    /// from now on) and starts the thread that waits for them. Called once,
    /// at the start of the process, before other threads are started.
    static func install() {
        guard !isInstalled.exchange(true, ordering: .relaxed) else { return }
        var signals = endingSignals.set
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        var thread = pthread_t()
        #if canImport(Darwin)
            let started = pthread_create(&thread, nil, { _ in SignalHandling.waitForSignals() }, nil)
        #else
            let started = pthread_create(&thread, nil, { _ in SignalHandling.waitForSignals() }, nil)
        #endif
        guard started == 0 else {
            // No thread to take them: the signals act as they did.
            pthread_sigmask(SIG_UNBLOCK, &signals, nil)
            isInstalled.store(false, ordering: .relaxed)
            return
        }
        pthread_detach(thread)
    }

    /// While `isListening` is set, an ending signal is handed to the live
    /// session (``Interruption``) instead of ending the process.
    static func setListening(_ listening: Bool) {
        isListening.store(listening, ordering: .relaxed)
    }

    /// Claims the end of the process for the command's own exit status:
    /// returns when it may exit, and never returns when a signal is ending
    /// the process (the signal thread ends it then, by the signal).
    static func claimOrdinaryExit() {
        guard isInstalled.load(ordering: .relaxed) else { return }
        if ending.compareExchange(expected: 0, desired: 1, ordering: .sequentiallyConsistent).exchanged { return }
        // Until the signal thread ends the process, which it is doing.
        while true { pause() }
    }

    private static func waitForSignals() -> UnsafeMutableRawPointer? {
        var signals = endingSignals.set
        // Until the process ends: each signal is taken in turn.
        while true {
            var received: Int32 = 0
            guard sigwait(&signals, &received) == 0 else { continue }
            if isListening.load(ordering: .relaxed) && received != SIGHUP {
                Interruption.interrupt()
                continue
            }
            // The command is already ending the process: let it.
            guard ending.compareExchange(expected: 0, desired: 2, ordering: .sequentiallyConsistent).exchanged else {
                continue
            }
            // No child outlives the runner: a converter left running would
            // go on at full speed, reparented, with nobody to read it.
            ChildProcess.endAll()
            TemporaryItems.removeAll()
            // Ended by the signal itself, so that the parent sees it was
            // interrupted; 128 + its number if that fails.
            signal(received, SIG_DFL)
            var only = [received].set
            pthread_sigmask(SIG_UNBLOCK, &only, nil)
            raise(received)
            _exit(128 + received)
        }
    }
}

extension [Int32] {
    /// The signals as a `sigset_t`.
    fileprivate var set: sigset_t {
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in self { sigaddset(&signals, signal) }
        return signals
    }
}
