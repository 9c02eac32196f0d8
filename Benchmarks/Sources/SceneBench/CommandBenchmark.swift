import BenchScenes

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `scene-bench` with no mode: what `check` and `run` of a large scene cost
/// as a user runs them, each a `scene-runner` process started afresh,
/// against a raw libyaml parse of the same file, and the scheduler.
///
///     scene-bench                       # 100,000 objects, 5 repetitions
///     scene-bench --check               # exit 1 when a target is missed
///     scene-bench --objects 10000 --repetitions 3 --no-instructions
///
/// The scene is ``SceneGenerator``'s, which checks clean with the standard
/// registry (the benchmark refuses to measure it otherwise). Each
/// repetition runs, one after another: the raw parse (this executable,
/// `--raw-parse FILE`), `scene-runner check FILE` and `scene-runner run
/// FILE`; wall times and peak resident memory (`ru_maxrss`) are the
/// medians. Instructions are counted by callgrind over both threads
/// (`--separate-threads=no`), on stripped copies of both executables.
///
/// - Complexity: linear in the objects, for each run.
enum CommandBenchmark {
    /// What to measure.
    struct Options {
        /// Objects in the generated scene.
        var objects = 100_000
        /// Runs of each program whose medians are taken.
        var repetitions = 5
        /// The `scene-runner` measured.
        var runner = CommandBenchmark.defaultRunner
        /// Whether to count instructions with callgrind.
        var countsInstructions = true
        /// Whether a missed target makes the exit status 1.
        var failsOnMissedTarget = false
        /// Where to write the scene; a temporary file, removed at the end, when `nil`.
        var sceneFile: String?
    }

    /// The targets (issue 42): `check` within 1.8x the raw parse's
    /// instructions, its peak memory at most 6x the file, `run`'s at most 15x.
    static let maxInstructionRatio = 1.8
    static let maxCheckMemoryRatio = 6.0
    static let maxRunMemoryRatio = 15.0

    /// The root package's release `scene-runner`, built with
    /// `swift build -c release --product scene-runner` in the root.
    static var defaultRunner: String {
        // This file is Benchmarks/Sources/SceneBench/CommandBenchmark.swift.
        let parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false).dropLast(4)
        return parts.joined(separator: "/") + "/.build/release/scene-runner"
    }

    /// Measures, prints the report and returns the exit status: 0, 1 when
    /// `--check` is given and a target is missed, 2 when something cannot
    /// be measured.
    static func run(_ options: Options) -> Int32 {
        guard access(options.runner, X_OK) == 0 else {
            SceneBenchCommand.printError(
                "scene-bench: no scene-runner at \(options.runner); build it in the root package with "
                    + "`swift build -c release --product scene-runner`, or name one with --runner")
            return 2
        }
        let bytes = SceneGenerator(objectCount: options.objects).generate()
        let scratch: ScratchFolder
        do { scratch = try ScratchFolder() } catch {
            SceneBenchCommand.printError("scene-bench: \(error)")
            return 2
        }
        defer { scratch.remove() }
        let scene = options.sceneFile ?? scratch.path + "/scene-\(options.objects).yaml"
        do { try FileBytes.write(bytes, to: scene) } catch {
            SceneBenchCommand.printError("scene-bench: \(error)")
            return 2
        }
        do {
            let report = try measure(scene: scene, bytes: bytes.count, options: options, scratch: scratch)
            print(report.text)
            return options.failsOnMissedTarget && !report.allMet ? 1 : 0
        } catch {
            SceneBenchCommand.printError("scene-bench: \(error)")
            return 2
        }
    }

    /// The figures and their verdicts.
    struct Report {
        var text: String
        var allMet: Bool
    }

    /// Why a figure could not be measured.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func measure(scene: String, bytes: Int, options: Options, scratch: ScratchFolder) throws -> Report {
        let runner = options.runner
        let bench = ChildProcess.executablePath()
        SceneBenchCommand.printError("scene-bench: checking that the generated scene checks clean...")
        let clean = try ChildProcess.run(runner, arguments: ["check", "--warnings-as-errors", scene])
        guard clean.status == 0 else {
            throw Failure(
                description: "`scene-runner check --warnings-as-errors` of the generated scene exited "
                    + "\(clean.status): the scene is not what users run; nothing was measured")
        }

        var raw: [ChildProcess.Outcome] = []
        var check: [ChildProcess.Outcome] = []
        var run: [ChildProcess.Outcome] = []
        for repetition in 1...options.repetitions {
            SceneBenchCommand.printError("scene-bench: repetition \(repetition) of \(options.repetitions)...")
            raw.append(try expectSuccess(bench, ["--raw-parse", scene]))
            check.append(try expectSuccess(runner, ["check", scene]))
            run.append(try expectSuccess(runner, ["run", scene]))
        }
        let ratios = zip(check, raw).map { $0.seconds / $1.seconds }

        var lines = [
            "\(options.objects) objects, \(Format.grouped(bytes)) bytes (\(Format.megabytes(bytes))); "
                + "medians of \(options.repetitions) runs, each a process started afresh",
            "",
            row("raw libyaml parse", raw, bytes: bytes),
            row("scene-runner check", check, bytes: bytes),
            row("scene-runner run", run, bytes: bytes),
            "  check / raw parse, wall clock (paired): \(Format.fixed(Statistics.median(ratios), 2))x",
            "",
        ]
        var thresholds: [Threshold] = []
        if options.countsInstructions {
            SceneBenchCommand.printError("scene-bench: counting instructions with callgrind (a minute or two)...")
            let counter = try Callgrind(scratch: scratch)
            let rawCount = try counter.instructions(of: bench, arguments: ["--raw-parse", scene])
            let checkCount = try counter.instructions(of: runner, arguments: ["check", scene])
            lines.append("instructions (callgrind, both threads, stripped binaries):")
            lines.append("  raw libyaml parse   \(Format.grouped(rawCount))")
            lines.append("  scene-runner check  \(Format.grouped(checkCount))")
            lines.append("")
            thresholds.append(
                Threshold(
                    "check, instructions / raw parse", value: Double(checkCount) / Double(rawCount),
                    atMost: maxInstructionRatio, unit: .ratio))
        }
        let checkPeak = Statistics.median(check.map { Double($0.peakBytes) })
        let runPeak = Statistics.median(run.map { Double($0.peakBytes) })
        thresholds.append(
            Threshold(
                "check, peak memory / file", value: checkPeak / Double(bytes), atMost: maxCheckMemoryRatio,
                unit: .ratio))
        thresholds.append(
            Threshold(
                "run, peak memory / file", value: runPeak / Double(bytes), atMost: maxRunMemoryRatio, unit: .ratio))
        SceneBenchCommand.printError("scene-bench: timing the scheduler...")
        thresholds.append(
            SchedulerBenchmark.target(timersPerSecond: try SchedulerBenchmark.timersPerSecond(repetitions: 7)))
        lines.append("targets:")
        lines += thresholds.map { "  " + $0.line }
        return Report(text: lines.joined(separator: "\n"), allMet: thresholds.allSatisfy(\.isMet))
    }

    /// Runs `path` and fails unless it exits 0.
    static func expectSuccess(_ path: String, _ arguments: [String]) throws -> ChildProcess.Outcome {
        let outcome = try ChildProcess.run(path, arguments: arguments)
        guard outcome.status == 0 else {
            throw Failure(
                description: "\(([path] + arguments).joined(separator: " ")) exited \(outcome.status)")
        }
        return outcome
    }

    /// One program's line: median wall time and peak memory, and the peak over the file.
    static func row(_ name: String, _ runs: [ChildProcess.Outcome], bytes: Int) -> String {
        let seconds = Statistics.median(runs.map(\.seconds))
        let peak = Int(Statistics.median(runs.map { Double($0.peakBytes) }))
        let padded = name + String(repeating: " ", count: max(0, 20 - name.count))
        return "  \(padded)  \(Format.fixed(seconds * 1e3, 1)) ms  peak \(Format.megabytes(peak))"
            + " (\(Format.fixed(Double(peak) / Double(bytes), 2))x the file)"
    }
}
