import BenchScenes

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `scene-bench`: what the runtime costs, measured the way a user runs it,
/// each figure printed with its target and whether it is met.
///
///     swift build -c release --product scene-runner          # in the root package
///     cd Benchmarks && swift run -c release scene-bench --check
///     swift run -c release scene-bench --scheduler   # only the scheduler (see SchedulerBenchmark)
///     swift run -c release scene-bench --scaling     # linear costs, a day's memory, --jobs (see ScalingBenchmark)
///     swift run -c release scene-bench --live        # live mode: timer lateness, input latency (see LiveBenchmark)
///     swift run -c release scene-bench --components  # instanced against flat (see ComponentBenchmark)
///     swift run -c release scene-bench --registration  # key paths against closures (see RegistrationBenchmark)
///     swift run -c release scene-bench --recorder    # an animation beside idle objects (see RecorderBenchmark)
///     swift run -c release scene-bench --explore     # explored steps a second, a shrink (see ExploreBenchmark)
///     swift run -c release scene-bench --drawing     # render against check (see DrawingBenchmark)
///     swift run -c release scene-bench --time-scene Scenes/video-player.yaml   # whole runs (see SceneTiming)
///     swift run -c release scene-bench --pipelining  # a second thread for the parse (see PipeliningBenchmark)
///     swift run -c release scene-bench --lsp         # the language server: keystroke to diagnostics, completion (see LanguageServerBenchmark)
///
/// Without a mode it measures `check` and `run` of a generated scene of
/// 100,000 objects and the scheduler (see ``CommandBenchmark``).
@main
enum SceneBenchCommand {
    /// The modes that take their own arguments, by their option.
    static let modes: [(option: String, main: @Sendable (ArraySlice<String>) -> Int32)] = [
        ("--scheduler", SchedulerBenchmark.main),
        ("--live", LiveBenchmark.main),
        ("--scaling", ScalingBenchmark.main),
        ("--components", ComponentBenchmark.main),
        ("--registration", RegistrationBenchmark.main),
        ("--drawing", DrawingBenchmark.main),
        ("--explore", ExploreBenchmark.main),
        ("--recorder", RecorderBenchmark.main),
        ("--time-scene", SceneTiming.main),
        ("--pipelining", PipeliningBenchmark.main),
        ("--lsp", LanguageServerBenchmark.main),
    ]

    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        if let first = arguments.first, let mode = modes.first(where: { $0.option == first }) {
            exit(mode.main(arguments.dropFirst()))
        }
        let options: BenchOptions
        do {
            options = try BenchOptions(Array(arguments))
        } catch {
            printError("scene-bench: \(error.message)\n\n\(BenchOptions.usage)")
            exit(64)
        }
        switch options.mode {
        case .help:
            print(BenchOptions.usage)
        case .printScene(let objects):
            let bytes = SceneGenerator(objectCount: objects).generate()
            print(String(decoding: bytes, as: UTF8.self), terminator: "")
        case .rawParse(let path):
            exit(rawParse(path))
        case .benchmark:
            exit(CommandBenchmark.run(options.benchmark))
        }
    }

    /// Parses the file at `path` with libyaml alone; 0, or 2 when it is
    /// not YAML or cannot be read.
    static func rawParse(_ path: String) -> Int32 {
        do {
            let bytes = try FileBytes.read(path)
            _ = try RawParse.countEvents(in: bytes)
            return 0
        } catch {
            printError("scene-bench: \(path): \(error)")
            return 2
        }
    }

    /// Writes `text` and a line break to standard error.
    static func printError(_ text: String) {
        var bytes = Array((text + "\n").utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return }
            bytes = bytes.dropFirst(written)
        }
    }
}
