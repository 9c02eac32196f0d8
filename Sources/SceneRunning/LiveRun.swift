import SceneCore
import SceneLoader

/// A scene running on the real clock (`scene-runner live`, `preview`): a
/// ``RunSession`` like a scripted run's, so the transcript reads the same,
/// but the caller decides when the scheduler advances (through a
/// ``RealTimeDriver``) and which step comes next. It is the run only: the
/// loop that feeds it input and time as they come is `LiveLoop`.
///
///     guard case .success(let live) = LiveRun.load(source, runner: runner) else { ... }
///     live.session.observe(writer)
///     live.session.start()
///     live.advance(to: live.driver.elapsed)
///     live.perform(step)
///     let summary = live.finish()
package final class LiveRun {
    /// The run: the scene, its recorder, limits and observers.
    package let session: RunSession
    /// What drives the scene's scheduler on the real clock.
    package let driver: RealTimeDriver
    /// Compiles typed lines against the scene.
    package let compiler: LiveStepCompiler
    /// Whether the scheduler stopped with an error (a runaway timer): the
    /// run cannot go on.
    package private(set) var hasStopped = false

    /// The scene.
    package var scene: Scene { session.scene }
    /// Its declaration: the ids, the script.
    package var declaration: SceneDeclaration { session.declaration }

    private init(session: RunSession, driver: RealTimeDriver, compiler: LiveStepCompiler) {
        self.session = session
        self.driver = driver
        self.compiler = compiler
    }

    /// Loads `source` with `runner`'s loader, not yet started (connect its
    /// observers through ``session``, then ``RunSession/start()``); `clock`
    /// is the driver's: the time elapsed since the run began (the
    /// monotonic clock by default, a fake one in tests).
    package static func load(
        _ source: SceneSource, runner: SceneRunner,
        clock: @escaping () -> Duration = RealTimeDriver.monotonicClock()
    ) -> Result<LiveRun, SceneLoadError> {
        RunSession.load(source, loader: runner.loader).map { session in
            runner.placeOnCanvas(session)
            return LiveRun(
                session: session, driver: RealTimeDriver(scheduler: session.scene.scheduler, clock: clock),
                compiler: LiveStepCompiler(loader: runner.loader, declaration: session.declaration))
        }
    }

    /// Loads `source` and starts it with one observer, `sink`.
    package static func start(
        _ source: SceneSource, runner: SceneRunner, streamingTo sink: some TranscriptListener,
        clock: @escaping () -> Duration = RealTimeDriver.monotonicClock()
    ) -> Result<LiveRun, SceneLoadError> {
        load(source, runner: runner, clock: clock).map { live in
            live.session.observe(sink)
            live.session.start()
            return live
        }
    }

    /// Fires every timer due by `instant` (never going back); false, after
    /// recording the error, when the scheduler refused (a runaway timer) or
    /// a timer's events ran away (see ``EventDelivery``).
    @discardableResult
    package func advance(to instant: Duration) -> Bool {
        guard !hasStopped else { return false }
        let driver = self.driver
        if session.advance({ () throws(VirtualSchedulerError) in try driver.advance(to: instant) }) { return true }
        hasStopped = true
        return false
    }

    /// Looks at what changed since the last look, as the `at:` a recording
    /// writes before each step does (see ``RunSession/lookForChanges()``):
    /// called before performing a step, so that the recording replays it.
    package func prepareForStep() {
        guard !hasStopped else { return }
        session.lookForChanges()
    }

    /// Performs `step` now (a `wait` or `at` advances the clock as in a
    /// script); false when it stopped the session. An action that could
    /// not be called is in the transcript, but the session goes on.
    @discardableResult
    package func perform(_ step: ScriptStep) -> Bool {
        guard !hasStopped else { return false }
        if !session.perform(step) {
            if case .call = step.kind { return true }
            hasStopped = true
            return false
        }
        return true
    }

    /// Ends the session: the last changes, then the summary.
    package func finish() -> Transcript.Summary {
        session.finish()
    }
}
