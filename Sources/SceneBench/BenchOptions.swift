/// The command line of `scene-bench`.
///
///     scene-bench [--sizes 1000,10000,100000] [--repetitions 7] [--check]
///     scene-bench --print-scene 1000 > scene.yaml
///     scene-bench --profile 10000 --repetitions 3   # for perf or callgrind
struct BenchOptions {
    /// What to do.
    enum Mode: Equatable {
        /// Measure every size, each in a child process, and print the table.
        case benchmark
        /// Measure one size in this process and print one result line (hidden).
        case child(Int)
        /// Write the scene of this size to standard output.
        case printScene(Int)
        /// Only full loads of this size, in this process, for a profiler.
        case profile(Int)
        /// Print the usage.
        case help
    }

    var mode = Mode.benchmark
    /// Scene sizes in objects.
    var sizes = [1_000, 10_000, 100_000]
    /// Timed repetitions per size (after one warm-up).
    var repetitions = 7
    /// Exit with status 1 when a target is missed.
    var failOnMissedTarget = false

    static let usage = """
        USAGE: scene-bench [--sizes N,N,...] [--repetitions N] [--check]
               scene-bench --print-scene N
               scene-bench --profile N [--repetitions N]

        Generates scenes of N objects, times a raw libyaml event parse and a
        full SceneLoader load of the same bytes (medians), measures the peak
        memory of a load in a child process per size, and checks the targets.

        OPTIONS:
          --sizes N,N,...     Scene sizes in objects (default 1000,10000,100000).
          --repetitions N     Timed repetitions per size, after one warm-up (default 7).
          --check             Exit with status 1 when a target is missed.
          --print-scene N     Write the generated scene of N objects to standard output.
          --profile N         Run only full loads of N objects, in this process, for perf or callgrind.
          -h, --help          Show this help.
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
            case "--sizes":
                let list = try value(for: argument).split(separator: ",")
                var sizes: [Int] = []
                for item in list { sizes.append(try count(String(item), for: argument)) }
                if sizes.isEmpty { throw UsageError(message: "--sizes needs at least one size") }
                self.sizes = sizes
            case "--repetitions":
                repetitions = try count(try value(for: argument), for: argument)
            case "--check":
                failOnMissedTarget = true
            case "--child":
                mode = .child(try count(try value(for: argument), for: argument))
            case "--print-scene":
                mode = .printScene(try count(try value(for: argument), for: argument))
            case "--profile":
                mode = .profile(try count(try value(for: argument), for: argument))
            case "-h", "--help":
                mode = .help
            default:
                throw UsageError(message: "unknown argument '\(argument)'")
            }
        }
    }
}
