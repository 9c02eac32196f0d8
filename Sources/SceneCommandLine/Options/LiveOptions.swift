import ArgumentParser
import SceneCore
import SceneLoader
import SceneRunning

/// The options `live` and `preview` share: the scene, how its transcript
/// is printed, how long the session lasts, whether the scene's own script
/// runs, and where the session is recorded. One group, so that both
/// commands read and check them alike.
package struct LiveOptions: ParsableArguments {
    @Argument(help: "The scene file.")
    package var file: String

    @Flag(help: "Print every animation frame instead of each animation's start and end.")
    package var verbose = false

    @Option(
        help: ArgumentHelp(
            "End the session after this much real time (5s, 1m30s), even with timers pending or input open.",
            valueName: "duration"))
    package var duration: String?

    @Flag(
        name: .customLong("with-script"),
        help: "Also perform the scene's own script, each step at its time; by default it is ignored.")
    package var withScript = false

    @Option(
        help: ArgumentHelp(
            "Write the session as a scene: the objects, each input at the millisecond it arrived, and an expect of every property that changed, with its final value ('run' replays it; preview records its last session).",
            valueName: "file"))
    package var record: String?

    @OptionGroup package var canvasOption: CanvasOption

    package init() {}

    package func validate() throws {
        try LiveLoop.validateDuration(duration)
    }

    /// `--duration` as a duration.
    package var sessionDuration: Duration? { duration.flatMap { ScalarSyntax.duration($0) } }

    /// A runner for the session, with the command line's registry and limits.
    package func runner(in context: CommandContext) -> SceneRunner {
        var runner = SceneRunner(registry: context.registry, limits: context.limits)
        runner.loader.programName = context.programName
        if let (size, device) = canvasOption.canvas {
            runner.canvas = size
            runner.device = device
        }
        return runner
    }

    /// The scene's source, read; an unreadable file is an invalid scene
    /// (see ``invalid(_:format:in:)``).
    package func source(with runner: SceneRunner, format: OutputFormat = .text, in context: CommandContext)
        throws(ExitCode) -> SceneSource
    {
        do {
            return try runner.loader.source(contentsOf: file)
        } catch {
            throw Self.invalid(error, format: format, in: context)
        }
    }

    /// What `live` and `preview` do with a scene that cannot run: its
    /// diagnostics, then status 2.
    package static func invalid(_ error: SceneLoadError, format: OutputFormat = .text, in context: CommandContext)
        -> ExitCode
    {
        Records.writeInvalid(
            error, name: error.source.name, format: format, prefix: "not run: ", fileRecord: false,
            to: context.output)
        return ExitCode(ExitStatus.invalidScene)
    }
}
