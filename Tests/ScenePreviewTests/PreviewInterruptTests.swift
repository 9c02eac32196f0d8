import Foundation
import TestSupport
import Testing

/// Ctrl-C with a flood waiting, end to end: `Benchmarks/measure-preview-interrupt.py`
/// starts the built `scene-runner preview`, sends it 60 steps whose YAML
/// aliases would expand to 16 MiB each and 60 heavy steps within the
/// limit, as a page would, then SIGINT; the preview must end within 5 s,
/// with a clean exit status, having told the page it refused the bombs.
/// Needs only `python3` (no browser); skipped, saying so, without it.
@Suite struct PreviewInterruptTests {
    static let hasPython: Bool = {
        guard executableOnPath("python3") != nil else { return false }
        return
            (try? PreviewInABrowserTests.run("/usr/bin/env", ["python3", "-c", "pass"], timeout: .seconds(60)).status)
            == 0
    }()

    @Test(.enabled(if: hasPython, "needs python3"))
    func aPreviewWithAFloodOfHeavyStepsWaitingEndsWithinFiveSecondsOfCtrlC() throws {
        let runner = try sceneRunnerURL()
        let result = try PreviewInABrowserTests.run(
            "/usr/bin/env", ["python3", "Benchmarks/measure-preview-interrupt.py", runner.path, "--bound", "5"],
            timeout: .seconds(180))
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("sent 120 messages"), "\(result.output)")
        #expect(result.output.contains("exit status 0"), "\(result.output)")
        #expect(!result.output.contains("got 0 notices"), "the bombs are refused with notices: \(result.output)")
    }
}
