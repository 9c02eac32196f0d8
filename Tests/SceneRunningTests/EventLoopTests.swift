import Behaviours
import Foundation
import SceneBehaviours
import SceneRunning
import SceneTesting
import TestSupport
import Testing

/// Scenes whose wiring loops, or chains events deeper than
/// `SceneLimits.maxEventDepth`: the run stops with an error at the step,
/// instead of overflowing the stack (issue 22).
@Suite struct EventLoopTests {
    /// A chain of `count` forms, each one's `submitted` submitting the next.
    static func chain(_ count: Int) -> String {
        "objects:\n"
            + (0..<count).map { index in
                index + 1 < count
                    ? "  f\(index): { type: FormBehaviour, on: { submitted: f\(index + 1).submit } }\n"
                    : "  f\(index): { type: FormBehaviour }\n"
            }.joined()
            + "script:\n  - call: f0.submit\n  - note: not reached\n"
    }

    /// Runs `yaml` (which must load) and returns its transcript; unlike
    /// `runScene`, a run stopped by an error is what these tests expect.
    private func run(_ yaml: String, limits: SceneLimits = SceneLimits()) throws -> Transcript {
        let runner = SceneRunner(registry: .standard, limits: limits)
        switch runner.run(SceneSource(name: "scene.yaml", text: yaml)) {
        case .ran(let transcript): return transcript
        case .invalid(let error): throw error
        }
    }

    /// The error entry of a transcript, as text.
    private func errors(_ transcript: Transcript) -> [String] {
        transcriptText(transcript).split(separator: "\n").filter { $0.contains("error:") }.map(String.init)
    }

    @Test func aFormWhoseSubmittedSubmitsItStopsAtTheStep() throws {
        let transcript = try run(
            """
            objects: { f: { type: FormBehaviour, on: { submitted: f.submit } } }
            script: [ { call: f.submit } ]
            """)
        #expect(!transcript.succeeded)
        #expect(
            errors(transcript) == [
                "    0.000s  error: event loop: 'f.submitted' was sent again while it was being delivered "
                    + "(f.submitted -> f.submitted); the run stopped here. An event's 'on:' actions must not "
                    + "send it again, directly or through other events (scene.yaml:2:13)"
            ])
    }

    @Test func aLoopThroughAChangeEventNamesIt() throws {
        // The shake moves the view; each move restarts the shake, which moves it again.
        let transcript = try run(
            """
            objects:
              v: { type: View, on: { offsetXChanged: s.play } }
              s: { type: ShakeAnimation, view: v }
            script:
              - call: s.play
              - wait: 0.1s
            """)
        #expect(!transcript.succeeded)
        let error = try #require(errors(transcript).first)
        #expect(
            error.contains(
                "event loop: 'v.offsetXChanged' was sent again while it was being delivered "
                    + "(v.offsetXChanged -> v.offsetXChanged)"), "\(error)")
        // The change event is not a line of its own: the change is.
        #expect(!transcriptText(transcript).contains("offsetXChanged\n"))
        #expect(transcriptText(transcript).contains("v.offsetX: "))
    }

    @Test func aPlayerWhosePlayPausesAndPausePlaysStopsAtTheStep() throws {
        let transcript = try run(
            """
            objects:
              p: { type: Player, duration: 10s, on: { play: p.pause, pause: p.play } }
            script:
              - call: p.load
              - call: p.play
              - note: not reached
            """)
        let text = transcriptText(transcript)
        #expect(text.contains("(p.play -> p.pause -> p.play)"))
        #expect(text.contains("(scene.yaml:5:5)"))
        #expect(!text.contains("not reached"))
    }

    @Test func aChainOf20000FormsStopsAtTheDepthLimit() throws {
        let transcript = try run(Self.chain(20_000))
        let found = errors(transcript)
        #expect(found.count == 1)
        #expect(
            found.first?.hasPrefix(
                "    0.000s  error: events were delivered more than 100 deep (f0.submitted -> f1.submitted -> "
                    + "f2.submitted -> ... -> f97.submitted -> f98.submitted -> f99.submitted -> ...)") == true)
        #expect(found.first?.hasSuffix("(scene.yaml:20003:5)") == true)
        #expect(!transcriptText(transcript).contains("not reached"))
    }

    @Test func aChainWithinTheLimitRunsWhole() throws {
        let transcript = try runScene(Self.chain(50))
        #expect(transcript.succeeded)
        #expect(transcriptText(transcript).contains("f49 sent submitted"))
    }

    /// `levels` levels of two forms, each form's `submitted` submitting
    /// both forms of the next level: no loop, shallow, but 2^levels sends.
    static func fanOut(_ levels: Int) -> String {
        "objects:\n"
            + (0..<levels).flatMap { level in
                ["a", "b"].map { name in
                    level + 1 < levels
                        ? "  \(name)\(level): { type: FormBehaviour, on: { submitted: [a\(level + 1).submit, b\(level + 1).submit] } }\n"
                        : "  \(name)\(level): { type: FormBehaviour }\n"
                }
            }.joined()
            + "script:\n  - call: a0.submit\n  - note: not reached\n"
    }

    @Test func wiringThatFansOutStopsAtTheDeliveryLimitInsteadOfTakingExponentialTime() throws {
        // 2^60 sends without the limit: the run would never end. (A lower
        // limit than the default keeps the test quick: the recorder reads
        // every property after every event.)
        #expect(SceneLimits().maxEventDeliveries == 100_000)
        var limits = SceneLimits()
        limits.maxEventDeliveries = 5_000
        let transcript = try run(Self.fanOut(60), limits: limits)
        #expect(!transcript.succeeded)
        let found = errors(transcript)
        #expect(found.count == 1)
        #expect(found.first?.contains("one event led to more than 5000 events (a0.submitted -> ") == true)
        #expect(found.first?.hasSuffix("(scene.yaml:123:5)") == true)
        #expect(!transcriptText(transcript).contains("not reached"))
    }

    @Test func theDeliveryLimitIsSetInSceneLimits() throws {
        var limits = SceneLimits()
        limits.maxEventDeliveries = 10
        // 2^4 - 1 = 15 sends from one call: past 10.
        let stopped = try run(Self.fanOut(4), limits: limits)
        #expect(TranscriptRenderer.text(stopped).contains("one event led to more than 10 events"))
        limits.maxEventDeliveries = 15
        #expect(try run(Self.fanOut(4), limits: limits).succeeded)
    }

    @Test func theDepthLimitIsSetInSceneLimits() throws {
        var limits = SceneLimits()
        limits.maxEventDepth = 5
        let transcript = try run(Self.chain(10), limits: limits)
        #expect(TranscriptRenderer.text(transcript).contains("events were delivered more than 5 deep"))
        #expect(!transcript.succeeded)
    }

    @Test func aTimerWhoseEventLoopsStopsTheRunAtTheWait() throws {
        let transcript = try run(
            """
            objects:
              d: { type: PreemptiveDelay, delay: 1s, on: { fired: f.submit } }
              f: { type: FormBehaviour, on: { submitted: f.submit } }
            script:
              - call: d.trigger
              - wait: 2s
              - note: not reached
            """)
        let found = errors(transcript)
        #expect(found.count == 1)
        #expect(found.first?.contains("(f.submitted -> f.submitted)") == true)
        #expect(found.first?.hasSuffix("(scene.yaml:6:5)") == true)
    }

    @Test func aLongChainOnAThreadWithASmallStackStopsWithAnError() throws {
        final class Result: @unchecked Sendable {
            let lock = NSLock()
            var text: String?
        }
        let result = Result()
        let scene = Self.chain(20_000)
        let thread = Thread {
            let text: String
            do {
                text = try transcript(of: scene, name: "chain.yaml")
            } catch {
                text = "\(error)"
            }
            result.lock.withLock { result.text = text }
        }
        thread.stackSize = 512 << 10
        thread.start()
        waitUntil(timeout: .seconds(120)) { result.lock.withLock { result.text != nil } }
        let text = try #require(result.lock.withLock { result.text })
        #expect(text.contains("error: events were delivered more than 100 deep"))
    }
}

/// The same guard in a live session: a timer whose event loops stops it.
@Suite struct LiveEventLoopTests {
    @Test func aTimerWhoseEventLoopsStopsTheLiveSession() throws {
        let collector = TranscriptCollector()
        let source = SceneSource(
            name: "live.yaml",
            text: """
                objects:
                  d: { type: PreemptiveDelay, delay: 1s, on: { fired: f.submit } }
                  f: { type: FormBehaviour, on: { submitted: f.submit } }
                """)
        var now = Duration.zero
        guard
            case .success(let live) = LiveRun.start(
                source, runner: SceneRunner(registry: .standard), streamingTo: collector, clock: { now })
        else {
            Issue.record("the scene did not load")
            return
        }
        let delay = try #require(live.scene.object("d", as: PreemptiveDelay.self))
        delay.trigger()
        now = .seconds(2)
        #expect(!live.advance(to: .seconds(2)))
        #expect(live.hasStopped)
        let transcript = collector.transcript
        #expect(
            TranscriptRenderer.text(transcript).contains(
                "error: event loop: 'f.submitted' was sent again while it was being delivered"))
        _ = live.finish()
    }
}
