import SceneBehaviours
import SceneCore
import SceneLoader
import SceneRunning

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `scene-bench --scaling`: that every cost is linear in each dimension of a
/// scene, that a long run keeps its memory flat, and what `--jobs` gains.
///
/// - For each dimension (objects, script steps, steps on one line, `parent`
///   depth, outlets of one object, an outlet collection's length, transcript
///   length),
///   a scene of n and one of 10n are checked, loaded and run, its
///   transcript kept; the medians of the repetitions and their ratio are
///   printed. Target: at most 12x.
/// - A virtual day of a looping 60 fps shake runs in `scene-runner run`,
///   its transcript streamed to nowhere; its peak memory is printed.
///   Target: under 64 MB.
/// - 500 scene files run with `scene-runner run --jobs 1` and with
///   `--jobs` the number of cores, as child processes writing to
///   /dev/null; the speed-up is printed (the root package's release
///   `scene-runner`).
enum ScalingBenchmark {
    /// One dimension: its name, the n it is measured at, and a scene of size n.
    struct Dimension: Sendable {
        let name: String
        let n: Int
        let scene: @Sendable (Int) -> String
    }

    static let dimensions: [Dimension] = [
        Dimension(name: "objects", n: 2000) { n in
            "objects:\n" + (0..<n).map { "  v\($0): {type: View, alpha: 0.5}\n" }.joined()
                + "script:\n  - expect: { v0.alpha: 0.5 }\n"
        },
        Dimension(name: "script steps", n: 2000) { n in
            "objects:\n  v: {type: View}\nscript:\n"
                + (0..<n).map { $0 % 2 == 0 ? "  - wait: 10ms\n" : "  - expect: { v.hidden: false }\n" }.joined()
        },
        Dimension(name: "steps on one line", n: 2000) { n in
            "objects:\n  v: {type: View}\nscript: ["
                + (0..<n).map { $0 % 2 == 0 ? "{wait: 10ms}" : "{expect: {v.hidden: false}}" }.joined(separator: ", ")
                + "]\n"
        },
        Dimension(name: "parent depth", n: 2000) { n in
            "objects:\n  v0: {type: View}\n" + (1..<n).map { "  v\($0): {type: View, parent: v\($0 - 1)}\n" }.joined()
                + "script:\n  - set: { v0.hidden: true }\n  - expect: { v\(n - 1).visible: false }\n"
                + "  - set: { v0.hidden: false }\n  - expect: { v\(n - 1).visible: true }\n"
        },
        Dimension(name: "outlets of one object", n: 200) { n in
            "objects:\n  v: {type: View}\n  hub:\n    type: Hub\(n)\n" + (0..<n).map { "    o\($0): v\n" }.joined()
                + "script:\n  - expect: { hub.o\(n - 1): v }\n"
        },
        Dimension(name: "timeout providers", n: 2000) { n in
            // An outlet collection: a TimeoutController observes each provider once, however many.
            "objects:\n" + (0..<n).map { "  b\($0): {type: Button}\n" }.joined()
                + "  timeout: {type: TimeoutController, timeout: 1s, providers: ["
                + (0..<n).map { "b\($0)" }.joined(separator: ", ") + "]}\n"
                + "script:\n  - call: timeout.resume\n  - tap: b\(n - 1)\n  - wait: 2s\n"
                + "  - expect: { timeout.running: false }\n"
        },
        Dimension(name: "transcript length", n: 2000) { n in
            // Each tick is a timer, an event and two changes: lines grow with the virtual time.
            "objects:\n  tick: {type: PreemptiveDelay, delay: 10ms, on: {fired: tick.trigger}}\n"
                + "script:\n  - call: tick.trigger\n  - wait: \(n * 10)ms\n"
        },
    ]

    static func main(_ arguments: ArraySlice<String>) -> Int32 {
        let repetitions = arguments.first.flatMap(Int.init) ?? 5
        var isMet = true
        print("Scaling (check, load and run; median of \(repetitions) after a warm-up):\n")
        print("dimension                  n     ms at n     10n   ms at 10n   ratio")
        print("---------------------  -----  ----------  ------  ----------  ------")
        for dimension in dimensions {
            let small = time(dimension, dimension.n, repetitions)
            let large = time(dimension, dimension.n * 10, repetitions)
            let ratio = large / max(small, 1e-9)
            if ratio > 12 { isMet = false }
            print(
                "\(pad(dimension.name, -21))  \(pad(String(dimension.n), 5))  \(pad(format(small * 1000), 10))  "
                    + "\(pad(String(dimension.n * 10), 6))  \(pad(format(large * 1000), 10))  \(pad(format(ratio) + "x", 6))"
            )
        }
        print("target: at most 12x for every dimension: \(isMet ? "met" : "missed")\n")
        let day = dayMemory()
        print(day)
        print(jobsSpeedUp())
        return isMet ? 0 : 1
    }

    /// The median time of running `dimension` at `n`, in seconds.
    static func time(_ dimension: Dimension, _ n: Int, _ repetitions: Int) -> Double {
        let source = SceneSource(name: "scale.yaml", text: dimension.scene(n))
        let runner = SceneRunner(registry: registry(hubSize: n))
        var times: [Double] = []
        for repetition in 0...repetitions {
            let start = ContinuousClock.now
            let outcome = runner.run(source)
            let elapsed = ContinuousClock.now - start
            if case .invalid(let error) = outcome {
                SceneBenchCommand.printError("\(dimension.name) at \(n) is invalid:\n\(error.rendered)")
                return .nan
            }
            if repetition > 0 { times.append(elapsed.seconds) }
        }
        times.sort()
        return times[times.count / 2]
    }

    /// The standard registry and a type with `hubSize` outlets.
    static func registry(hubSize: Int) -> SceneRegistry {
        var registry = SceneRegistry.standard
        try? registry.register(Hub.sceneDescription(outlets: hubSize))
        return registry
    }

    // MARK: A virtual day

    /// A virtual day of a shake that restarts when it finishes: 5,184,000
    /// frames, `scene-runner run` streaming its transcript to nowhere.
    static let dayScene = """
        scene: A day of shaking
        objects:
          field: {type: View}
          shake:
            type: ShakeAnimation
            view: field
            on: {finished: shake.play}
        script:
          - call: shake.play
          - wait: 24h

        """

    /// Runs the day with `scene-runner run` and reports its time and peak memory.
    static func dayMemory() -> String {
        do {
            let scratch = try ScratchFolder()
            defer { scratch.remove() }
            let path = scratch.path + "/day.yaml"
            try FileBytes.write(Array(dayScene.utf8), to: path)
            let run = try CommandBenchmark.expectSuccess(CommandBenchmark.defaultRunner, ["run", path])
            let peak = Double(run.peakBytes) / 1_048_576
            let verdict = Threshold(
                "a virtual day of a looping 60 fps shake, peak MB", value: peak, atMost: 64, unit: .count)
            return "A virtual day of a looping 60 fps shake: \(format(run.seconds)) s\n  \(verdict.line)\n"
        } catch {
            return "a virtual day: could not run scene-runner: \(error)\n"
        }
    }

    // MARK: --jobs

    /// 500 scenes with --jobs 1 and with --jobs the number of cores.
    static func jobsSpeedUp() -> String {
        let runnerPath = CommandBenchmark.defaultRunner
        guard access(runnerPath, X_OK) == 0 else {
            return "500 scenes: build the root package's release scene-runner to measure --jobs (\(runnerPath))\n"
        }
        let directory = "/tmp/scene-bench-jobs-\(getpid())"
        mkdir(directory, 0o700)
        defer {
            for index in 0..<500 { unlink("\(directory)/\(index).yaml") }
            rmdir(directory)
        }
        var files: [String] = []
        for index in 0..<500 {
            let path = "\(directory)/\(index).yaml"
            let text = dimensions[index % 2 == 0 ? 1 : 5].scene(1000)
            guard let file = fopen(path, "w") else { return "500 scenes: cannot write \(path)\n" }
            fputs(text, file)
            fclose(file)
            files.append(path)
        }
        let cores = ParallelCores.count
        func seconds(_ jobs: Int) -> Double {
            var times: [Double] = []
            for _ in 0..<3 {
                let start = ContinuousClock.now
                _ = try? ChildProcess.run(runnerPath, arguments: ["run", "--jobs", String(jobs)] + files)
                times.append((ContinuousClock.now - start).seconds)
            }
            return times.sorted()[1]
        }
        let serial = seconds(1)
        let parallel = seconds(cores)
        return "500 scenes: --jobs 1 \(format(serial)) s, --jobs \(cores) \(format(parallel)) s, speed-up "
            + "\(format(serial / parallel))x (median of 3 each)\n"
    }

    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "-" }
        let scaled = (value * 100).rounded() / 100
        var text = "\(scaled)"
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }

    /// `text` padded to `width` columns: on the left for a positive width, on the right for a negative one.
    static func pad(_ text: String, _ width: Int) -> String {
        let padding = String(repeating: " ", count: max(0, abs(width) - text.count))
        return width < 0 ? text + padding : padding + text
    }
}

/// The processors available.
enum ParallelCores {
    static var count: Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }
}

/// A bench-local type with any number of outlets, each holding a View.
final class Hub: SceneObject {
    private final class Slot {
        weak var view: View?
    }

    private let slots: [Slot]

    init(outlets: Int) {
        slots = (0..<outlets).map { _ in Slot() }
    }

    func awake(in scene: Scene) {}

    static func sceneDescription(outlets: Int) -> TypeDescription {
        TypeDescription("Hub\(outlets)", summary: "\(outlets) outlets (scene-bench).", wakes: false) {
            Hub(outlets: outlets)
        } members: { type in
            for index in 0..<outlets {
                type.outlet(
                    "o\(index)", get: { $0.slots[index].view }, set: { $0.slots[index].view = $1 }, doc: "A view.")
            }
        }
    }
}
