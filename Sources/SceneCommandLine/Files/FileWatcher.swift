import SceneOutput

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Watches files for changes by looking at them a few times a second: the
/// same on every platform and every file system, and cheap for the handful
/// of scene files a person edits.
///
/// A change is anything a save does: new contents (size or modification
/// time), a new file in its place (an editor that writes a copy and renames
/// it over the original), the file vanishing or coming back.
package struct FileWatcher {
    /// What the watcher last saw of a file.
    struct Stamp: Equatable {
        var exists: Bool
        var size: Int64 = 0
        var seconds: Int = 0
        var nanoseconds: Int = 0
        /// Which file is there: a new one after a copy renamed over it.
        var identity = FileIdentity(device: 0, inode: 0)

        /// What the file system says of `path` now.
        init(of path: String) {
            var status = stat()
            guard stat(path, &status) == 0 else {
                exists = false
                return
            }
            exists = true
            size = Int64(status.st_size)
            #if canImport(Darwin)
                seconds = Int(status.st_mtimespec.tv_sec)
                nanoseconds = Int(status.st_mtimespec.tv_nsec)
            #else
                seconds = Int(status.st_mtim.tv_sec)
                nanoseconds = Int(status.st_mtim.tv_nsec)
            #endif
            identity = FileIdentity(status)
        }
    }

    /// The files, in the order given (each once).
    package let paths: [String]
    /// How long to wait between looks.
    var interval: Duration = .milliseconds(200)
    private var stamps: [Stamp]

    /// A watcher of `paths`, taking their state now as the starting point.
    package init(_ paths: [String]) {
        var seen = Set<String>()
        self.paths = paths.filter { seen.insert($0).inserted }
        stamps = self.paths.map(Stamp.init(of:))
    }

    /// The files that changed since the last call (or since the watcher was
    /// made), in their order, or an empty list.
    package mutating func changes() -> [String] {
        var changed: [String] = []
        for index in paths.indices {
            let stamp = Stamp(of: paths[index])
            if stamp != stamps[index] {
                stamps[index] = stamp
                changed.append(paths[index])
            }
        }
        return changed
    }

    /// Waits until some file changes and has then stayed as it is for one
    /// interval (so that a save in several writes is read once, whole), and
    /// returns the files that changed. A file that never stops changing is
    /// returned after `maxSettling` intervals all the same. With
    /// `givingUpAfter`, returns an empty list when nothing has changed in
    /// that many intervals (a test's deadline); without it, waits for as
    /// long as it takes.
    mutating func nextChanges(maxSettling: Int = 25, givingUpAfter quietIntervals: Int? = nil) -> [String] {
        var changed: [String] = []
        var settling = 0
        var quiet = 0
        // Until a change: watching is what the command was asked to do,
        // until it is interrupted (or, in a test, until its deadline).
        while true {
            ThreadSleep.sleep(for: interval)
            let now = changes()
            if !changed.isEmpty {
                settling += 1
                if now.isEmpty || settling >= maxSettling { return changed + now.filter { !changed.contains($0) } }
            } else if now.isEmpty, let quietIntervals {
                quiet += 1
                if quiet >= quietIntervals { return [] }
            }
            for path in now where !changed.contains(path) { changed.append(path) }
        }
    }

    /// Lets Ctrl-C, `kill` and a closed terminal end the process even when
    /// it was started with those signals blocked (as some launchers leave
    /// them): watching ends only that way. With ``SignalHandling``'s thread
    /// running, they stay blocked here: that thread takes them.
    static func allowInterruption() {
        guard !SignalHandling.isThreadRunning else { return }
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&signals, signal) }
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }

    /// The local time of day, `14:03:27`, for a person matching a run to
    /// the save that caused it.
    package static func clockTime() -> String {
        var now = time(nil)
        var parts = tm()
        guard localtime_r(&now, &parts) != nil else { return "?" }
        func twoDigits(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(twoDigits(parts.tm_hour)):\(twoDigits(parts.tm_min)):\(twoDigits(parts.tm_sec))"
    }

}
