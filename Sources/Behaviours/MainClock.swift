import Dispatch

/// The real time of the main thread: the clock a behaviour in an app runs
/// on, as UIKit's timers and animations do.
///
///     let controller = TimeoutController(providers: [], timeout: .milliseconds(300))
///     controller.timeoutHandler = { print("timed out") }
///     controller.resume()     // about 300 ms later, on the main thread: "timed out"
///
/// Its time is the monotonic time since the clock was made; its timers
/// run on the main dispatch queue, so a program that uses it keeps the
/// main thread serving that queue (an app's run loop, `dispatchMain()`, or
/// an `async` main that awaits). A timer never fires early; how late it
/// is depends on how busy the main thread is.
@MainActor
public final class MainClock {
    /// The clock behaviours made on the main thread use by default.
    ///
    ///     let clock = MainClock.shared
    public static let shared = MainClock()

    private let origin = ContinuousClock.now
    private var actions: [UInt64: () -> Void] = [:]
    private var scheduled: UInt64 = 0

    /// A clock whose time starts now.
    ///
    ///     let clock = MainClock()
    public init() {}

    /// How many timers are waiting to fire.
    ///
    ///     clock.pendingCount   // 0 once every timer fired or was cancelled
    public var pendingCount: Int { actions.count }

    private func fire(_ number: UInt64) {
        guard let action = actions.removeValue(forKey: number) else { return }
        action()
    }
}

extension MainClock: @MainActor BehaviourClock {
    /// The time since the clock was made, on the monotonic clock.
    public var now: Duration { ContinuousClock.now - origin }

    /// Calls `action` on the main thread `delay` from now, unless cancelled.
    @discardableResult
    public func schedule(after delay: Duration, _ action: @escaping () -> Void) -> ClockTimer {
        scheduled &+= 1
        let number = scheduled
        actions[number] = action
        let components = max(delay, .zero).components
        let nanoseconds = components.seconds.multipliedReportingOverflow(by: 1_000_000_000)
        // A delay past what the dispatch clock counts waits for ever, as a
        // timer that never comes due.
        guard !nanoseconds.overflow, nanoseconds.partialValue < Int64(Int.max) - 1_000_000_000 else {
            return ClockTimer(number: number)
        }
        let total = Int(nanoseconds.partialValue) + Int(components.attoseconds / 1_000_000_000)
        DispatchQueue.main.asyncAfter(deadline: .now() + .nanoseconds(total)) { [weak self] in
            MainActor.assumeIsolated { self?.fire(number) }
        }
        return ClockTimer(number: number)
    }

    /// Cancels `timer`; nothing happens when it fired already.
    public func cancel(_ timer: ClockTimer) {
        actions[timer.number] = nil
    }
}
