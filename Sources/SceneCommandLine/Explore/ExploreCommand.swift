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

/// `explore FILE`: sends random sequences of the scene's inputs, with
/// waits around its timers' deadlines, looking for one that breaks an
/// invariant (or stops the run on an error); shrinks the first found to a
/// minimal script and prints it, with what the exploration reached.
struct ExploreCommand: SceneSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "explore",
        abstract:
            "Search a scene's inputs for a sequence that breaks an invariant, and print the shortest script that does.",
        discussion: """
            Each run starts from the scene after its script's setup (the steps before its first 'expect'; the whole script when it has none), or from the start with --from-start, and sends random inputs of its objects, with arguments drawn by type, interleaved with waits around the timers' deadlines. Every invariant is checked after every step, timer firing and event; a run that stops on an error (a runaway timer, an event loop) or in which an object fails has failed too. The same seed gives the same result.

            """
                + ExitStatus.help([
                    (ExitStatus.success, "no invariant broke within the budget"),
                    (ExitStatus.failedExpectation, "an invariant broke, or a run stopped on an error"),
                    (ExitStatus.invalidScene, "the scene is invalid or unreadable"),
                    ExitStatus.outputUsageLine, ExitStatus.outputLine,
                ])
    )

    @Argument(help: "The scene file.")
    var file: String

    // Unconditional: `--seed -1` is a wrong number, not a missing one.
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("The seed: the same seed gives the same runs and result.", valueName: "n"))
    var seed: UInt64 = 0

    // Unconditional: `--runs -1` is a wrong number, not a missing one.
    @Option(
        parsing: .unconditional, help: ArgumentHelp("How many runs, each from a scene made afresh.", valueName: "n"))
    var runs = 200

    // Unconditional: `--steps -1` is a wrong number, not a missing one.
    @Option(
        parsing: .unconditional, help: ArgumentHelp("How many generated steps each run takes at most.", valueName: "n"))
    var steps = 40

    @Option(
        help: ArgumentHelp(
            "Stop exploring after this much wall time (10s, 1m); the result then depends on the machine's speed.",
            valueName: "duration"))
    var budget: String?

    @Option(
        name: [.customShort("o"), .customLong("output")],
        help: ArgumentHelp(
            "Write the minimal failing script as a scene: the explored scene's text with that script, ending in the broken invariant as an expect ('run' on it fails until the bug is fixed).",
            valueName: "file"))
    var output: String?

    @Flag(name: .customLong("from-start"), help: "Start each run from the scene as loaded, not after its setup.")
    var fromStart = false

    @Flag(help: "Also call the objects' actions (call: steps), which no user performs; by default only inputs.")
    var actions = false

    @OptionGroup var formatOption: ReportFormatOption

    func validate() throws {
        if runs < 1 { throw ValidationError("--runs takes a number of at least 1, not \(runs).") }
        if steps < 1 { throw ValidationError("--steps takes a number of at least 1, not \(steps).") }
        if let budget {
            guard let duration = ScalarSyntax.duration(budget) else {
                throw ValidationError(
                    "--budget takes a duration such as 10s, 1m30s or 2h, not '\(VisibleText.bounded(budget))'.")
            }
            guard duration > .zero else {
                throw ValidationError("--budget takes a positive duration, such as 10s or 1m30s, not \(budget).")
            }
        }
    }

    /// The options the explorer runs with.
    var options: ExploreOptions {
        var options = ExploreOptions()
        options.seed = seed
        options.runs = runs
        options.stepsPerRun = steps
        options.maxTime = budget.flatMap { ScalarSyntax.duration($0) }
        options.fromStart = fromStart
        options.includeActions = actions
        return options
    }

    func run(in context: CommandContext) throws {
        let format = ReportFormat.resolved(formatOption.format, environment: context.environment)
        context.prints(format)
        let loader = context.loader
        let explorer: SceneExplorer
        do {
            let source = try loader.source(contentsOf: file)
            explorer = try SceneExplorer.load(source, loader: loader, options: options).get()
        } catch {
            Records.writeInvalid(error, name: error.source.name, format: format, to: context.output)
            throw ExitCode(ExitStatus.invalidScene)
        }
        let reproducer = try output.map { path throws(CommandFailure) in
            try ExploreReproducer.plan(
                path, source: explorer.source, loader: loader, includes: explorer.declaration.includedFiles,
                standardOutputs: context.standardOutputs)
        }
        let showsProgress = isatty(2) == 1 && format != .json
        let result = explorer.explore { progress in
            guard showsProgress else { return }
            context.errors.write(
                "\r\u{1B}[Kexploring \(VisibleText.line(file)): run \(progress.runs), \(progress.steps) steps")
            context.errors.flush()
        }
        if showsProgress {
            context.errors.write("\r\u{1B}[K")
            context.errors.flush()
        }
        if let reproducer, result.failure != nil { try reproducer.write(result, of: explorer) }
        ExploreReport(result: result, file: file, seed: seed, written: result.failure == nil ? nil : output)
            .write(format, to: context.output)
        if result.failure != nil { throw ExitCode(ExitStatus.failedExpectation) }
    }
}
