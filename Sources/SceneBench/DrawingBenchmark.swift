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
    /// Layouts timed together in one sample.
    static let layoutsPerSample = 10
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

    /// Medians, in seconds, over `repetitions` after one warm-up.
    static func measure(views: Int, repetitions: Int) throws -> Figures {
        let source = SceneSource(name: "drawing-\(views).yaml", text: scene(views: views))
        let loader = SceneLoader(registry: .standard)
        let clock = ContinuousClock()
        func seconds(_ duration: Duration) -> Double {
            Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        }
        var loads: [Double] = []
        var layouts: [Double] = []
        var draws: [Double] = []
        var redraws: [Double] = []
        var bytes = 0
        for round in 0...repetitions {
            var loaded: Scene?
            let load = try clock.measure { loaded = try loader.load(source) }
            guard let scene = loaded, scene.entries.count == views else {
                throw BenchFailure("the scene did not load whole")
            }
            let items = ScenePicture.items(of: scene)
            var placed = 0
            // Ten layouts a sample: one of 1,000 views takes a tenth of a
            // millisecond, too short to time alone on a shared machine.
            let layout =
                clock.measure {
                    for _ in 0..<layoutsPerSample {
                        placed = Layout.frames(of: items.map(\.node), canvas: ScenePicture.defaultCanvas).count
                    }
                } / layoutsPerSample
            var written = 0
            let draw = clock.measure { ScenePicture.write(scene) { written += $0.utf8.count } }
            guard placed == views, written > 0 else { throw BenchFailure("nothing was drawn") }
            let cache = LayoutCache()
            ScenePicture.write(scene, layout: cache) { _ in }
            var rewritten = 0
            let redraw = clock.measure { ScenePicture.write(scene, layout: cache) { rewritten += $0.utf8.count } }
            guard cache.solveCount == 1, rewritten == written else {
                throw BenchFailure("drawing again laid the scene out again, or drew something else")
            }
            guard round > 0 else { continue }
            loads.append(seconds(load))
            layouts.append(seconds(layout))
            draws.append(seconds(draw))
            redraws.append(seconds(redraw))
            bytes = written
        }
        return Figures(
            load: Statistics.median(loads), layout: Statistics.median(layouts), draw: Statistics.median(draws),
            redraw: Statistics.median(redraws), bytes: bytes)
    }

    /// The figures and the targets, as printed.
    static func report(repetitions: Int) throws -> String {
        let figures = try sizes.map { try measure(views: $0, repetitions: repetitions) }
        var lines = [
            "drawing: views with frames and stacks, loaded, laid out and drawn as SVG (\(repetitions) repetitions, medians)"
        ]
        lines.append(
            "    views     load ms   layout ms   draw ms (layout included)   redraw ms (layout cached)   SVG bytes")
        for (size, figure) in zip(sizes, figures) {
            lines.append(
                "  \(pad(size, 7))  \(pad(Format.fixed(figure.load * 1e3, 2), 10))  \(pad(Format.fixed(figure.layout * 1e3, 2), 10))"
                    + "  \(pad(Format.fixed(figure.draw * 1e3, 2), 26))  \(pad(Format.fixed(figure.redraw * 1e3, 2), 26))"
                    + "  \(pad(figure.bytes, 10))")
        }
        guard let small = figures.first, let large = figures.last else { return lines.joined(separator: "\n") }
        let layoutGrowth = large.layout / small.layout
        let drawGrowth = large.draw / small.draw
        let drawToLoad = large.draw / large.load
        func verdict(_ met: Bool) -> String { met ? "[met]" : "[MISSED]" }
        lines.append(
            "  \(verdict(layoutGrowth <= maxGrowth && drawGrowth <= maxGrowth)) growth \(sizes[0]) -> \(sizes[1]) views at most \(Format.fixed(maxGrowth, 0))x:"
                + " layout \(Format.fixed(layoutGrowth, 2))x, drawing \(Format.fixed(drawGrowth, 2))x")
        lines.append(
            "  \(verdict(drawToLoad <= maxDrawToLoad)) drawing \(sizes[1]) views within \(Format.fixed(maxDrawToLoad, 0))x of loading them: \(Format.fixed(drawToLoad, 2))x"
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
