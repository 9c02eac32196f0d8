import Foundation
import TestSupport
import Testing

/// The page in a real browser: `scripts/check-preview.py` (headless
/// Chromium through chromedriver and Selenium) clicks, drags, types,
/// records and replays against the built `scene-runner preview`. Without
/// a browser it is skipped, and says so; `.ci/run` installs one and runs
/// the script itself (`scripts/ci/preview.sh`), so CI never skips it.
@Suite struct PreviewInABrowserTests {
    /// Whether Chromium, chromedriver and Selenium for `python3` are here.
    static let hasBrowser: Bool = {
        func onPath(_ name: String) -> Bool { executableOnPath(name) != nil }
        guard onPath("chromium") || onPath("chromium-headless-shell"), onPath("chromedriver"), onPath("python3")
        else { return false }
        return (try? run("/usr/bin/env", ["python3", "-c", "import selenium"], timeout: .seconds(60)).status) == 0
    }()

    /// Runs `executable` with `arguments` from the package's folder, killing
    /// it after `timeout`; its status and what it printed.
    static func run(_ executable: String, _ arguments: [String], timeout: Duration) throws -> (
        status: Int32, output: String
    ) {
        let result = try runExecutable(
            URL(fileURLWithPath: executable), arguments: arguments, mergingErrors: true, timeout: timeout)
        return (result.status, result.output)
    }

    @Test(
        .enabled(
            if: hasBrowser,
            "needs chromium, chromedriver and Selenium for python3 (scripts/ci/preview.sh installs them; .ci/run runs them)"
        ))
    func clicksDragsTypingAndAReplayWorkInChromium() throws {
        let runner = try sceneRunnerURL()
        let result = try Self.run(
            "/usr/bin/env", ["python3", "scripts/check-preview.py", runner.path], timeout: .seconds(300))
        #expect(result.status == 0, "scripts/check-preview.py failed:\n\(result.output)")
        #expect(result.output.contains("record and replay"), "\(result.output)")
    }
}
