/// `scene-bench --time-scene FILE`: whole runs of a scene as a process,
/// `scene-runner FILE` started afresh each time, wall time from start to
/// exit; prints the median, the fastest and the slowest.
///
///     swift run -c release scene-bench --time-scene ../Scenes/video-player.yaml --repetitions 31
enum SceneTiming {
    static let usage = """
        USAGE: scene-bench --time-scene FILE [--repetitions N] [--runner PATH]

        Runs `scene-runner FILE` N times (default 21), each a process started
        afresh, and prints the median wall time, the fastest and the slowest.
        """

    /// Parses `arguments` (after `--time-scene`), measures and prints; the exit status.
    static func main(_ arguments: ArraySlice<String>) -> Int32 {
        var remaining = arguments
        guard let file = remaining.popFirst(), !file.hasPrefix("-") else {
            SceneBenchCommand.printError("scene-bench: --time-scene needs a scene file\n\n\(usage)")
            return 64
        }
        let repetitions: Int
        let runner: String
        switch ModeArguments.runnerAndRepetitions(remaining, default: 21, usage: usage) {
        case .success(let options): (repetitions, runner) = options
        case .failure(let exit): return exit.status
        }
        do {
            var times: [Double] = []
            for _ in 0..<repetitions {
                times.append(try CommandBenchmark.expectSuccess(runner, ["run", file]).seconds)
            }
            times.sort()
            print(
                "\(file): \(repetitions) runs of \(runner), median \(Format.fixed(Statistics.median(times) * 1e3, 1)) ms "
                    + "(fastest \(Format.fixed((times.first ?? 0) * 1e3, 1)) ms, "
                    + "slowest \(Format.fixed((times.last ?? 0) * 1e3, 1)) ms)")
            return 0
        } catch {
            SceneBenchCommand.printError("scene-bench: \(error)")
            return 2
        }
    }
}
