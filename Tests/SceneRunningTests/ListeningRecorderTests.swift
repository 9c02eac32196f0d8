import Behaviours
import Foundation
import SceneBehaviours
import SceneTesting
import TestSupport
import Testing

@testable import SceneRunning

/// The recorder reads only the properties that reported a change (and
/// those of a user's type that cannot report). That its transcripts are
/// the ones it gave when it read every property at every look is
/// ``TranscriptDigestTests``.
@Suite struct ListeningRecorderTests {
    /// The transcript of `source`, or `nil` when the scene did not load.
    static func run(_ source: SceneSource, registry: SceneRegistry, limits: SceneLimits = SceneLimits())
        -> Transcript?
    {
        let collector = TranscriptCollector()
        guard
            case .success(let session) = RunSession.start(
                source, loader: SceneLoader(registry: registry, limits: limits), streamingTo: collector)
        else { return nil }
        for step in session.declaration.steps where !session.perform(step) { break }
        _ = session.finish()
        return collector.transcript
    }

    @Test func everyPropertyOfEveryStandardTypeReportsItsChanges() {
        // No property of a standard type is read at every look.
        for type in SceneRegistry.standardTypes where !type.properties.isEmpty {
            #expect(type.makeInstance() is any PropertyNotifying, "\(type.name) does not report changes")
            // (A property the recorder never reads, a view's solved frame, reports nothing.)
            for property in type.properties where property.isRecorded {
                #expect(property.changeKey != nil, "\(type.name).\(property.name) does not report its changes")
            }
        }
    }

    @Test func aValueChangedAndChangedBackWithinOneFiringIsNoChange() throws {
        let source = SceneSource(name: "s.yaml", text: "objects:\n  label: {type: Label, text: a}\n")
        let collector = TranscriptCollector()
        guard
            case .success(let session) = RunSession.start(
                source, loader: SceneLoader(registry: .standard), streamingTo: collector)
        else {
            Issue.record("the scene did not load")
            return
        }
        let label = try #require(session.scene.object("label", as: Label.self))
        session.scene.scheduler.schedule(after: .seconds(1)) {
            label.text = "b"
            label.text = "a"
        }
        session.scene.scheduler.schedule(after: .seconds(2)) {
            label.text = "c"
            label.text = "d"
        }
        #expect(
            session.advance { () throws(VirtualSchedulerError) in try session.scene.scheduler.advance(by: .seconds(3)) }
        )
        _ = session.finish()
        #expect(
            collector.transcript.entries == [
                Transcript.Entry(
                    time: .seconds(2),
                    kind: .change(
                        object: "label", property: "text", from: .string("a"), to: .string("d"),
                        isAnimationFrame: false))
            ])
    }

    @Test func aPropertyWithoutAChangeEventStillReportsToTheRecorder() throws {
        // Slider's `value` has no change event (`valueChanged` is its input
        // event), but it reports its changes: the recorder sees them.
        let source = SceneSource(
            name: "s.yaml", text: "objects:\n  slider: {type: Slider}\n  labels: {type: Label}\n")
        let collector = TranscriptCollector()
        guard
            case .success(let session) = RunSession.start(
                source, loader: SceneLoader(registry: .standard), streamingTo: collector)
        else {
            Issue.record("the scene did not load")
            return
        }
        let slider = try #require(session.scene.object("slider", as: Slider.self))
        session.scene.scheduler.schedule(after: .seconds(1)) { slider.value = 0.25 }
        #expect(
            session.advance { () throws(VirtualSchedulerError) in try session.scene.scheduler.advance(by: .seconds(1)) }
        )
        _ = session.finish()
        #expect(
            collector.transcript.entries.map(\.kind) == [
                .change(
                    object: "slider", property: "value", from: .double(0), to: .double(0.25), isAnimationFrame: false)
            ])
    }

    @Test func anIdleLabelIsNeverReadAfterTheStart() {
        // Every property of a Label reports its changes (`visible` with
        // propertyMayHaveChanged): idle labels cost a look nothing.
        let objects = (0..<50).map { "  l\($0): {type: Label, parent: \($0 == 0 ? "null" : "l0")}" }
        let source = SceneSource(name: "s.yaml", text: "objects:\n" + objects.joined(separator: "\n") + "\n")
        guard let scene = try? SceneLoader(registry: .standard).load(source) else {
            Issue.record("the scene did not load")
            return
        }
        let watch = PropertyChangeListener(scene)
        #expect(watch.propertyCount > 0)
        #expect(watch.alwaysReadCount == 0)
    }

    @Test func hidingAParentRecordsItsSubviewsVisibility() throws {
        let source = SceneSource(
            name: "s.yaml",
            text: """
                objects:
                  panel: {type: View}
                  box: {type: View, parent: panel}
                  label: {type: Label, parent: box}
                script:
                  - set: { panel.hidden: true }
                  - set: { box.alpha: 0 }
                  - set: { panel.hidden: false }
                  - set: { box.alpha: 1 }
                """)
        let listening = try #require(Self.run(source, registry: .standard))
        let visibility = listening.entries.filter {
            if case .change(_, "visible", _, _, _) = $0.kind { true } else { false }
        }
        // panel, box and label go invisible; only panel comes back while box is at alpha 0; then box and label.
        #expect(visibility.count == 6)
    }

    @Test func aChangeInsideAnEventChainAtTheDepthLimitDoesNotCountAsAnEvent() throws {
        // The recorder learns of changes outside EventDelivery: listening
        // must not add deliveries, or a chain at the limit would stop.
        var limits = SceneLimits()
        limits.maxEventDepth = 1
        let source = SceneSource(
            name: "s.yaml",
            text: """
                objects:
                  b: { type: Button, on: { tap: l.hide } }
                  l: { type: Label }
                script:
                  - tap: b
                """)
        let listening = try #require(Self.run(source, registry: .standard, limits: limits))
        #expect(listening.succeeded)
        #expect(
            listening.entries.contains {
                $0.kind
                    == .change(
                        object: "l", property: "hidden", from: .bool(false), to: .bool(true), isAnimationFrame: false)
            })
    }

    @Test func anObserverOfTheCodeListensBesideTheRecorderWithoutReplacingIt() throws {
        // The recorder once took the scheduler's and the scene's only
        // slots: an observer set by code replaced it, and the transcript
        // lost every change after a firing. Now both hear.
        let source = SceneSource(
            name: "s.yaml",
            text: """
                objects:
                  label: {type: Label, text: a}
                  delay: {type: PreemptiveDelay, delay: 1s, on: {fired: label.hide}}
                """)
        let collector = TranscriptCollector()
        guard
            case .success(let session) = RunSession.start(
                source, loader: SceneLoader(registry: .standard), streamingTo: collector)
        else {
            Issue.record("the scene did not load")
            return
        }
        var firings: [Duration] = []
        let connection = session.scene.scheduler.observeFirings { firings.append($0.deadline) }
        var failures: [String] = []
        session.scene.observeFailures { failures.append($0.message) }
        let delay = try #require(session.scene.object("delay", as: PreemptiveDelay.self))
        _ = delay.trigger()
        #expect(
            session.advance { () throws(VirtualSchedulerError) in
                try session.scene.scheduler.advance(by: .seconds(2))
            })
        let label = try #require(session.scene.object("label", as: Label.self))
        session.scene.reportFailure(of: label, "could not save")
        connection.disconnect()
        let summary = session.finish()
        #expect(firings == [.seconds(1)])
        #expect(failures == ["could not save"])
        #expect(summary.failureCount == 1)
        // Recorded after the firing that made it, not only at the end.
        #expect(
            collector.transcript.entries.contains(
                Transcript.Entry(
                    time: .seconds(1),
                    kind: .change(
                        object: "label", property: "hidden", from: .bool(false), to: .bool(true),
                        isAnimationFrame: false))))
    }

    @Test func theSessionStopsListeningWhenItFinishes() throws {
        let source = SceneSource(
            name: "s.yaml", text: "objects:\n  label: {type: Label, text: a}\nscript:\n  - note: late\n")
        let collector = TranscriptCollector()
        guard
            case .success(let session) = RunSession.start(
                source, loader: SceneLoader(registry: .standard), streamingTo: collector)
        else {
            Issue.record("the scene did not load")
            return
        }
        let label = try #require(session.scene.object("label", as: Label.self))
        let late = try #require(session.declaration.steps.first)
        let summary = session.finish()
        label.text = "b"
        session.scene.reportFailure(of: label, "after the end")
        #expect(session.finish() == summary)
        #expect(collector.transcript.entries.isEmpty)
        // Nobody listens any more: the failure is kept by the scene.
        #expect(session.scene.failures.map(\.message) == ["after the end"])
        #expect(!session.perform(late))
    }
}
