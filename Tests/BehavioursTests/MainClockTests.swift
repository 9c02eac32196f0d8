import Behaviours
import TestSupport
import Testing

/// The real clock, in real time: each test waits for what the controller
/// does, then checks when it happened. A timer must never fire early; how
/// late it may be is judged against a reference timer of another kind
/// (a task's sleep on the main actor) due at the same instant, since the
/// main thread is shared: in a full test run other tests hold it for
/// seconds at a time, and both timers then wait for it alike.
@Suite struct MainClockTests {
    /// How far behind the reference a timer may fire on a loaded machine.
    static let tolerance = Duration.milliseconds(500)

    /// When a timer of another kind, due `delay` from now, fired.
    @MainActor
    private final class Reference {
        private(set) var firedAt: Duration?
        private var task: Task<Void, Never>?

        init(after delay: Duration, on clock: MainClock) {
            task = Task { @MainActor [weak self] in
                await letRealTimePassAsync(delay)
                self?.firedAt = clock.now
            }
        }

        /// Waits until it fired, and says when.
        func wait() async -> Duration? {
            await task?.value
            return firedAt
        }
    }

    @MainActor @Test func aControllerTimesOutAboutItsTimeoutLater() async {
        let controller = TimeoutController(providers: [], timeout: .milliseconds(300))
        let clock = MainClock.shared
        let resumedAt = clock.now
        let reference = Reference(after: .milliseconds(300), on: clock)
        let timedOutAt: Duration = await withCheckedContinuation { done in
            controller.timeoutHandler = { done.resume(returning: clock.now) }
            controller.resume()
        }
        #expect(timedOutAt - resumedAt >= .milliseconds(300))
        if let referenceAt = await reference.wait() {
            #expect(timedOutAt < referenceAt + Self.tolerance)
        } else {
            Issue.record("the reference timer never fired")
        }
        #expect(!controller.isRunning)
    }

    @MainActor @Test func aTouchBeforeTheTimeoutHoldsItOffUntilItEnds() async {
        let clock = MainClock()
        let controller = TimeoutController(providers: [], timeout: .milliseconds(300), clock: clock)
        var endedAt: Duration?
        var reference: Reference?
        let timedOutAt: Duration = await withCheckedContinuation { done in
            controller.timeoutHandler = { done.resume(returning: clock.now) }
            controller.resume()
            clock.schedule(after: .milliseconds(100)) { controller.interactionBegan() }
            clock.schedule(after: .milliseconds(600)) {
                endedAt = clock.now
                reference = Reference(after: .milliseconds(300), on: clock)
                controller.interactionEnded()
            }
        }
        guard let ended = endedAt, let referenceAt = await reference?.wait() else {
            Issue.record("it timed out before the touch ended")
            return
        }
        // Held off past its first deadline, then a full timeout after the touch ended.
        #expect(ended >= .milliseconds(600))
        #expect(timedOutAt >= ended + .milliseconds(300))
        #expect(timedOutAt < referenceAt + Self.tolerance)
        #expect(clock.pendingCount == 0)
    }

    @MainActor @Test func aCancelledTimerNeverFires() async {
        let clock = MainClock()
        var fired = false
        let timer = clock.schedule(after: .milliseconds(50)) { fired = true }
        clock.cancel(timer)
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            clock.schedule(after: .milliseconds(200)) { done.resume() }
        }
        #expect(!fired)
        #expect(clock.now >= .milliseconds(200))
    }
}
