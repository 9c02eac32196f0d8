import SceneCore
import SceneLoader

/// A scene running on the real clock, its steps performed as they arrive
/// (`scene-runner live`): the same recorder as a scripted run, so the
/// transcript reads the same, but the caller decides when the scheduler
/// advances (through a ``RealTimeDriver``) and which step comes next.
///
///     guard case .success(let live) = LiveRun.start(source, runner: runner, streamingTo: writer) else { ... }
///     try live.advance(to: live.driver.elapsed)
///     live.perform(step)
///     let summary = live.finish()
package final class LiveRun {
    /// The scene.
    package let scene: Scene
    /// Its declaration: the ids, the script.
    package let declaration: SceneDeclaration
    /// What drives the scene's scheduler on the real clock.
    package let driver: RealTimeDriver
    /// Compiles typed lines against the scene.
    package let compiler: LiveStepCompiler
    private let recorder: TranscriptRecorder
    private let relay: LiveEventRelay
    /// Whether the scheduler stopped with an error (a runaway timer): the
    /// session cannot go on.
    package private(set) var hasStopped = false

    private init(
        scene: Scene, declaration: SceneDeclaration, driver: RealTimeDriver, compiler: LiveStepCompiler,
        recorder: TranscriptRecorder, relay: LiveEventRelay
    ) {
        self.scene = scene
        self.declaration = declaration
        self.driver = driver
        self.compiler = compiler
        self.recorder = recorder
        self.relay = relay
    }

    /// Loads `source` with `runner`'s loader and starts recording into
    /// `sink` at time zero; `clock` is the driver's (the monotonic clock
    /// by default, a fake one in tests).
    package static func start(
        _ source: SceneSource, runner: SceneRunner, streamingTo sink: some TranscriptSink,
        clock: @escaping () -> Duration = RealTimeDriver.monotonicClock()
    ) -> Result<LiveRun, SceneLoadError> {
        let relay = LiveEventRelay()
        let scene: Scene
        let declaration: SceneDeclaration
        do {
            (scene, declaration) = try runner.loader.loadDeclared(source) { relay.recorder?.event($0, $1, $2) }
        } catch {
            return .failure(error)
        }
        if !declaration.warnings.isEmpty { sink.warn(declaration.warnings, in: source) }
        let recorder = TranscriptRecorder(
            declaration: declaration, file: source.name, sink: sink,
            limits: runner.loader.limits)
        relay.recorder = recorder
        scene.scheduler.maximumFirings = runner.loader.limits.maxTimerFirings
        recorder.start(scene)
        let live = LiveRun(
            scene: scene, declaration: declaration, driver: RealTimeDriver(scheduler: scene.scheduler, clock: clock),
            compiler: LiveStepCompiler(loader: runner.loader, declaration: declaration), recorder: recorder,
            relay: relay)
        return .success(live)
    }

    /// Fires every timer due by `instant` (never going back); false, after
    /// recording the error, when the scheduler refused (a runaway timer) or
    /// a timer's events ran away (see ``EventDelivery``).
    @discardableResult
    package func advance(to instant: Duration) -> Bool {
        guard !hasStopped else { return false }
        var failure: VirtualSchedulerError?
        let runaway = recorder.limits.supervisingEvents {
            do throws(VirtualSchedulerError) {
                try driver.advance(to: instant)
            } catch {
                failure = error
            }
        }
        if let runaway {
            recorder.stop(by: runaway, at: nil)
        } else if let failure {
            recorder.sample(isAnimationFrame: false)
            recorder.record(.error(failure.description, position: nil))
        } else {
            return true
        }
        hasStopped = true
        return false
    }

    /// Performs `step` now (a `wait` or `at` advances the clock as in a
    /// script); false when it stopped the session.
    @discardableResult
    package func perform(_ step: ScriptStep) -> Bool {
        guard !hasStopped else { return false }
        if !recorder.perform(step) {
            if case .call = step.kind { return true }
            hasStopped = true
            return false
        }
        return true
    }

    /// Ends the session: the last changes, then the summary.
    package func finish() -> Transcript.Summary {
        recorder.finish()
    }
}

/// Passes events to the recorder, which is made after the objects are.
private final class LiveEventRelay {
    weak var recorder: TranscriptRecorder?
}
