import SceneCore
import SceneLoader
import SceneYAML

/// One run of a scene, whoever drives it: the batch runner
/// (``SceneRunner``), live mode (``LiveRun``) and any later driver wrap
/// one. It loads the scene, hears its events from the moment each object
/// is made, records the transcript, and holds the run to the loader's
/// ``SceneLimits`` (the timer firings, and the event deliveries through
/// ``SceneLimits/supervisingEvents(_:)``). The driver decides when the
/// clock moves (``advance(at:_:)``) and which step comes next
/// (``perform(_:)``), and ends with ``finish()``.
///
/// A run is observed: any number of observers (the printed transcript, a
/// JUnit suite, a timeline page, the preview) each hear it through
/// ``observe(_:)`` and can be disconnected at any time, without knowing of
/// each other. Observers connected before ``start()`` hear the warnings
/// and the header; one connected later hears what happens from then on.
///
///     guard case .success(let session) = RunSession.load(source, loader: loader) else { ... }
///     let printing = session.observe(writer)
///     session.start()
///     for step in session.declaration.steps where !session.perform(step) { break }
///     let summary = session.finish()
package final class RunSession {
    /// The scene.
    package let scene: Scene
    /// Its declaration: the ids, the script.
    package let declaration: SceneDeclaration
    /// The limits the run is held to.
    package var limits: SceneLimits { recorder.limits }
    private let source: SceneSource
    private let recorder: TranscriptRecorder
    private let reports: RunReports
    /// Keeps the relay, and so the loader's event hooks, alive with the session.
    private let relay: EventRelay
    private var hasStarted = false
    private var summary: Transcript.Summary?

    private init(
        source: SceneSource, scene: Scene, declaration: SceneDeclaration, recorder: TranscriptRecorder,
        reports: RunReports, relay: EventRelay
    ) {
        self.source = source
        self.scene = scene
        self.declaration = declaration
        self.recorder = recorder
        self.reports = reports
        self.relay = relay
    }

    /// Loads `source` with `loader`: the scene, made and awake, not yet
    /// recorded (``start()`` begins). `snapshots` is where
    /// `snapshot:` steps compare their pictures; without it they are only
    /// noted in the transcript.
    package static func load(
        _ source: SceneSource, loader: SceneLoader,
        snapshots: SnapshotPolicy? = nil
    ) -> Result<RunSession, SceneLoadError> {
        // The recorder hears events from the moment each object is made
        // (once the run starts); it knows the scene's header once the file
        // is read.
        make(source, loader: loader, snapshots: snapshots) { observer throws(SceneLoadError) in
            try loader.loadDeclared(source, eventObserver: observer)
        }
    }

    /// A session of `declaration`, already validated from `source` by
    /// `loader`: its objects made afresh, wired and awake, not yet
    /// recorded. What a driver that runs one scene many times takes (the
    /// explorer), without reading the file again.
    package static func load(
        _ declaration: SceneDeclaration, of source: SceneSource, loader: SceneLoader
    ) -> Result<RunSession, SceneLoadError> {
        make(source, loader: loader, snapshots: nil) { observer throws(SceneLoadError) in
            (try loader.instantiate(declaration, source: source, eventObserver: observer), declaration)
        }
    }

    /// A session of `declaration` as ``load(_:of:loader:)`` makes one,
    /// heard by `probe` in place of the everyday entries of its transcript
    /// (the steps, events, changes and ignored inputs, none of which is
    /// then built), and reading only the properties `focus` watches (those
    /// of `declaration`'s invariants, which `focus` was made for): what the
    /// explorer runs, thousands of times a second. Its observers hear the
    /// header, the summary, and only the entries that count in it, and notes.
    static func load(
        _ declaration: SceneDeclaration, of source: SceneSource, loader: SceneLoader, probe: some RunEventListener,
        focus: RecordingFocus
    ) -> Result<RunSession, SceneLoadError> {
        make(source, loader: loader, snapshots: nil, probe: probe, focus: focus) { observer throws(SceneLoadError) in
            (try loader.instantiate(declaration, source: source, eventObserver: observer), declaration)
        }
    }

    private static func make(
        _ source: SceneSource, loader: SceneLoader, snapshots: SnapshotPolicy?,
        probe: (any RunEventListener)? = nil, focus: RecordingFocus? = nil,
        load: (@escaping SceneLoader.EventObserver) throws(SceneLoadError) -> (Scene, SceneDeclaration)
    ) -> Result<RunSession, SceneLoadError> {
        let relay = EventRelay()
        let scene: Scene
        let declaration: SceneDeclaration
        do {
            (scene, declaration) = try load { relay.recorder?.event($0, $1, $2) }
        } catch {
            return .failure(error)
        }
        let reports = RunReports()
        let recorder = TranscriptRecorder(
            declaration: declaration, file: source.name, sink: reports, limits: loader.limits,
            snapshots: snapshots.map { policy in
                SnapshotStore(policy, for: source) { loader.includedFiles(of: source.name) }
            }, probe: probe, focus: focus)
        scene.scheduler.maximumFirings = loader.limits.maxTimerFirings
        return .success(
            RunSession(
                source: source, scene: scene, declaration: declaration, recorder: recorder, reports: reports,
                relay: relay))
    }

    /// Loads `source` and starts it with one observer, `sink`: what a run
    /// that only prints or collects its transcript needs (see
    /// ``load(_:loader:snapshots:)`` and ``observe(_:)``).
    package static func start(
        _ source: SceneSource, loader: SceneLoader, streamingTo sink: some TranscriptListener,
        snapshots: SnapshotPolicy? = nil
    ) -> Result<RunSession, SceneLoadError> {
        load(source, loader: loader, snapshots: snapshots).map { session in
            session.observe(sink)
            session.start()
            return session
        }
    }

    /// Hands the run to `observer` from now on (the warnings and the header
    /// too when the run has not started), until the returned connection is
    /// disconnected or the session is gone. Observers hear each part of
    /// the transcript in the order they connected.
    @discardableResult
    package func observe(_ observer: some TranscriptListener) -> SceneConnection {
        reports.observers.connect { report in
            switch report {
            case .warnings(let warnings, let source): observer.warn(warnings, in: source)
            case .begin(let header): observer.begin(header)
            case .entry(let entry): observer.record(entry)
            case .end(let summary): observer.end(summary)
            }
        }
    }

    /// How many observers are connected.
    package var observerCount: Int { reports.observers.count }

    /// Starts recording at time zero: the observers hear the warnings, if
    /// any, then the header; what the scene is now is the baseline. Later
    /// calls do nothing.
    package func start() {
        guard !hasStarted else { return }
        hasStarted = true
        if !declaration.warnings.isEmpty { reports.warn(declaration.warnings, in: source) }
        relay.recorder = recorder
        recorder.start(scene)
    }

    /// Performs `step` (a `wait` or `at` advances the clock); false when
    /// the run cannot go on as it was: the step failed (an error is in the
    /// transcript) or its events ran away.
    package func perform(_ step: ScriptStep) -> Bool {
        start()
        guard summary == nil else { return false }
        return recorder.perform(step)
    }

    /// Moves the clock with `body` (which advances ``scene``'s scheduler,
    /// directly or through a driver), recording what the timers do; false,
    /// after recording the error at `position`, when the scheduler refused
    /// (a runaway timer, too many firings) or the timers' events ran away.
    package func advance(at position: SourcePosition? = nil, _ body: () throws(VirtualSchedulerError) -> Void)
        -> Bool
    {
        start()
        guard summary == nil else { return false }
        return recorder.advance(at: position, body)
    }

    /// Records the properties that changed since the last look, as a
    /// script's `at:` does once it has moved the clock: a live session
    /// looks before each step it performs, so that the `at:` its recording
    /// writes before that step replays the same entries in the same order
    /// (a property that follows the clock is read then, before the step).
    package func lookForChanges() {
        start()
        guard summary == nil else { return }
        recorder.sample(isAnimationFrame: false)
    }

    /// Ends the run: the last changes, then the summary; the session stops
    /// listening to the scene. Later calls return the same summary.
    package func finish() -> Transcript.Summary {
        if let summary { return summary }
        start()
        let finished = recorder.finish()
        summary = finished
        return finished
    }
}

/// Passes the loader's events to the recorder, which is made after the objects are.
private final class EventRelay {
    weak var recorder: TranscriptRecorder?
}

/// What the recorder tells, handed to every observer of the session.
private final class RunReports: TranscriptListener {
    enum Report {
        case warnings([Diagnostic], SceneSource)
        case begin(Transcript.Header)
        case entry(Transcript.Entry)
        case end(Transcript.Summary)
    }

    let observers = ObserverList<Report>()

    func warn(_ warnings: [Diagnostic], in source: SceneSource) { observers.send(.warnings(warnings, source)) }
    func begin(_ header: Transcript.Header) { observers.send(.begin(header)) }
    func record(_ entry: Transcript.Entry) { observers.send(.entry(entry)) }
    func end(_ summary: Transcript.Summary) { observers.send(.end(summary)) }
}
