import ArgumentParser
import SceneCore
import SceneLoader
import SceneRunning
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `live FILE`: runs a scene on the real clock, performing the steps typed
/// on standard input (one script step a line) as they arrive, and streams
/// the transcript; `--record` keeps the session as a scene that replays it.
struct LiveCommand: SceneSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "live",
        abstract: "Run a scene on the real clock, with script steps typed on standard input.",
        discussion: """
            Each line of standard input is one script step, as in a scene's script (tap: play, \
            slide: { volume: 0.8 }, expect: { controls.hidden: true }, call: timer.resume, set: ..., note: ...), \
            performed as it arrives; 'wait' and 'at' are refused, since real time passes by itself. A bad line \
            gets its diagnostic and the session goes on (and ends with status 1). A carriage return, NEL (U+0085), \
            LS (U+2028) or PS (U+2029) inside a line ends a line, as in a scene file. At the end of input the session goes on until no timer \
            is pending, or until --duration; Ctrl-C ends it at once.


            """
                + ExitStatus.help([
                    (ExitStatus.success, "every expectation held"),
                    (
                        ExitStatus.failedExpectation,
                        "a line was refused, an expectation failed or the scene stopped"
                    ),
                    (ExitStatus.invalidScene, "the scene is invalid or unreadable"),
                    ExitStatus.outputUsageLine,
                    (ExitStatus.outputFailed, "the output, or the --record file, could not be written"),
                ])
    )

    @Argument(help: "The scene file.")
    var file: String

    @OptionGroup var formatOption: FormatOption
    var format: OutputFormat { formatOption.format }

    @OptionGroup var verboseOption: VerboseOption
    var verbose: Bool { verboseOption.verbose }

    @Option(
        help: ArgumentHelp(
            "End the session after this much real time (5s, 1m30s), even with timers pending or input open.",
            valueName: "duration"))
    var duration: String?

    @Flag(
        name: .customLong("with-script"),
        help: "Also perform the scene's own script, each step at its time; by default it is ignored.")
    var withScript = false

    @Option(
        help: ArgumentHelp(
            "Write the session as a scene: the objects, each input at the millisecond it arrived, and an expect of every property that changed, with its final value.",
            valueName: "file"))
    var record: String?

    func validate() throws {
        try LiveSession.validateDuration(duration)
    }

    func run(in context: CommandContext) throws {
        var runner = SceneRunner(registry: context.registry, limits: context.limits)
        runner.loader.programName = context.programName
        let source: SceneSource
        do {
            source = try runner.loader.source(contentsOf: file)
        } catch {
            throw invalid(error, in: context)
        }
        if let record, !LiveRecording.canRecord(String(decoding: source.bytes, as: UTF8.self)) {
            throw CommandFailure(
                message:
                    "--record \(record): \(file) is not written as a block mapping (keys at the start of lines), so a script cannot be added to it; write its top level in block style",
                status: ExitStatus.usage)
        }
        // Planned before the session, so that a recording that would
        // overwrite the scene or a component it includes is refused at once.
        let recording = try record.map { record throws(CommandFailure) in
            var inputs = InputFiles([file])
            for component in runner.loader.includedFiles(of: file) { inputs.add(component) }
            return try OutputFile(record, option: "--record", inputs: inputs)
        }
        let session = LiveSession(
            source: source, runner: runner, format: format, verbose: verbose,
            duration: duration.flatMap { ScalarSyntax.duration($0) }, withScript: withScript,
            inputDescriptor: 0, showsStatus: format == .text && isatty(1) == 1, keepsInputs: record != nil)
        let outcome = session.run(into: context.output)
        guard case .ran(let result) = outcome else {
            if case .invalid(let error) = outcome { throw invalid(error, in: context) }
            return
        }
        if let record, let recording {
            let text = LiveRecording.text(
                of: source, recordedAt: record, objectIDs: result.objectIDs, inputs: result.inputs,
                end: result.summary.endTime,
                finalValues: result.finalValues)
            if let failure = recording.write(text) {
                throw CommandFailure(
                    message: "could not write the recording '\(record)': \(failure)", status: ExitStatus.outputFailed)
            }
        }
        if !result.summary.succeeded || result.rejectedLines > 0 { throw ExitCode(ExitStatus.failedExpectation) }
    }

    /// Prints the load error's diagnostics; the failure to exit with.
    private func invalid(_ error: SceneLoadError, in context: CommandContext) -> ExitCode {
        Records.writeInvalid(
            error, name: error.source.name, format: format, prefix: "not run: ", fileRecord: false,
            to: context.output)
        return ExitCode(ExitStatus.invalidScene)
    }
}

/// One live session: the loop that waits for the next timer or the next
/// line of input, whichever comes first, and feeds both to the scene.
package struct LiveSession {
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
        /// How many input lines were refused with a diagnostic.
        package var rejectedLines = 0
        /// Whether ``Hooks/tick`` ended the session.
        package var endedByHook = false
    }

    /// What a command that drives a session from elsewhere than a terminal
    /// adds (`preview`, whose lines come from a page).
    package struct Hooks {
        /// Called on every turn of the loop, after the timers due have
        /// fired and before the wait (to draw the scene); true ends the
        /// session (a reload).
        package var tick: (LiveRun) -> Bool
        /// A line read from the input as the step to compile, or `nil` when
        /// the hook took it itself (it is then neither compiled nor kept).
        package var translate: (String, LiveRun) -> String?

        package init(tick: @escaping (LiveRun) -> Bool, translate: @escaping (String, LiveRun) -> String?) {
            self.tick = tick
            self.translate = translate
        }
    }

    let source: SceneSource
    let runner: SceneRunner
    let format: OutputFormat
    let verbose: Bool
    let duration: Duration?
    let withScript: Bool
    let inputDescriptor: Int32
    let showsStatus: Bool
    /// Whether the steps performed are kept, for a recording (else a long
    /// session's memory stays flat).
    let keepsInputs: Bool
    /// The longest wait between looks at the clock, the interruption flag
    /// and the status line.
    var maximumWait: Duration = .milliseconds(100)
    /// The longest line read; a longer one is refused.
    var maximumLineBytes = 1 << 16
    /// The command's own additions to the loop.
    var hooks: Hooks?

    package init(
        source: SceneSource, runner: SceneRunner, verbose: Bool, duration: Duration?, withScript: Bool,
        inputDescriptor: Int32, keepsInputs: Bool, maximumWait: Duration, hooks: Hooks
    ) {
        self.init(
            source: source, runner: runner, format: .text, verbose: verbose, duration: duration,
            withScript: withScript, inputDescriptor: inputDescriptor, showsStatus: false, keepsInputs: keepsInputs)
        self.maximumWait = maximumWait
        self.hooks = hooks
    }

    init(
        source: SceneSource, runner: SceneRunner, format: OutputFormat, verbose: Bool, duration: Duration?,
        withScript: Bool, inputDescriptor: Int32, showsStatus: Bool, keepsInputs: Bool
    ) {
        self.source = source
        self.runner = runner
        self.format = format
        self.verbose = verbose
        self.duration = duration
        self.withScript = withScript
        self.inputDescriptor = inputDescriptor
        self.showsStatus = showsStatus
        self.keepsInputs = keepsInputs
    }

    package func run(into output: any TextSink) -> Outcome {
        let status = StatusLine(output: output, isShown: showsStatus)
        let changes = ChangeTracker()
        let started: Swift.Result<LiveRun, SceneLoadError>
        let writeDiagnostics: ([Diagnostic], SceneSource, Duration) -> Void
        var textWriter: TextTranscriptWriter?
        switch format {
        case .text:
            let writer = TextTranscriptWriter(verbose: verbose) { status.write($0) }
            textWriter = writer
            started = LiveRun.start(source, runner: runner, streamingTo: Tee(writer, changes))
            writeDiagnostics = { writer.writeInOrder(DiagnosticRenderer.render($0, in: $1), at: $2) }
        case .json:
            let writer = JSONRunWriter(status)
            started = LiveRun.start(source, runner: runner, streamingTo: Tee(writer, changes))
            writeDiagnostics = { diagnostics, source, _ in
                for diagnostic in diagnostics { status.write(DiagnosticRenderer.json(diagnostic, in: source) + "\n") }
            }
        }
        let live: LiveRun
        switch started {
        case .success(let run): live = run
        case .failure(let error): return .invalid(error)
        }
        let interruption = Interruption.install()
        defer { interruption.restore() }
        var inputs: [LiveRecording.Input] = []
        var script = withScript ? ScriptQueue(live.declaration.steps) : ScriptQueue([])
        var reader = LineReader(descriptor: inputDescriptor, maximumLineBytes: maximumLineBytes)
        var lineNumber = 0
        var rejectedLines = 0
        let driver = live.driver
        var endedByHook = false
        // Until the end of the session: Ctrl-C, --duration, the end of
        // input with nothing pending, a stopped scene or a lost output.
        while !Interruption.happened, !live.hasStopped, !output.hasFailed {
            let elapsed = driver.elapsed
            if let duration, elapsed >= duration {
                catchUp(live, &script, &inputs, through: duration)
                live.advance(to: duration)
                break
            }
            catchUp(live, &script, &inputs, through: elapsed)
            if let hooks, hooks.tick(live) {
                endedByHook = true
                break
            }
            if reader.isAtEnd && live.scene.scheduler.isIdle && script.isEmpty { break }
            var wait = driver.timeUntilNextDeadline(cap: maximumWait)
            if let duration { wait = min(wait, duration - elapsed) }
            if let time = script.nextTime { wait = min(wait, max(.zero, time - elapsed)) }
            textWriter?.clockReached(elapsed)
            status.show(time: elapsed, pending: live.scene.scheduler.pendingCount)
            output.flush()
            for line in reader.waitForLines(upTo: wait) {
                lineNumber += 1
                // Applied on the whole millisecond, never before the
                // scheduler's time: a recording replays it exactly.
                let time = max(driver.elapsed, live.scene.scheduler.now).roundedUpToMillisecond
                live.advance(to: time)
                switch line {
                case .tooLong:
                    rejectedLines += 1
                    let diagnostic = Diagnostic(
                        .invalidStep, "the line is longer than \(maximumLineBytes) bytes",
                        at: SourceSpan(
                            at: SourcePosition(line: lineNumber, column: 1, offset: 0)))
                    writeDiagnostics([diagnostic], SceneSource(name: LiveStepCompiler.inputName, bytes: []), time)
                case .text(let typed):
                    var text = typed
                    if let hooks {
                        guard let translated = hooks.translate(typed, live) else { continue }
                        text = translated
                    }
                    switch live.compiler.compile(text, line: lineNumber) {
                    case .blank:
                        break
                    case .invalid(let diagnostics):
                        rejectedLines += 1
                        writeDiagnostics(diagnostics, live.compiler.source(of: text), time)
                    case .step(let step):
                        if keepsInputs { inputs.append(LiveRecording.Input(time: time, text: text, step: step)) }
                        if let textWriter {
                            textWriter.positions(in: LiveStepCompiler.inputName) { live.perform(step) }
                        } else {
                            live.perform(step)
                        }
                    }
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
                summary: summary, inputs: inputs, finalValues: changes.finalValues,
                objectIDs: live.declaration.objects.map(\.id), rejectedLines: rejectedLines,
                endedByHook: endedByHook))
    }
}

extension LiveSession {
    /// Fires the timers and performs the script steps due by `limit`, in
    /// the order of their times (timers first at the same instant, as a
    /// script's `at:` does), advancing the scheduler only to each deadline:
    /// its time stays at the last thing that happened.
    fileprivate func catchUp(
        _ live: LiveRun, _ script: inout ScriptQueue, _ inputs: inout [LiveRecording.Input], through limit: Duration
    ) {
        let scheduler = live.scene.scheduler
        while !live.hasStopped {
            let deadline = scheduler.nextDeadline.flatMap { $0 <= limit ? $0 : nil }
            if let stepTime = script.nextTime, stepTime <= limit, deadline.map({ stepTime < $0 }) ?? true,
                let (time, step) = script.next(dueBy: limit)
            {
                live.advance(to: time)
                if keepsInputs { inputs.append(LiveRecording.Input(time: time, text: nil, step: step)) }
                live.perform(step)
            } else if let deadline {
                live.advance(to: deadline)
            } else {
                return
            }
        }
    }
}

/// A scene's script steps, each at the time the script reaches it: a
/// `wait` or `at` moves the time on, every other step waits for its time.
fileprivate struct ScriptQueue {
    private var steps: [(time: Duration, step: ScriptStep)] = []
    private var index = 0

    init(_ script: [ScriptStep]) {
        var time = Duration.zero
        for step in script {
            switch step.kind {
            case .wait(let duration): time += duration
            case .at(let instant): time = max(time, instant)
            default: steps.append((time, step))
            }
        }
    }

    var isEmpty: Bool { index >= steps.count }
    var nextTime: Duration? { isEmpty ? nil : steps[index].time }

    mutating func next(dueBy elapsed: Duration) -> (Duration, ScriptStep)? {
        guard index < steps.count, steps[index].time <= elapsed else { return nil }
        defer { index += 1 }
        return steps[index]
    }
}

/// Remembers the last value of every property that changed.
private final class ChangeTracker: TranscriptSink {
    private var order: [String] = []
    private var values: [String: SceneValue] = [:]

    func begin(_ header: Transcript.Header) {}

    func record(_ entry: Transcript.Entry) {
        guard case .change(let object, let property, _, let to, _) = entry.kind else { return }
        let path = object + "." + property
        if values.updateValue(to, forKey: path) == nil { order.append(path) }
    }

    func end(_ summary: Transcript.Summary) {}

    var finalValues: [(path: String, value: SceneValue)] {
        order.compactMap { path in values[path].map { (path, $0) } }
    }
}

/// Hands everything to two sinks.
private final class Tee<First: TranscriptSink, Second: TranscriptSink>: TranscriptSink {
    private let first: First
    private let second: Second

    init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }

    func warn(_ warnings: [Diagnostic], in source: SceneSource) {
        first.warn(warnings, in: source)
        second.warn(warnings, in: source)
    }

    func begin(_ header: Transcript.Header) {
        first.begin(header)
        second.begin(header)
    }

    func record(_ entry: Transcript.Entry) {
        first.record(entry)
        second.record(entry)
    }

    func end(_ summary: Transcript.Summary) {
        first.end(summary)
        second.end(summary)
    }
}
