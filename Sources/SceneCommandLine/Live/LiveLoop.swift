import ArgumentParser
import SceneCore
import SceneLoader
import SceneRunning
import SceneYAML

/// The loop of a live session (`live`, and each of `preview`'s): it waits
/// for the next timer or the next input, whichever comes first, and feeds
/// both to a ``LiveRun``, whose observers (the transcript's writer, the
/// final values a recording ends with, the preview's painter) hear the run.
///
/// The run is the scene on the real clock; the loop is what decides when
/// it moves and which input comes next. Its clock and its input are
/// injected, so that a test drives a whole session without waiting.
package struct LiveLoop {
    /// Refuses a `--duration` that is not a positive duration (`live`'s and
    /// `preview`'s).
    package static func validateDuration(_ duration: String?) throws {
        if let duration {
            guard let parsed = ScalarSyntax.duration(duration), parsed > .zero else {
                throw ValidationError("--duration takes a positive duration such as 5s or 1m30s, not '\(duration)'.")
            }
        }
    }

    /// What a session gave.
    package enum Outcome {
        case ran(Result)
        case invalid(SceneLoadError)
    }

    /// A finished session.
    package struct Result {
        package var summary: Transcript.Summary
        /// Each step performed, with the time it was applied and its text
        /// (empty unless the session keeps them).
        package var inputs: [LiveRecording.Input]
        /// Every property that changed, with its last value, in the order
        /// of their first change.
        package var finalValues: [(path: String, value: SceneValue)]
        /// The scene's ids, in declaration order.
        package var objectIDs: [String]
        /// How many inputs were refused with a diagnostic.
        package var rejectedLines = 0
        /// Whether ``Hooks/tick`` ended the session.
        package var endedByHook = false
    }

    /// What a command that drives a session from elsewhere than a terminal
    /// adds (`preview`, whose input comes from a page).
    package struct Hooks {
        /// Called with the run once loaded, before it starts: to connect
        /// the command's own observers.
        package var observe: (LiveRun) -> Void
        /// Called on every turn of the loop, after the timers due have
        /// fired and before the wait (to draw the scene); true ends the
        /// session (a reload).
        package var tick: (LiveRun) -> Bool
        /// An ``LiveInput/inspect(id:)``, answered by the command.
        package var inspect: (String, LiveRun) -> Void
        /// An input dropped without a diagnostic (a drag on something that
        /// is not a slider), and why.
        package var notice: (String) -> Void
        /// Called once loaded and observed, before the scene starts (the
        /// preview waits there for its first page); when it returns true,
        /// the session's time zero is then, not when it was called. It
        /// returns false at once by default.
        package var waitToStart: () -> Bool

        package init(
            observe: @escaping (LiveRun) -> Void, tick: @escaping (LiveRun) -> Bool,
            inspect: @escaping (String, LiveRun) -> Void, notice: @escaping (String) -> Void,
            waitToStart: @escaping () -> Bool = { false }
        ) {
            self.observe = observe
            self.tick = tick
            self.inspect = inspect
            self.notice = notice
            self.waitToStart = waitToStart
        }
    }

    let source: SceneSource
    let runner: SceneRunner
    let format: OutputFormat
    let verbose: Bool
    let duration: Duration?
    let withScript: Bool
    let input: any LiveInputSource
    let clock: LiveClock
    let showsStatus: Bool
    /// Whether the steps performed are kept, for a recording (else a long
    /// session's memory stays flat).
    let keepsInputs: Bool
    /// The longest wait between looks at the clock, the interruption flag
    /// and the status line.
    var maximumWait: Duration = .milliseconds(100)
    /// The command's own additions to the loop.
    var hooks: Hooks?
    /// Whether the session is to end now (Ctrl-C or SIGTERM): looked at on
    /// every turn and before each input, so that a queue of inputs does not
    /// hold the session past a signal.
    var isInterrupted: @Sendable () -> Bool = { Interruption.happened }

    /// A session of `source`, fed by `input`, timed by `clock`.
    package init(
        source: SceneSource, runner: SceneRunner, format: OutputFormat = .text, verbose: Bool, duration: Duration?,
        withScript: Bool, input: any LiveInputSource, clock: LiveClock, showsStatus: Bool = false,
        keepsInputs: Bool, maximumWait: Duration = .milliseconds(100), hooks: Hooks? = nil
    ) {
        self.source = source
        self.runner = runner
        self.format = format
        self.verbose = verbose
        self.duration = duration
        self.withScript = withScript
        self.input = input
        self.clock = clock
        self.showsStatus = showsStatus
        self.keepsInputs = keepsInputs
        self.maximumWait = maximumWait
        self.hooks = hooks
    }

    /// Runs the session, its transcript and diagnostics written to `output`.
    package func run(into output: any TextSink) -> Outcome {
        let status = StatusLine(output: output, isShown: showsStatus)
        let clock = self.clock
        // Time zero: reset when the command's hook has waited to start.
        var started = clock.now
        let live: LiveRun
        switch LiveRun.load(source, runner: runner, clock: { clock.now - started }) {
        case .success(let loaded): live = loaded
        case .failure(let error): return .invalid(error)
        }
        // The observers: the transcript, the final values, the command's.
        let writeDiagnostics: ([Diagnostic], SceneSource, Duration) -> Void
        var textWriter: TextTranscriptWriter?
        switch format {
        case .text:
            let writer = TextTranscriptWriter(verbose: verbose) { status.write($0) }
            textWriter = writer
            live.session.observe(writer)
            writeDiagnostics = { writer.writeInOrder(DiagnosticRenderer.render($0, in: $1), at: $2) }
        case .json:
            live.session.observe(JSONRunWriter(status))
            writeDiagnostics = { diagnostics, source, _ in
                for diagnostic in diagnostics { status.write(DiagnosticRenderer.json(diagnostic, in: source) + "\n") }
            }
        }
        let finalValues = FinalValues()
        live.session.observe(finalValues)
        hooks?.observe(live)
        let interruption = Interruption.install()
        defer { interruption.restore() }
        if let hooks, hooks.waitToStart() { started = clock.now }
        live.session.start()

        var recorded =
            keepsInputs
            ? RecordedSteps(
                source: source, objectIDs: live.declaration.objects.map(\.id), limits: runner.loader.limits.yaml)
            : nil
        var script = withScript ? ScriptQueue(live.declaration.steps) : ScriptQueue([])
        var lineNumber = 0
        var rejectedLines = 0
        let driver = live.driver
        var endedByHook = false
        // Until the end of the session: Ctrl-C, --duration, the end of
        // input with nothing pending, a stopped scene or a lost output.
        while !isInterrupted(), !live.hasStopped, !output.hasFailed {
            let elapsed = driver.elapsed
            if let duration, elapsed >= duration {
                catchUp(live, &script, &recorded, through: duration)
                live.advance(to: duration)
                break
            }
            catchUp(live, &script, &recorded, through: elapsed)
            if let hooks, hooks.tick(live) {
                endedByHook = true
                break
            }
            if input.isAtEnd && live.scene.scheduler.isIdle && script.isEmpty { break }
            var wait = driver.timeUntilNextDeadline(cap: maximumWait)
            if let duration { wait = min(wait, duration - elapsed) }
            if let time = script.nextTime { wait = min(wait, max(.zero, time - elapsed)) }
            textWriter?.clockReached(elapsed)
            status.show(time: elapsed, pending: live.scene.scheduler.pendingCount)
            output.flush()
            for received in input.next(waitingUpTo: wait) {
                // A signal is handled between inputs: those still waiting
                // are dropped.
                if isInterrupted() { break }
                // Typed steps are numbered: the page's drags and looks are not lines.
                switch received {
                case .step, .overlongLine: lineNumber += 1
                case .slide, .inspect: break
                }
                // Applied on the whole millisecond, never before the
                // scheduler's time: a recording replays it exactly.
                let time = max(driver.elapsed, live.scene.scheduler.now).roundedUpToMillisecond
                live.advance(to: time)
                let span = SourceSpan(at: SourcePosition(line: lineNumber, column: 1, offset: 0))
                /// Performs `step`, unless its recording could not replay it.
                func perform(_ step: ScriptStep) -> RecordedSteps.Refusal? {
                    if recorded != nil {
                        switch recorded?.check(step, compiler: live.compiler) {
                        case .success(let text)?: recorded?.append(text, at: time)
                        case .failure(let refusal)?: return refusal
                        case nil: break
                        }
                    }
                    live.prepareForStep()
                    if let textWriter {
                        textWriter.positions(in: input.inputName) { live.perform(step) }
                    } else {
                        live.perform(step)
                    }
                    return nil
                }
                switch received {
                case .overlongLine(let maximumBytes):
                    rejectedLines += 1
                    let diagnostic = Diagnostic(
                        .invalidStep, "the line is longer than \(maximumBytes) bytes", at: span)
                    writeDiagnostics([diagnostic], SceneSource(name: input.inputName, bytes: []), time)
                case .step(let text):
                    switch live.compiler.compile(text, line: lineNumber) {
                    case .blank:
                        break
                    case .invalid(let diagnostics):
                        rejectedLines += 1
                        writeDiagnostics(diagnostics, SceneSource(name: input.inputName, text: text), time)
                    case .step(let step):
                        if let refusal = perform(step) {
                            rejectedLines += 1
                            writeDiagnostics(
                                [Diagnostic(.invalidStep, refusal.message, at: span)],
                                live.compiler.source(of: text), time)
                        }
                    }
                case .slide(let id, let fraction):
                    switch LiveInput.slideStep(id: id, fraction: fraction, in: live, at: span) {
                    case .success(let step):
                        if let refusal = perform(step) { hooks?.notice("the drag on '\(id)': " + refusal.message) }
                    case .failure(let refusal): hooks?.notice(refusal.message)
                    }
                case .inspect(let id):
                    hooks?.inspect(id, live)
                }
            }
        }
        // The session ends at the last thing that happened (the last timer
        // or input), or at --duration.
        let summary = live.finish()
        status.clear()
        output.flush()
        return .ran(
            Result(
                summary: summary, inputs: recorded?.inputs ?? [], finalValues: finalValues.values,
                objectIDs: live.declaration.objects.map(\.id), rejectedLines: rejectedLines,
                endedByHook: endedByHook))
    }
}
