/// `scene-bench --drawing`: what drawing costs next to checking, as a
/// user runs both: `scene-runner render FILE -o FILE.svg` against
/// `scene-runner check FILE`, each a process started afresh, the two
/// alternated, on scenes of 1,000 and 10,000 labelled views (containers of
/// ten, every other one framed, the rest stacked, holding labels and
/// buttons with their own text).
///
///     swift run -c release scene-bench --drawing
///     swift run -c release scene-bench --drawing --repetitions 11 --runner PATH
///
/// Targets: rendering 10,000 views takes at most 3x checking them (median
/// of the ratios paired within a repetition), and rendering grows at most
/// 11x from 1,000 to 10,000 views.
enum DrawingBenchmark {
    /// The sizes measured, in views.
    static let sizes = [1_000, 10_000]
    /// The largest growth allowed for 10x the views.
    static let maxGrowth = 11.0
    /// The largest render-to-check ratio allowed at the largest size.
    static let maxRenderToCheck = 3.0

    static let usage = """
        USAGE: scene-bench --drawing [--repetitions N] [--runner PATH]

        Times `scene-runner check` and `scene-runner render -o FILE.svg` of
        scenes of 1,000 and 10,000 labelled views, alternated (medians of N
        runs after one warm-up, default 11), and checks the targets: render
        within 3x of check at 10,000 views, render growing at most 11x.
        """

    /// A scene of `count` views: containers of ten, alternately framed and
    /// stacked, holding labels and buttons with their own text.
    static func scene(views count: Int) -> String {
        var lines = ["scene: Labelled views", "objects:"]
        var index = 0
        var container = 0
        while index < count {
            let name = "c\(container)"
            if container % 2 == 0 {
                lines.append(
                    "  \(name): {type: View, frame: {x: \(container % 7 * 10), y: \(container * 3), "
                        + "width: 300, height: 400}}")
            } else {
                lines.append("  \(name): {type: View, layout: {axis: vertical, spacing: 4, padding: 2}}")
            }
            index += 1
            for child in 0..<9 where index < count {
                if child % 2 == 0 {
                    lines.append("  \(name)v\(child): {type: Label, parent: \(name), text: Item number \(index)}")
                } else {
                    lines.append("  \(name)v\(child): {type: Button, parent: \(name), title: Open \(index)}")
                }
                index += 1
            }
            container += 1
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Parses `arguments` (after `--drawing`), measures and prints; the
    /// exit status (1 when a target is missed).
    static func main(_ arguments: ArraySlice<String>) -> Int32 {
        let repetitions: Int
        let runner: String
        switch ModeArguments.runnerAndRepetitions(arguments, default: 11, usage: usage) {
        case .success(let options): (repetitions, runner) = options
        case .failure(let exit): return exit.status
        }
        do {
            let (text, met) = try report(repetitions: repetitions, runner: runner)
            print(text)
            return met ? 0 : 1
        } catch {
            SceneBenchCommand.printError("scene-bench: \(error)")
            return 2
        }
    }

    /// The figures and the verdicts.
    static func report(repetitions: Int, runner: String) throws -> (text: String, allMet: Bool) {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        var lines = ["Drawing against checking (medians of \(repetitions) runs of \(runner))"]
        var renderMedians: [Double] = []
        var ratio = 0.0
        for views in sizes {
            let path = scratch.path + "/labelled-\(views).yaml"
            try FileBytes.write(Array(scene(views: views).utf8), to: path)
            let check = ["check", path]
            let render = ["render", path, "-o", scratch.path + "/labelled-\(views).svg"]
            _ = try CommandBenchmark.expectSuccess(runner, check)
            _ = try CommandBenchmark.expectSuccess(runner, render)
            var checks: [Double] = []
            var renders: [Double] = []
            for _ in 0..<repetitions {
                checks.append(try CommandBenchmark.expectSuccess(runner, check).seconds)
                renders.append(try CommandBenchmark.expectSuccess(runner, render).seconds)
            }
            ratio = Statistics.median(zip(renders, checks).map { $0 / $1 })
            renderMedians.append(Statistics.median(renders))
            lines.append(
                "  \(views) views: check \(Format.fixed(Statistics.median(checks) * 1e3, 1)) ms, "
                    + "render \(Format.fixed(Statistics.median(renders) * 1e3, 1)) ms, "
                    + "render/check \(Format.fixed(ratio, 2))x (paired)")
        }
        let growth = (renderMedians.last ?? 0) / max(renderMedians.first ?? 1, 1e-9)
        let thresholds = [
            Threshold(
                "render / check at \(sizes.last ?? 0) views", value: ratio, atMost: maxRenderToCheck, unit: .ratio),
            Threshold(
                "render growth \(sizes.first ?? 0) -> \(sizes.last ?? 0) views", value: growth, atMost: maxGrowth,
                unit: .ratio),
        ]
        lines += thresholds.map { "  " + $0.line }
        return (lines.joined(separator: "\n"), thresholds.allSatisfy(\.isMet))
    }
}
