/// `scene-bench --explore`: how fast `scene-runner explore` goes, as a
/// user runs it.
///
///     swift run -c release scene-bench --explore
///     swift run -c release scene-bench --explore --repetitions 9
///
/// The figure: explored input steps a second on the video player scene
/// (the shipped scene's objects and invariants), `scene-runner explore
/// FILE --from-start --runs 2000` (2,000 runs of 40 steps from the start,
/// a new seed each repetition), the steps it reports over the process's
/// wall time (its start and the load included); the median of the
/// repetitions after one warm-up.
///
/// Target: at least 100,000 steps a second.
enum ExploreBenchmark {
    static let usage = """
        USAGE: scene-bench --explore [--repetitions N]

        Times `scene-runner explore` on the video player scene (explored steps
        a second; medians of N runs after one warm-up, default 5).
        """

    /// The least explored steps a second.
    static let minStepsPerSecond = 100_000.0

    /// The video player scene (Scenes/video-player.yaml's objects and invariants).
    static let videoPlayer = """
        objects:
          controls: { type: View }
          playPause: { type: Button, parent: controls, title: Play }
          volume: { type: Slider, parent: controls, value: 0.5 }
          backgroundTap: { type: TapGesture }
          timeout: { type: TimeoutController, timeout: 3s, providers: [playPause, volume] }
          host:
            type: TimeoutControllerHost
            viewToHide: controls
            tapGesture: backgroundTap
            timeoutController: timeout
            animationDuration: 0.2s
        invariants:
          - when: { timeout.activeInteractions: { min: 1 } }
            expect: { timeout.pending: false }
          - when: { timeout.activeInteractions: { min: 1 }, timeout.running: true }
            expect: { controls.hidden: false }
          - when: { volume.tracking: false, playPause.highlighted: false }
            expect: { timeout.activeInteractions: 0 }
          - when: { timeout.running: false }
            expect: { timeout.pending: false }
          - when: { timeout.running: true }
            expect: { controls.hidden: false }

        """

    static func main(_ arguments: ArraySlice<String>) -> Int32 {
        let repetitions: Int
        switch ModeArguments.repetitions(arguments, default: 5, usage: usage) {
        case .success(let count): repetitions = count
        case .failure(let exit): return exit.status
        }
        do {
            let scratch = try ScratchFolder()
            defer { scratch.remove() }
            let path = scratch.path + "/video-player.yaml"
            try FileBytes.write(Array(videoPlayer.utf8), to: path)
            var rates: [Double] = []
            for repetition in 0...repetitions {
                let run = try ChildProcess.run(
                    CommandBenchmark.defaultRunner,
                    arguments: ["explore", path, "--from-start", "--runs", "2000", "--seed", "\(repetition)"],
                    capturing: true)
                guard run.status == 0, let steps = stepCount(in: run.output) else {
                    throw CommandBenchmark.Failure(
                        description: "scene-runner explore exited \(run.status) or found something:\n\(run.output)")
                }
                if repetition > 0 { rates.append(Double(steps) / max(run.seconds, 1e-9)) }
            }
            let target = Threshold(
                "explored steps a second (video player, 2,000 runs of 40 steps)", value: Statistics.median(rates),
                atLeast: minStepsPerSecond, unit: .count)
            print("== explore (medians of \(repetitions) runs of scene-runner explore)\n  \(target.line)")
            return target.isMet ? 0 : 1
        } catch {
            SceneBenchCommand.printError("scene-bench: \(error)")
            return 2
        }
    }

    /// The N of the "seed S, R runs, N steps" line explore prints.
    static func stepCount(in output: String) -> Int? {
        for line in output.split(separator: "\n") {
            let words = line.split(separator: " ")
            for (index, word) in words.enumerated() where word.hasPrefix("step") && index > 0 {
                if let count = Int(words[index - 1]) { return count }
            }
        }
        return nil
    }
}
