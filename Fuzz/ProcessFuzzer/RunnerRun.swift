import Foundation

/// One run of the runner under test: its arguments, what it reads on
/// standard input, and what its output is read as.
struct RunPlan {
    /// The subcommand, whose `--help` says which exit statuses it documents.
    var subcommand: String
    var arguments: [String]
    /// Standard input; none is an empty file.
    var input: [UInt8] = []
    /// Whether standard output must be JSON Lines.
    var printsJSON = false
    /// Whether standard output, on success, is DOT.
    var printsDOT = false
    /// Whether standard output is a pipe already closed (as `| head -0`).
    var closedOutput = false

    /// The command as a shell line, for `command.sh` beside a finding.
    var shellLine: String {
        let quoted = ([RunnerRun.runnerPlaceholder] + arguments).map {
            "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }
        return quoted.joined(separator: " ") + (input.isEmpty ? "" : " < stdin.txt")
            + (closedOutput ? " | head -0" : "")
    }
}

/// What one run did: how it ended, what it printed (in files), its peak memory.
struct RunnerRun {
    static let runnerPlaceholder = "$RUNNER"

    enum Ending: Equatable {
        case exited(Int32)
        case signal(Int32)
        case timedOut
        case overMemory
    }

    var ending: Ending
    var seconds: Double
    var peakKiB: Int
    var stdout: URL
    var stderr: URL

    /// The limits every run is held to.
    struct Limits {
        var seconds = 10.0
        var memoryMiB = 1024
    }

    /// Runs `plan` in `folder` (its working directory), standard output and
    /// error to files in `folder/.run`, polling its peak resident memory
    /// (`VmHWM`) until it ends; a run past a limit is killed.
    static func run(_ runner: String, _ plan: RunPlan, in folder: URL, limits: Limits) throws -> RunnerRun {
        let scratch = folder.appendingPathComponent(".run")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let stdout = scratch.appendingPathComponent("stdout"), stderr = scratch.appendingPathComponent("stderr")
        let stdin = scratch.appendingPathComponent("stdin")
        try Data().write(to: stdout)
        try Data().write(to: stderr)
        try Data(plan.input).write(to: stdin)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: runner)
        process.arguments = plan.arguments
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        environment["TMPDIR"] = scratch.path
        environment.removeValue(forKey: "GITHUB_ACTIONS")
        process.environment = environment
        let closed = Pipe()
        // Closed when the run ends: a campaign makes thousands of runs.
        let input = try FileHandle(forReadingFrom: stdin)
        let output = try FileHandle(forWritingTo: stdout)
        let errors = try FileHandle(forWritingTo: stderr)
        defer {
            try? input.close()
            try? output.close()
            try? errors.close()
            try? closed.fileHandleForWriting.close()
        }
        process.standardInput = input
        if plan.closedOutput {
            try closed.fileHandleForReading.close()
            process.standardOutput = closed
        } else {
            process.standardOutput = output
        }
        process.standardError = errors
        let started = Date()
        try process.run()
        var peak = 0
        var ending: Ending?
        while process.isRunning {
            peak = max(peak, peakMemoryKiB(of: process.processIdentifier))
            if peak > limits.memoryMiB << 10 {
                ending = .overMemory
            } else if Date().timeIntervalSince(started) > limits.seconds {
                ending = .timedOut
            }
            if ending != nil {
                kill(process.processIdentifier, SIGKILL)
                break
            }
            usleep(5_000)
        }
        process.waitUntilExit()
        if ending == nil {
            ending =
                process.terminationReason == .uncaughtSignal
                ? .signal(process.terminationStatus) : .exited(process.terminationStatus)
        }
        return RunnerRun(
            ending: ending ?? .timedOut, seconds: Date().timeIntervalSince(started), peakKiB: peak,
            stdout: stdout, stderr: stderr)
    }

    /// The peak resident memory of a running process, from `/proc` (0 when gone).
    static func peakMemoryKiB(of pid: Int32) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        }
        return 0
    }

    /// The first `limit` bytes of a file the run wrote.
    static func head(_ url: URL, limit: Int = 1 << 16) -> [UInt8] {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return [] }
        defer { try? handle.close() }
        return [UInt8]((try? handle.read(upToCount: limit)) ?? Data())
    }
}
