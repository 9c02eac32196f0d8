import SceneYAML

/// Writes a synthetic but realistic scene file with an exact number of
/// objects, in memory, for the benchmark.
///
/// The scene is a `root` view holding sections of 25 cards; each card is
/// eight objects wired the way a real screen is:
///
///     card7:                      # View, parent: section0, colour, alpha
///     title7:                     # Label, parent: card7, text, textColor
///     hide7:                      # Button, parent: card7, title, enabled,
///                                 #   on: { tap: card7.hide, touchDown: title7.show }
///     volume7:                    # Slider, parent: card7, value, range, two events
///     name7:                      # TextField, parent: card7, text, placeholder, flags
///     badge7:                     # View, parent: card7, hidden, offsets, alpha
///     group7:                     # Group, members: [title7, hide7, volume7, name7, badge7]
///     tap7:                       # TapGesture, view: card7,
///                                 #   on: { recognized: [group7.hideAll, badge7.show] }
///
/// Flow and block styles alternate from card to card, some scalars are
/// quoted, and some text is not ASCII, so the parser sees a realistic mix.
/// Every reference points to an object written earlier, so cutting the
/// last card short at `objectCount` still gives a valid scene.
///
/// - Complexity: O(n) in `objectCount`.
struct SceneGenerator {
    /// How many objects the scene declares, `root` and sections included.
    let objectCount: Int

    /// Cards per section view.
    static let cardsPerSection = 25

    /// The scene file's bytes (UTF-8).
    func generate() -> [UInt8] {
        var emitter = Emitter(limit: objectCount)
        emitter.text("scene: Generated benchmark scene (\(objectCount) objects)\n")
        emitter.text("description: Written by scene-bench; every card is a view with a label, a button,\n")
        emitter.text("  a slider, a text field, a badge, a group and a tap gesture.\n")
        emitter.text("version: 1\n")
        emitter.text("objects:\n")
        _ = emitter.object("root", "View") { out in
            out.key("backgroundColor", "white")
        }
        var card = 0
        while !emitter.isFull {
            if card % Self.cardsPerSection == 0 {
                let section = card / Self.cardsPerSection
                let fits = emitter.object("section\(section)", "View") { out in
                    out.key("parent", "root")
                    out.key("backgroundColor", "lightGray")
                    out.key("offsetY", "\(section * 480)")
                }
                if !fits { break }
            }
            writeCard(card, into: &emitter)
            card += 1
        }
        return emitter.bytes
    }

    private static let colourNames = ["black", "white", "gray", "darkGray", "red", "green", "blue", "orange"]

    private func writeCard(_ i: Int, into emitter: inout Emitter) {
        let section = i / Self.cardsPerSection
        let isBlockStyle = i % 2 == 1
        let card = "card\(i)"
        let title = "title\(i)"
        let hide = "hide\(i)"
        let volume = "volume\(i)"
        let name = "name\(i)"
        let badge = "badge\(i)"
        let group = "group\(i)"

        let objects: [(id: String, type: String, body: (inout Emitter) -> Void)] = [
            (
                card, "View",
                { out in
                    out.key("parent", "section\(section)")
                    switch i % 3 {
                    case 0: out.key("backgroundColor", "\"#\(hex(i &* 2_654_435_761))\"")
                    case 1: out.key("backgroundColor", "'#\(hex(i &* 40_503))80'")
                    default: out.key("backgroundColor", Self.colourNames[i % Self.colourNames.count])
                    }
                    out.key("alpha", i % 4 == 0 ? "1" : "0.\(50 + i % 50)")
                }
            ),
            (
                title, "Label",
                { out in
                    out.key("parent", card)
                    switch i % 3 {
                    case 0: out.key("text", "Item \(i)")
                    case 1: out.key("text", "\"Track \(i) \\u2014 \\\"live\\\"\"")
                    default: out.key("text", "'Café n° \(i): it''s on'")
                    }
                    out.key("textColor", Self.colourNames[(i + 3) % Self.colourNames.count])
                }
            ),
            (
                hide, "Button",
                { out in
                    out.key("title", "Hide \(i)")
                    out.key("enabled", i % 7 == 0 ? "false" : "true")
                    out.key("parent", card)
                    if isBlockStyle {
                        out.text("    on:\n      tap: \(card).hide\n      touchDown: \(title).show\n")
                    } else {
                        out.key("on", "{ tap: \(card).hide, touchDown: \(title).show }")
                    }
                }
            ),
            (
                volume, "Slider",
                { out in
                    out.key("parent", card)
                    out.key("minimum", "0")
                    out.key("maximum", "10")
                    out.key("value", "\(i % 10).\(i % 97)")
                    out.key("on", "{ editingBegan: \(title).hide, editingEnded: \(title).show }")
                }
            ),
            (
                name, "TextField",
                { out in
                    out.key("parent", card)
                    out.key("placeholder", "Name")
                    out.key("text", "'user \(i)'")
                    out.key("secure", i % 5 == 0 ? "true" : "false")
                    out.key("enabled", "true")
                }
            ),
            (
                badge, "View",
                { out in
                    out.key("parent", card)
                    out.key("hidden", "true")
                    out.key("alpha", "0.5")
                    out.key("offsetX", "-4.5")
                    out.key("offsetY", "1.2e1")
                    out.key("backgroundColor", "red")
                }
            ),
            (
                group, "Group",
                { out in
                    if isBlockStyle {
                        out.text("    members:\n")
                        for member in [title, hide, volume, name, badge] { out.text("      - \(member)\n") }
                    } else {
                        out.key("members", "[\(title), \(hide), \(volume), \(name), \(badge)]")
                    }
                }
            ),
            (
                "tap\(i)", "TapGesture",
                { out in
                    out.key("view", card)
                    out.key("enabled", "true")
                    out.key("on", "{ recognized: [\(group).hideAll, \(badge).show] }")
                }
            ),
        ]
        for (id, type, body) in objects where !emitter.object(id, type, body) { return }
    }

    private func hex(_ value: Int) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        var result: [UInt8] = []
        for shift in stride(from: 20, through: 0, by: -4) { result.append(digits[(value >> shift) & 0xF]) }
        return String(decoding: result, as: UTF8.self)
    }
}

/// Appends objects to the scene text until the object limit is reached,
/// through a ``YAMLWriter``.
struct Emitter {
    private var writer: YAMLWriter
    /// The text so far.
    var bytes: [UInt8] { writer.bytes }
    /// How many objects may be written.
    let limit: Int
    /// How many objects were written.
    private(set) var count = 0

    init(limit: Int) {
        self.limit = limit
        // One allocation for the whole text (about 110 bytes an object), so
        // that generating the scene leaves no freed buffers behind for the
        // load to reuse, which would hide part of its memory growth.
        writer = YAMLWriter(reservingCapacity: limit * 160 + 4096)
    }

    /// Whether the limit is reached.
    var isFull: Bool { count >= limit }

    /// Appends `text` as is.
    mutating func text(_ text: String) {
        writer.append(raw: text)
    }

    /// Appends `key: value` as a member of the current object.
    mutating func key(_ key: String, _ value: String) {
        writer.nested { objects in objects.nested { $0.entry(.written(key), value) } }
    }

    /// Writes the object `id` of `type` with the members `body` writes;
    /// false, writing nothing, when the limit is already reached.
    mutating func object(_ id: String, _ type: String, _ body: (inout Emitter) -> Void) -> Bool {
        guard !isFull else { return false }
        count += 1
        writer.nested { objects in objects.mapping(.written(id)) { $0.entry("type", type) } }
        body(&self)
        return true
    }
}
