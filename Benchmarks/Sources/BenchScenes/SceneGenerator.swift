import SceneLoader

/// Writes a scene file of an exact number of objects, of the standard
/// types only, that `scene-runner check` passes without an error or a
/// warning: the scene the benchmark loads, checks and runs.
///
///     let bytes = SceneGenerator(objectCount: 100_000).generate()
///
/// The scene is a `root` view the size of the default canvas holding
/// sections of eight cards; each card is the video player's controls,
/// seven objects wired the way `Scenes/video-player.yaml` wires them:
///
///     card7:      # View, parent: section0, a frame, a colour, alpha
///     controls7:  # View, parent: card7, the part that hides
///     play7:      # Button, parent: controls7, title, on: { touchDown: card7.show }
///     volume7:    # Slider, parent: controls7, range and value, on: { editingBegan: controls7.show }
///     tap7:       # TapGesture, view: card7
///     timeout7:   # TimeoutController, timeout, providers: [play7, volume7]
///     host7:      # TimeoutControllerHost, viewToHide, tapGesture, timeoutController
///
/// Every view has a frame inside its parent and every title fits its
/// button, so the placement check finds nothing. Most objects take a line
/// each, in flow style, one card in four is in block style, some scalars
/// are quoted and some text is not ASCII, so the parser sees a realistic
/// mix. Every reference names an
/// object written earlier, so cutting the last card short at
/// `objectCount` still gives a scene that checks clean.
///
/// - Complexity: O(n) in `objectCount`.
public struct SceneGenerator {
    /// How many objects the scene declares, `root` and sections included.
    public let objectCount: Int

    /// Cards per section view.
    static let cardsPerSection = 8

    /// A generator of scenes of `objectCount` objects.
    public init(objectCount: Int) {
        self.objectCount = objectCount
    }

    /// The scene file's bytes (UTF-8).
    public func generate() -> [UInt8] {
        var emitter = Emitter(limit: objectCount)
        emitter.writer.entry("scene", "Generated benchmark scene (\(objectCount) objects)")
        emitter.writer.entry(
            "description",
            scalar: "Written by scene-bench; every card is a video player's controls, "
                + "a button and a slider that a timeout hides, and a tap that shows them.")
        emitter.writer.entry("version", "1")
        emitter.writer.mapping("objects") { _ in }
        _ = emitter.object("root", "View") { out in
            out.key("frame", "{x: 0, y: 0, width: 390, height: 844}")
            out.key("backgroundColor", "white")
        }
        var card = 0
        while !emitter.isFull {
            if card % Self.cardsPerSection == 0 {
                let section = card / Self.cardsPerSection
                let fits = emitter.object("section\(section)", "View") { out in
                    out.key("parent", "root")
                    out.key("frame", "{x: 0, y: 0, width: 390, height: 844}")
                    out.key("backgroundColor", "lightGray")
                }
                if !fits { break }
            }
            writeCard(card, into: &emitter)
            card += 1
        }
        return emitter.writer.bytes
    }

    private static let colourNames = ["black", "white", "gray", "darkGray", "red", "green", "blue", "orange"]

    private func writeCard(_ i: Int, into emitter: inout Emitter) {
        let section = i / Self.cardsPerSection
        // One card in four is written in block style, the rest a line an object.
        let isBlockStyle = i % 4 == 1
        let card = "card\(i)"
        let controls = "controls\(i)"
        let play = "play\(i)"
        let volume = "volume\(i)"
        let tap = "tap\(i)"
        let timeout = "timeout\(i)"

        let objects: [(id: String, type: String, body: (inout Emitter) -> Void)] = [
            (
                card, "View",
                { out in
                    out.key("parent", "section\(section)")
                    let y = 4 + (i % Self.cardsPerSection) * 104
                    if isBlockStyle {
                        out.mapping("frame", [("x", "5"), ("y", "\(y)"), ("width", "380"), ("height", "100")])
                    } else {
                        out.key("frame", "{x: 5, y: \(y), width: 380, height: 100}")
                    }
                    switch i % 3 {
                    case 0: out.key("backgroundColor", "\"#\(hex(i &* 2_654_435_761))\"")
                    case 1: out.key("backgroundColor", "'#\(hex(i &* 40_503))80'")
                    default: out.key("backgroundColor", Self.colourNames[i % Self.colourNames.count])
                    }
                    out.key("alpha", i % 4 == 0 ? "1" : "0.\(50 + i % 50)")
                }
            ),
            (
                controls, "View",
                { out in
                    out.key("parent", card)
                    out.key("frame", "{x: 10, y: 50, width: 360, height: 44}")
                }
            ),
            (
                play, "Button",
                { out in
                    out.key("parent", controls)
                    out.key("frame", "{x: 0, y: 0, width: 120, height: 44}")
                    switch i % 3 {
                    case 0: out.key("title", "Play")
                    case 1: out.key("title", "\"Lire \\u00e0 \(i % 10)\"")
                    default: out.key("title", "'Café \(i % 10)'")
                    }
                    out.key("enabled", i % 7 == 0 ? "false" : "true")
                    if isBlockStyle {
                        out.mapping("on", [("touchDown", "\(card).show")])
                    } else {
                        out.key("on", "{ touchDown: \(card).show }")
                    }
                }
            ),
            (
                volume, "Slider",
                { out in
                    out.key("parent", controls)
                    out.key("frame", "{x: 130, y: 0, width: 230, height: 44}")
                    out.key("minimum", "0")
                    out.key("maximum", "10")
                    out.key("value", "\(i % 10).\(i % 97)")
                    out.key("on", "{ editingBegan: \(controls).show }")
                }
            ),
            (
                tap, "TapGesture",
                { out in
                    out.key("view", card)
                    out.key("enabled", "true")
                }
            ),
            (
                timeout, "TimeoutController",
                { out in
                    out.key("timeout", i % 5 == 0 ? "2.5s" : "3s")
                    if isBlockStyle {
                        out.sequence("providers", [play, volume])
                    } else {
                        out.key("providers", "[\(play), \(volume)]")
                    }
                }
            ),
            (
                "host\(i)", "TimeoutControllerHost",
                { out in
                    out.key("viewToHide", controls)
                    out.key("tapGesture", tap)
                    out.key("timeoutController", timeout)
                    out.key("animationDuration", "0.2s")
                }
            ),
        ]
        for (id, type, body) in objects where !emitter.object(id, type, flow: !isBlockStyle, body) { return }
    }

    private func hex(_ value: Int) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        var result: [UInt8] = []
        for shift in stride(from: 20, through: 0, by: -4) { result.append(digits[(value >> shift) & 0xF]) }
        return String(decoding: result, as: UTF8.self)
    }
}

/// Appends objects to the scene text, with the runtime's ``YAMLWriter``,
/// until the object limit is reached.
struct Emitter {
    /// The scene so far, its objects one level in.
    var writer: YAMLWriter
    /// How many objects may be written.
    let limit: Int
    /// How many objects were written.
    private(set) var count = 0
    /// The members of the object being written.
    private var members: [(key: String, value: Member)] = []

    /// A member's value: YAML text as it is, or a block mapping or list of such texts.
    private enum Member {
        case text(String)
        case mapping([(key: String, value: String)])
        case sequence([String])
    }

    init(limit: Int) {
        self.limit = limit
        writer = YAMLWriter(reservingCapacity: limit * 130 + 4096)
    }

    /// Whether the limit is reached.
    var isFull: Bool { count >= limit }

    /// `key: value`, with `value` YAML text, as a member of the current object.
    mutating func key(_ key: String, _ value: String) {
        members.append((key, .text(value)))
    }

    /// A member written as a block mapping of YAML texts (in block-style objects only).
    mutating func mapping(_ key: String, _ entries: [(key: String, value: String)]) {
        members.append((key, .mapping(entries)))
    }

    /// A member written as a block list of YAML texts (in block-style objects only).
    mutating func sequence(_ key: String, _ items: [String]) {
        members.append((key, .sequence(items)))
    }

    /// Writes the object `id` of `type` with the members `body` gives, on
    /// one line in flow style when `flow`; false, writing nothing, when
    /// the limit is already reached.
    mutating func object(_ id: String, _ type: String, flow: Bool = false, _ body: (inout Emitter) -> Void) -> Bool {
        guard !isFull else { return false }
        count += 1
        members = [("type", .text(type))]
        body(&self)
        let members = self.members
        writer.nested { objects in
            if flow {
                let texts = members.map { key, value in
                    if case .text(let text) = value { "\(key): \(text)" } else { "\(key): null" }
                }
                objects.entry(.text(id), "{" + texts.joined(separator: ", ") + "}")
                return
            }
            objects.mapping(.text(id)) { object in
                for (key, value) in members {
                    switch value {
                    case .text(let text): object.entry(.written(key), text)
                    case .mapping(let entries):
                        object.mapping(.written(key)) { map in
                            for entry in entries { map.entry(.written(entry.key), entry.value) }
                        }
                    case .sequence(let items):
                        object.sequence(.written(key)) { list in
                            for item in items { list.item(item) }
                        }
                    }
                }
            }
        }
        return true
    }
}
