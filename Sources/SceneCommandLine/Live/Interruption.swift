import SceneCore
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ctrl-C (SIGINT) and SIGTERM end a live session at once, cleanly: the
/// handler only sets a flag, which the session's loop looks at after each
/// wait (a signal also cuts the wait short).
package struct Interruption {
    private static let flag = Atomic<Bool>(false)

    package static var happened: Bool { flag.load(ordering: .relaxed) }

    /// Ends the session, as a signal does (from ``SignalHandling``'s thread).
    package static func interrupt() { flag.store(true, ordering: .relaxed) }

    /// The handlers there were before, put back by ``restore()``.
    private var previous: [(signal: Int32, action: sigaction)] = []

    /// Installs the handler (and unblocks the signals); the program's own
    /// handlers come back with ``restore()``.
    package static func install() -> Interruption {
        flag.store(false, ordering: .relaxed)
        SignalHandling.setListening(true)
        FileWatcher.allowInterruption()
        var action = sigaction()
        #if canImport(Darwin)
            action.__sigaction_u.__sa_handler = { _ in Interruption.flag.store(true, ordering: .relaxed) }
        #else
            action.__sigaction_handler.sa_handler = { _ in Interruption.flag.store(true, ordering: .relaxed) }
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        var installed = Interruption()
        for signal in [SIGINT, SIGTERM] {
            var old = sigaction()
            if sigaction(signal, &action, &old) == 0 { installed.previous.append((signal, old)) }
        }
        return installed
    }

    package func restore() {
        SignalHandling.setListening(false)
        for (signal, action) in previous {
            var action = action
            sigaction(signal, &action, nil)
        }
    }
}
