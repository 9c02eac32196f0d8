import SceneCore
import SceneLoader

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `scene-bench`: how fast and how lean `SceneLoader` is next to libyaml
/// itself, on generated scenes of 1,000 to 100,000 objects.
///
///     swift run -c release scene-bench
///     swift run -c release scene-bench --sizes 1000,10000 --repetitions 5
///     swift run -c release scene-bench --scheduler   # only the scheduler (see SchedulerBenchmark)
///
/// Each size runs in a child process of its own (this executable again,
/// with `--child N`), which measures the peak memory of one load on a fresh
/// heap and then the median times of the raw parse and the full load (see
/// ``SizeMeasurement`` for what each timed region holds). The parent prints
/// the table and the targets:
/// - a full load within 2x of the raw libyaml parse, at every size;
/// - linear growth: 100,000 objects at most 11x the time of 10,000;
/// - peak memory growth under 10x the file's size, at every size.
@main
enum SceneBenchCommand {
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        if arguments.first == "--scheduler" {
            exit(SchedulerBenchmark.main(arguments.dropFirst()))
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
        case .child(let objects):
            runChild(objects: objects, repetitions: options.repetitions)
        case .profile(let objects):
            runProfile(objects: objects, repetitions: options.repetitions)
        case .benchmark:
            runBenchmark(options)
        }
    }

    /// Measures every size in its own child process and prints the report.
    static func runBenchmark(_ options: BenchOptions) {
        var results: [SizeMeasurement] = []
        for objects in options.sizes {
            printError("scene-bench: measuring \(objects) objects...")
            let outcome: ChildProcess.Outcome
            do {
                outcome = try ChildProcess.run(
                    arguments: ["--child", "\(objects)", "--repetitions", "\(options.repetitions)"])
            } catch {
                printError("scene-bench: \(error)")
                exit(1)
            }
            guard outcome.status == 0 else {
                printError("scene-bench: measuring \(objects) objects failed (exit status \(outcome.status))")
                exit(outcome.status == 0 ? 1 : outcome.status)
            }
            guard let result = outcome.output.split(separator: "\n").lazy.compactMap(SizeMeasurement.init(line:)).first
            else {
                printError("scene-bench: the child for \(objects) objects printed no result:\n\(outcome.output)")
                exit(1)
            }
            results.append(result)
        }
        let report = BenchReport(results: results, repetitions: options.repetitions)
        print(report.text)
        // The scheduler's figures come with the load figures (`--scheduler` alone prints only them).
        do {
            print(try SchedulerBenchmark.report(repetitions: 7))
        } catch {
            printError("scene-bench: the scheduler stopped: \(error)")
            exit(1)
        }
        if options.failOnMissedTarget && !report.allTargetsMet { exit(1) }
    }

    /// The child's side: measures one size and prints one result line, or
    /// the scene's diagnostics and exits 2 when it does not load.
    static func runChild(objects: Int, repetitions: Int) {
        do {
            let result = try SizeMeasurement.run(objects: objects, repetitions: repetitions)
            print(result.line)
        } catch {
            switch error {
            case .invalidScene(let loadError):
                printError("scene-bench: the generated scene of \(objects) objects does not load:")
                printError(loadError.rendered)
            case .registry(let registrationError):
                printError("scene-bench: cannot register Group: \(registrationError)")
            case .rawParse(let failure):
                printError("scene-bench: the generated scene of \(objects) objects is not YAML: \(failure)")
            case .yaml(let yamlError):
                printError("scene-bench: the generated scene of \(objects) objects is not valid YAML: \(yamlError)")
            case .wrongObjectCount(let expected, let loaded):
                printError("scene-bench: the generated scene has \(loaded) objects instead of \(expected)")
            }
            exit(2)
        }
    }

    /// Full loads only, in this process, for `perf record` or `valgrind --tool=callgrind`.
    static func runProfile(objects: Int, repetitions: Int) {
        let bytes = SceneGenerator(objectCount: objects).generate()
        let source = SceneSource(name: "generated-\(objects).yaml", bytes: bytes)
        let loader: SceneLoader
        do { loader = SceneLoader(registry: try SceneRegistry.bench()) } catch {
            printError("scene-bench: cannot register Group: \(error)")
            exit(2)
        }
        let clock = ContinuousClock()
        var times: [Duration] = []
        for _ in 0..<repetitions {
            let start = clock.now
            do {
                let scene = try loader.load(source)
                withExtendedLifetime(scene) {}
            } catch {
                printError(error.rendered)
                exit(2)
            }
            times.append(clock.now - start)
        }
        let median = SizeMeasurement.median(times) / 1e6
        print("\(objects) objects, \(bytes.count) bytes: \(repetitions) loads, median \(Format.fixed(median, 2)) ms")
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
