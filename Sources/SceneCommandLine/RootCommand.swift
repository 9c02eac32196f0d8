import ArgumentParser
import Synchronization

/// The root command: its name is the running program's, so that usage and
/// help read as the program a user typed.
struct RootCommand: ParsableCommand {
    /// The name ``SceneCommandLine`` runs as; set before each parse.
    static let programName = Mutex("scene-runner")

    static var configuration: CommandConfiguration {
        let name = programName.withLock { $0 }
        return CommandConfiguration(
            commandName: name,
            abstract: "Load, check and run declarative behaviour scenes.",
            discussion: "`\(name) FILE...` is `\(name) run FILE...`.\n\n" + exitStatuses,
            subcommands: [RunCommand.self, CheckCommand.self, TypesCommand.self, GraphCommand.self, SchemaCommand.self],
            defaultSubcommand: RunCommand.self
        )
    }

    private static let exitStatuses = ExitStatus.help([
        ExitStatus.successLine,
        (ExitStatus.failedExpectation, "an expectation failed, or a script stopped on an error (run)"),
        (ExitStatus.invalidScene, "a scene is invalid or unreadable"),
        ExitStatus.usageLine, ExitStatus.outputLine,
    ])
}

/// How results are printed.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}
