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
            ExitStatus.outputUsageLine, ExitStatus.outputLine, ExitStatus.interruptedLine,
        ])
    )

    @Argument(help: "The scene files to run.")
    var files: [String]

    @OptionGroup var formatOption: ReportFormatOption

    @OptionGroup var verboseOption: VerboseOption
    var verbose: Bool { verboseOption.verbose }

    @Option(
        name: .customLong("state-dir"),
        help: ArgumentHelp(
            "A folder where stores keep state between runs, created if missing; by default each run starts afresh.",
            valueName: "dir"))
    var stateDirectory: String?

    @Option(
        help: ArgumentHelp(
            "How many scenes run at once (default: the number of cores, or 1 with --state-dir); the output is in the order of the files, as one at a time would give it.",
            valueName: "n"))
    var jobs: Int?

    @Option(
        help: ArgumentHelp(
            "Run only the i-th of n slices of the files (1-based; a file at position k, from 0, is in slice k mod n + 1), to split a suite across machines.",
            valueName: "i/n"))
    var shard: Shard?

    @OptionGroup var warningsOption: WarningsOption
    var warningsAreErrors: Bool { warningsOption.warningsAreErrors }

    @OptionGroup var canvasOption: CanvasOption

    @Option(
        help: ArgumentHelp(
            "Also write each run's timeline, a self-contained HTML page: a file for one scene, a folder (FOLDER/NAME.html) for several.",
            valueName: "path"))
    var timeline: String?

    @Option(
        help: ArgumentHelp(
            "Also write a JUnit XML report of the run: a test suite per scene file, a test case per expectation and snapshot (docs/CI.md). With --shard, give each shard its own file.",
            valueName: "file"))
    var junit: String?

    func validate() throws {
        if files.isEmpty { throw ValidationError("Give at least one scene file.") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs takes a number of at least 1.") }
        if watch, junit != nil {
            throw ValidationError(
                "--junit writes one report when the run ends, and --watch does not end; run without --watch for a report."
            )
        }
    }

    @Flag(
        help: ArgumentHelp(
            "Keep running: each time a file changes, check and run it again and print the new transcript or its diagnostics, until interrupted (Ctrl-C)."
        ))
    var watch = false

    @Flag(
        help: ArgumentHelp(
            "Write each snapshot step's picture as its reference (Snapshots/NAME/STEP.svg beside the scene) instead of comparing with it; those steps pass."
        ))
    var updateSnapshots = false

    func run(in context: CommandContext) throws {
        let format = ReportFormat.resolved(formatOption.format, environment: context.environment)
        context.prints(format)
        var runner = SceneRunner(registry: context.registry, limits: context.limits, stateDirectory: stateDirectory)
        runner.snapshots.updatesReferences = updateSnapshots
        if let (size, device) = canvasOption.canvas {
            runner.canvas = size
            runner.device = device
            // The pictures of another canvas have references of their own.
            runner.snapshots.canvasFolder = canvasOption.snapshotFolderName
        }
        runner.loader.programName = context.programName
        runner.loader.warningsAreErrors = warningsAreErrors
        let files = shard.map { $0.slice(of: self.files) } ?? self.files
        // The scenes and the components they include: no timeline nor report may overwrite one.
        var inputs =
            timeline == nil && junit == nil
            ? InputFiles() : InputFiles(files + files.flatMap { runner.loader.includedFiles(of: $0) })
        inputs.standardOutputs = context.standardOutputs
        let timelines = try TimelineFiles(path: timeline, files: self.files, inputs: inputs)
        let report = try junit.map { path throws(CommandFailure) in
            try JUnitReport(path: path, inputs: inputs, pages: files.compactMap { timelines.target(for: $0)?.target })
        }
        guard watch else {
            let status = try run(files, format: format, with: runner, timelines: timelines, report: report, in: context)
            let reportFailure = report?.finish(status: status)
            try timelines.finish(status: status)
            if let reportFailure { throw reportFailure }
            if status != ExitStatus.success { throw ExitCode(status) }
            return
        }
        FileWatcher.allowInterruption()
        var watcher = FileWatcher(files)
        var changed = files
        // The component files each scene includes, watched with the scenes.
        var includes: [String: [String]] = [:]
        // Until interrupted, or until the output is gone.
        while !context.output.hasFailed {
            let status = try run(
                changed, format: format, with: runner, timelines: timelines, report: nil, in: context)
            for file in changed { includes[file] = runner.loader.includedFiles(of: file) }
            let watched = files + files.flatMap { includes[$0] ?? [] }
            if Set(watched) != Set(watcher.paths) { watcher = FileWatcher(watched) }
            do {
                try timelines.finish(status: status)
            } catch {
                // Said here, on the output a person watches (in JSON, on
                // standard error, so that standard output stays JSON Lines);
                // the next save writes the timeline again.
                if format == .json {
                    context.errors.write("Error: \(VisibleText.lines(error.message))\n")
                    context.errors.flush()
                } else {
                    context.writeLine("Error: \(VisibleText.lines(error.message))")
                }
            }
            if format != .json {
                context.writeLine("== watching \(Self.count(watcher.paths.count, "file")); Ctrl-C stops")
            }
            context.output.flush()
            let changedFiles = watcher.nextChanges()
            if format != .json {
                context.writeLine("")
                context.writeLine(
                    "== changed at \(FileWatcher.clockTime()): \(VisibleText.line(changedFiles.joined(separator: ", ")))"
                )
            }
            // A scene runs again when it or a component it includes changed.
            changed = files.filter { file in
                changedFiles.contains(file) || (includes[file] ?? []).contains(where: changedFiles.contains)
            }
            if changed.isEmpty { changed = files }
        }
    }

    /// Runs `files` and prints their totals; the exit status they give.
    private func run(
        _ files: [String], format: ReportFormat, with runner: SceneRunner, timelines: TimelineFiles,
        report: JUnitReport?, in context: CommandContext
    ) throws -> Int32 {
        // Stores sharing a state directory see each other's saves in file
        // order only when the files run one at a time.
        let jobs = min(self.jobs ?? (stateDirectory == nil ? ParallelRuns.processorCount : 1), files.count)
        var totals = Records.Totals()
        var isAnyFailing = false
        let count = { (result: FileResult) in
            totals.files += 1
            totals.errors += result.errors
            totals.warnings += result.warnings
            if result.isValid { totals.valid += 1 }
            totals.passed += result.passed
            totals.failed += result.failed
            if result.isValid && !result.succeeded { isAnyFailing = true }
            if let suite = result.junit { report?.add(suite) }
        }
        let writesReport = report != nil
        if jobs <= 1 {
            for file in files {
                guard !context.output.hasFailed else { break }
                count(
                    runFile(
                        file, format: format, junit: writesReport, with: runner, timelines: timelines,
                        into: context.output, stop: { context.output.hasFailed }))
            }
        } else {
            try ParallelRuns(files: files, jobs: jobs, output: context.output) { file, output, stop in
                runFile(
                    file, format: format, junit: writesReport, with: runner, timelines: timelines, into: output,
                    stop: stop)
            }.run(count)
        }
        let status =
            totals.valid < totals.files
            ? ExitStatus.invalidScene : isAnyFailing ? ExitStatus.failedExpectation : ExitStatus.success
        switch format {
        case .text, .github:
            let scenes = Self.count(totals.files, "scene")
            context.writeLine("== \(scenes)\(totals.valid < totals.files ? ", some invalid" : "")")
            context.writeLine("\(totals.passed) passed, \(totals.failed) failed")
        case .json:
            context.writeLine(Records.totals(totals, expectations: true, status: status))
        }
        return status
    }

    /// "1 scene", "2 scenes".
    private static func count(_ number: Int, _ noun: String) -> String {
        number == 1 ? "1 \(noun)" : "\(number) \(noun)s"
    }

    /// Runs one file, writing its transcript or its diagnostics to `output`,
    /// and its JUnit suite when `junit`.
    private func runFile(
        _ file: String, format: ReportFormat, junit: Bool, with runner: SceneRunner, timelines: TimelineFiles,
        into output: any TextSink, stop: () -> Bool
    ) -> FileResult {
        let start = ContinuousClock.now
        let outcome: SceneRunner.StreamOutcome
        var warnings = 0
        let suite = junit ? JUnitSuiteWriter(file: file) : nil
        /// The run's other observers: the JUnit suite and the timeline page.
        func observe(_ session: RunSession) {
            if let suite { session.observe(suite) }
            timelines.observe(session, of: file)
        }
        do {
            let source = try runner.loader.source(contentsOf: file)
            switch format {
            case .text:
                let writer = WarningCounter(TextTranscriptWriter(verbose: verbose) { output.write($0) })
                outcome = runner.run(source, shouldStop: stop) { session in
                    session.observe(writer)
                    observe(session)
                }
                warnings = writer.warningCount
            case .json:
                let writer = JSONRunWriter(output)
                outcome = runner.run(source, shouldStop: stop) { session in
                    session.observe(writer)
                    observe(session)
                }
                warnings = writer.warningCount
            case .github:
                let writer = GitHubRunWriter(output, verbose: verbose)
                outcome = runner.run(source, shouldStop: stop) { session in
                    session.observe(writer)
                    observe(session)
                }
                warnings = writer.warningCount
            }
        } catch {
            outcome = .invalid(error)
        }
        switch outcome {
        case .invalid(let error):
            let errors: Int
            (errors, warnings) = Records.writeInvalid(
                error, name: file, format: format, prefix: "not run: ", to: output)
            return FileResult(
                isValid: false, errors: errors, warnings: warnings, passed: 0, failed: 0, succeeded: false,
                junit: junit ? JUnitSuiteWriter.invalid(error, file: file, wallTime: ContinuousClock.now - start) : nil)
        case .ran(let summary):
            if format != .json { output.write("\n") }
            return FileResult(
                isValid: true, errors: 0, warnings: warnings, passed: summary.passedCount,
                failed: summary.failedCount, succeeded: summary.succeeded,
                junit: suite?.finish(wallTime: ContinuousClock.now - start))
        }
    }
}
