import SceneBehaviours
import SceneCore
import SceneLoader
import SceneRunning

/// `scene-bench --recorder`: what an animation costs the transcript
/// recorder beside many idle objects. The same 240-frame shake (4 s at
/// 60 fps) runs in a scene beside 100 idle labels and beside 10,000; the
/// recorder looks for changes after every frame, and since it reads only
/// what told it a change (see `PropertyChangeListener` in SceneRunning), the idle
/// labels should cost the run almost nothing.
///
///     swift run -c release scene-bench --recorder
///     swift run -c release scene-bench --recorder --repetitions 9
///
/// Each figure is the wall time of the script alone (`call: shake.play`
/// and `wait: 4s`): a `SceneRunner` run of the scene, less a run of the
/// same scene without its script, in the same repetition (what is done
/// once a run and is linear in its objects, loading and the recorder's
/// start and end, is in both). The target is the 10,000-label run within
/// 1.5x of the 100-label one, on the median of the ratios paired within
/// each repetition.
enum RecorderBenchmark {
    /// The usage of this mode.
    static let usage = """
        USAGE: scene-bench --recorder [--repetitions N]

        Times a 240-frame shake beside 100 and beside 10,000 idle labels
        (medians of N runs after one warm-up, default 7), with the recorder
        listening for changes; checks that 10,000 labels cost within 1.5x
        of 100.
        """

    /// The idle labels beside the shake.
    static let sizes = (small: 100, large: 10_000)
    /// The largest large-to-small ratio allowed.
    static let maxRatio = 1.5

    /// A scene of a 4 s shake beside `idle` labels, with its script or without.
    static func scene(idle: Int, script: Bool) -> SceneSource {
        var text = """
            scene: A shake beside \(idle) idle labels
            objects:
              field: {type: View}
              shake: {type: ShakeAnimation, view: field, duration: 4s}

            """
        for index in 0..<idle { text += "  label\(index): {type: Label, text: Label \(index)}\n" }
        if script { text += "script:\n  - call: shake.play\n  - wait: 4s\n" }
        return SceneSource(name: "shake-\(idle).yaml", text: text)
    }

    /// The seconds the script of the scene beside `idle` labels takes: a
    /// run with it less a run without it.
    static func time(idle: Int, runner: SceneRunner) throws -> Double {
        let clock = ContinuousClock()
        var seconds: [Double] = []
        for hasScript in [true, false] {
            let source = scene(idle: idle, script: hasScript)
            let start = clock.now
            let outcome = runner.run(source)
            seconds.append(Statistics.seconds(clock.now - start))
            switch outcome {
            // Only the run with the script has steps to record.
            case .ran(let transcript) where !hasScript || !transcript.entries.isEmpty: break
            case .ran: throw BenchFailure("\(source.name) ran nothing")
            case .invalid(let error): throw error
            }
        }
        // A difference lost in the noise of the loads is no figure.
        guard seconds[0] > seconds[1] else {
            throw BenchFailure(
                "beside \(idle) labels, the run with the script took no longer than the run without it "
                    + "(\(Format.fixed(seconds[0] * 1e3, 2)) ms against \(Format.fixed(seconds[1] * 1e3, 2)) ms): "
                    + "the script's time is within the noise of loading the scene")
        }
        return seconds[0] - seconds[1]
    }

    /// The figures, as printed.
    static func report(repetitions: Int) throws -> String {
        let runner = SceneRunner(registry: .standard)
        var lines = [
            "recorder: a 240-frame shake beside \(sizes.small) and \(sizes.large) idle labels, "
                + "the script's wall time, loading aside (\(repetitions) repetitions)"
        ]
        var smallTimes: [Double] = []
        var largeTimes: [Double] = []
        var ratios: [Double] = []
        // One warm-up round, then the timed ones.
        for round in 0...repetitions {
            let smallTime = try time(idle: sizes.small, runner: runner)
            let largeTime = try time(idle: sizes.large, runner: runner)
            guard round > 0 else { continue }
            smallTimes.append(smallTime)
            largeTimes.append(largeTime)
            ratios.append(largeTime / smallTime)
        }
        let listeningRatio = Statistics.median(ratios)
        lines.append(
            "  listening (the recorder)  "
                + "\(sizes.small) labels \(Format.fixed(Statistics.median(smallTimes) * 1e3, 2)) ms  "
                + "\(sizes.large) labels \(Format.fixed(Statistics.median(largeTimes) * 1e3, 2)) ms  "
                + "ratio \(Format.fixed(listeningRatio, 2))x")
        let target = Threshold(
            "\(sizes.large) idle labels against \(sizes.small), the script's time (paired)", value: listeningRatio,
            atMost: maxRatio, unit: .ratio)
        lines.append("  " + target.line)
        return lines.joined(separator: "\n")
    }

    /// The benchmark alone: prints the figures, or why they could not be measured.
    static func main(_ arguments: ArraySlice<String>) -> Int32 {
        switch ModeArguments.repetitions(arguments, default: 7, usage: usage) {
        case .success(let repetitions):
            return ModeArguments.printReport("a generated scene") { try report(repetitions: repetitions) }
        case .failure(let exit): return exit.status
        }
    }
}
