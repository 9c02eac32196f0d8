import ArgumentParser
import SceneCore
import SceneLoader
import SceneRunning

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

    @OptionGroup var options: LiveOptions

    @OptionGroup var formatOption: FormatOption
    var format: OutputFormat { formatOption.format }

    func run(in context: CommandContext) throws {
        let runner = options.runner(in: context)
        let source = try options.source(with: runner, format: format, in: context)
        // Planned before the session, so that a recording that would
        // overwrite the scene or a component it includes is refused at once.
        let recording = try LiveRecordingPlan.plan(
            options, source: source, loader: runner.loader, includes: runner.loader.includedFiles(of: options.file),
            standardOutputs: context.standardOutputs)
        let session = LiveLoop(
            source: source, runner: runner, format: format, verbose: options.verbose,
            duration: options.sessionDuration, withScript: options.withScript,
            input: TerminalInput(descriptor: 0), clock: .monotonic(),
            showsStatus: format == .text && isatty(1) == 1, keepsInputs: recording != nil)
        let result: LiveLoop.Result
        switch session.run(into: context.output) {
        case .ran(let ran): result = ran
        case .invalid(let error): throw LiveOptions.invalid(error, format: format, in: context)
        }
        try recording?.write(result, of: source)
        if !result.summary.succeeded || result.rejectedLines > 0 { throw ExitCode(ExitStatus.failedExpectation) }
    }
}
