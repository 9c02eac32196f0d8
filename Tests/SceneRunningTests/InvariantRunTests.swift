import SceneTesting
import Testing

/// `invariants:` while a scene runs: each broken expectation is reported at
/// the point it broke (after a step, or when a timer fired in the middle of
/// a `wait`), once per break, and fails the run like a failed `expect:`.
@Suite struct InvariantRunTests {
    /// The transcript of `yaml` run as `i.yaml`, which must load.
    func run(_ yaml: String) throws -> Transcript {
        let outcome = SceneRunner(registry: .standard).run(SceneSource(name: "i.yaml", text: yaml))
        guard case .ran(let transcript) = outcome else { throw InvalidScene() }
        return transcript
    }

    struct InvalidScene: Error {}

    /// The lines of the text transcript that are about invariants, each with
    /// the line after it (the expected and actual values).
    func invariantLines(_ transcript: Transcript) -> [String] {
        let lines = TranscriptRenderer.text(transcript).split(separator: "\n").map(String.init)
        return lines.indices.filter { lines[$0].contains("  invariant ") }.flatMap { index in
            [lines[index], index + 1 < lines.count ? lines[index + 1] : ""]
        }
    }

    static let fadingControls = """
        objects:
          controls: { type: View }
          backgroundTap: { type: TapGesture }
          timeout: { type: TimeoutController, timeout: 1s }
          host:
            type: TimeoutControllerHost
            viewToHide: controls
            tapGesture: backgroundTap
            timeoutController: timeout
            animationDuration: 0.2s

        """

    @Test func anInvariantThatBreaksAfterAStepIsReportedAfterThatStepAndFailsTheRun() throws {
        let transcript = try run(
            """
            objects:
              volume: { type: Slider, value: 0.5 }
            invariants:
              - { volume.value: { max: 0.8 } }
            script:
              - slide: { volume: 0.7 }
              - slide: { volume: 0.9 }
              - expect: { volume.value: 0.9 }
            """)
        #expect(
            invariantLines(transcript) == [
                "    0.000s  invariant volume.value <= 0.8: BROKEN after 'slide volume 0.9'",
                "                expected <= 0.8, actual 0.9 (i.yaml:4:7)",
            ])
        #expect(transcript.failedCount == 1 && transcript.passedCount == 1 && !transcript.succeeded)
        // It comes after the change that broke it and the event the step
        // sent (once the scene is at rest), and before the next step.
        let text = TranscriptRenderer.text(transcript)
        let change = try #require(text.range(of: "volume.value: 0.7 -> 0.9"))
        let report = try #require(text.range(of: "invariant volume.value"))
        let event = try #require(text.range(of: "volume sent valueChanged", range: change.upperBound..<text.endIndex))
        let next = try #require(text.range(of: "expect", range: change.upperBound..<text.endIndex))
        #expect(event.upperBound < report.lowerBound && report.upperBound < next.lowerBound)
    }

    @Test func aStateBetweenAChangeAndTheEventThatAnnouncesItIsNotChecked() throws {
        // The switch turns on, then sends `valueChanged`, whose handler
        // shows the label: the first invariant holds once the scene is at
        // rest; the second is broken, and reported once, after the step.
        let transcript = try run(
            """
            objects:
              shown: { type: Label, hidden: true }
              wifi: { type: Switch, on: { valueChanged: shown.show } }
            invariants:
              - when: { wifi.isOn: true }
                expect: { shown.hidden: false }
              - { wifi.isOn: false }
            script:
              - tap: wifi
            """)
        #expect(
            invariantLines(transcript) == [
                "    0.000s  invariant wifi.isOn == false: BROKEN after 'tap wifi'",
                "                expected false, actual true (i.yaml:7:7)",
            ])
    }

    @Test func aTimerFiringInTheMiddleOfAWaitBreaksItAtTheFiringsTime() throws {
        let transcript = try run(
            Self.fadingControls + """
                invariants:
                  - name: the controls never hide
                    expect: { controls.hidden: false }
                script:
                  - wait: 5s
                """)
        #expect(
            invariantLines(transcript) == [
                "    1.200s  invariant controls.hidden == false (the controls never hide): BROKEN when a timer fired during 'wait 5s'",
                "                expected false, actual true (i.yaml:13:15)",
            ])
        let entry = try #require(transcript.entries.first { if case .invariant = $0.kind { true } else { false } })
        #expect(entry.time == .milliseconds(1200))
        #expect(transcript.endTime == .seconds(5))
    }

    @Test func anInvariantIsReportedOncePerBreakAndAgainOnlyAfterItHeld() throws {
        let transcript = try run(
            """
            objects:
              label: { type: Label, text: a }
            invariants:
              - { label.text: { not: "" } }
            script:
              - set: { label.text: "" }
              - set: { label.text: "" }
              - set: { label.text: b }
              - set: { label.text: "" }
            """)
        #expect(
            invariantLines(transcript) == [
                "    0.000s  invariant label.text != \"\": BROKEN after 'set label.text = \"\"'",
                "                expected not \"\", actual \"\" (i.yaml:4:7)",
                "    0.000s  invariant label.text != \"\": BROKEN after 'set label.text = \"\"'",
                "                expected not \"\", actual \"\" (i.yaml:4:7)",
            ])
        #expect(transcript.failedCount == 2)
    }

    @Test func whenLimitsAnInvariantToTheStatesItNames() throws {
        let yaml =
            Self.fadingControls + """
                invariants:
                  - when: { timeout.running: true }
                    expect: { controls.hidden: false, controls.alpha: { min: 1 } }
                script:
                  - wait: 2s
                  - expect: { controls.hidden: true }
                  - tap: backgroundTap
                  - wait: 0.1s
                """
        // Hidden while the timer is stopped: the invariant does not apply.
        // After the tap, the timer runs while the fade in is under way.
        let transcript = try run(yaml)
        #expect(
            invariantLines(transcript) == [
                "    2.000s  invariant controls.alpha >= 1: BROKEN after 'tap backgroundTap'",
                "                expected >= 1, actual 0 (i.yaml:13:39)",
            ])
        // Without the condition, the fade out breaks it first.
        let unconditional = try run(yaml.replacingOccurrences(of: "when: { timeout.running: true }", with: "name: x"))
        #expect(
            Array(invariantLines(unconditional).prefix(1)) == [
                "    1.017s  invariant controls.alpha >= 1 (x): BROKEN when a timer fired during 'wait 2s'"
            ])
    }

    @Test func anInvariantBrokenFromTheStartIsReportedAtTheStart() throws {
        let transcript = try run(
            """
            objects:
              volume: { type: Slider, value: 0.5 }
            invariants:
              - { volume.value: { min: 0.6, max: 1 } }
            """)
        #expect(
            invariantLines(transcript) == [
                "    0.000s  invariant volume.value in 0.6...1: BROKEN at the start",
                "                expected 0.6...1, actual 0.5 (i.yaml:4:7)",
            ])
    }

    @Test func anInvariantThatHoldsPrintsNothing() throws {
        let yaml = Self.fadingControls + "script:\n  - wait: 2s\n  - tap: backgroundTap\n  - wait: 1s\n"
        let with = try run(
            yaml.replacingOccurrences(
                of: "script:", with: "invariants:\n  - { controls.alpha: { min: 0, max: 1 } }\nscript:"))
        let without = try run(yaml)
        #expect(with.entries == without.entries)
        #expect(with.succeeded)
    }

    @Test func aBrokenInvariantIsAJSONRecordWithItsLine() throws {
        let transcript = try run(
            "objects:\n  v: { type: View }\ninvariants:\n  - { v.hidden: true }\n")
        #expect(
            TranscriptRenderer.jsonLines(transcript).hasPrefix(
                #"{"type":"invariant","file":"i.yaml","time":0,"check":"v.hidden == true","expected":"true","actual":false,"after":"at the start","passed":false,"line":4,"column":7}"#
            ))
    }
}
