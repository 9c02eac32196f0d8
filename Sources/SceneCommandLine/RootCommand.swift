import ArgumentParser
import Synchronization

/// The root command: its name is the running program's, so that usage and
/// help read as the program a user typed.
struct RootCommand: ParsableCommand {
    /// The name ``SceneCommandLine`` runs as. ArgumentParser reads a
    /// command's configuration from a static property, so the name is
    /// global: it is set, and held, while one command line parses or words
    /// a message (``named(_:_:)``), so that two command lines with different
    /// names in one process never print each other's.
    private static let programName = Mutex("scene-runner")
    /// Held by ``named(_:_:)``, around the parse that reads ``programName``.
    private static let oneAtATime = Mutex(())
    /// The subcommands the program added, held like ``programName``.
    private static let extraCommands = Mutex<[SceneCommandLine.Command]>([])

    /// Runs `body` (a parse, or ArgumentParser wording its messages) with
    /// the program named `name`, one command line at a time.
    static func named<Result>(
        _ name: String, _ extras: [SceneCommandLine.Command] = [], _ body: () throws -> Result
    ) throws -> Result {
        var outcome: Swift.Result<Result, any Error>?
        oneAtATime.withLock { _ in
            programName.withLock { $0 = name }
            extraCommands.withLock { $0 = extras }
            outcome = Swift.Result { try body() }
        }
        guard let outcome else {
            throw CommandFailure(message: "the command line was not parsed", status: ExitStatus.internalError)
        }
        return try outcome.get()
    }

    static var configuration: CommandConfiguration {
        let name = programName.withLock { $0 }
        return CommandConfiguration(
            commandName: name,
            abstract: "Load, check and run declarative behaviour scenes.",
            discussion: "`\(name) FILE...` is `\(name) run FILE...`.\n\n" + exitStatuses,
            subcommands: Subcommands.all(adding: extraCommands.withLock { $0 }).map(\.type),
            defaultSubcommand: Subcommands.defaultCommand
        )
    }

    private static let exitStatuses = ExitStatus.help([
        ExitStatus.successLine,
        (ExitStatus.failedExpectation, "an expectation failed, or a script stopped on an error (run)"),
        (ExitStatus.invalidScene, "a scene is invalid or unreadable"),
        ExitStatus.usageLine,
        (ExitStatus.toolUnavailable, "graph --format svg could not run Graphviz's dot"),
        (ExitStatus.internalError, "a built-in type was refused when registered: a bug in the program"),
        ExitStatus.outputLine,
        ExitStatus.interruptedLine,
    ])
}
