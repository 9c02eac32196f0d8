import SceneBehaviours
import SceneTesting
import Testing

@testable import SceneRunning

/// A run is observed: any number of observers hear the same transcript,
/// each from the moment it connects, and each can be disconnected without
/// the others noticing.
@Suite struct RunObservationTests {
    /// A button to tap, a label that changes twice, and a script.
    static let source = SceneSource(
        name: "observed.yaml",
        text: """
            scene: Observed
            objects:
              play: {type: Button, title: Play}
              label: {type: Label, text: idle}
            script:
              - tap: play
              - set: { label.text: one }
              - set: { label.text: two }
              - expect: { label.text: two }
            """)

    /// Loads the scene, not yet started.
    private func load() throws -> RunSession {
        guard case .success(let session) = RunSession.load(Self.source, loader: SceneLoader(registry: .standard))
        else { throw CancellationError() }
        return session
    }

    @Test func everyObserverHearsWhatASingleSinkHears() throws {
        let alone = TranscriptCollector()
        guard case .ran = SceneRunner(registry: .standard).run(Self.source, streamingTo: alone) else {
            Issue.record("the scene did not run")
            return
        }
        let session = try load()
        let first = TranscriptCollector()
        let second = TranscriptCollector()
        session.observe(first)
        session.observe(second)
        #expect(session.observerCount == 2)
        session.start()
        for step in session.declaration.steps where !session.perform(step) { break }
        let summary = session.finish()
        #expect(summary.succeeded)
        let expected = TranscriptRenderer.text(alone.transcript)
        #expect(expected.contains("label.text: \"one\" -> \"two\""), "\(expected)")
        #expect(TranscriptRenderer.text(first.transcript) == expected)
        #expect(TranscriptRenderer.text(second.transcript) == expected)
    }

    @Test func aDisconnectedObserverHearsNothingMoreAndTheOthersGoOn() throws {
        let session = try load()
        let kept = Counter()
        let dropped = Counter()
        session.observe(kept)
        let connection = session.observe(dropped)
        session.start()
        let steps = session.declaration.steps
        #expect(session.perform(steps[0]))
        let heardBefore = dropped.entries
        #expect(heardBefore > 0, "the tap was heard")
        connection.disconnect()
        #expect(!connection.isConnected)
        #expect(session.observerCount == 1)
        for step in steps.dropFirst() { #expect(session.perform(step)) }
        _ = session.finish()
        #expect(dropped.entries == heardBefore)
        #expect(dropped.ended == 0)
        #expect(kept.entries > heardBefore)
        #expect(kept.began == 1 && kept.ended == 1)
    }

    @Test func anObserverConnectedLateHearsOnlyWhatFollows() throws {
        let session = try load()
        let early = Counter()
        session.observe(early)
        session.start()
        let steps = session.declaration.steps
        #expect(session.perform(steps[0]))
        let late = Counter()
        session.observe(late)
        for step in steps.dropFirst() { #expect(session.perform(step)) }
        _ = session.finish()
        #expect(late.began == 0, "the header was told before it connected")
        #expect(late.ended == 1)
        #expect(late.entries > 0 && late.entries < early.entries)
    }

    @Test func startingTwiceTellsTheHeaderOnce() throws {
        let session = try load()
        let counter = Counter()
        session.observe(counter)
        session.start()
        session.start()
        _ = session.finish()
        _ = session.finish()
        #expect(counter.began == 1)
        #expect(counter.ended == 1)
    }
}

/// Counts what it hears.
private final class Counter: TranscriptListener {
    var began = 0
    var entries = 0
    var ended = 0
    func begin(_ header: Transcript.Header) { began += 1 }
    func record(_ entry: Transcript.Entry) { entries += 1 }
    func end(_ summary: Transcript.Summary) { ended += 1 }
}
