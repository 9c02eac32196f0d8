import SceneBehaviours
import SceneCore
import SceneLoader
import Testing

/// Inputs that once crashed, hung or exhausted memory in the loader or the
/// script compiler (found by the fuzzer in `Fuzz/`, or by reading the code
/// it exercises), each now refused with diagnostics, quickly.
@Suite struct FuzzFindingsTests {
    /// How long any one of these inputs may take: a hang guard, far above
    /// what each needs even on a loaded machine, not a speed target.
    static let timeLimit = Duration.seconds(60)

    /// Checks `yaml` and returns its diagnostics rendered, after asserting
    /// that loading it gives the same and that both took little time.
    func diagnostics(
        _ yaml: String, limits: SceneLimits = SceneLimits(), sourceLocation: SourceLocation = #_sourceLocation
    ) -> String {
        let loader = SceneLoader(registry: .standard, limits: limits)
        let source = SceneSource(name: "fuzz.yaml", text: yaml)
        let clock = ContinuousClock()
        let start = clock.now
        let diagnostics = loader.check(source)
        var loadDiagnostics: [Diagnostic] = []
        do {
            _ = try loader.load(source)
        } catch {
            loadDiagnostics = error.diagnostics
        }
        #expect(clock.now - start < Self.timeLimit, sourceLocation: sourceLocation)
        #expect(loadDiagnostics == diagnostics, sourceLocation: sourceLocation)
        return DiagnosticRenderer.render(diagnostics, in: source)
    }

    /// Each wait was within a duration's range, but the script compiler's
    /// running sum of them overflowed `Duration` (a trap, "Overflow in +").
    /// The sum is now checked against the virtual-time limit at each step.
    @Test func waitsAddingUpPastTheLimitAreRefusedAtTheWaitThatPassesIt() {
        let yaml = """
            objects:
              view: {type: View}
            script:
              - wait: 5000h
              - wait: 5000h
              - expect: { view.hidden: false }
            """
        #expect(
            diagnostics(yaml) == """
                fuzz.yaml:5:11: error: the script would reach 10000h, past the limit of 8784h of virtual time
                    5 |   - wait: 5000h
                      |           ^~~~~
                      = help: shorten the waits, or raise the limit in the embedding program

                """)
    }

    /// The input the overflow was first seen with: waits each near the
    /// largest duration a scene may write, refused under the default limit
    /// and under the largest one an embedding program can set.
    @Test(arguments: [SceneLimits().maxVirtualTime, .seconds(Int64.max), .seconds(Int64.max) * 10])
    func waitsNearTheLargestDurationAreRefused(limit: Duration) {
        let yaml = """
            objects:
              view: {type: View}
            script:
            """ + String(repeating: "\n  - wait: 2000000000000000h", count: 30)
        var limits = SceneLimits()
        limits.maxVirtualTime = limit
        let text = diagnostics(yaml, limits: limits)
        // Under the default limit the first wait is past it; under the
        // largest, the first fits and each later one would pass it.
        let expectedErrors = limit == SceneLimits().maxVirtualTime ? 30 : 29
        #expect(
            text.split(separator: "\n").filter { $0.contains(": error: the script would reach") }.count
                == expectedErrors)
    }

    @Test func anAtPastTheLimitIsRefused() {
        let yaml = """
            objects:
              view: {type: View}
            script:
              - at: 2305843009213693h
            """
        #expect(
            diagnostics(yaml).hasPrefix(
                "fuzz.yaml:4:9: error: the script would reach 2305843009213693h, past the limit of 8784h"))
    }

    @Test func waitsUpToTheLimitAreAccepted() {
        let yaml = """
            objects:
              view: {type: View}
            script:
              - at: 8000h
              - wait: 784h
            """
        #expect(diagnostics(yaml) == "")
    }
}
