import SceneLoader
import SceneYAML
import Testing

/// What a typed step's YAML aliases expand to, counted as the line is read
/// (nothing copied), and the refusal of a step by that size alone: what
/// the preview's server does with a page's step before it is queued.
@Suite struct LiveStepExpansionTests {
    /// `&a` on `bytes` bytes of text, then `copies` aliases of it.
    static func step(bytes: Int, copies: Int) -> String {
        let aliases = Array(repeating: "*a", count: copies).joined(separator: ", ")
        return "set: { preview.text: [&a '\(String(repeating: "x", count: bytes))', \(aliases)] }"
    }

    @Test func theExpansionCountsEachAliasEveryTimeItIsUsed() {
        let expansion = LiveStepCompiler.aliasExpansion(of: Self.step(bytes: 100, copies: 7), limits: YAMLLimits())
        #expect(expansion == LiveStepCompiler.AliasExpansion(bytes: 700, nodes: 7, isPastSceneLimits: false))
        #expect(expansion?.isWithinLineLimits == true)
        let nested = "set: { a: &a [1, 22, 333], b: &b [*a, *a], c: [*b, *b, *b] }"
        // *a: 4 nodes and 6 bytes, twice; *b: 9 nodes and 12 bytes, three times.
        #expect(
            LiveStepCompiler.aliasExpansion(of: nested, limits: YAMLLimits())
                == LiveStepCompiler.AliasExpansion(bytes: 48, nodes: 35, isPastSceneLimits: false))
        #expect(
            LiveStepCompiler.aliasExpansion(of: "tap: play", limits: YAMLLimits())
                == LiveStepCompiler.AliasExpansion(bytes: 0, nodes: 0, isPastSceneLimits: false))
        #expect(
            LiveStepCompiler.aliasExpansion(of: "tap: [", limits: YAMLLimits()) == nil, "not YAML: compiling says why")
    }

    @Test func aStepWithinALinesLimitsIsNotRefused() {
        // 1 MiB exactly, in 64 aliases of 16 KiB.
        let step = Self.step(bytes: 16_384, copies: 64)
        #expect(LiveStepCompiler.aliasExpansion(of: step, limits: YAMLLimits())?.bytes == 1 << 20)
        #expect(LiveStepCompiler.refusal(ofStep: step, limits: YAMLLimits()) == nil)
        #expect(LiveStepCompiler.refusal(ofStep: "tap: play", limits: YAMLLimits()) == nil)
        #expect(LiveStepCompiler.refusal(ofStep: "tap: [", limits: YAMLLimits()) == nil)
    }

    @Test func aStepPastALinesBytesNodesOrTheScenesLimitsIsRefusedSayingWhy() {
        let bytes = LiveStepCompiler.refusal(ofStep: Self.step(bytes: 16_384, copies: 65), limits: YAMLLimits())
        #expect(
            bytes
                == "a step was refused: its YAML aliases expand to 1,064,960 bytes of text, and a typed step's may expand to at most 1,048,576 bytes (1 MiB) and 10,000 nodes; write the values out"
        )
        let wide = LiveStepCompiler.refusal(ofStep: Self.step(bytes: 100_000, copies: 30), limits: YAMLLimits())
        #expect(wide?.contains("its YAML aliases expand to 3,000,000 bytes of text") == true, "\(wide ?? "")")
        let many = LiveStepCompiler.refusal(ofStep: Self.step(bytes: 1, copies: 10_001), limits: YAMLLimits())
        #expect(many?.contains("its YAML aliases expand to 10,001 nodes") == true, "\(many ?? "")")
        // Past the scene's own limit, reading stops there: 64 MiB would be
        // counted, but the figure is the limit.
        let bomb =
            "set: { a: &a '\(String(repeating: "x", count: 16_384))', b: &b [\(Array(repeating: "*a", count: 64).joined(separator: ", "))], c: [\(Array(repeating: "*b", count: 64).joined(separator: ", "))] }"
        #expect(bomb.utf8.count < 20_000)
        let expansion = LiveStepCompiler.aliasExpansion(of: bomb, limits: YAMLLimits())
        #expect(expansion?.isPastSceneLimits == true)
        #expect(expansion?.isWithinLineLimits == false)
        #expect(
            LiveStepCompiler.refusal(ofStep: bomb, limits: YAMLLimits())?.contains(
                "its YAML aliases expand to more than 16,777,216 bytes of text or 100,000 nodes") == true)
        // A scene loaded with smaller limits: its own are the ones past.
        var small = YAMLLimits()
        small.maxAliasBytes = 1_000
        #expect(
            LiveStepCompiler.refusal(ofStep: Self.step(bytes: 100, copies: 11), limits: small)?.contains(
                "more than 1,000 bytes of text or 100,000 nodes") == true)
    }
}
