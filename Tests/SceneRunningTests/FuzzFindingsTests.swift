import SceneTesting
import TestSupport
import Testing

/// Run-path inputs that once crashed `scene-runner run`, each now giving a
/// transcript (or, past what a script may reach, diagnostics), quickly.
@Suite struct RunFuzzFindingsTests {
    /// Past about 9.2e15 s of virtual time the transcript's times, kept as
    /// milliseconds in an `Int`, overflowed (a trap converting the Double).
    /// Times are now printed exactly, whatever limit the embedding program
    /// sets: here 10^12 s.
    @Test func aScriptThatReachesAFarTimeRunsAndPrintsItsTimes() throws {
        let yaml = """
            objects:
              delay: {type: PreemptiveDelay, delay: 1s}
            script:
              - at: 277777777h46m39s
              - call: delay.trigger
              - wait: 1s
              - expect: { delay.fireCount: 1 }
            """
        let clock = ContinuousClock()
        let start = clock.now
        var limits = SceneLimits()
        limits.maxVirtualTime = .seconds(1_000_000_000_000)
        let text = try transcript(of: yaml, name: "fuzz.yaml", limits: limits)
        #expect(clock.now - start < .seconds(60), "a hang guard, not a speed target")
        #expect(text.contains("999999999999.000s  call delay.trigger"))
        #expect(text.contains("1 expectation, 1 passed, 0 failed, virtual time 1000000000000.000s"))
    }

    /// The input that crashed `scene-runner run` (3,000,000,000,000 h is
    /// about 1.1e16 s), refused by the default limit on virtual time.
    @Test func aScriptPastTheLimitIsRefusedBeforeItRuns() {
        let yaml = """
            objects:
              delay: {type: PreemptiveDelay, delay: 1s}
            script:
              - wait: 3000000000000h
            """
        guard
            case .invalid(let error) = SceneRunner(registry: .standard).run(SceneSource(name: "fuzz.yaml", text: yaml))
        else {
            Issue.record("a script past the limit ran")
            return
        }
        #expect(error.diagnostics.map(\.code) == [.scriptTooLong])
    }
}
