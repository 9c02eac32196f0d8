import SceneLoader
import SceneYAML

/// The command line of `scene-bench`.
///
///     scene-bench [--sizes 1000,10000,100000] [--repetitions 11] [--check]
///     scene-bench --print-scene 1000 > scene.yaml
///     scene-bench --profile 10000 --repetitions 3 --pipelining off   # for perf or callgrind
struct BenchOptions {
    /// What to do.
    enum Mode: Equatable {
        /// Measure every size and print the report.
        case benchmark
        /// Measure the memory of one size in this process and print one result line (hidden).
        case child(Int)
        /// Time every size, interleaved, in this process and print one line
        /// per size and repetition (hidden).
        case childTimes([Int])
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
    /// Timed repetitions (after one warm-up round).
    var repetitions = 11
    /// Exit with status 1 when a target is missed.
    var failOnMissedTarget = false
    /// The loader's pipelining in `--profile` mode.
    var pipelining = SceneLoader.Pipelining.automatic

    static let usage = """
        USAGE: scene-bench [--sizes N,N,...] [--repetitions N] [--check]
               scene-bench --print-scene N
               scene-bench --profile N [--repetitions N] [--pipelining auto|on|off]
               scene-bench --components [--repetitions N]
               scene-bench --recorder [--repetitions N]
               scene-bench --drawing [--repetitions N]

        Generates scenes of N objects and measures the peak memory of a load
        in a child process per size. Then, in one more child process that runs
        every size in each repetition, times back to back a raw libyaml event
        parse, a full SceneLoader load with the default loader (and its CPU
        time), a full load on one thread (pipelining off), and the phases of a
        load. Prints medians and paired ratios, and checks the targets. Last,
        the scheduler's figures, the components' (1,000 instances of a
        20-object component against the same 20,000 objects written flat)
        and the recorder's (a 240-frame shake beside 100 and beside 10,000
        idle labels, within 1.5x; --recorder prints only these).

        OPTIONS:
          --sizes N,N,...           Scene sizes in objects (default 1000,10000,100000).
          --repetitions N           Timed repetitions, after one warm-up round (default 11).
          --check                   Exit with status 1 when a target is missed.
          --print-scene N           Write the generated scene of N objects to standard output.
          --profile N               Run only full loads of N objects, in this process, for perf or callgrind.
          --pipelining auto|on|off  With --profile: the loader's pipelining (default auto: libyaml on a
                                    second thread from 32 KiB; off: one thread; on: always two threads).
          -h, --help                Show this help.
        """

    /// A usage error, with its message.
    struct UsageError: Error {
        let message: String
    }

    /// Parses `arguments` (without the executable's name).
    init(_ arguments: [String]) throws(UsageError) {
        var remaining = arguments[...]
        var pipeliningGiven = false
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
        func counts(_ text: String, for option: String) throws(UsageError) -> [Int] {
            var numbers: [Int] = []
            for item in text.split(separator: ",") { numbers.append(try count(String(item), for: option)) }
            if numbers.isEmpty { throw UsageError(message: "\(option) needs at least one size") }
            return numbers
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--sizes":
                sizes = try counts(try value(for: argument), for: argument)
            case "--repetitions":
                repetitions = try count(try value(for: argument), for: argument)
            case "--check":
                failOnMissedTarget = true
            case "--child":
                mode = .child(try count(try value(for: argument), for: argument))
            case "--child-times":
                mode = .childTimes(try counts(try value(for: argument), for: argument))
            case "--print-scene":
                mode = .printScene(try count(try value(for: argument), for: argument))
            case "--profile":
                mode = .profile(try count(try value(for: argument), for: argument))
            case "--pipelining":
                let text = try value(for: argument)
                switch text {
                case "auto": pipelining = .automatic
                case "on": pipelining = .on
                case "off": pipelining = .off
                default: throw UsageError(message: "--pipelining takes auto, on or off, not '\(text)'")
                }
                pipeliningGiven = true
            case "-h", "--help":
                mode = .help
            default:
                throw UsageError(message: "unknown argument '\(argument)'")
            }
        }
        switch mode {
        case .profile, .help: break
        case .benchmark, .child, .childTimes, .printScene:
            if pipeliningGiven {
                throw UsageError(
                    message: "--pipelining applies to --profile only (the benchmark times the default and one thread)")
            }
        }
    }
}

extension SceneLoader.Pipelining {
    /// The word `--pipelining` takes for this setting.
    var optionName: String {
        switch self {
        case .automatic: "auto"
        case .on: "on"
        case .off: "off"
        }
    }
}
