import SceneCore
import SceneDrawing
import SceneLoader
import SceneYAML

/// Performs steps and records what happens, each entry going to the sink
/// at once. It looks for changes of the declared properties after every
/// step and timer firing and before every event, so that every change is
/// seen in order; at each look it reads only the properties that told a
/// change since the last one (and those of a user's type that cannot
/// report, see ``PropertyChangeListener``).
final class TranscriptRecorder {
    private let sink: any TranscriptListener
    private var summary: Transcript.Summary
    let declaration: SceneDeclaration
    private weak var scene: Scene?
    private var watch: PropertyChangeListener?
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
    private var invariants: InvariantListener?
    /// The last step begun (`tap play`), for what an invariant broke after;
    /// put in words only then.
    private var currentStep: ScriptStep?
    /// Whether the clock is moving: a look then follows a timer firing.
    private var isAdvancing = false
    /// The `wait` or `at` step moving the clock, if a step is (a live
    /// session's clock and a paused run's move it outside any step).
    private var advancingStep: ScriptStep?
    /// Told of the steps, events, changes and ignored inputs in place of
    /// their entries (the explorer); `nil` when every entry is recorded.
    private let probe: (any RunEventListener)?
    /// With a probe, the properties read (its invariants'); `nil`: all.
    private let focus: RecordingFocus?

    init(
        declaration: SceneDeclaration, file: String, sink: some TranscriptListener,
        limits: SceneLimits = SceneLimits(), snapshots: SnapshotStore? = nil,
        probe: (any RunEventListener)? = nil, focus: RecordingFocus? = nil
    ) {
        self.probe = probe
        self.focus = probe == nil ? nil : focus
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
        if let focus {
            // Only the watched properties are ever read again.
            lastValues = Array(repeating: nil, count: focus.layout.offsets[focus.layout.offsets.count - 1])
            for (flat, object, slot) in focus.watched where object < scene.entries.count {
                let entry = scene.entries[object]
                lastValues[flat] = entry.type.properties[slot].value(of: entry.object)
            }
            watch = PropertyChangeListener(scene, layout: focus.layout)
            invariants = focus.invariants.map(InvariantListener.init)
        } else {
            let watch = PropertyChangeListener(scene)
            // Sized once: growing it would hold the old and the new copy at once.
            var values: [SceneValue?] = []
            values.reserveCapacity(watch.propertyCount)
            for entry in scene.entries {
                for property in entry.type.properties {
                    values.append(property.isRecorded ? property.value(of: entry.object) : nil)
                }
            }
            lastValues = values
            self.watch = watch
            invariants = InvariantListener(declaration, scene: scene)
        }
        checkInvariants()
        connections = [
            scene.scheduler.observeFirings { [weak self] firing in
                self?.sample(isAnimationFrame: firing.isAnimationFrame)
            },
            scene.observeIgnoredActions { [weak self, weak scene] ignored in
                guard let self, let scene else { return }
                self.sample(isAnimationFrame: scene.scheduler.isAnimationFrame, atRest: false)
                self.recordIgnored(ignored.action.name, by: ignored.objectIndex, because: ignored.reason)
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
            if let probe {
                probe.changed(slot, of: index, to: value ?? .null)
                return
            }
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
            let step = advancingStep.flatMap(words).map { " during '\($0)'" } ?? ""
            let after =
                isAdvancing
                ? "when a timer fired\(step)" : currentStep.flatMap(words).map { "after '\($0)'" } ?? "at the start"
            record(
                .invariant(
                    check: "\(check.path) \(check.comparison.text)\(invariant.name.map { " (\($0))" } ?? "")",
                    expected: check.comparison.expectedText, actual: actual, after: after,
                    position: check.span.start))
        }
    }

    /// Records an event (after the changes that led to it). A change event
    /// is only noted as being delivered, for a loop's message: the change
    /// itself is what the transcript records.
    func event(_ index: Int, _ event: EventDescription, _ payload: SceneValue?) {
        noteDelivery(of: event, by: index)
        guard event.changedProperty == nil else { return }
        sample(isAnimationFrame: scene?.scheduler.isAnimationFrame ?? false, atRest: false)
        if let probe {
            probe.sent(event, by: index)
            return
        }
        record(.event(object: declaration.objects[index].id, event: event.name, payload: payload))
    }

    /// Records that the object at `index` ignored the input or action `verb`.
    private func recordIgnored(_ verb: String, by index: Int, because reason: String) {
        if let probe {
            probe.ignored(verb, by: index)
            return
        }
        record(.ignored(verb: verb, target: declaration.objects[index].id, reason: reason))
    }

    /// Begins `step`, a step the transcript shows as one (`tap play`):
    /// what an invariant breaks after from now on. Its entry is recorded
    /// unless a probe hears the run.
    private func begin(_ step: ScriptStep) {
        currentStep = step
        guard probe == nil, let (verb, text) = line(of: step) else { return }
        record(.step(verb: verb, text: text))
    }

    /// The verb and text of `step`'s entry (`tap`, `play`); `nil` for a
    /// step that has none (an `expect`, a `note`, a compared `snapshot`).
    private func line(of step: ScriptStep) -> (verb: String, text: String)? {
        let objects = declaration.objects
        switch step.kind {
        case .wait(let duration): return ("wait", duration.sceneText)
        case .at(let time): return ("at", time.sceneText)
        case .snapshot(let name): return snapshots == nil ? ("snapshot", name) : nil
        case .set(let assignments):
            return ("set", assignments.map { "\($0.path) = \($0.value)" }.joined(separator: ", "))
        case .call(let target, let action, let argument):
            return ("call", "\(objects[target].id).\(action.name)" + (argument.map { " \($0)" } ?? ""))
        case .input(let target, let input, let argument):
            return (input.name, objects[target].id + (argument.map { " \($0)" } ?? ""))
        case .expect, .note: return nil
        }
    }

    /// `step` in the words its entry has (`tap play`, `wait 2s`).
    private func words(_ step: ScriptStep) -> String? {
        line(of: step).map { $0.text.isEmpty ? $0.verb : "\($0.verb) \($0.text)" }
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
            begin(step)
            return advanceUnguarded(step) { () throws(VirtualSchedulerError) in
                try scene.scheduler.advance(by: duration)
            }
        case .at(let time):
            begin(step)
            return advanceUnguarded(step) { () throws(VirtualSchedulerError) in
                try scene.scheduler.advance(to: time)
            }
        case .note(let text):
            record(.note(text))
        case .snapshot(let name):
            sample(isAnimationFrame: false)
            guard let snapshots else {
                begin(step)
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
                        passed: expectation.expected.holds(for: actual), position: expectation.span.start))
            }
        case .set(let assignments):
            begin(step)
            for assignment in assignments {
                assignment.property.set(assignment.value, on: scene.entries[assignment.target].object)
            }
        case .call(let target, let action, let argument):
            begin(step)
            switch action.perform(on: scene.entries[target].object, with: argument) {
            case nil:
                record(.error("'\(objects[target].id).\(action.name)' could not be called", position: step.span.start))
                return false
            case .ignored(let reason):
                recordIgnored(action.name, by: target, because: reason)
            case .handled:
                break
            }
        case .input(let target, let input, let argument):
            begin(step)
            if case .ignored(let reason) = input.deliver(to: scene.entries[target].object, with: argument) {
                recordIgnored(input.name, by: target, because: reason)
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
