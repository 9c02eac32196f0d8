import ArgumentParser

/// `scene-runner`: checks, describes and (in later commands) runs scene files.
@main
struct SceneRunnerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scene-runner",
        abstract: "Load, check and run declarative behaviour scenes.",
        discussion: """
            `scene-runner FILE...` is `scene-runner run FILE...`. Exit status: 0 when everything \
            holds, 1 when an expectation fails, 2 when a scene is invalid or unreadable, 64 for a \
            usage error.
            """,
        subcommands: [RunCommand.self, CheckCommand.self, TypesCommand.self],
        defaultSubcommand: RunCommand.self
    )
}

/// How results are printed.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

/// Exit statuses shared by the subcommands.
enum SceneExit {
    static let failedExpectation = ExitCode(1)
    static let invalidScene = ExitCode(2)
    static let usage = ExitCode(64)
}
