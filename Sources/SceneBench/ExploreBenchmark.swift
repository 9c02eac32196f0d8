import SceneCore
import SceneLoader
import SceneOutput
import SceneRunning

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `scene-bench --explore`: how fast `scene-runner explore` goes.
///
///     swift run -c release scene-bench --explore
///     swift run -c release scene-bench --explore --repetitions 9
///     swift run -c release scene-bench --explore --soak 600   # memory over 10 minutes
///
/// Figures, medians of the repetitions after one warm-up, on one core:
/// - explored input steps a second on the video player scene (the shipped
///   scene's objects and invariants, 200 runs of 40 steps from the start);
/// - the time to shrink a 200-step failure: 198 steps that break nothing
///   (slides, taps and waits), then the two that hide the controls under a
///   held slider, shrunk to those two.
/// With `--soak SECONDS` it explores for that long instead and prints the
/// resident memory every tenth of the time, so that a leak shows as a rise.
///
/// Targets: at least 100,000 steps a second; a shrink under 2 s.
enum ExploreBenchmark {
    static let usage = """
        USAGE: scene-bench --explore [--repetitions N] [--soak SECONDS]

        Times explore on the video player scene (steps a second) and the
        shrinking of a 200-step failure (medians of N runs after one
        warm-up, default 5); with --soak, explores for SECONDS and prints
        the resident memory as it goes.
        """

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

    /// Controls that a tap hides under a held slider, with a 200-step
    /// script whose last two steps show it.
    static var longFailure: String {
        var text = """
            objects:
              controls: { type: View }
              play: { type: Button, parent: controls, title: Play }
              volume: { type: Slider, parent: controls, value: 0.5 }
              videoTap: { type: TapGesture, on: { recognized: controls.hide } }
            invariants:
              - when: { volume.tracking: true }
                expect: { controls.hidden: false }
            script:

            """
        for index in 0..<198 {
            switch index % 3 {
            case 0: text += "  - slide: { volume: \(Double(index % 10) / 10) }\n"
            case 1: text += "  - tap: play\n"
            default: text += "  - wait: \(index % 7 + 1)00ms\n"
            }
        }
        return text + "  - press: volume\n  - tap: videoTap\n"
    }

    static func main(_ arguments: ArraySlice<String>) -> Int32 {
        var repetitions = 5
        var soak: Int?
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            guard let value = rest.popFirst().flatMap({ Int($0) }), value > 0, value <= 86_400 else {
                SceneBenchCommand.printError("scene-bench: '\(argument)' takes a positive whole number\n\n\(usage)")
                return 64
            }
            switch argument {
            case "--repetitions": repetitions = value
            case "--soak": soak = value
            default:
                SceneBenchCommand.printError("scene-bench: unknown option '\(argument)'\n\n\(usage)")
                return 64
            }
        }
        let loader = SceneLoader(registry: .standard)
        if let soak { return runSoak(seconds: soak, loader: loader) }
        var rates: [Double] = []
        var shrinkTimes: [Double] = []
        var shrunkLength = 0
        for repetition in 0...repetitions {
            guard let explored = exploreOnce(loader: loader, seed: UInt64(repetition)),
                let shrunk = shrinkOnce(loader: loader)
            else { return 1 }
            shrunkLength = shrunk.length
            guard repetition > 0 else { continue }  // the warm-up
            rates.append(explored)
            shrinkTimes.append(shrunk.seconds)
        }
        let rate = median(rates)
        let shrink = median(shrinkTimes)
        print("== explore (video player, 200 runs of 40 steps; medians of \(repetitions))")
        print(
            "explored steps a second: \(Int(rate.rounded()))  (target: at least 100,000)  \(rate >= 100_000 ? "met" : "NOT met")"
        )
        print(
            "shrink a 200-step failure to \(shrunkLength) steps: \(format(shrink * 1000)) ms  (target: under 2 s)  \(shrink < 2 ? "met" : "NOT met")"
        )
        return 0
    }

    /// Explored steps a second in one exploration.
    static func exploreOnce(loader: SceneLoader, seed: UInt64) -> Double? {
        var options = ExploreOptions()
        options.seed = seed
        options.fromStart = true
        guard let explorer = load(videoPlayer, loader: loader, options: options) else { return nil }
        let start = ContinuousClock.now
        let result = explorer.explore()
        let seconds = (ContinuousClock.now - start).seconds
        guard result.failure == nil else {
            SceneBenchCommand.printError(
                "scene-bench: the video player broke an invariant: \(result.failure?.message ?? "")")
            return nil
        }
        return Double(result.stepCount) / max(seconds, 1e-9)
    }

    /// The seconds one shrink of the 200-step failure takes, and its length.
    static func shrinkOnce(loader: SceneLoader) -> (seconds: Double, length: Int)? {
        var options = ExploreOptions()
        options.fromStart = true
        guard let explorer = load(longFailure, loader: loader, options: options) else { return nil }
        let steps = explorer.declaration.steps
        let start = ContinuousClock.now
        guard let shrunk = explorer.shrinkIfFailing(steps) else {
            SceneBenchCommand.printError("scene-bench: the 200-step script broke nothing")
            return nil
        }
        return ((ContinuousClock.now - start).seconds, shrunk.steps.count)
    }

    /// Explores the video player for `seconds`, printing the resident memory.
    static func runSoak(seconds: Int, loader: SceneLoader) -> Int32 {
        let start = ContinuousClock.now
        let total = Duration.seconds(seconds)
        var nextReport = Duration.zero
        var seed: UInt64 = 0
        var steps = 0
        print("== explore soak: the video player for \(seconds) s; resident memory as it goes")
        while ContinuousClock.now - start < total {
            var options = ExploreOptions()
            options.seed = seed
            options.fromStart = true
            guard let explorer = load(videoPlayer, loader: loader, options: options) else { return 1 }
            steps += explorer.explore().stepCount
            seed &+= 1
            let elapsed = ContinuousClock.now - start
            if elapsed >= nextReport {
                print(
                    "\(format(elapsed.seconds)) s  \(steps) steps  resident \(ProcessMemory.residentBytes() / 1024) KiB"
                )
                nextReport += total / 10
            }
        }
        print("\(steps) steps  resident \(ProcessMemory.residentBytes() / 1024) KiB at the end")
        return 0
    }

    static func load(_ text: String, loader: SceneLoader, options: ExploreOptions) -> SceneExplorer? {
        switch SceneExplorer.load(SceneSource(name: "bench.yaml", text: text), loader: loader, options: options) {
        case .success(let explorer): return explorer
        case .failure:
            SceneBenchCommand.printError("scene-bench: the bench's scene did not load")
            return nil
        }
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted[sorted.count / 2]
    }

    /// `value` to one decimal.
    static func format(_ value: Double) -> String { "\((value * 10).rounded() / 10)" }
}
