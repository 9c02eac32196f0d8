import Foundation
import TestSupport
import Testing

/// A child process never outlives `scene-runner`: a SIGTERM or SIGINT sent
/// to the runner alone (not its process group, as a CI job's timeout or a
/// parent process sends it) ends the converter it started too, and removes
/// the picture's `.partial` file. On Linux, so does a SIGKILL (which the
/// runner cannot handle, so the `.partial` file stays).
@Suite struct ChildProcessEndingTests {
    #if os(Linux)
        static let signals = [SIGTERM, SIGINT, SIGKILL]
    #else
        static let signals = [SIGTERM, SIGINT]
    #endif

    /// Whether process `pid` is gone (or a zombie left for its new parent).
    private func isGone(_ pid: pid_t) -> Bool {
        if kill(pid, 0) != 0 { return true }
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        return stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
    }

    @Test(arguments: signals)
    func aSignalToTheRunnerAloneEndsTheConverterItStarted(signal: Int32) throws {
        let folder = try temporaryFolder("ending")
        let tools = try folder.folder("bin")
        let scene = try folder.write("objects:\n  box: {type: View}\n", to: "scene.yaml")
        // A converter that never finishes: it says who it is, then sleeps
        // as the same process.
        let pidFile = folder.path("converter.pid")
        let converter = try folder.write(
            "#!/bin/sh\necho $$ > '\(pidFile).tmp' && mv '\(pidFile).tmp' '\(pidFile)'\nexec sleep 300\n",
            to: "bin/rsvg-convert")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: converter)

        let process = try RunningExecutable(
            try sceneRunnerURL(), arguments: ["render", scene, "-o", folder.path("picture.png")],
            environment: ["PATH": tools.path + ":/usr/bin:/bin"], output: .discarded, errors: .discarded)

        try #require(
            waitUntil(timeout: .seconds(60)) { FileManager.default.fileExists(atPath: pidFile) },
            "the converter was not started")
        let text = try String(contentsOfFile: pidFile, encoding: .utf8)
        let child = try #require(pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)))
        defer { if !isGone(child) { kill(child, SIGKILL) } }
        #expect(!isGone(child))

        process.send(signal)
        let ending = try process.wait(timeout: .seconds(60))
        #expect(ending.isSignalled && ending.status == signal)
        #expect(waitUntil(timeout: .seconds(60)) { isGone(child) }, "the converter outlived the runner")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        if signal != SIGKILL {
            #expect(left == ["bin", "converter.pid", "scene.yaml"], "\(left)")
        }
    }
}
