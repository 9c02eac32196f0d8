import SceneBehaviours
import SceneCore
import SceneLoader
import Synchronization

/// An axis, to test enum properties.
enum ProbeAxis: String, SceneEnum {
    case x, y
}

/// A section of rows, to test record values.
struct ProbeSection: SceneValueConvertible, Equatable {
    var title: String
    var rows: [String]

    static var sceneValueType: ValueType {
        .record(name: "Section", fields: [RecordField("title", .string), RecordField("rows", .list(.string))])
    }

    init(title: String, rows: [String]) {
        self.title = title
        self.rows = rows
    }

    init?(sceneValue: SceneValue) {
        guard case .map(let pairs) = sceneValue,
            let title = pairs.first(where: { $0.key == "title" }).flatMap({ String(sceneValue: $0.value) }),
            let rows = pairs.first(where: { $0.key == "rows" }).flatMap({ [String](sceneValue: $0.value) })
        else { return nil }
        self.init(title: title, rows: rows)
    }

    var sceneValue: SceneValue {
        .map([SceneValue.Pair("title", title.sceneValue), SceneValue.Pair("rows", rows.sceneValue)])
    }
}

/// A type declared by the tests, the way an embedding program declares its
/// own: one property of every value kind, outlets, a collection, events
/// with and without payloads, and actions.
final class Probe: SceneObject {
    var flag = false
    var count = 0
    var ratio = 0.5
    var name = ""
    var delay: Duration = .seconds(1)
    var offset: Duration = .zero
    var tint: Color?
    var axis = ProbeAxis.x
    var tags: [String] = []
    var accounts: [String: String] = [:]
    var sections: [ProbeSection] = []
    weak var target: View?
    weak var host: Probe?
    var items = WeakList<any InteractionProvider>()
    var fired = SceneEvent<Void>()
    var changed = SceneEvent<Double>()
    private(set) var resets = 0
    private(set) var awakeOrder: [String] = []
    /// Shared log of awake calls, to test the order across objects.
    var log: AwakeLog?
    var label = ""

    func awake(in scene: Scene) {
        label = scene.id(of: self) ?? "?"
        log?.entries.append(label)
    }

    func reset() { resets += 1 }

    static func sceneDescription(log: AwakeLog? = nil) -> TypeDescription {
        TypeDescription(
            "Probe", summary: "Exercises every kind of member.",
            make: {
                let probe = Probe()
                probe.log = log
                return probe
            }
        ) { type in
            type.property("flag", \.flag, doc: "A Bool.")
            type.property("count", \.count, range: 0...10, doc: "An Int in 0...10.")
            type.property("ratio", \.ratio, range: 0...1, doc: "A Double in 0...1.")
            type.property("name", \.name, doc: "A String.")
            type.property("delay", \.delay, doc: "A Duration.")
            type.property("offset", \.offset, range: -10...10, doc: "A Duration that may be negative.")
            type.property("tint", \.tint, doc: "An optional Color.")
            type.property("axis", \.axis, doc: "An enum.")
            type.property("tags", \.tags, doc: "A list of strings.")
            type.property("accounts", \.accounts, doc: "A string map.")
            type.property("sections", \.sections, doc: "A list of records.")
            type.outlet("target", \.target, doc: "Any View.")
            type.outlet("host", \.host, doc: "Another probe.")
            type.outletCollection("items", \.items, doc: "Interaction providers.")
            type.event("fired", \.fired, doc: "Sent by `fire`.")
            type.event("changed", \.changed, doc: "Sent with a ratio.")
            type.readOnly("resets", \.resets, doc: "How many times `reset` ran.")
            type.action("reset", doc: "Counts a reset.") { $0.reset() }
            type.action("fire", doc: "Sends `fired`.") { $0.fired.send() }
            type.action("setRatio", Double.self, doc: "Sets `ratio`.") { $0.ratio = $1 }
            type.action("setName", String.self, doc: "Sets `name`.") { $0.name = $1 }
            type.input("poke", doc: "Sends `changed` with the ratio.") { probe in
                probe.changed.send(probe.ratio)
                return .handled
            }
        }
    }
}

/// A type with a required property and a required outlet.
final class Lock: SceneObject {
    var passcode = ""
    weak var view: View?

    func awake(in scene: Scene) {}

    static func sceneDescription() -> TypeDescription {
        TypeDescription("Lock", summary: "Needs a passcode and a view.", make: Lock.init) { type in
            type.property("passcode", \.passcode, required: true, doc: "The code.")
            type.outlet("view", \.view, required: true, doc: "The view it locks.")
        }
    }
}

/// Records the order of `awake` calls.
final class AwakeLog: Sendable {
    // Sendable, as the factories that hold it must be.
    private let lines = Mutex<[String]>([])
    var entries: [String] {
        get { lines.withLock { $0 } }
        set { lines.withLock { $0 = newValue } }
    }
}

/// The standard registry plus the test types.
func testRegistry(log: AwakeLog? = nil) throws -> SceneRegistry {
    var registry = SceneRegistry.standard
    try registry.register(Probe.sceneDescription(log: log))
    try registry.register(Lock.sceneDescription())
    return registry
}

/// Every diagnostic of `text` rendered, as `scene-runner check` prints them.
func renderedDiagnostics(_ text: String, name: String = "test.yaml", limits: SceneLimits = SceneLimits()) throws
    -> String
{
    let loader = SceneLoader(registry: try testRegistry(), limits: limits)
    let source = SceneSource(name: name, text: text)
    return DiagnosticRenderer.render(loader.check(source), in: source)
}

/// Loads `text` or fails with the rendered diagnostics.
func loadScene(_ text: String, registry: SceneRegistry? = nil) throws -> Scene {
    let loader = SceneLoader(registry: try registry ?? testRegistry())
    do {
        return try loader.load(SceneSource(name: "test.yaml", text: text))
    } catch {
        throw SceneLoadFailure(rendered: error.rendered)
    }
}

/// A load failure whose description is the rendered diagnostics.
struct SceneLoadFailure: Error, CustomStringConvertible {
    var rendered: String
    var description: String { rendered }
}
