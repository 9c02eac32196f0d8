import SceneCore
import SceneDrawing
import SceneLoader
import SceneYAML

/// Performs steps and records what happens, each entry going to the sink
/// at once. It looks for changes of the declared properties after every
/// step and timer firing and before every event, so that every change is
/// seen in order; at each look it reads only the properties that told a
/// change since the last one (and those of a user's type that cannot
/// report, see ``PropertyWatch``).
final class TranscriptRecorder {
    private let sink: any TranscriptSink
    private var summary: Transcript.Summary
    let declaration: SceneDeclaration
    private weak var scene: Scene?
    private var watch: PropertyWatch?
    /// The last value read of each property, by its number in the watch.
    private var lastValues: [SceneValue?] = []
    private var connections: [SceneConnection] = []
    /// The limits on event deliveries during a step (``SceneLimits/maxEventDepth``
    /// and ``SceneLimits/maxEventDeliveries``).
    let limits: SceneLimits
    /// Where `snapshot:` steps compare their pictures; `nil` when this run
    /// does not compare them (`render`, live mode): the step is only noted.
    let snapshots: SnapshotStore?
    /// The layout of the last snapshot, reused while nothing it reads changes.
    private let snapshotLayout = LayoutCache()
    /// The events being delivered, outermost first, as (object, event):
    /// what names a loop when ``EventDelivery`` refuses a send.
    var deliveries: [(object: Int, event: String)] = []
    /// The scene's invariants, checked at every look; nil when it has none.
    private var invariants: InvariantMonitor?
    /// The last step begun (`tap play`), for what an invariant broke after.
    private var currentStep: String?
    /// Whether the clock is moving: a look then follows a timer firing.
    private var isAdvancing = false
    /// The `wait` or `at` step moving the clock, if a step is (a live
    /// session's clock and a paused run's move it outside any step).
    private var advancingStep: String?

    init(
        declaration: SceneDeclaration, file: String, sink: some TranscriptSink,
        limits: SceneLimits = SceneLimits(), snapshots: SnapshotStore? = nil
    ) {
        self.declaration = declaration
        self.snapshots = snapshots
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
        lastValues = scene.entries.flatMap { entry in entry.type.properties.map { $0.value(of: entry.object) } }
        watch = PropertyWatch(scene)
        invariants = InvariantMonitor(declaration, scene: scene)
        checkInvariants()
        connections = [
            scene.scheduler.observeFirings { [weak self] firing in
                self?.sample(isAnimationFrame: firing.isAnimationFrame)
            },
            scene.observeIgnoredActions { [weak self, weak scene] ignored in
                guard let self, let scene else { return }
                self.sample(isAnimationFrame: scene.scheduler.isAnimationFrame, atRest: false)
                self.record(
                    .ignored(
                        verb: ignored.action.name, target: scene.entries[ignored.objectIndex].id,
                        reason: ignored.reason))
            },
            scene.observeFailures { [weak self, weak scene] failure in
                guard let self else { return }
                self.sample(isAnimationFrame: scene?.scheduler.isAnimationFrame ?? false, atRest: false)
                self.record(.failure(object: failure.objectID ?? "the scene", message: failure.message))
            },
        ]
    }

    /// Records the last changes and the end: the recorder stops listening.
    func finish() -> Transcript.Summary {
        sample(isAnimationFrame: false)
        summary.endTime = now
        for connection in connections { connection.disconnect() }
        connections = []
        watch?.disconnect()
        watch = nil
        sink.end(summary)
        return summary
    }

    func record(_ kind: Transcript.Kind) {
        if case .step(let verb, let text) = kind { currentStep = text.isEmpty ? verb : "\(verb) \(text)" }
        summary.count(kind)
        sink.record(Transcript.Entry(time: now, kind: kind))
    }

    /// Records every declared property that changed since the last look,
    /// and checks the invariants when the scene is `atRest` (not in the
    /// middle of delivering an event).
    func sample(isAnimationFrame: Bool, atRest: Bool = true) {
        guard let scene, let watch else { return }
        watch.forEachPropertyToRead { index, slot, flat in
            let entry = scene.entries[index]
            let property = entry.type.properties[slot]
            let value = property.value(of: entry.object)
            let old = lastValues[flat]
            guard value != old else { return }
            // NaN differs from itself: a NaN that stays NaN is no change.
            if case .double(let new)? = value, case .double(let previous)? = old, new.isNaN, previous.isNaN {
                return
            }
            lastValues[flat] = value
            invariants?.noteChange(of: flat)
            record(
                .change(
                    object: entry.id, property: property.name, from: old ?? .null, to: value ?? .null,
                    isAnimationFrame: isAnimationFrame))
        }
        if atRest && invariants != nil { checkInvariants() }
    }

    /// Records each expectation of the invariants that broke since the last look.
    private func checkInvariants() {
        guard let scene, let invariants else { return }
        invariants.check(scene, values: lastValues) { invariant, check, actual in
            let step = advancingStep.map { " during '\($0)'" } ?? ""
            let after =
                isAdvancing ? "when a timer fired\(step)" : currentStep.map { "after '\($0)'" } ?? "at the start"
            record(
                .invariant(
                    check: "\(check.path) \(check.comparison.text)\(invariant.name.map { " (\($0))" } ?? "")",
                    expected: check.comparison.expectedText, actual: actual, after: after,
                    position: check.span.start))
        }
    }

    /// Records an event (after the changes that led to it).
    func event(_ index: Int, _ event: EventDescription, _ payload: SceneValue?) {
        noteDelivery(of: event, by: index)
        sample(isAnimationFrame: scene?.scheduler.isAnimationFrame ?? false, atRest: false)
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

    /// Moves the clock with `body` (firing the timers due), supervising the
    /// events the timers send; false, after recording the error at
    /// `position`, when the scheduler refused or the events ran away.
    func advance(at position: SourcePosition?, _ body: () throws(VirtualSchedulerError) -> Void) -> Bool {
        var failure: VirtualSchedulerError?
        isAdvancing = true
        let runaway = limits.supervisingEvents {
            do throws(VirtualSchedulerError) {
                try body()
            } catch {
                failure = error
            }
        }
        isAdvancing = false
        if let runaway {
            stop(by: runaway, at: position)
            return false
        }
        // Each firing was looked at after its callback: nothing changed since.
        guard let failure else { return true }
        return finishAdvance(failure, at: position)
    }

    private func finishAdvance(_ failure: VirtualSchedulerError?, at position: SourcePosition?) -> Bool {
        sample(isAnimationFrame: false)
        guard let failure else { return true }
        record(.error(failure.description, position: position))
        return false
    }

    private func performUnguarded(_ step: ScriptStep) -> Bool {
        guard let scene else { return false }
        let objects = declaration.objects
        switch step.kind {
        case .wait(let duration):
            record(.step(verb: "wait", text: duration.sceneText))
            return advanceUnguarded(step) { () throws(VirtualSchedulerError) in
                try scene.scheduler.advance(by: duration)
            }
        case .at(let time):
            record(.step(verb: "at", text: time.sceneText))
            return advanceUnguarded(step) { () throws(VirtualSchedulerError) in
                try scene.scheduler.advance(to: time)
            }
        case .note(let text):
            record(.note(text))
        case .snapshot(let name):
            sample(isAnimationFrame: false)
            guard let snapshots else {
                record(.step(verb: "snapshot", text: name))
                break
            }
            let result = snapshots.compare(name: name, picture: ScenePicture.svg(of: scene, layout: snapshotLayout))
            record(.snapshot(name: name, result: result, position: step.span.start))
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

    /// A `wait` or `at` step's advance, inside the step's supervision.
    private func advanceUnguarded(_ step: ScriptStep, _ body: () throws(VirtualSchedulerError) -> Void) -> Bool {
        var failure: VirtualSchedulerError?
        isAdvancing = true
        advancingStep = currentStep
        defer { advancingStep = nil }
        do {
            try body()
        } catch {
            failure = error
        }
        // What changes once the clock stopped (a property following it) is after the step.
        isAdvancing = false
        return finishAdvance(failure, at: step.span.start)
    }
}
