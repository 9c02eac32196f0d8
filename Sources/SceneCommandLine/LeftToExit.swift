import Synchronization

/// What a command leaves for the end of the process to free: the objects
/// made for the last file it reads. Nothing reads them once the command's
/// report is written, and ``SceneCommandLine/main()`` ends the process right
/// after, which returns their memory at once instead of object by object.
///
/// Only a process started by `main()` keeps anything: a program or a test
/// that calls ``SceneCommandLine/run(_:)`` again and again frees each
/// file's objects as usual.
enum LeftToExit {
    private static let state = Mutex<(isEnabled: Bool, kept: [Kept])>((false, []))

    /// A value held and never read again: no two threads ever use it, so
    /// holding it is safe whatever it is.
    private final class Kept: @unchecked Sendable {
        let value: Any

        init(_ value: Any) {
            self.value = value
        }
    }

    /// Makes ``keep(_:)`` keep what it is given; `main()` calls it first.
    static func enable() {
        state.withLock { $0.isEnabled = true }
    }

    /// Keeps `value` until the process ends, when it was started by
    /// `main()`; else lets it go at once.
    static func keep(_ value: Any) {
        let kept = Kept(value)
        state.withLock { state in
            if state.isEnabled { state.kept.append(kept) }
        }
    }
}
