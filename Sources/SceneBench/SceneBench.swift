import SceneCore
import SceneLoader
import SceneOutput
import SceneYAML

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
///     swift run -c release scene-bench --scaling     # linear costs, a day's memory, --jobs (see ScalingBenchmark)
///     swift run -c release scene-bench --live        # live mode: timer lateness, input latency (see LiveBenchmark)
///     swift run -c release scene-bench --components  # instanced against flat (see ComponentBenchmark)
///     swift run -c release scene-bench --registration  # key paths against closures (see RegistrationBenchmark)
///     swift run -c release scene-bench --recorder    # an animation beside idle objects (see RecorderBenchmark)
///     swift run -c release scene-bench --explore     # explored steps a second, a shrink (see ExploreBenchmark)
///     swift run -c release scene-bench --drawing     # layout and pictures of 1,000 and 10,000 views (see DrawingBenchmark)
///
/// Each size's memory is measured in a child process of its own (this
/// executable again, with `--child N`), which measures the peak memory of
/// one load on a fresh heap (see ``SizeMeasurement``). The times come from
/// one more child (`--child-times N,N,...`) that runs every size in each
/// repetition, so that the host's slow and fast phases touch all figures
/// alike (see ``TimingMeasurement`` for what each timed region holds). The
/// parent prints the tables and the targets, checked on the median of the
/// ratios paired within each repetition:
/// - a full load (default loader) within 2x of the raw libyaml parse, at every size;
/// - linear growth: 100,000 objects at most 11x the time of 10,000;
/// - peak memory growth under 10x the file's size, at every size.
@main
enum SceneBenchCommand {
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        if arguments.first == "--scheduler" {
            exit(SchedulerBenchmark.main(arguments.dropFirst()))
        }
        if arguments.first == "--live" {
            exit(LiveBenchmark.main(arguments.dropFirst()))
        }
        if arguments.first == "--scaling" {
            exit(ScalingBenchmark.main(arguments.dropFirst()))
        }
        if arguments.first == "--components" {
            exit(ComponentBenchmark.main(arguments.dropFirst()))
        }
        if arguments.first == "--registration" {
            exit(RegistrationBenchmark.main(arguments.dropFirst()))
        }
        if arguments.first == "--drawing" {
            exit(DrawingBenchmark.main(arguments.dropFirst()))
        }
        if arguments.first == "--explore" {
            exit(ExploreBenchmark.main(arguments.dropFirst()))
        }
        if arguments.first == "--recorder" {
            exit(RecorderBenchmark.main(arguments.dropFirst()))
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
            runChild(objects: objects)
        case .childTimes(let sizes):
            runChildTimes(sizes: sizes, repetitions: options.repetitions)
        case .profile(let objects):
            runProfile(objects: objects, repetitions: options.repetitions, pipelining: options.pipelining)
        case .benchmark:
            runBenchmark(options)
        }
    }

    /// Measures every size's memory in its own child process, then the
    /// times of all sizes in one more, and prints the report.
    static func runBenchmark(_ options: BenchOptions) {
        var memory: [SizeMeasurement] = []
        for objects in options.sizes {
            printError("scene-bench: measuring the memory of \(objects) objects...")
            let outcome = runChildProcess(["--child", "\(objects)"], doing: "measuring \(objects) objects")
            guard let result = outcome.output.split(separator: "\n").lazy.compactMap(SizeMeasurement.init(line:)).first,
                result.objects == objects
            else {
                printError("scene-bench: the child for \(objects) objects printed no result:\n\(outcome.output)")
                exit(1)
            }
            memory.append(result)
        }

        let sizeList = options.sizes.map { "\($0)" }.joined(separator: ",")
        printError("scene-bench: timing \(sizeList) objects, interleaved, \(options.repetitions) repetitions...")
        let outcome = runChildProcess(
            ["--child-times", sizeList, "--repetitions", "\(options.repetitions)"], doing: "timing")
        let timing: TimingResults
        do {
            timing = try TimingResults(sizes: options.sizes, repetitions: options.repetitions, output: outcome.output)
        } catch {
            printError("scene-bench: the timing child's output is unusable: \(error)\n\(outcome.output)")
            exit(1)
        }

        let report = BenchReport(memory: memory, timing: timing)
        print(report.text)
        // The scheduler's figures come with the load figures (`--scheduler` alone prints only them).
        do {
            print(try SchedulerBenchmark.report(repetitions: 7))
        } catch {
            printError("scene-bench: the scheduler stopped: \(error)")
            exit(1)
        }
        // So do the components' (`--components` alone prints only them).
        let components: String
        do {
            components = try ComponentBenchmark.report(repetitions: 7)
        } catch {
            printError("scene-bench: the component benchmark stopped: \(error)")
            exit(1)
        }
        print(components)
        let componentsMet = !components.contains("[MISSED]")
        // And the recorder's (`--recorder` alone prints only them).
        let recorder: String
        do {
            recorder = try RecorderBenchmark.report(repetitions: 7)
        } catch {
            printError("scene-bench: the recorder benchmark stopped: \(error)")
            exit(1)
        }
        print(recorder)
        let recorderMet = !recorder.contains("[missed]")
        if options.failOnMissedTarget && !(report.allTargetsMet && componentsMet && recorderMet) { exit(1) }
    }

    /// Runs this executable with `arguments` and returns what it printed;
    /// exits, saying what failed while `doing` it, when it cannot be run or
    /// does not exit with status 0.
    static func runChildProcess(_ arguments: [String], doing activity: String) -> ChildProcess.Outcome {
        let outcome: ChildProcess.Outcome
        do {
            outcome = try ChildProcess.run(arguments: arguments)
        } catch {
            printError("scene-bench: \(error)")
            exit(1)
        }
        guard outcome.status == 0 else {
            printError("scene-bench: \(activity) failed (exit status \(outcome.status))")
            exit(outcome.status)
        }
        return outcome
    }

    /// The memory child's side: measures one size and prints one result
    /// line, or the scene's diagnostics and exits 2 when it does not load.
    static func runChild(objects: Int) {
        do {
            let result = try SizeMeasurement.run(objects: objects)
            print(result.line)
        } catch {
            printFailure(error, objects: objects)
            exit(2)
        }
    }

    /// The timing child's side: times every size, interleaved, and prints
    /// one sample line per size and repetition, or what went wrong and
    /// exits 2.
    static func runChildTimes(sizes: [Int], repetitions: Int) {
        do {
            let samples = try TimingMeasurement.run(sizes: sizes, repetitions: repetitions)
            for sample in samples { print(sample.line) }
        } catch {
            printFailure(error.reason, objects: error.objects)
            exit(2)
        }
    }

    /// Writes why the generated scene of `objects` objects could not be measured.
    static func printFailure(_ failure: SizeMeasurement.Failure, objects: Int) {
        switch failure {
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
        case .cpuClock(let code):
            printError("scene-bench: cannot read the process CPU clock: \(String(cString: strerror(code)))")
        }
    }

    /// Full loads only, in this process, for `perf record` or `valgrind
    /// --tool=callgrind`, with the loader's `pipelining` set as given.
    static func runProfile(objects: Int, repetitions: Int, pipelining: SceneLoader.Pipelining) {
        let bytes = SceneGenerator(objectCount: objects).generate()
        let source = SceneSource(name: "generated-\(objects).yaml", bytes: bytes)
        var loader: SceneLoader
        do { loader = SceneLoader(registry: try SceneRegistry.bench()) } catch {
            printError("scene-bench: cannot register Group: \(error)")
            exit(2)
        }
        loader.pipelining = pipelining
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
        let median = Statistics.median(times) / 1e6
        print(
            "\(objects) objects, \(bytes.count) bytes, pipelining \(pipelining.optionName): "
                + "\(repetitions) loads, median \(Format.fixed(median, 2)) ms")
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
