import SceneBehaviours
import SceneCore
import SceneLoader
import Testing

/// Limits count bytes as well as nodes: what a few kilobytes of scene
/// expand to (ids by path, values copied into each instance, text repeated
/// through aliases) is refused where it passes the byte limit, and nothing
/// more is expanded. Each input is generated at the size that used to cost
/// gigabytes.
@Suite struct ExpansionLimitTests {
    /// 16 component files of about 2 KB, each but the last including the
    /// next twice under long instance ids: ids by path grow with each
    /// level, 2^15 instances deep (3.9 GB for `check` before the byte limit).
    static func longIDFanOut(levels: Int = 15, idLength: Int = 200) -> [String: String] {
        let long = String(repeating: "x", count: idLength)
        let padding = "description: " + String(repeating: "z", count: 1_500) + "\n"
        var files = ["scene.yaml": "objects:\n  top: { include: l0.yaml }\n"]
        for level in 0..<levels {
            files["l\(level).yaml"] =
                padding
                + "objects:\n  a\(long): { include: l\(level + 1).yaml }\n  b\(long): { include: l\(level + 1).yaml }\n"
                + "  box: { type: View }\n"
        }
        files["l\(levels).yaml"] = padding + "objects:\n  box: { type: View }\n"
        return files
    }

    @Test func longIdsByPathStopAtTheByteLimitAtTheIncludeThatPassesIt() throws {
        let files = Self.longIDFanOut()
        #expect(files.count == 17)
        #expect(files.values.allSatisfy { $0.utf8.count < 2_048 })
        let folder = try SceneFolder(files)
        let text = try folder.check()
        let error = "error: the scene's components expand to more than 67108864 bytes of text and ids once included\n"
        // Reported once, at an `include:` of a component, and nothing after it is included.
        #expect(text.components(separatedBy: error).count == 2)
        let first = try #require(text.split(separator: "\n").first)
        #expect(first.hasPrefix("l1"))
        #expect(first.hasSuffix(error.dropLast()))
        #expect(text.contains(": { include: l"))
        #expect(text.hasSuffix("scene.yaml:2:19: note: included here as 'top'\n"))
        #expect(text.components(separatedBy: "error:").count == 2)
    }

    @Test func theByteLimitCanBeRaisedOrLowered() throws {
        let folder = try SceneFolder(Self.longIDFanOut(levels: 3, idLength: 10))
        #expect(try folder.check() == "")
        var limits = SceneLimits()
        limits.maxExpandedBytes = 8_000
        #expect(
            try folder.check(limits: limits) == """
                l2.yaml:4:27: error: the scene's components expand to more than 8000 bytes of text and ids once included
                    4 |   bxxxxxxxxxx: { include: l3.yaml }
                      |                           ^~~~~~~
                      = help: a component may be including itself through others; else raise the limit in the embedding program
                l1.yaml:3:27: note: included here as 'top.axxxxxxxxxx.axxxxxxxxxx'
                l0.yaml:3:27: note: included here as 'top.axxxxxxxxxx'
                scene.yaml:2:19: note: included here as 'top'

                """)
        limits.maxExpandedBytes = 40_000
        #expect(try folder.check(limits: limits) == "")
    }

    /// About 25 KB of component files whose 14 levels of two includes each
    /// expand to 16,384 segmented controls of 5,000 segments (5 GB for
    /// `run` before the byte limit).
    static func segmentFanOut() -> [String: String] {
        var files = ["scene.yaml": "objects:\n  top: { include: l0.yaml }\n"]
        for level in 0..<14 {
            files["l\(level).yaml"] =
                "objects:\n  a: { include: l\(level + 1).yaml }\n  b: { include: l\(level + 1).yaml }\n"
        }
        let segments = (0..<5_000).map { _ in "s" }.joined(separator: ", ")
        files["l14.yaml"] = "objects:\n  tabs: { type: SegmentedControl, segments: [\(segments)] }\n"
        return files
    }

    @Test func copiesOfALargeComponentStopAtTheByteLimit() throws {
        let files = Self.segmentFanOut()
        #expect(files.values.map(\.utf8.count).reduce(0, +) < 26_000)
        let folder = try SceneFolder(files)
        var limits = SceneLimits()
        // Each instance of the leaf counts its 15 KB: the 70th passes 1 MB.
        limits.maxExpandedBytes = 1 << 20
        let text = try folder.check(limits: limits)
        #expect(text.hasPrefix("l13.yaml:2:17: error: the scene's components expand to more than 1048576 bytes"))
        #expect(text.components(separatedBy: "error:").count == 2)
        #expect(text.hasSuffix("scene.yaml:2:19: note: included here as 'top'\n"))
    }

    @Test func instancesShareTheValuesTheirComponentWrites() throws {
        let folder = try SceneFolder([
            "scene.yaml": "objects:\n  x: { include: c.yaml }\n  y: { include: c.yaml }\n",
            "c.yaml": "objects:\n  tabs: { type: SegmentedControl, segments: [a, b, c] }\n",
        ])
        let loader = SceneLoader(registry: .standard)
        let declaration = try loader.validate(try loader.source(contentsOf: folder.path + "/scene.yaml")).get()
        let lists = declaration.propertyValues.compactMap { value -> [SceneValue]? in
            if case .list(let items) = value.value { return items }
            return nil
        }
        #expect(lists.count == 2)
        #expect(lists.first == [.string("a"), .string("b"), .string("c")])
        // One storage for both instances, not a copy each.
        let storage = lists.map { $0.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } }
        #expect(storage.count == 2 && storage.first == storage.last)
    }

    @Test func aLongScalarAliasedThousandsOfTimesStopsAtTheAliasByteLimit() throws {
        // One 1 MB scalar anchored once and aliased 5,000 times: 1.2 MB of
        // file, 5 GB of copies before the alias byte limit.
        let long = String(repeating: "y", count: 1 << 20)
        var text = "objects:\n  o0: { type: Probe, name: &big \(long) }\n"
        for index in 1...5_000 { text += "  o\(index): { type: Probe, name: *big }\n" }
        let rendered = try renderedDiagnostics(text)
        // 16 MiB is 16 copies: the 17th alias (on line 19) passes it.
        #expect(
            rendered.hasPrefix(
                "test.yaml:19:29: error: aliases expand to more than 16777216 bytes of text; this alias repeats 1048576 bytes\n"
            ))
        #expect(
            rendered.hasSuffix(
                "  = help: write the value once, or raise the alias byte limit in the embedding program\n"))
        #expect(rendered.components(separatedBy: "error:").count == 2)
    }
}
