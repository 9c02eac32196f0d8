import Foundation

/// Waits for something another process or thread does: checks `condition`
/// every `poll` until it holds or `timeout` has passed, and says whether it
/// held.
///
///     #expect(waitUntil { !process.isRunning })
///
/// `timeout` is a hang guard, not a speed target: on a loaded machine a
/// child process can take seconds to start, so the default is generous and
/// a test that waits for what surely comes costs only the time it takes.
/// The condition is checked once more at the deadline, so a wait that ends
/// late still sees what happened. This is the tests' one polling loop: a
/// test waits for the thing itself (a file, a line of output, a state),
/// never for a fixed time.
@discardableResult
public func waitUntil(
    timeout: Duration = .seconds(30), poll: Duration = .milliseconds(20), _ condition: () throws -> Bool
) rethrows -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while clock.now < deadline {
        if try condition() { return true }
        Thread.sleep(forTimeInterval: poll.timeInterval)
    }
    return try condition()
}

/// Lets `duration` of real time pass, for a test whose subject is itself a
/// real-time limit (a timeout, a rate) and so must see time go by: nothing
/// else to wait for happens meanwhile. Any other test waits for what it
/// expects with ``waitUntil(timeout:poll:_:)``.
///
///     server.start(idleTimeout: .milliseconds(200))
///     letRealTimePass(.milliseconds(300))
///     #expect(!server.isOpen)
public func letRealTimePass(_ duration: Duration) {
    Thread.sleep(forTimeInterval: duration.timeInterval)
}

/// Lets `duration` of real time pass without holding the thread, for an
/// `async` test on the main actor whose subject is a real-time clock: a
/// reference timer of another kind to judge the clock's own against
/// (`MainClockTests`).
///
///     await letRealTimePassAsync(.milliseconds(300))
public func letRealTimePassAsync(_ duration: Duration) async {
    try? await Task.sleep(for: duration)
}
