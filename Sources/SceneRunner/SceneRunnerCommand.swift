import ArgumentParser

/// `scene-runner`: checks, describes and (in later commands) runs scene files.
@main
struct SceneRunnerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scene-runner",
        abstract: "Load, check and run declarative behaviour scenes.",
        discussion: """
            Exit status: 0 when everything is valid, 2 when a scene is invalid or unreadable, \
            64 for a usage error.
            """,
        subcommands: [CheckCommand.self, TypesCommand.self]
    )
}

/// How results are printed.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

/// Exit statuses shared by the subcommands.
enum SceneExit {
    static let invalidScene = ExitCode(2)
    static let usage = ExitCode(64)
}
