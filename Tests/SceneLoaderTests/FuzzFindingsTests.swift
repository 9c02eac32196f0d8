import SceneBehaviours
import SceneCore
import SceneLoader
import Testing

/// Inputs that once crashed, hung or exhausted memory in the loader or the
/// script compiler (found by the fuzzer in `Fuzz/`, or by reading the code
/// it exercises), each now refused with diagnostics, quickly.
@Suite struct FuzzFindingsTests {
    /// How long any one of these inputs may take, far above what each needs.
    static let timeLimit = Duration.seconds(5)

    /// Checks `yaml` and returns its diagnostics rendered, after asserting
    /// that loading it gives the same and that both took little time.
    func diagnostics(_ yaml: String, sourceLocation: SourceLocation = #_sourceLocation) -> String {
        let loader = SceneLoader(registry: .standard)
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
    /// Scripts now reach at most 10^12 s, which also keeps the transcript's
    /// times within an `Int` of milliseconds.
    @Test func waitsAddingUpPastTheLatestTimeAreRefusedAtTheWaitThatPassesIt() {
        let yaml = """
            objects:
              view: {type: View}
            script:
              - wait: 200000000h
              - wait: 200000000h
              - expect: { view.hidden: false }
            """
        #expect(
            diagnostics(yaml) == """
                fuzz.yaml:5:11: error: 'wait: 200000000h' takes the script past the latest time it can reach, \
                277777777h46m40s
                    5 |   - wait: 200000000h
                      |           ^~~~~~~~~~
                      = help: a script's times and waits add up to at most 10^12 s

                """)
    }

    /// The input the overflow was first seen with: waits each near the
    /// largest duration a scene may write.
    @Test func waitsNearTheLargestDurationAreRefused() {
        let yaml = """
            objects:
              view: {type: View}
            script:
            """ + String(repeating: "\n  - wait: 2000000000000000h", count: 30)
        let text = diagnostics(yaml)
        #expect(text.hasPrefix("fuzz.yaml:4:11: error: 'wait: 2000000000000000h' takes the script past"))
        #expect(text.split(separator: "\n").filter { $0.contains(": error: ") }.count == 30)
    }

    @Test func anAtPastTheLatestTimeIsRefused() {
        let yaml = """
            objects:
              view: {type: View}
            script:
              - at: 2305843009213693h
            """
        #expect(diagnostics(yaml).hasPrefix("fuzz.yaml:4:9: error: 'at: 2305843009213693h' takes the script past"))
    }

    @Test func waitsUpToTheLatestTimeAreAccepted() {
        let yaml = """
            objects:
              view: {type: View}
            script:
              - at: 200000000h
              - wait: 77777777h46m40s
            """
        #expect(diagnostics(yaml) == "")
    }
}
