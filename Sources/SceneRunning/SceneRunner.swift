import SceneCore
import SceneLoader
import SceneYAML

/// Runs scenes: loads a file, runs its script on the scene's virtual clock
/// and records a ``Transcript``, whole or as it happens.
///
///     let runner = SceneRunner(registry: .standard)
///     let outcome = runner.run(SceneSource(name: "x.yaml", text: yaml))
///     if case .ran(let transcript) = outcome { print(TranscriptRenderer.text(transcript)) }
///
/// A long run streams instead: ``run(_:streamingTo:)`` hands each entry to
/// a ``TranscriptSink`` (a ``TextTranscriptWriter``, say) as soon as it
/// happens and keeps only the summary, so memory stays flat however long
/// the virtual run. ``SceneLimits/maxTimerFirings`` bounds how much a run
/// may do, and ``SceneLimits/maxVirtualTime`` how far its script may go.
public struct SceneRunner: Sendable {
    /// What running one file gave.
    public enum Outcome {
        /// The scene loaded and its script ran.
        case ran(Transcript)
        /// The scene could not be loaded; nothing ran.
        case invalid(SceneLoadError)
    }

    /// What running one file while streaming its transcript gave.
    public enum StreamOutcome {
        /// The scene loaded and its script ran; the entries went to the sink.
        case ran(Transcript.Summary)
        /// The scene could not be loaded; nothing ran and the sink heard nothing.
        case invalid(SceneLoadError)
    }

    /// The loader, with its registry and limits.
    public var loader: SceneLoader

    /// A runner for the types in `registry`. `stateDirectory` is where the
    /// scenes' behaviours keep state between runs (a store's relative path
    /// resolves in it); `nil`, the default, keeps nothing: each run starts
    /// afresh, so running a scene twice gives the same transcript.
    public init(registry: SceneRegistry, limits: SceneLimits = SceneLimits(), stateDirectory: String? = nil) {
        loader = SceneLoader(registry: registry, limits: limits)
        loader.stateDirectory = stateDirectory
    }

    /// Loads the file at `path` and runs it.
    public func run(contentsOf path: String) -> Outcome {
        do {
            return run(try loader.source(contentsOf: path))
        } catch {
            return .invalid(error)
        }
    }

    /// Loads `source` and runs its script, collecting the whole transcript.
    public func run(_ source: SceneSource) -> Outcome {
        let collector = TranscriptCollector()
        switch run(source, streamingTo: collector) {
        case .ran: return .ran(collector.transcript)
        case .invalid(let error): return .invalid(error)
        }
    }

    /// Loads `source` and runs its script, handing the transcript to `sink`
    /// as it happens; `shouldStop` is asked after each step (a sink whose
    /// output failed can end the run early).
    public func run(
        _ source: SceneSource, streamingTo sink: some TranscriptSink, shouldStop: () -> Bool = { false }
    ) -> StreamOutcome {
        // The recorder hears events from the moment each object is made;
        // it knows the scene's header once the file is read.
        let relay = EventRelay()
        let scene: Scene
        let declaration: SceneDeclaration
        do {
            (scene, declaration) = try loader.loadDeclared(source) { relay.recorder?.event($0, $1, $2) }
        } catch {
            return .invalid(error)
        }
        if !declaration.warnings.isEmpty { sink.warn(declaration.warnings, in: source) }
        let recorder = TranscriptRecorder(
            declaration: declaration, file: source.name, sink: sink, limits: loader.limits)
        relay.recorder = recorder
        scene.scheduler.maximumFirings = loader.limits.maxTimerFirings
        recorder.start(scene)
        for step in declaration.steps {
            guard recorder.perform(step), !shouldStop() else { break }
        }
        return .ran(recorder.finish())
    }
}

/// Passes events to the recorder, which is made after the objects are.
private final class EventRelay {
    weak var recorder: TranscriptRecorder?
}

/// Performs steps and records what happens, sampling the scene's declared
/// properties after every step, timer and event so that every change is
/// seen in order; each entry goes to the sink at once.
final class TranscriptRecorder {
    private let sink: any TranscriptSink
    private var summary: Transcript.Summary
    let declaration: SceneDeclaration
    private weak var scene: Scene?
    private var snapshot: [[SceneValue?]] = []
    /// The limits on event deliveries during a step (``SceneLimits/maxEventDepth``
    /// and ``SceneLimits/maxEventDeliveries``).
    let limits: SceneLimits
    /// The events being delivered, outermost first, as (object, event):
    /// what names a loop when ``EventDelivery`` refuses a send.
    var deliveries: [(object: Int, event: String)] = []

    init(
        declaration: SceneDeclaration, file: String, sink: some TranscriptSink,
        limits: SceneLimits = SceneLimits()
    ) {
        self.declaration = declaration
        self.sink = sink
        self.limits = limits
        summary = Transcript.Summary(
            header: Transcript.Header(
                title: declaration.title ?? file, file: file, objectCount: declaration.objects.count))
    }

    private var now: Duration { scene?.scheduler.now ?? .zero }

    /// Starts recording: what the scene is after `awake` is the baseline.
    func start(_ scene: Scene) {
        self.scene = scene
        sink.begin(summary.header)
        snapshot = scene.entries.map { entry in entry.type.properties.map { $0.value(of: entry.object) } }
        scene.scheduler.didFire = { [weak self] firing in self?.sample(isAnimationFrame: firing.isAnimationFrame) }
        scene.didIgnoreAction = { [weak self, weak scene] ignored in
            guard let self, let scene else { return }
            self.sample(isAnimationFrame: scene.scheduler.isAnimationFrame)
            self.record(
                .ignored(
                    verb: ignored.action.name, target: scene.entries[ignored.objectIndex].id, reason: ignored.reason))
        }
        scene.didReportFailure = { [weak self, weak scene] failure in
            guard let self else { return }
            self.sample(isAnimationFrame: scene?.scheduler.isAnimationFrame ?? false)
            self.record(.failure(object: failure.objectID ?? "the scene", message: failure.message))
        }
    }

    func finish() -> Transcript.Summary {
        sample(isAnimationFrame: false)
        summary.endTime = now
        if let scene {
            scene.scheduler.didFire = nil
            scene.didIgnoreAction = nil
            scene.didReportFailure = nil
        }
        sink.end(summary)
        return summary
    }

    func record(_ kind: Transcript.Kind) {
        summary.count(kind)
        sink.record(Transcript.Entry(time: now, kind: kind))
    }
    /// Records every declared property that changed since the last sample.
    func sample(isAnimationFrame: Bool) {
        guard let scene else { return }
        for (index, entry) in scene.entries.enumerated() {
            for (slot, property) in entry.type.properties.enumerated() {
                let value = property.value(of: entry.object)
                guard value != snapshot[index][slot] else { continue }
                // NaN differs from itself: a NaN that stays NaN is no change.
                if case .double(let new)? = value, case .double(let old)? = snapshot[index][slot], new.isNaN, old.isNaN
                {
                    continue
                }
                let old = snapshot[index][slot] ?? .null
                snapshot[index][slot] = value
                record(
                    .change(
                        object: entry.id, property: property.name, from: old, to: value ?? .null,
                        isAnimationFrame: isAnimationFrame))
            }
        }
    }

    /// Records an event (after the changes that led to it).
    func event(_ index: Int, _ event: EventDescription, _ payload: SceneValue?) {
        noteDelivery(of: event, by: index)
        sample(isAnimationFrame: scene?.scheduler.isAnimationFrame ?? false)
        record(.event(object: declaration.objects[index].id, event: event.name, payload: payload))
    }

    /// Performs one step; false when the run must stop, as it does when
    /// ``EventDelivery`` refused an event during the step (a loop in the
    /// wiring, or deliveries past the limits).
    func perform(_ step: ScriptStep) -> Bool {
        var shouldGoOn = false
        let runaway = limits.supervisingEvents { shouldGoOn = performUnguarded(step) }
        guard let runaway else { return shouldGoOn }
        stop(by: runaway, at: step.span.start)
        return false
    }

    private func performUnguarded(_ step: ScriptStep) -> Bool {
        guard let scene else { return false }
        let objects = declaration.objects
        switch step.kind {
        case .wait(let duration):
            record(.step(verb: "wait", text: duration.sceneText))
            return advance(step) { () throws(VirtualSchedulerError) in try scene.scheduler.advance(by: duration) }
        case .at(let time):
            record(.step(verb: "at", text: time.sceneText))
            return advance(step) { () throws(VirtualSchedulerError) in try scene.scheduler.advance(to: time) }
        case .note(let text):
            record(.note(text))
        case .expect(let expectations):
            sample(isAnimationFrame: false)
            for expectation in expectations {
                let actual = scene.value(of: objects[expectation.target].id, expectation.member) ?? .null
                record(
                    .expectation(
                        path: expectation.path, expected: expectation.expected, actual: actual,
                        passed: actual.matches(expectation.expected), position: expectation.span.start))
            }
        case .set(let assignments):
            let text = assignments.map { "\($0.path) = \($0.value)" }.joined(separator: ", ")
            record(.step(verb: "set", text: text))
            for assignment in assignments {
                assignment.property.set(assignment.value, on: scene.entries[assignment.target].object)
            }
        case .call(let target, let action, let argument):
            let path = "\(objects[target].id).\(action.name)"
            record(.step(verb: "call", text: path + (argument.map { " \($0)" } ?? "")))
            switch action.perform(on: scene.entries[target].object, with: argument) {
            case nil:
                record(.error("'\(path)' could not be called", position: step.span.start))
                return false
            case .ignored(let reason):
                record(.ignored(verb: action.name, target: objects[target].id, reason: reason))
            case .handled:
                break
            }
        case .input(let target, let input, let argument):
            let id = objects[target].id
            record(.step(verb: input.name, text: id + (argument.map { " \($0)" } ?? "")))
            if case .ignored(let reason) = input.deliver(to: scene.entries[target].object, with: argument) {
                record(.ignored(verb: input.name, target: id, reason: reason))
            }
        }
        sample(isAnimationFrame: false)
        return true
    }

    private func advance(_ step: ScriptStep, _ body: () throws(VirtualSchedulerError) -> Void) -> Bool {
        do {
            try body()
        } catch {
            sample(isAnimationFrame: false)
            record(.error(error.description, position: step.span.start))
            return false
        }
        sample(isAnimationFrame: false)
        return true
    }
}
