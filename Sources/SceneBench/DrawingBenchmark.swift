import Foundation
import SceneBehaviours
import SceneCore
import SceneDrawing
import SceneLoader

/// Layout and pictures stay linear and cheap: scenes of 1,000 and 10,000
/// views with frames (containers of labels, buttons, sliders and fields,
/// some stacked, some framed) are loaded, laid out and drawn, each timed on
/// its own; the figures are medians. A second drawing of the same scene
/// with a ``LayoutCache`` (nothing the layout reads changed, as in a fade)
/// shows what the cache saves.
///
///     swift run -c release scene-bench --drawing
///
/// Targets: laying out and drawing grow at most 11x from 1,000 to 10,000
/// views, and drawing the 10,000-view scene (layout included) takes at most
/// 2x its load.
enum DrawingBenchmark {
    /// The sizes measured, in views.
    static let sizes = [1_000, 10_000]
    /// The largest growth allowed for 10x the views.
    static let maxGrowth = 11.0
    /// The views laid out in one timed sample, over as many layouts as it takes.
    static let viewsPerLayoutSample = 100_000
    /// The views drawn in one timed sample, over as many pictures as it takes.
    static let viewsPerDrawSample = 10_000
    /// The largest draw-to-load ratio allowed at the largest size.
    static let maxDrawToLoad = 2.0

    /// A scene of `count` views: containers of ten, alternately framed and
    /// stacked, holding labels, buttons, sliders and text fields.
    static func scene(views count: Int) -> String {
        var text = "scene: Drawing benchmark\nobjects:\n"
        var index = 0
        var container = 0
        while index < count {
            let id = "c\(container)"
            if container % 2 == 0 {
                text +=
                    "  \(id): {type: View, frame: {x: \(container % 7 * 10), y: \(container * 3), width: 300, height: 400}}\n"
            } else {
                text += "  \(id): {type: View, layout: {axis: horizontal, spacing: 4, padding: 2}, cornerRadius: 4}\n"
            }
            index += 1
            for child in 0..<9 where index < count {
                let frame = child % 3 == 0 ? ", frame: {x: \(child * 5), y: \(child * 20), width: 120, height: 30}" : ""
                switch child % 4 {
                case 0: text += "  \(id)v\(child): {type: Label, parent: \(id), text: Item \(index)\(frame)}\n"
                case 1: text += "  \(id)v\(child): {type: Button, parent: \(id), title: Go \(index)\(frame)}\n"
                case 2: text += "  \(id)v\(child): {type: Slider, parent: \(id), value: 0.\(child)\(frame)}\n"
                default: text += "  \(id)v\(child): {type: TextField, parent: \(id), placeholder: Name\(frame)}\n"
                }
                index += 1
            }
            container += 1
        }
        return text
    }

    struct Figures {
        var load: Double
        var layout: Double
        var draw: Double
        /// Drawing again with nothing the layout reads changed: the
        /// layout comes from a ``LayoutCache``.
        var redraw: Double
        var bytes: Int
    }

    /// One sample of each figure, in seconds, for a scene of `views` views.
    static func sample(views: Int, source: SceneSource, loader: SceneLoader) throws -> Figures {
        let clock = ContinuousClock()
        func seconds(_ duration: Duration) -> Double {
            Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        }
        var loaded: Scene?
        let load = try clock.measure { loaded = try loader.load(source) }
        guard let scene = loaded, scene.entries.count == views else {
            throw BenchFailure("the scene did not load whole")
        }
        let nodes = ScenePicture.items(of: scene).map(\.node)
        var placed = 0
        // A sample lays out 100,000 views in all (a hundred layouts of
        // 1,000, ten of 10,000): one layout of 1,000 views takes a few
        // hundredths of a millisecond, too short to time alone on a
        // shared machine.
        let layoutsPerSample = max(1, viewsPerLayoutSample / views)
        let layout =
            clock.measure {
                for _ in 0..<layoutsPerSample {
                    placed = Layout.frames(of: nodes, canvas: ScenePicture.defaultCanvas).count
                }
            } / layoutsPerSample
        // Pictures likewise: 10,000 views drawn a sample (ten pictures of
        // 1,000, one of 10,000).
        let drawsPerSample = max(1, viewsPerDrawSample / views)
        var written = 0
        let draw =
            clock.measure {
                for _ in 0..<drawsPerSample {
                    written = 0
                    ScenePicture.write(scene) { written += $0.utf8.count }
                }
            } / drawsPerSample
        guard placed == views, written > 0 else { throw BenchFailure("nothing was drawn") }
        let cache = LayoutCache()
        ScenePicture.write(scene, layout: cache) { _ in }
        var rewritten = 0
        let redraw =
            clock.measure {
                for _ in 0..<drawsPerSample {
                    rewritten = 0
                    ScenePicture.write(scene, layout: cache) { rewritten += $0.utf8.count }
                }
            } / drawsPerSample
        guard cache.solveCount == 1, rewritten == written else {
            throw BenchFailure("drawing again laid the scene out again, or drew something else")
        }
        return Figures(
            load: seconds(load), layout: seconds(layout), draw: seconds(draw), redraw: seconds(redraw), bytes: written)
    }

    /// The figures and the targets, as printed. Each repetition measures
    /// every size back to back after a warm-up round; the figures are
    /// medians, and each ratio is the median of the ratios taken within
    /// one repetition ("paired"), since this machine's speed changes from
    /// second to second.
    static func report(repetitions: Int) throws -> String {
        let loader = SceneLoader(registry: .standard)
        let sources = sizes.map { SceneSource(name: "drawing-\($0).yaml", text: scene(views: $0)) }
        var samples = [[Figures]](repeating: [], count: sizes.count)
        for round in 0...repetitions {
            let figures = try zip(sizes, sources).map { try sample(views: $0, source: $1, loader: loader) }
            guard round > 0 else { continue }
            for index in sizes.indices { samples[index].append(figures[index]) }
        }
        func median(_ index: Int, _ figure: KeyPath<Figures, Double>) -> Double {
            Statistics.median(samples[index].map { $0[keyPath: figure] })
        }
        func pairedRatio(_ top: KeyPath<Figures, Double>, over bottom: KeyPath<Figures, Double>, sizes: (Int, Int))
            -> Double
        {
            Statistics.median(
                zip(samples[sizes.0], samples[sizes.1]).map { $0.1[keyPath: top] / $0.0[keyPath: bottom] })
        }
        var lines = [
            "drawing: views with frames and stacks, loaded, laid out and drawn as SVG "
                + "(\(repetitions) repetitions, medians; ratios paired within a repetition)"
        ]
        lines.append(
            "    views     load ms   layout ms   draw ms (layout included)   redraw ms (layout cached)   SVG bytes")
        for index in sizes.indices {
            lines.append(
                "  \(pad(sizes[index], 7))  \(pad(Format.fixed(median(index, \.load) * 1e3, 2), 10))"
                    + "  \(pad(Format.fixed(median(index, \.layout) * 1e3, 2), 10))"
                    + "  \(pad(Format.fixed(median(index, \.draw) * 1e3, 2), 26))"
                    + "  \(pad(Format.fixed(median(index, \.redraw) * 1e3, 2), 26))"
                    + "  \(pad(samples[index].last?.bytes ?? 0, 10))")
        }
        guard sizes.count >= 2 else { return lines.joined(separator: "\n") }
        let (small, large) = (0, sizes.count - 1)
        let layoutGrowth = pairedRatio(\.layout, over: \.layout, sizes: (small, large))
        let drawGrowth = pairedRatio(\.draw, over: \.draw, sizes: (small, large))
        let drawToLoad = pairedRatio(\.draw, over: \.load, sizes: (large, large))
        func verdict(_ met: Bool) -> String { met ? "[met]" : "[MISSED]" }
        lines.append(
            "  \(verdict(layoutGrowth <= maxGrowth && drawGrowth <= maxGrowth)) growth \(sizes[small]) -> \(sizes[large]) views at most \(Format.fixed(maxGrowth, 0))x:"
                + " layout \(Format.fixed(layoutGrowth, 2))x, drawing \(Format.fixed(drawGrowth, 2))x")
        lines.append(
            "  \(verdict(drawToLoad <= maxDrawToLoad)) drawing \(sizes[large]) views within \(Format.fixed(maxDrawToLoad, 0))x of loading them: \(Format.fixed(drawToLoad, 2))x"
        )
        return lines.joined(separator: "\n")
    }

    private static func pad(_ value: some CustomStringConvertible, _ width: Int) -> String {
        let text = value.description
        return String(repeating: " ", count: max(0, width - text.count)) + text
    }

    /// The benchmark alone.
    static func main(_ arguments: ArraySlice<String>) -> Int32 {
        guard
            let repetitions = ModeArguments.onlyRepetitions(
                arguments, default: 7, usage: "usage: scene-bench --drawing [--repetitions N]")
        else { return 64 }
        return ModeArguments.printReport("the generated scene") { try report(repetitions: repetitions) }
    }
}
