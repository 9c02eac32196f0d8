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
/// and `wait: 4s`), with the transcript streamed to a text writer that
/// throws the text away. What is done once a run and is linear in its
/// objects is left out: loading the scene and the recorder's start (the
/// baseline, and listening to each object); the end of the run (the last
/// look, and disconnecting from each object) is printed beside. The target is the 10,000-label run
/// within 1.5x of the 100-label one, on the median of the ratios paired
/// within each repetition.
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

    /// A scene of a 4 s shake beside `idle` labels.
    static func scene(idle: Int) -> SceneSource {
        var text = """
            scene: A shake beside \(idle) idle labels
            objects:
              field: {type: View}
              shake: {type: ShakeAnimation, view: field, duration: 4s}

            """
        for index in 0..<idle { text += "  label\(index): {type: Label, text: Label \(index)}\n" }
        text += "script:\n  - call: shake.play\n  - wait: 4s\n"
        return SceneSource(name: "shake-\(idle).yaml", text: text)
    }

    /// The seconds the script of `source` takes, loading aside, and those
    /// the end of the run takes (the last look, and no longer listening).
    static func time(_ source: SceneSource, loader: SceneLoader) throws -> (
        script: Double, end: Double
    ) {
        var bytes = 0
        let writer = TextTranscriptWriter { bytes += $0.utf8.count }
        let session: RunSession
        switch RunSession.start(source, loader: loader, streamingTo: writer) {
        case .success(let started): session = started
        case .failure(let error): throw error
        }
        let clock = ContinuousClock()
        let start = clock.now
        for step in session.declaration.steps where !session.perform(step) { break }
        let end = clock.now
        let summary = session.finish()
        let finished = clock.now
        guard summary.succeeded, summary.endTime == .seconds(4), bytes > 0 else {
            throw BenchFailure("\(source.name) did not run to its end")
        }
        return (seconds(end - start), seconds(finished - end))
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// The figures, as printed.
    static func report(repetitions: Int) throws -> String {
        let loader = SceneLoader(registry: .standard)
        let small = scene(idle: sizes.small)
        let large = scene(idle: sizes.large)
        var lines = [
            "recorder: a 240-frame shake beside \(sizes.small) and \(sizes.large) idle labels, "
                + "the script's wall time, loading aside (\(repetitions) repetitions)"
        ]
        var smallTimes: [Double] = []
        var largeTimes: [Double] = []
        var largeEnds: [Double] = []
        var ratios: [Double] = []
        // One warm-up round, then the timed ones.
        for round in 0...repetitions {
            let smallTime = try time(small, loader: loader)
            let largeTime = try time(large, loader: loader)
            guard round > 0 else { continue }
            smallTimes.append(smallTime.script)
            largeTimes.append(largeTime.script)
            largeEnds.append(largeTime.end)
            ratios.append(largeTime.script / smallTime.script)
        }
        let listeningRatio = Statistics.median(ratios)
        lines.append(
            "  listening (the recorder)  "
                + "\(sizes.small) labels \(Format.fixed(Statistics.median(smallTimes) * 1e3, 2)) ms  "
                + "\(sizes.large) labels \(Format.fixed(Statistics.median(largeTimes) * 1e3, 2)) ms  "
                + "ratio \(Format.fixed(listeningRatio, 2))x  (the end of the \(sizes.large)-label run "
                + "\(Format.fixed(Statistics.median(largeEnds) * 1e3, 2)) ms)")
        let met = listeningRatio <= maxRatio
        lines.append(
            "  [\(met ? "met" : "missed")] \(sizes.large) idle labels within \(Format.fixed(maxRatio, 1))x of "
                + "\(sizes.small): \(Format.fixed(listeningRatio, 2))x (median of paired ratios)")
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
