/// The real clock a live session reads: the time elapsed since it was
/// made. Injected, so that a test moves it by hand and the session's
/// waits, frame pacing and latencies are checked without sleeping.
///
///     let clock = LiveClock.monotonic()
///     let started = clock.now
///     ...
///     let waited = clock.now - started
package struct LiveClock: Sendable {
    private let read: @Sendable () -> Duration

    /// A clock whose time is what `read` says (never going back).
    package init(_ read: @escaping @Sendable () -> Duration) {
        self.read = read
    }

    /// The time elapsed since the clock was made.
    package var now: Duration { read() }

    /// The system's monotonic clock (which does not jump with the time of
    /// day), counting from now.
    package static func monotonic() -> LiveClock {
        let clock = ContinuousClock()
        let start = clock.now
        return LiveClock { start.duration(to: clock.now) }
    }
}
