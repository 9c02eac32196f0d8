import SceneCore
import SceneLoader
import SceneYAML

/// One run of a scene, whoever drives it: the batch runner
/// (``SceneRunner``), live mode (``LiveRun``) and any later driver wrap
/// one. It loads the scene, hears its events from the moment each object
/// is made, records the transcript into a sink, and holds the run to the
/// loader's ``SceneLimits`` (the timer firings, and the event deliveries
/// through ``SceneLimits/supervisingEvents(_:)``). The driver decides when
/// the clock moves (``advance(at:_:)``) and which step comes next
/// (``perform(_:)``), and ends with ``finish()``.
///
///     guard case .success(let session) = RunSession.start(source, loader: loader, streamingTo: sink) else { ... }
///     for step in session.declaration.steps where !session.perform(step) { break }
///     let summary = session.finish()
package final class RunSession {
    /// The scene.
    package let scene: Scene
    /// Its declaration: the ids, the script.
    package let declaration: SceneDeclaration
    /// The limits the run is held to.
    package var limits: SceneLimits { recorder.limits }
    private let recorder: TranscriptRecorder
    /// Keeps the relay, and so the loader's event hooks, alive with the session.
    private let relay: EventRelay
    private var summary: Transcript.Summary?

    private init(scene: Scene, declaration: SceneDeclaration, recorder: TranscriptRecorder, relay: EventRelay) {
        self.scene = scene
        self.declaration = declaration
        self.recorder = recorder
        self.relay = relay
    }

    /// Loads `source` with `loader` and starts recording into `sink` at
    /// time zero: the sink hears the warnings, if any, then the header.
    /// `snapshots` is where `snapshot:` steps compare their
    /// pictures; without it they are only noted in the transcript.
    package static func start(
        _ source: SceneSource, loader: SceneLoader, streamingTo sink: some TranscriptSink,
        snapshots: SnapshotPolicy? = nil
    ) -> Result<RunSession, SceneLoadError> {
        // The recorder hears events from the moment each object is made;
        // it knows the scene's header once the file is read.
        let relay = EventRelay()
        let scene: Scene
        let declaration: SceneDeclaration
        do {
            (scene, declaration) = try loader.loadDeclared(source) { relay.recorder?.event($0, $1, $2) }
        } catch {
            return .failure(error)
        }
        if !declaration.warnings.isEmpty { sink.warn(declaration.warnings, in: source) }
        let recorder = TranscriptRecorder(
            declaration: declaration, file: source.name, sink: sink, limits: loader.limits,
            snapshots: snapshots.map { SnapshotStore($0, for: source) })
        relay.recorder = recorder
        (sink as? any SceneWatchingSink)?.watch(scene)
        scene.scheduler.maximumFirings = loader.limits.maxTimerFirings
        recorder.start(scene)
        return .success(RunSession(scene: scene, declaration: declaration, recorder: recorder, relay: relay))
    }

    /// Performs `step` (a `wait` or `at` advances the clock); false when
    /// the run cannot go on as it was: the step failed (an error is in the
    /// transcript) or its events ran away.
    package func perform(_ step: ScriptStep) -> Bool {
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
        guard summary == nil else { return false }
        return recorder.advance(at: position, body)
    }

    /// Ends the run: the last changes, then the summary; the session stops
    /// listening to the scene. Later calls return the same summary.
    package func finish() -> Transcript.Summary {
        if let summary { return summary }
        let finished = recorder.finish()
        summary = finished
        return finished
    }
}

/// Passes the loader's events to the recorder, which is made after the objects are.
private final class EventRelay {
    weak var recorder: TranscriptRecorder?
}
