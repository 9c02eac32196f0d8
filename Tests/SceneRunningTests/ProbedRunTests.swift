import SceneBehaviours
import SceneCore
import SceneLoader
import Testing

@testable import SceneRunning

/// A run heard through a ``RunEventListener`` (the explorer's): told by index what
/// the transcript of the same run tells in entries, for the properties its
/// invariants read, while its observers hear only the entries that count.
@Suite struct ProbedRunTests {
    /// What a probe hears, in words: `2.valueChanged`, `0.hidden = true`.
    final class Probe: RunEventListener {
        let declaration: SceneDeclaration
        var events: [String] = []
        var changes: [String] = []
        var ignored: [String] = []

        init(_ declaration: SceneDeclaration) {
            self.declaration = declaration
        }

        func sent(_ event: EventDescription, by object: Int) { events.append("\(object).\(event.name)") }

        func changed(_ slot: Int, of object: Int, to value: SceneValue) {
            changes.append("\(object).\(declaration.objects[object].type.properties[slot].name) = \(value)")
        }

        func ignored(_ verb: String, by object: Int) { ignored.append("\(object).\(verb)") }
    }

    /// Controls that a tap hides under a held slider; the script breaks
    /// the invariant, and has inputs and an action ignored.
    static let heldControls = SceneSource(
        name: "held.yaml",
        text: """
            objects:
              controls: { type: View }
              play: { type: Button, parent: controls, title: Play }
              volume: { type: Slider, parent: controls, value: 0.5 }
              videoTap: { type: TapGesture, on: { recognized: controls.hide } }
            invariants:
              - when: { volume.tracking: true }
                expect: { controls.hidden: false }
            script:
              - slide: { volume: 0.8 }
              - tap: play
              - wait: 1s
              - press: volume
              - tap: videoTap
              - note: the controls are hidden under the held slider
              - tap: videoTap
              - tap: play
              - release: volume
              - expect: { controls.hidden: true, volume.value: 0.8 }
            """)

    @Test func aProbeHearsByIndexWhatTheTranscriptTellsAndObserversHearWhatCounts() throws {
        let loader = SceneLoader(registry: .standard)
        let declaration = try loader.validate(Self.heldControls).get()
        // The run as `run` records it.
        let collector = TranscriptCollector()
        let full = try RunSession.load(declaration, of: Self.heldControls, loader: loader).get()
        full.observe(collector)
        full.start()
        for step in declaration.steps where !full.perform(step) { break }
        let fullSummary = full.finish()
        // The same run, probed.
        let probe = Probe(declaration)
        let counted = TranscriptCollector()
        let probed = try RunSession.load(
            declaration, of: Self.heldControls, loader: loader, probe: probe, focus: RecordingFocus(declaration)
        ).get()
        probed.observe(counted)
        probed.start()
        for step in declaration.steps where !probed.perform(step) { break }
        let probedSummary = probed.finish()

        let index = { (id: String) in declaration.index(ofID: id) ?? -1 }
        var events: [String] = []
        var changes: [String] = []
        var ignored: [String] = []
        var counting: [Transcript.Entry] = []
        for entry in collector.transcript.entries {
            switch entry.kind {
            case .event(let object, let event, _): events.append("\(index(object)).\(event)")
            case .change(let object, let property, _, let value, _)
            where ["volume.tracking", "controls.hidden"].contains("\(object).\(property)"):
                changes.append("\(index(object)).\(property) = \(value)")
            case .ignored(let verb, let object, _): ignored.append("\(index(object)).\(verb)")
            case .invariant, .error, .failure, .expectation, .note, .snapshot: counting.append(entry)
            default: break
            }
        }
        #expect(!events.isEmpty && !ignored.isEmpty && changes.count >= 4)
        #expect(probe.events == events)
        #expect(probe.changes == changes)
        #expect(probe.ignored == ignored)
        // The broken invariant names the step it broke after, as in the transcript.
        #expect(
            counting.contains {
                if case .invariant(_, _, _, "after 'tap videoTap'", _) = $0.kind { true } else { false }
            })
        #expect(counted.transcript.entries == counting)
        #expect(probedSummary == fullSummary)
    }

    @Test func aKeyPathIsFoundByItsSlotAgainAndAnUnknownOneIsNot() {
        let slots = PropertyChangeListener.KeySlots([\Label.text: 3, \Label.hidden: 5])
        for _ in 0..<3 {
            #expect(slots.slot(of: \Label.text) == 3)
            #expect(slots.slot(of: \Label.hidden) == 5)
            #expect(slots.slot(of: \Label.alpha) == nil)
        }
    }
}
