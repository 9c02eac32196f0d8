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
/// a ``TranscriptListener`` (a ``TextTranscriptWriter``, say) as soon as it
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
    package enum StreamOutcome {
        /// The scene loaded and its script ran; the entries went to the sink.
        case ran(Transcript.Summary)
        /// The scene could not be loaded; nothing ran and the sink heard nothing.
        case invalid(SceneLoadError)
    }

    /// The loader, with its registry and limits.
    public var loader: SceneLoader
    /// Where the scenes' `snapshot:` steps find their reference pictures
    /// and whether they rewrite them: by default `Snapshots/<scene>/`
    /// beside each scene file (its ``SceneSource/name`` read as a path),
    /// compared.
    package var snapshots = SnapshotPolicy()
    /// The canvas every scene is laid out on instead of its own (`run
    /// --canvas`), with the device it is when it is one; `nil` keeps each
    /// scene's own.
    package var canvas: Size?
    package var device: Device?

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
    package func run(
        _ source: SceneSource, streamingTo sink: some TranscriptListener, shouldStop: () -> Bool = { false }
    ) -> StreamOutcome {
        run(source, shouldStop: shouldStop) { session in _ = session.observe(sink) }
    }

    /// Loads `source`, lets `observe` connect the run's observers (through
    /// ``RunSession/observe(_:)``: the printed transcript, a report, a
    /// timeline), and runs its script; `shouldStop` is asked after each
    /// step. The observers hear nothing when the scene is invalid.
    package func run(
        _ source: SceneSource, shouldStop: () -> Bool = { false }, observers observe: (RunSession) -> Void
    ) -> StreamOutcome {
        let session: RunSession
        switch RunSession.load(source, loader: loader, snapshots: snapshots) {
        case .success(let loaded): session = loaded
        case .failure(let error): return .invalid(error)
        }
        placeOnCanvas(session)
        observe(session)
        session.start()
        for step in session.declaration.steps {
            guard session.perform(step), !shouldStop() else { break }
        }
        return .ran(session.finish())
    }

    /// Gives `session`'s scene ``canvas`` and ``device`` when they are
    /// set, before its first step: its views are laid out on it from the start.
    package func placeOnCanvas(_ session: RunSession) {
        guard let canvas else { return }
        session.scene.canvas = canvas
        session.scene.device = device
    }
}
