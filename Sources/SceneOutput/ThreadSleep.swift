#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Blocking the calling thread for a while, whole: a signal that cuts the
/// sleep short (EINTR) is slept through, so that a poll's interval or a
/// child's back-off stays what it says.
///
///     ThreadSleep.sleep(for: .milliseconds(200))
package enum ThreadSleep {
    /// Blocks the calling thread for `duration` (nothing for zero or less).
    package static func sleep(for duration: Duration) {
        guard duration > .zero else { return }
        let (seconds, attoseconds) = duration.components
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        var remaining = timespec()
        // Each retry sleeps what is left, which only shrinks: bounded.
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }
}
