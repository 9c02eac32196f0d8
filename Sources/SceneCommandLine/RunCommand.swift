import ArgumentParser
import SceneCore
import SceneLoader
import SceneRunning

/// `run FILE...` (also the program with files and no subcommand): loads
/// each scene, runs its script on a virtual clock and prints the transcript.
struct RunCommand: SceneSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run scenes on a virtual clock and print what happened.",
        discussion: ExitStatus.help([
            (ExitStatus.success, "every expectation held"),
            (ExitStatus.failedExpectation, "an expectation failed, or a script stopped on an error"),
            (ExitStatus.invalidScene, "a scene is invalid or unreadable (the others still run)"),
            ExitStatus.usageLine, ExitStatus.outputLine,
        ])
    )

    @Argument(help: "The scene files to run.")
    var files: [String]

    @Option(help: "Output format: text, or json for JSON Lines.")
    var format: OutputFormat = .text

    @Flag(help: "Print every animation frame instead of each animation's start and end.")
    var verbose = false

    @Option(
        name: .customLong("state-dir"),
        help: ArgumentHelp(
            "A folder where stores keep state between runs, created if missing; by default each run starts afresh.",
            valueName: "dir"))
    var stateDirectory: String?

    func validate() throws {
        if files.isEmpty { throw ValidationError("Give at least one scene file.") }
    }

    func run(in context: CommandContext) throws {
        var runner = SceneRunner(registry: context.registry, limits: context.limits, stateDirectory: stateDirectory)
        runner.loader.toolName = context.name
        var totals = Records.Totals()
        var isAnyFailing = false
        for file in files {
            guard !context.output.hasFailed else { break }
            totals.files += 1
            let outcome: SceneRunner.StreamOutcome
            do {
                let source = try runner.loader.source(contentsOf: file)
                switch format {
                case .text:
                    outcome = runner.run(
                        source, streamingTo: TextTranscriptWriter(verbose: verbose) { context.write($0) },
                        shouldStop: { context.output.hasFailed })
                case .json:
                    outcome = runner.run(
                        source, streamingTo: JSONRunWriter(context), shouldStop: { context.output.hasFailed })
                }
            } catch {
                outcome = .invalid(error)
            }
            switch outcome {
            case .invalid(let error):
                let errors = Records.errorCount(error.diagnostics)
                totals.errors += errors
                switch format {
                case .text:
                    context.write(error.rendered)
                    context.writeLine("\(file): not run: \(errors) error\(errors == 1 ? "" : "s")")
                case .json:
                    for diagnostic in error.diagnostics {
                        context.writeLine(DiagnosticRenderer.json(diagnostic, in: error.source))
                    }
                    context.writeLine(Records.file(file, title: nil, objects: 0, errors: errors))
                }
            case .ran(let summary):
                totals.valid += 1
                totals.passed += summary.passedCount
                totals.failed += summary.failedCount
                if !summary.succeeded { isAnyFailing = true }
                if format == .text { context.writeLine("") }
            }
        }
        let status =
            totals.valid < totals.files
            ? ExitStatus.invalidScene : isAnyFailing ? ExitStatus.failedExpectation : ExitStatus.success
        switch format {
        case .text:
            let scenes = totals.files == 1 ? "1 scene" : "\(totals.files) scenes"
            context.writeLine("== \(scenes)\(totals.valid < totals.files ? ", some invalid" : "")")
            context.writeLine("\(totals.passed) passed, \(totals.failed) failed")
        case .json:
            context.writeLine(Records.totals(totals, expectations: true, status: status))
        }
        if status != ExitStatus.success { throw ExitCode(status) }
    }
}

/// A run's JSON Lines: the `file` record, then the transcript's.
final class JSONRunWriter: TranscriptSink {
    private let context: CommandContext
    private let transcript: JSONTranscriptWriter

    init(_ context: CommandContext) {
        self.context = context
        transcript = JSONTranscriptWriter { context.write($0) }
    }

    func begin(_ header: Transcript.Header) {
        context.writeLine(Records.file(header.file, title: header.title, objects: header.objectCount, errors: 0))
        transcript.begin(header)
    }

    func record(_ entry: Transcript.Entry) { transcript.record(entry) }

    func end(_ summary: Transcript.Summary) { transcript.end(summary) }
}
