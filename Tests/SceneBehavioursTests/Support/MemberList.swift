import SceneBehaviours
import SceneCore

/// What a type registers, as the lines a golden test compares whole:
/// properties and outlets (base first), then events, actions and inputs in
/// declaration order.
struct MemberList: Equatable, CustomStringConvertible {
    var properties: [String] = []
    var outlets: [String] = []
    var events: [String] = []
    var actions: [String] = []
    var inputs: [String] = []

    init(
        properties: [String] = [], outlets: [String] = [], events: [String] = [], actions: [String] = [],
        inputs: [String] = []
    ) {
        self.properties = properties
        self.outlets = outlets
        self.events = events
        self.actions = actions
        self.inputs = inputs
    }

    /// The members `type` registers, inherited ones included.
    init(of type: TypeDescription) {
        properties = type.properties.map { property in
            var line = "\(property.name): \(property.type)"
            if let range = property.range { line += " in \(range)" }
            if property.isReadOnly { line += " (read-only)" }
            if property.isRequired { line += " (required)" }
            return line
        }
        let registry = SceneRegistry.standard
        outlets = type.outlets.map {
            "\($0.name): \(registry.typeDescription(of: $0))" + ($0.isHierarchy ? " (hierarchy)" : "")
        }
        events = type.orderedEvents.map { event in event.payload.map { "\(event.name): \($0)" } ?? event.name }
        actions = type.orderedActions.map { action in action.argument.map { "\(action.name): \($0)" } ?? action.name }
        inputs = type.orderedInputs.map { input in input.argument.map { "\(input.name): \($0)" } ?? input.name }
    }

    /// The members every `View` registers.
    static let view = MemberList(
        properties: [
            "hidden: Bool", "alpha: Double in 0.0...1.0", "backgroundColor: Color?",
            "offsetX: Double in -100000.0...100000.0", "offsetY: Double in -100000.0...100000.0",
            "frame: {x: Double, y: Double, width: Double, height: Double}?",
            "layout: {axis: vertical|horizontal, spacing: Double?, padding: Double?, alignment: leading|center|trailing|fill?, distribution: fill|fillEqually|fillProportionally|equalSpacing|equalCentering?}?",
            "constraints: [String]", "hugging: {horizontal: Double?, vertical: Double?}",
            "compressionResistance: {horizontal: Double?, vertical: Double?}",
            "cornerRadius: Double in 0.0...100000.0", "visible: Bool (read-only)",
            "layoutFrame: {x: Double, y: Double, width: Double, height: Double}? (read-only)",
        ],
        outlets: ["parent: View? (hierarchy)"],
        events: [
            "hiddenChanged: Bool", "alphaChanged: Double", "backgroundColorChanged: Color?", "offsetXChanged: Double",
            "offsetYChanged: Double",
            "frameChanged: {x: Double, y: Double, width: Double, height: Double}?",
            "layoutChanged: {axis: vertical|horizontal, spacing: Double?, padding: Double?, alignment: leading|center|trailing|fill?, distribution: fill|fillEqually|fillProportionally|equalSpacing|equalCentering?}?",
            "constraintsChanged: [String]", "huggingChanged: {horizontal: Double?, vertical: Double?}",
            "compressionResistanceChanged: {horizontal: Double?, vertical: Double?}",
            "cornerRadiusChanged: Double",
        ],
        actions: ["show", "hide"],
        inputs: ["press", "release", "cancel", "tap"])

    /// A `View` subclass's members: those of `View` followed by these.
    static func view(
        properties: [String] = [], outlets: [String] = [], events: [String] = [], actions: [String] = [],
        inputs: [String] = []
    ) -> MemberList {
        MemberList(
            properties: view.properties + properties, outlets: view.outlets + outlets, events: view.events + events,
            actions: view.actions + actions, inputs: view.inputs + inputs)
    }

    var description: String {
        "properties: \(properties)\noutlets: \(outlets)\nevents: \(events)\nactions: \(actions)\ninputs: \(inputs)"
    }
}

/// The defaults of every `View`, as `defaultValues()` reports them.
let viewDefaults: [String: SceneValue] = [
    "hidden": .bool(false), "alpha": .double(1), "backgroundColor": .null, "offsetX": .double(0),
    "offsetY": .double(0), "visible": .bool(true), "frame": .null, "layout": .null, "cornerRadius": .double(0),
    "constraints": .list([]), "hugging": .map([]), "compressionResistance": .map([]),
]
