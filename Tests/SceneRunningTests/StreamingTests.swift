import SceneTesting
import Testing

@testable import SceneRunning

/// Transcripts stream: each line is written as soon as it is known, a long
/// animation is summarised without waiting for the run to end, and limits
/// stop a run that would never end.
@Suite struct StreamingTests {
    /// A frame of `controls.alpha` at `milliseconds`.
    private func frame(_ milliseconds: Int, _ from: Double, _ to: Double) -> Transcript.Entry {
        Transcript.Entry(
            time: .milliseconds(milliseconds),
            kind: .change(
                object: "controls", property: "alpha", from: .double(from), to: .double(to), isAnimationFrame: true))
    }

    @Test func anAnimationIsSummarisedAsItHappensNotAtTheEnd() {
        var written: [String] = []
        let writer = TextTranscriptWriter { written.append($0) }
        writer.begin(Transcript.Header(title: "T", file: "t.yaml", objectCount: 1))
        writer.record(frame(16, 1, 0.9))
        #expect(written.count == 1, "the first frame waits: it may start a run or stand alone")
        writer.record(frame(33, 0.9, 0.8))
        #expect(written.last == "    0.016s      controls.alpha: 1 -> animating\n")
        for index in 2..<1000 {
            writer.record(frame(16 + index * 17, 1 - Double(index) / 10_000, 1 - Double(index + 1) / 10_000))
        }
        #expect(written.count == 2, "frames in the middle of a run write nothing")
        writer.record(Transcript.Entry(time: .seconds(60), kind: .note("later")))
        #expect(
            written.suffix(2) == [
                "   16.999s      controls.alpha: -> 0.9 (animated, 1000 frames)\n", "   60.000s  note: later\n",
            ], "the run ended once the clock passed its gap")
        #expect(writer.waitingCount == 0)
    }

    @Test func theWriterHoldsOnlyTheLinesOfOneFrameGap() {
        var lines = 0
        let writer = TextTranscriptWriter { _ in lines += 1 }
        writer.begin(Transcript.Header(title: "T", file: "t.yaml", objectCount: 1))
        var largest = 0
        for index in 0..<100_000 {
            writer.record(frame(index * 16, Double(index), Double(index + 1)))
            writer.record(
                Transcript.Entry(
                    time: .milliseconds(index * 16), kind: .event(object: "x", event: "tick", payload: nil)))
            largest = max(largest, writer.waitingCount)
        }
        #expect(largest <= 4)
        #expect(lines > 99_000, "the events are written as they come")
    }

    @Test func streamingAndCollectingGiveTheSameText() throws {
        let outcome = SceneRunner(registry: .standard).run(
            SceneSource(
                name: "fade.yaml",
                text: """
                    objects:
                      controls: {type: View}
                      timeout: {type: TimeoutController, timeout: 1s}
                      host: {type: TimeoutControllerHost, viewToHide: controls, timeoutController: timeout}
                    script:
                      - wait: 2s
                      - set: { controls.hidden: false }
                      - wait: 2s
                    """))
        guard case .ran(let transcript) = outcome else {
            Issue.record("the scene should load")
            return
        }
        var streamed = ""
        let summary = SceneRunner(registry: .standard).run(
            SceneSource(name: "fade.yaml", text: String(decoding: try sceneText(), as: UTF8.self)),
            streamingTo: TextTranscriptWriter { streamed += $0 })
        guard case .ran = summary else {
            Issue.record("the scene should load")
            return
        }
        #expect(streamed == TranscriptRenderer.text(transcript))
        #expect(streamed.contains("-> animating"))
    }

    private func sceneText() throws -> [UInt8] {
        Array(
            """
            objects:
              controls: {type: View}
              timeout: {type: TimeoutController, timeout: 1s}
              host: {type: TimeoutControllerHost, viewToHide: controls, timeoutController: timeout}
            script:
              - wait: 2s
              - set: { controls.hidden: false }
              - wait: 2s
            """.utf8)
    }

    @Test func aRunThatFiresTooManyTimersStopsAtItsStepWithAnError() throws {
        var limits = SceneLimits()
        limits.maxTimerFirings = 1000
        let outcome = SceneRunner(registry: .standard, limits: limits).run(
            SceneSource(
                name: "tick.yaml",
                text: """
                    objects:
                      tick:
                        type: PreemptiveDelay
                        delay: 1ms
                        on: {fired: tick.trigger}
                    script:
                      - call: tick.trigger
                      - wait: 1h
                      - note: never reached
                    """))
        guard case .ran(let transcript) = outcome else {
            Issue.record("the scene should load")
            return
        }
        #expect(transcript.hasError)
        guard case .error(let message, let position) = transcript.entries.last?.kind else {
            Issue.record("the run should end on an error")
            return
        }
        #expect(
            message
                == "the run fired 1000 timers by 1.001s, its limit; shorten the script, or raise the limit in the embedding program"
        )
        #expect(position?.line == 8)
        #expect(!transcript.entries.contains { $0.kind == .note("never reached") })
    }

    @Test(arguments: [
        (Duration.seconds(2.9), "2.900s"), (.milliseconds(1), "0.001s"), (.microseconds(500), "0.001s"),
        (.microseconds(499), "0.000s"), (.seconds(3600), "3600.000s"), (.microseconds(999_999_400), "999.999s"),
        (.microseconds(999_999_500), "1000.000s"),
        (.seconds(Int64.max / 2), "4611686018427387903.000s"), (.milliseconds(2_999_6) / 10, "3.000s"),
    ])
    func timesPrintToTheMillisecondWhateverTheirSize(time: Duration, text: String) {
        #expect(time.transcriptTime == text)
    }
}
