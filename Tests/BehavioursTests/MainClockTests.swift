import Behaviours
import Testing

/// The real clock, in real time: each test waits for what the controller
/// does and then checks when it happened against the clock, with a
/// tolerance for a loaded machine above and none below.
@Suite struct MainClockTests {
    /// How late a timer may be on a loaded machine.
    static let tolerance = Duration.seconds(2)

    @MainActor @Test func aControllerTimesOutAboutItsTimeoutLater() async {
        let started = ContinuousClock.now
        let controller = TimeoutController(providers: [], timeout: .milliseconds(300))
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            controller.timeoutHandler = { done.resume() }
            controller.resume()
        }
        let elapsed = ContinuousClock.now - started
        #expect(elapsed >= .milliseconds(300))
        #expect(elapsed < .milliseconds(300) + Self.tolerance)
        #expect(!controller.isRunning)
    }

    @MainActor @Test func aTouchBeforeTheTimeoutHoldsItOffUntilItEnds() async {
        let clock = MainClock()
        let controller = TimeoutController(providers: [], timeout: .milliseconds(300), clock: clock)
        var endedAt: Duration?
        let timedOutAt: Duration = await withCheckedContinuation { done in
            controller.timeoutHandler = { done.resume(returning: clock.now) }
            controller.resume()
            clock.schedule(after: .milliseconds(100)) { controller.interactionBegan() }
            clock.schedule(after: .milliseconds(600)) {
                endedAt = clock.now
                controller.interactionEnded()
            }
        }
        if let ended = endedAt {
            // Held off past its first deadline, then a full timeout after the touch ended.
            #expect(ended >= .milliseconds(600))
            #expect(timedOutAt >= ended + .milliseconds(300))
            #expect(timedOutAt < ended + .milliseconds(300) + Self.tolerance)
        } else {
            Issue.record("it timed out before the touch ended")
        }
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
