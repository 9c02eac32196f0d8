import SceneCore
import SceneYAML

/// A well-typed scene with free wiring, made from the registry: objects of
/// random types, properties of their type within their range, outlets to
/// objects that fit (a required one gets an object made for it), `parent`
/// only to an object declared earlier, `on:` wiring from any event to any
/// action whose argument the payload fits (self-loops and cycles
/// included), and a script within a virtual-time budget. `check` should
/// accept it; a refusal is a disagreement between the generator and the
/// format, counted, not a finding.
struct GeneratedScene {
    typealias Object = (id: String, type: String, keys: [(String, String)])
    static let texts = [
        "", "Play", "a b", "It's", "two\nlines", "tab\there", "é", "日本語", "😀", "\u{202E}evil", "</script>",
        "<b>&amp;", "\"quoted\"", "back\\slash", "null", "~", "true", "0123", "#", "a: b", "{x}", "\u{1B}[31mred",
        "nul\u{0}byte", "\u{85}nel", "\u{2028}ls", "\u{2029}ps", "\u{FEFF}bom", String(repeating: "x", count: 300),
    ]
    static let colours = ["black", "white", "clear", "red", "green", "blue", "gray", "yellow", "orange"]

    let registry: Registry
    var random: SplitMix64
    var objects: [Object] = []
    var steps: [String] = []
    /// The scene's title, which reaches every output (the transcript's header, graph's label, the page).
    var title = "generated"

    init(registry: Registry, random: SplitMix64, maximumObjects: Int = 12) {
        self.registry = registry
        self.random = random
        for _ in 0...self.random.below(maximumObjects) { add(self.random.pick(registry.names, or: "View")) }
        var index = 0
        while index < objects.count, index < 400 {
            connect(index)
            index += 1
        }
        wire()
        let budget = self.random.pick([5.0, 10, 30, 60, 120, 600], or: 10)
        var clock = 0.0
        for _ in 0..<self.random.pick([0, 3, 10, 30, 60], or: 3) { steps.append(step(clock: &clock, budget: budget)) }
        if self.random.chance(0.5) { title = self.random.pick(Self.texts, or: "") }
    }

    /// The scene as YAML.
    var text: String {
        var lines = ["scene: " + quote(title), "objects:"]
        for object in objects {
            lines.append("  \(object.id):")
            lines.append("    type: \(object.type)")
            lines += object.keys.map { "    \($0.0): \($0.1)" }
        }
        if !steps.isEmpty { lines += ["script:"] + steps.map { "  - " + $0 } }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A few script steps for `live`'s standard input (no waits).
    mutating func liveLines() -> String {
        var clock = 0.0
        return (0..<random.pick([1, 3, 6], or: 1)).map { _ in step(clock: &clock, budget: 0) }
            .filter { !$0.hasPrefix("wait") && !$0.hasPrefix("at") }.joined(separator: "\n") + "\n"
    }

    @discardableResult
    private mutating func add(_ type: String) -> String {
        let lower = type.prefix(1).lowercased() + type.dropFirst()
        let id =
            random.chance(0.1)
            ? random.pick(["_", "a", "on", "type", "self", "_0"], or: "a") + "\(objects.count)"
            : "\(lower)\(objects.count)"
        var keys: [(String, String)] = []
        for property in registry.types[type]?.properties ?? [] where !property.readOnly {
            if property.required || random.chance(0.5) {
                keys.append((property.name, value(property.valueType, range: property.range, name: property.name)))
            }
        }
        objects.append((id, type, keys))
        return id
    }

    private mutating func connect(_ index: Int) {
        let object = objects[index]
        for outlet in registry.types[object.type]?.outlets ?? [] {
            if !outlet.required && random.chance(0.4) { continue }
            var candidates = objects.indices.filter { registry.fits(objects[$0].type, outlet.requires) }
            if outlet.hierarchy { candidates = candidates.filter { $0 < index } }
            if candidates.isEmpty, outlet.required, !outlet.hierarchy, objects.count < 400 {
                let fitting = registry.names.filter { registry.fits($0, outlet.requires) }
                if !fitting.isEmpty {
                    add(random.pick(fitting, or: "View"))
                    candidates = [objects.count - 1]
                }
            }
            let ids = candidates.map { objects[$0].id }
            guard !ids.isEmpty else { continue }
            let chosen =
                outlet.collection
                ? "["
                    + (0..<random.pick([1, 2, 3, ids.count], or: 1)).map { _ in random.pick(ids, or: "") }.joined(
                        separator: ", ") + "]"
                : random.pick(ids, or: "")
            objects[index].keys.append((outlet.name, chosen))
        }
    }

    private mutating func wire() {
        let actions = objects.flatMap { object in (registry.types[object.type]?.actions ?? []).map { (object.id, $0) } }
        guard !actions.isEmpty else { return }
        let density = random.pick([0.2, 0.5, 1.0], or: 0.5)
        for index in objects.indices {
            let events = registry.types[objects[index].type]?.events ?? []
            guard !events.isEmpty, random.chance(density) else { continue }
            var wiring: [String] = []
            for event in events.shuffled(using: &random).prefix(1 + random.below(events.count)) {
                let fitting = actions.filter { Registry.fits(payload: event.payload, argument: $0.1.argument) }
                let targets = (0..<random.pick([1, 1, 2, 3], or: 1)).compactMap { _ in
                    fitting.randomElement(using: &random)
                }
                .map { "\($0.0).\($0.1.name)" }
                if !targets.isEmpty {
                    wiring.append(
                        "\(event.name): "
                            + (targets.count == 1 ? targets[0] : "[" + targets.joined(separator: ", ") + "]"))
                }
            }
            if !wiring.isEmpty { objects[index].keys.append(("on", "{ " + wiring.joined(separator: ", ") + " }")) }
        }
    }

    private mutating func step(clock: inout Double, budget: Double) -> String {
        let object = random.pick(objects, or: ("x", "View", []))
        guard let record = registry.types[object.type] else { return "note: none" }
        let roll = Double.random(in: 0..<1, using: &random)
        if roll < 0.2 {
            var seconds = random.pick([0, 0.001, 0.016, 0.1, 0.5, 1, 2, 5, 30], or: 0)
            if clock + seconds > budget { seconds = 0 }
            clock += seconds
            return random.chance(0.7) ? "wait: \(duration(seconds))" : "at: \(duration(clock))"
        }
        if roll < 0.45, let input = record.inputs.randomElement(using: &random) {
            guard let argument = input.argument else { return "\(input.name): \(object.id)" }
            return "\(input.name): { \(object.id): \(value(argument, range: nil, name: input.name)) }"
        }
        if roll < 0.6, let action = record.actions.randomElement(using: &random) {
            guard let argument = action.argument, argument.kind != "optional" || random.chance(0.5) else {
                return "call: \(object.id).\(action.name)"
            }
            return "call: { \(object.id).\(action.name): \(value(argument, range: nil, name: action.name)) }"
        }
        if roll < 0.75, let property = record.properties.filter({ !$0.readOnly }).randomElement(using: &random) {
            return
                "set: { \(object.id).\(property.name): \(value(property.valueType, range: property.range, name: property.name)) }"
        }
        if roll < 0.92, let property = record.properties.randomElement(using: &random) {
            return
                "expect: { \(object.id).\(property.name): \(value(property.valueType, range: nil, name: property.name)) }"
        }
        return "note: " + quote(random.pick(Self.texts, or: ""))
    }

    /// A duration in milliseconds or seconds, as the format writes them.
    private mutating func duration(_ seconds: Double) -> String {
        let milliseconds = Int((seconds * 1000).rounded())
        if milliseconds % 1000 == 0 && random.chance(0.5) { return "\(milliseconds / 1000)s" }
        return "\(milliseconds)ms"
    }

    /// A YAML flow value of `kind`, within `range`.
    private mutating func value(_ kind: Registry.ValueKind, range: [Double?]?, name: String, depth: Int = 0) -> String {
        let low = range?.first ?? nil, high = range?.last ?? nil
        switch kind.kind {
        case "bool": return random.chance(0.5) ? "true" : "false"
        case "int", "double":
            var number: Double
            if let low, let high, low.isFinite, high.isFinite {
                number =
                    random.chance(0.4)
                    ? random.pick([low, high], or: low) : Double.random(in: low...max(low, high), using: &random)
            } else if depth > 0 {
                // A record's fields carry no range in the registry's JSON: small and not negative.
                number = random.pick([0, 1, 2, 5, 10, 100, 0.5, 2.5], or: 0)
            } else {
                number = random.pick([0, 1, 2, 5, 10, 100, 0.5, 2.5], or: 0) * (random.chance(0.3) ? -1 : 1)
                if random.chance(0.1) {
                    number =
                        kind.kind == "int"
                        ? random.pick([9.0e18, -9.0e18, 4294967296], or: 0)
                        : random.pick([1e308, .leastNonzeroMagnitude, 1e15], or: 0)
                }
                if let low, number < low { number = low }
                if let high, number > high { number = high }
            }
            if kind.kind == "int" { return "\(Int(clamping: Int64(exactly: number.rounded()) ?? 0))" }
            return "\(number)"
        case "duration":
            let start = max(0, low ?? 0)
            let seconds =
                high.map { Double.random(in: start...max(start, min($0, 86_400)), using: &random) } ?? start
                + random.pick([0, 0.001, 0.25, 1, 3, 60, 3600], or: 1)
            return duration((seconds * 1000).rounded(.up) / 1000)
        case "string":
            if ["path", "file", "folder", "directory"].contains(name) {
                return quote("store\(random.below(3)).sqlite")
            }
            return quote(random.pick(Self.texts, or: ""))
        case "color":
            if random.chance(0.5) { return random.pick(Self.colours, or: "red") }
            return quote(
                "#"
                    + (0..<random.pick([6, 8], or: 6)).map { _ in random.pick(Array("0123456789abcdefABCDEF"), or: "0")
                    }.map(String.init).joined())
        case "enum": return random.pick(kind.cases ?? [], or: "null")
        case "optional":
            guard let wrapped = kind.wrapped, !random.chance(0.3) else { return "null" }
            return value(wrapped, range: range, name: name, depth: depth + 1)
        case "list":
            guard let element = kind.element, depth < 4 else { return "[]" }
            let count = random.pick([0, 1, 2, 3, 5] + (depth == 0 ? [200] : []), or: 0)
            return "["
                + (0..<count).map { _ in value(element, range: range, name: name, depth: depth + 1) }.joined(
                    separator: ", ") + "]"
        case "stringMap":
            guard let element = kind.value, depth < 4 else { return "{}" }
            return "{"
                + (0..<random.pick([0, 1, 2, 4], or: 0)).map {
                    "\(quote("k\($0)")): \(value(element, range: nil, name: name, depth: depth + 1))"
                }.joined(separator: ", ") + "}"
        case "record":
            guard depth < 4 else { return "{}" }
            var fields: [String] = []
            for field in kind.fields ?? [] where field.type.kind != "optional" || !random.chance(0.3) {
                fields.append("\(field.name): \(value(field.type, range: nil, name: field.name, depth: depth + 1))")
            }
            return "{" + fields.shuffled(using: &random).joined(separator: ", ") + "}"
        default: return "null"
        }
    }

    /// A YAML double-quoted scalar that reads back as `text` (SceneYAML's `YAMLWriter`).
    func quote(_ text: String) -> String { YAMLWriter.doubleQuoted(text) }
}
