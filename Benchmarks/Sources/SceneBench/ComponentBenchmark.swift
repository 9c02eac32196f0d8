import Foundation
import SceneBehaviours
import SceneCore
import SceneLoader

/// Components stay linear: a scene of 1,000 instances of a 20-object
/// component loads within 2x of the same 20,000 objects written out flat.
/// Both files are written to a temporary folder and loaded from there, the
/// two loads alternating in each repetition; the figure is the median of the
/// paired ratios.
///
///     swift run -c release scene-bench --components
enum ComponentBenchmark {
    /// Instances in the instanced scene.
    static let instances = 1_000
    /// The largest instanced-to-flat ratio allowed.
    static let maxRatio = 2.0

    /// One object of the component: its id, type and the keys after `type`,
    /// with `$label`, `$wait` and `$tint` where an instance's values go and
    /// `@` where an id of the component goes.
    static let objects: [(id: String, body: String)] = [
        ("card", "type: View, backgroundColor: $tint"),
        ("title", "type: Label, parent: @card, text: $label, textColor: black"),
        ("subtitle", "type: Label, parent: @card, text: Subtitle, textColor: gray"),
        ("play", "type: Button, parent: @card, title: Play, on: { tap: @timer.resume }"),
        ("pause", "type: Button, parent: @card, title: Pause, on: { tap: @timer.pause }"),
        ("next", "type: Button, parent: @card, title: Next, enabled: false"),
        ("volume", "type: Slider, parent: @card, value: 0.5"),
        ("field", "type: TextField, parent: @card, text: '', placeholder: Name"),
        ("badge", "type: View, parent: @card, hidden: true, alpha: 0.5"),
        ("icon", "type: View, parent: @badge, backgroundColor: red"),
        ("footer", "type: View, parent: @card"),
        ("left", "type: Button, parent: @footer, title: Back"),
        ("right", "type: Button, parent: @footer, title: Forward"),
        ("count", "type: Label, parent: @footer, text: '0'"),
        ("tap", "type: TapGesture, view: @card, on: { recognized: [@badge.show, @timer.resume] }"),
        ("timer", "type: TimeoutController, timeout: $wait, providers: [@play, @pause, @volume]"),
        ("host", "type: TimeoutControllerHost, viewToHide: @card, tapGesture: @tap, timeoutController: @timer"),
        ("spinner", "type: ActivityIndicator, parent: @card"),
        ("caption", "type: Label, parent: @card, text: Caption"),
        ("divider", "type: View, parent: @card, backgroundColor: '#CCCCCC'"),
    ]

    /// The files: the component, the instanced scene and the flat one.
    static func files() -> (component: String, instanced: String, flat: String) {
        var component = "params:\n  label: { type: String }\n  wait: { type: Duration, default: 3s }\n"
        component += "  tint: { type: Color, default: white }\nobjects:\n"
        for object in objects {
            component += "  \(object.id): { \(object.body.replacingOccurrences(of: "@", with: "")) }\n"
        }
        var instanced = "objects:\n  screen: { type: View }\n"
        var flat = "objects:\n  screen: { type: View }\n"
        for index in 0..<instances {
            let label = "Item \(index)"
            let wait = "\(index % 9 + 1)s"
            instanced += "  i\(index):\n    include: component.yaml\n"
            instanced += "    params: { label: \(label), wait: \(wait) }\n    parent: screen\n"
            for object in objects {
                var body = object.body.replacingOccurrences(of: "@", with: "i\(index)_")
                body = body.replacingOccurrences(of: "$label", with: label)
                body = body.replacingOccurrences(of: "$wait", with: wait)
                body = body.replacingOccurrences(of: "$tint", with: "white")
                if object.id == "card" { body += ", parent: screen" }
                flat += "  i\(index)_\(object.id): { \(body) }\n"
            }
        }
        return (component, instanced, flat)
    }

    /// The figure, as printed with the other results.
    static func report(repetitions: Int) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "scene-bench-components-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (component, instanced, flat) = files()
        try Data(component.utf8).write(to: folder.appendingPathComponent("component.yaml"))
        try Data(instanced.utf8).write(to: folder.appendingPathComponent("instanced.yaml"))
        try Data(flat.utf8).write(to: folder.appendingPathComponent("flat.yaml"))
        let loader = SceneLoader(registry: .standard)
        let clock = ContinuousClock()
        func time(_ name: String) throws -> Double {
            let path = folder.appendingPathComponent(name).path
            let start = clock.now
            let scene = try loader.load(contentsOf: path)
            let elapsed = clock.now - start
            guard scene.entries.count == instances * objects.count + 1 else {
                throw BenchFailure("\(name) loaded \(scene.entries.count) objects")
            }
            return Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
        }
        var instancedTimes: [Double] = []
        var flatTimes: [Double] = []
        var ratios: [Double] = []
        // One warm-up round, then the timed ones.
        for round in 0...repetitions {
            let flatTime = try time("flat.yaml")
            let instancedTime = try time("instanced.yaml")
            guard round > 0 else { continue }
            flatTimes.append(flatTime)
            instancedTimes.append(instancedTime)
            ratios.append(instancedTime / flatTime)
        }
        let ratio = Statistics.median(ratios)
        let met = ratio <= maxRatio
        return """
            components: \(instances) instances of a \(objects.count)-object component against the same \
            \(instances * objects.count) objects written out flat (\(repetitions) repetitions)
              instanced load  \(Format.fixed(Statistics.median(instancedTimes) / 1e6, 2)) ms  \
            (\(instanced.utf8.count + component.utf8.count) bytes in 2 files)
              flat load       \(Format.fixed(Statistics.median(flatTimes) / 1e6, 2)) ms  (\(flat.utf8.count) bytes)
              [\(met ? "met" : "MISSED")] instanced load within \(Format.fixed(maxRatio, 0))x of flat: \
            \(Format.fixed(ratio, 2))x (median of paired ratios)
            """
    }

    /// The benchmark alone: prints the figure, or why it could not be measured.
    static func main(_ arguments: ArraySlice<String>) -> Int32 {
        guard
            let repetitions = ModeArguments.onlyRepetitions(
                arguments, default: 7, usage: "usage: scene-bench --components [--repetitions N]")
        else { return 64 }
        return ModeArguments.printReport("a generated scene") { try report(repetitions: repetitions) }
    }
}

/// A benchmark that could not be measured, and why.
struct BenchFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
