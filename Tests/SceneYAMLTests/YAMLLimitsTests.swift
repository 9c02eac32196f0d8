import SceneYAML
import Testing

/// Reads `text` and returns the error it throws (nil when it is accepted) and
/// how long reading took. Prints the time, so that it shows in the test log.
private func timedRead(
    _ name: String, _ text: String, limits: YAMLLimits = YAMLLimits(),
    pipelining: YAMLDocumentReader.Pipelining = .automatic
) -> (error: YAMLError?, elapsed: Duration) {
    let bytes = Array(text.utf8)
    var error: YAMLError?
    let elapsed = ContinuousClock().measure {
        do throws(YAMLError) {
            _ = try YAMLDocumentReader.read(bytes, limits: limits, pipelining: pipelining)
        } catch let thrown {
            error = thrown
        }
    }
    let milliseconds = Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) * 1e-15
    let outcome = error.map { "\($0.kind) at \($0.position)" } ?? "accepted"
    print(
        "\(name), pipelining \(pipelining): \(bytes.count) bytes read in \(Int(milliseconds.rounded())) ms -> \(outcome)"
    )
    return (error, elapsed)
}

/// A hang guard, not a speed target: every limit must stop the reader far
/// sooner than this, even on a machine loaded by several builds. How fast
/// reading is, and that it grows linearly, is measured by the benchmarks
/// package (`Benchmarks/`, docs/Performance.md), not here.
private let hangGuard = Duration.seconds(60)

/// The classic "billion laughs": `levels` levels, each a collection of nine
/// aliases of the level before, starting from nine scalars. Fully expanded it
/// holds 9^levels scalars.
private func aliasBomb(levels: Int, mappings: Bool = false) -> String {
    let names = (0..<levels).map { "l\($0)" }
    var text = "\(names[0]): &\(names[0]) [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
    for level in 1..<levels {
        let previous = "*\(names[level - 1])"
        let items =
            mappings
            ? "{" + (0..<9).map { "k\($0): \(previous)" }.joined(separator: ", ") + "}"
            : "[" + Array(repeating: previous, count: 9).joined(separator: ", ") + "]"
        text += "\(names[level]): &\(names[level]) \(items)\n"
    }
    return text
}

@Suite("YAMLLimits")
struct YAMLLimitsTests {
    @Test("the defaults are 64 MiB, depth 64 and 100,000 alias nodes")
    func defaults() {
        let limits = YAMLLimits()
        #expect(limits.maxInputBytes == 64 << 20)
        #expect(limits.maxDepth == 64)
        #expect(limits.maxAliasNodes == 100_000)
        #expect(
            YAMLLimits(maxDepth: 8)
                == {
                    var changed = YAMLLimits(); changed.maxDepth = 8; return changed
                }())
    }

    /// A way to nest collections 100,000 deep on one line.
    enum Nesting: String, CaseIterable, Sendable {
        case flowSequences = "100,000 nested ["
        case flowMappings = "100,000 nested {a: "
        case blockSequences = "100,000 nested - "

        var text: String {
            switch self {
            case .flowSequences: String(repeating: "[", count: 100_000)
            case .flowMappings: String(repeating: "{a: ", count: 100_000)
            case .blockSequences: String(repeating: "- ", count: 100_000) + "x\n"
            }
        }
    }

    @Test(
        "100,000 nested collections stop at the depth limit, quickly, with libyaml on this thread or its own",
        arguments: Nesting.allCases, [YAMLDocumentReader.Pipelining.off, .on])
    func deepNestingIsTooDeep(nesting: Nesting, pipelining: YAMLDocumentReader.Pipelining) throws {
        let (error, elapsed) = timedRead(nesting.rawValue, nesting.text, pipelining: pipelining)
        let thrown = try #require(error)
        #expect(thrown.kind == .tooDeep)
        #expect(thrown.message == "lists and mappings are nested more than 64 deep")
        #expect(thrown.position.line == 1)
        #expect(elapsed < hangGuard, "reading took \(elapsed)")
    }

    @Test(
        "a billion-laughs alias bomb stops at the alias budget, quickly, with libyaml on this thread or its own",
        arguments: [
            (9, false, YAMLDocumentReader.Pipelining.off), (10, false, .off), (10, true, .off), (9, false, .on),
            (10, false, .on), (10, true, .on),
        ])
    func aliasBombStops(levels: Int, mappings: Bool, pipelining: YAMLDocumentReader.Pipelining) throws {
        let text = aliasBomb(levels: levels, mappings: mappings)
        let (error, elapsed) = timedRead(
            "alias bomb, \(levels) levels of \(mappings ? "mappings" : "sequences")", text, pipelining: pipelining)
        let thrown = try #require(error, "the budget must stop the expansion")
        #expect(thrown.kind == .aliasBudget)
        #expect(thrown.message.hasPrefix("aliases expand to more than 100000 nodes"))
        // The budget is spent before the level whose aliases would pass 100,000
        // nodes is complete, so expansion stopped after a few levels.
        #expect(thrown.position.line <= 6)
        #expect(elapsed < hangGuard, "reading took \(elapsed)")
    }

    @Test("the alias budget counts every node of an aliased subtree each time it is used")
    func aliasBudgetBoundary() throws {
        // *m stands for 5 nodes: the mapping, two keys and two values.
        let text = "m: &m {x: 1, y: 2}\nl: [*m, *m, *m]\n"
        #expect(try YAMLDocumentReader.read(Array(text.utf8), limits: YAMLLimits(maxAliasNodes: 15)) != nil)
        let limits = YAMLLimits(maxAliasNodes: 14)
        #expect(
            throws: YAMLError(
                .aliasBudget,
                "aliases expand to more than 14 nodes; the document is an alias bomb or far too repetitive",
                at: span(pos(2, 13, 31), pos(2, 15, 33)),
                hint: "write the values out, or raise the alias limit in the embedding program")
        ) {
            try YAMLDocumentReader.read(Array(text.utf8), limits: limits)
        }
    }

    @Test("a document with modest aliasing (1,000 aliases of a small mapping) is accepted")
    func modestAliasingIsAccepted() throws {
        let text = "base: &b {x: 1, y: [2, 3]}\nlist:\n" + String(repeating: "  - *b\n", count: 1000)
        let (error, elapsed) = timedRead("1,000 aliases of a small mapping", text)
        #expect(error == nil)
        #expect(elapsed < hangGuard, "reading took \(elapsed)")
        let root = try #require(try YAMLDocumentReader.read(Array(text.utf8)))
        guard case .mapping(let mapping) = root, case .sequence(let list)? = mapping["list"]?.value else {
            Issue.record("expected a mapping with a list, got \(root)")
            return
        }
        #expect(list.items.count == 1000)
        #expect(list.items.allSatisfy { $0 == mapping["base"]?.value })
    }

    @Test("a large ordinary document (a mapping of 40,000 keys) is read without hanging")
    func largeOrdinaryDocument() throws {
        let text = (0..<40_000).map { "object\($0):\n  name: item \($0)\n  tags: [a, b, c]\n" }.joined()
        let (error, elapsed) = timedRead("40,000 keys of small mappings", text)
        #expect(error == nil)
        #expect(elapsed < hangGuard, "reading took \(elapsed)")
    }
}
