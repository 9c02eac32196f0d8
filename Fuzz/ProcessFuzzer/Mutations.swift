import SceneCore

/// The mutation fuzzer's changes to a seed, at the level of its bytes and
/// lines and of the YAML structure its indentation shows: deleted,
/// duplicated, swapped and moved lines and blocks; control characters,
/// invalid UTF-8, truncation; values of the wrong type or at the
/// extremes; long ids and strings; nesting past the depth limit; alias
/// ladders; repeated list items; `on:` wiring between the scene's ids;
/// `include:` of the scene itself and of a cycle; script steps of every verb.
struct Mutations {
    typealias Line = [UInt8]
    /// A named change of the lines, given the random source and the other seeds.
    typealias Mutation = @Sendable (inout [Line], inout SplitMix64, [[UInt8]]) -> Void

    static let extremes = [
        "1e308", "-0", ".nan", "NaN", ".inf", "-.inf", "9223372036854775808", "-9223372036854775809", "8784h",
        "0", "-1", "null", "~", "true", "\"\"", "[]", "{}", "0x10", "1_000", "2562047788015215h", "1e-400", "yes",
    ]
    static let controls: [[UInt8]] = [
        [0], [0x1B], [0x0D], [0xC2, 0x85], [0xE2, 0x80, 0xA8], [0xE2, 0x80, 0xA9], [0x09], [0x7F],
    ]
    static let invalidUTF8: [[UInt8]] = [[0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xF8, 0x88, 0x80, 0x80], [0xC0, 0xAF]]
    static let verbs = [
        "tap", "press", "release", "cancel", "slide", "call", "set", "wait", "at", "expect", "note", "type",
    ]

    static let all: [(name: String, apply: Mutation)] = [
        (
            "delete-lines",
            { lines, random, _ in
                guard !lines.isEmpty else { return }
                let start = random.below(lines.count)
                lines.removeSubrange(start..<min(lines.count, start + 1 + random.below(3)))
            }
        ),
        (
            "duplicate-lines",
            { lines, random, _ in
                guard !lines.isEmpty else { return }
                let index = random.below(lines.count)
                lines.insert(lines[index], at: random.below(lines.count + 1))
            }
        ),
        (
            "swap-lines",
            { lines, random, _ in
                guard lines.count > 1 else { return }
                lines.swapAt(random.below(lines.count), random.below(lines.count))
            }
        ),
        (
            "delete-block",
            { lines, random, _ in
                guard let start = keyLine(lines, &random) else { return }
                lines.removeSubrange(start..<blockEnd(lines, start))
            }
        ),
        (
            "duplicate-block",
            { lines, random, _ in
                guard let start = keyLine(lines, &random) else { return }
                let block = Array(lines[start..<blockEnd(lines, start)])
                lines.insert(contentsOf: block, at: random.chance(0.5) ? start : blockEnd(lines, start))
            }
        ),
        (
            "move-block",
            { lines, random, _ in
                guard let start = keyLine(lines, &random) else { return }
                let block = Array(lines[start..<blockEnd(lines, start)])
                lines.removeSubrange(start..<blockEnd(lines, start))
                let target = random.below(lines.count + 1)
                lines.insert(contentsOf: block.map { reindent($0, by: random.pick([-2, 0, 2, 4], or: 0)) }, at: target)
            }
        ),
        (
            "replace-value",
            { lines, random, _ in
                guard let index = keyLine(lines, &random), let colon = lines[index].firstIndex(of: UInt8(ascii: ":"))
                else { return }
                lines[index] = Array(lines[index][...colon]) + Array(" \(random.pick(extremes, or: "0"))".utf8)
            }
        ),
        (
            "rename-key",
            { lines, random, _ in
                guard let index = keyLine(lines, &random), let colon = lines[index].firstIndex(of: UInt8(ascii: ":"))
                else { return }
                let key = random.pick(
                    ["type", "on", "include", "parent", "objects", "script", "params", "set", "hidden", "x", "tap"],
                    or: "x")
                lines[index] =
                    Array(repeating: UInt8(ascii: " "), count: indent(of: lines[index])) + Array(key.utf8)
                    + lines[index][colon...]
            }
        ),
        ("control-character", { lines, random, _ in insert(random.pick(controls, or: [0]), into: &lines, &random) }),
        ("invalid-utf8", { lines, random, _ in insert(random.pick(invalidUTF8, or: [0xFF]), into: &lines, &random) }),
        (
            "flip-byte",
            { lines, random, _ in
                guard !lines.isEmpty else { return }
                let index = random.below(lines.count)
                guard !lines[index].isEmpty else { return }
                lines[index][random.below(lines[index].count)] ^= UInt8(truncatingIfNeeded: 1 << random.below(8))
            }
        ),
        (
            "truncate",
            { lines, random, _ in
                lines.removeSubrange(random.below(lines.count + 1)...)
                if let last = lines.indices.last { lines[last].removeSubrange(random.below(lines[last].count + 1)...) }
            }
        ),
        (
            "splice",
            { lines, random, others in
                let other = split(random.pick(others, or: []))
                guard !other.isEmpty else { return }
                let start = random.below(other.count)
                lines.insert(
                    contentsOf: other[start..<min(other.count, start + 1 + random.below(8))],
                    at: random.below(lines.count + 1))
            }
        ),
        (
            "long-text",
            { lines, random, _ in
                let unit = random.pick(["a", "é", "😀", "x.", "\\u0000", "%"], or: "a")
                let text = String(repeating: unit, count: random.pick([300, 5000, 70000, 300_000], or: 300))
                lines.insert(
                    Array("  \(random.chance(0.5) ? text : "id"): {type: Label, text: \"\(text)\"}".utf8),
                    at: objectsEnd(lines))
            }
        ),
        (
            "deep-nesting",
            { lines, random, _ in
                let depth = random.pick([60, 63, 64, 65, 200, 5000], or: 64)
                let value = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
                lines.insert(Array("  deep: {type: View, hidden: \(value)}".utf8), at: objectsEnd(lines))
            }
        ),
        (
            "alias-ladder",
            { lines, random, _ in
                var ladder = ["x0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
                for step in 1..<random.pick([3, 6, 9, 12], or: 6) {
                    ladder.append(
                        "x\(step): &a\(step) [" + Array(repeating: "*a\(step - 1)", count: 9).joined(separator: ", ")
                            + "]")
                }
                lines.insert(contentsOf: ladder.map { Array($0.utf8) }, at: 0)
            }
        ),
        (
            "repeat-items",
            { lines, random, _ in
                let items = Array(repeating: "0", count: random.pick([100, 10_000, 50_000], or: 100)).joined(
                    separator: ", ")
                lines.insert(
                    Array("  many: {type: SegmentedControl, segments: [\(items)]}".utf8), at: objectsEnd(lines))
            }
        ),
        (
            "wiring",
            { lines, random, _ in
                let ids = Mutations.ids(in: lines)
                guard
                    let index = ids.isEmpty
                        ? nil : lines.firstIndex(where: { $0 == Array("  \(random.pick(ids, or: "x")):".utf8) })
                else { return }
                let target = random.pick(ids, or: "x")
                let event = random.pick(
                    ["tap", "valueChanged", "fired", "timedOut", "touchDown", "interaction"], or: "tap")
                let action = random.pick(
                    ["tap", "show", "hide", "toggle", "reset", "start", "trigger", "play"], or: "tap")
                lines.insert(Array("    on: { \(event): \(target).\(action) }".utf8), at: index + 1)
            }
        ),
        (
            "include",
            { lines, random, _ in
                let file = random.pick(
                    ["scene.yaml", "./scene.yaml", "missing.yaml", "/dev/zero", "Components/loop.yaml", "..", ""],
                    or: "scene.yaml")
                lines.insert(Array("  inc\(random.below(100)): {include: \(file)}".utf8), at: objectsEnd(lines))
            }
        ),
        (
            "script-step",
            { lines, random, _ in
                let id = random.pick(ids(in: lines), or: "x")
                let verb = random.pick(verbs, or: "tap")
                let argument = random.pick(
                    [id, "\(id).value", "{ \(id): \(random.pick(extremes, or: "0")) }", "1ms", "-1s", ""], or: id)
                if !lines.contains(Array("script:".utf8)) { lines.append(Array("script:".utf8)) }
                lines.append(Array("  - \(verb): \(argument)".utf8))
            }
        ),
        (
            "indentation",
            { lines, random, _ in
                guard !lines.isEmpty else { return }
                let index = random.below(lines.count)
                lines[index] =
                    random.chance(0.5)
                    ? [0x09] + lines[index] : reindent(lines[index], by: random.pick([-1, 1, 3], or: 1))
            }
        ),
        (
            "document-marker",
            { lines, random, _ in
                lines.insert(
                    Array(
                        random.pick(["---", "...", "%YAML 1.1", "%TAG ! tag:x,2000:", "--- !!map", "? x"], or: "---")
                            .utf8), at: random.below(lines.count + 1))
            }
        ),
    ]

    /// One to five mutations of `seed`; the names of those applied.
    static func mutate(_ seed: [UInt8], others: [[UInt8]], using random: inout SplitMix64) -> (
        bytes: [UInt8], applied: [String]
    ) {
        var lines = split(seed)
        var applied: [String] = []
        for _ in 0...random.below(5) {
            let mutation = all[random.below(all.count)]
            mutation.apply(&lines, &random, others)
            applied.append(mutation.name)
        }
        return (Array(lines.joined(separator: [UInt8(ascii: "\n")])) + [UInt8(ascii: "\n")], applied)
    }

    static func split(_ bytes: [UInt8]) -> [Line] {
        bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
    }

    static func indent(of line: Line) -> Int { line.prefix { $0 == UInt8(ascii: " ") }.count }

    static func reindent(_ line: Line, by delta: Int) -> Line {
        let current = indent(of: line)
        return Array(repeating: UInt8(ascii: " "), count: max(0, current + delta)) + line.dropFirst(current)
    }

    /// A random line that reads as `key:` (0 to 6 spaces, a name, a colon).
    static func keyLine(_ lines: [Line], _ random: inout SplitMix64) -> Int? {
        let keys = lines.indices.filter { index in
            let line = lines[index]
            let body = line.dropFirst(indent(of: line))
            return indent(of: line) <= 6 && body.first.map { $0 >= UInt8(ascii: "A") } == true
                && body.contains(UInt8(ascii: ":"))
        }
        return keys.isEmpty ? nil : random.pick(keys, or: 0)
    }

    /// The index after the block `lines[start]` opens: its more-indented and blank lines.
    static func blockEnd(_ lines: [Line], _ start: Int) -> Int {
        let base = indent(of: lines[start])
        var end = start + 1
        while end < lines.count, lines[end].allSatisfy({ $0 == UInt8(ascii: " ") }) || indent(of: lines[end]) > base {
            end += 1
        }
        return end
    }

    /// Where a new entry of `objects:` goes: the line after `objects:`, or the end.
    static func objectsEnd(_ lines: [Line]) -> Int {
        lines.firstIndex(of: Array("objects:".utf8)).map { $0 + 1 } ?? lines.count
    }

    /// The scene's ids: the keys two spaces in.
    static func ids(in lines: [Line]) -> [String] {
        lines.compactMap { line -> String? in
            guard indent(of: line) == 2, line.last == UInt8(ascii: ":"), !line.contains(UInt8(ascii: "-")) else {
                return nil
            }
            return String(decoding: line.dropFirst(2).dropLast(), as: UTF8.self)
        }
    }

    static func insert(_ bytes: [UInt8], into lines: inout [Line], _ random: inout SplitMix64) {
        guard !lines.isEmpty else { lines = [bytes]; return }
        let index = random.below(lines.count)
        lines[index].insert(contentsOf: bytes, at: random.below(lines[index].count + 1))
    }

    /// The files a scene's `include:` keys name, as written.
    static func includes(in bytes: [UInt8]) -> [String] {
        String(decoding: bytes, as: UTF8.self).components(separatedBy: "include:").dropFirst().compactMap { rest in
            let name = rest.drop { $0 == " " || $0 == "\"" || $0 == "'" }.prefix { !" \t\n,}\"'#".contains($0) }
            return name.isEmpty ? nil : String(name)
        }
    }
}
