/// The command line of `scene-bench` without a mode (see ``CommandBenchmark``).
///
///     scene-bench [--objects N] [--repetitions N] [--runner PATH] [--no-instructions] [--check]
///     scene-bench --print-scene 1000 > scene.yaml
///     scene-bench --raw-parse scene.yaml
struct BenchOptions {
    /// What to do.
    enum Mode: Equatable {
        /// Measure `check`, `run` and the scheduler against their targets.
        case benchmark
        /// Write the scene of this size to standard output.
        case printScene(Int)
        /// Parse this file with libyaml alone, events freed as they come (the baseline).
        case rawParse(String)
        /// Print the usage.
        case help
    }

    var mode = Mode.benchmark
    /// The benchmark's options.
    var benchmark = CommandBenchmark.Options()

    static let usage = """
        USAGE: scene-bench [--objects N] [--repetitions N] [--runner PATH] [--no-instructions] [--check]
               scene-bench --print-scene N
               scene-bench --raw-parse FILE
               scene-bench --scheduler | --live | --scaling | --components | --registration
                           | --recorder | --explore | --drawing | --time-scene FILE  [--repetitions N]

        Generates a scene of N objects of the standard types that checks clean,
        and measures `scene-runner check` and `scene-runner run` of it, each a
        process started afresh, against a raw libyaml parse of the same file:
        wall time and peak memory (medians), and instructions (callgrind, both
        threads, stripped binaries). Then the scheduler. Prints every figure
        with its target and whether it is met.

        OPTIONS:
          --objects N        Objects in the generated scene (default 100000).
          --repetitions N    Runs of each program (default 5).
          --runner PATH      The scene-runner to measure (default: the root package's
                             .build/release/scene-runner).
          --no-instructions  Do not count instructions (no valgrind).
          --scene-file PATH  Write the generated scene there and keep it.
          --check            Exit with status 1 when a target is missed.
          --print-scene N    Write the generated scene of N objects to standard output.
          --raw-parse FILE   Parse FILE with libyaml alone (what the ratios divide by).
          -h, --help         Show this help.
        """

    /// A usage error, with its message.
    struct UsageError: Error {
        let message: String
    }

    /// Parses `arguments` (without the executable's name).
    init(_ arguments: [String]) throws(UsageError) {
        var remaining = arguments[...]
        func value(for option: String) throws(UsageError) -> String {
            guard let value = remaining.popFirst() else { throw UsageError(message: "\(option) needs a value") }
            return value
        }
        func count(_ text: String, for option: String) throws(UsageError) -> Int {
            guard let number = Int(text.filter { $0 != "_" }), number > 0 else {
                throw UsageError(message: "\(option) takes a positive whole number, not '\(text)'")
            }
            return number
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--objects":
                benchmark.objects = try count(try value(for: argument), for: argument)
            case "--repetitions":
                benchmark.repetitions = try count(try value(for: argument), for: argument)
            case "--runner":
                benchmark.runner = try value(for: argument)
            case "--no-instructions":
                benchmark.countsInstructions = false
            case "--scene-file":
                benchmark.sceneFile = try value(for: argument)
            case "--check":
                benchmark.failsOnMissedTarget = true
            case "--print-scene":
                mode = .printScene(try count(try value(for: argument), for: argument))
            case "--raw-parse":
                mode = .rawParse(try value(for: argument))
            case "-h", "--help":
                mode = .help
            default:
                throw UsageError(message: "unknown argument '\(argument)'")
            }
        }
    }
}
