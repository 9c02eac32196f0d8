import Foundation
import SceneTesting
import TestSupport

/// Where a test runs a scene other than on its own task: each loses the
/// task-local that tells Swift Testing which test is running.
enum OffTaskContext: String, CaseIterable, Sendable {
    case detachedTask, thread, dispatchQueue

    /// Runs `body` in this context and waits (up to a minute) until it ends.
    func run(_ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        let work: @Sendable () -> Void = {
            body()
            done.signal()
        }
        switch self {
        case .detachedTask: Task.detached(operation: work)
        case .thread: Thread(block: work).start()
        case .dispatchQueue: DispatchQueue.global().async(execute: work)
        }
        _ = done.wait(timeout: .now() + 60)
    }
}

/// The line and column of the failing expectation in ``runFailingScene()``.
let failingExpectationLine = #line + 10
let failingExpectationColumn = 8 + 15

/// Runs a scene whose one expectation fails.
func runFailingScene() {
    _ = try? runScene(
        """
        objects:
          spinner: {type: ActivityIndicator}
        script:
          - expect: { spinner.animating: true }
        """)
}

/// What ``runFailingScene()`` reports.
let failingExpectationMessage = "expect spinner.animating == true at 0s: actual false"

/// The environment variable that enables the fixtures, set to a context's name.
let offTaskFixtureVariable = "SCENETESTING_OFF_TASK_FIXTURE"

/// The context a fixture runs the failing scene in, when this process is
/// one that ``runFixture(_:in:)`` started.
var offTaskFixtureContext: OffTaskContext? {
    ProcessInfo.processInfo.environment[offTaskFixtureVariable].flatMap(OffTaskContext.init(rawValue:))
}

/// How a fixture run in a process of its own ended.
struct FixtureRun {
    var status: Int32
    var output: String
}

/// Runs this test binary again with `arguments`, which select one fixture
/// test, in `context`; gives up after a minute.
func runFixture(_ arguments: [String], in context: OffTaskContext) throws -> FixtureRun {
    let result = try runExecutable(
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath(), arguments: arguments,
        environment: [offTaskFixtureVariable: context.rawValue, "NO_COLOR": "1"], mergingErrors: true,
        timeout: .seconds(60))
    return FixtureRun(status: result.status, output: result.output)
}
