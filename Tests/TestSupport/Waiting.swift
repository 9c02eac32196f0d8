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
/// late still sees what happened.
@discardableResult
public func waitUntil(
    timeout: Duration = .seconds(30), poll: Duration = .milliseconds(20), _ condition: () throws -> Bool
) rethrows -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while clock.now < deadline {
        if try condition() { return true }
        Thread.sleep(forTimeInterval: Double(poll.components.seconds) + Double(poll.components.attoseconds) * 1e-18)
    }
    return try condition()
}
