import ArgumentParser

/// Every subcommand, in the order help lists them. The root command's
/// configuration and the dispatch both read this one table, so that a
/// subcommand cannot be parsed and then left unrun (which printed the root
/// help and exited 0).
enum Subcommands {
    /// One subcommand: its type, and how to run a parsed command if it is one.
    struct Entry: Sendable {
        /// The subcommand's type, for ArgumentParser's configuration.
        let type: any ParsableCommand.Type
        /// Runs `command` in `context` when it is this entry's type, and
        /// says whether it was.
        let runIfMatching: @Sendable (any ParsableCommand, CommandContext) throws -> Bool

        init<Command: SceneSubcommand>(_ type: Command.Type) {
            self.type = type
            // A cast to the concrete type: a cast to a protocol costs a
            // search of the program's conformances the first time.
            runIfMatching = { command, context in
                guard let command = command as? Command else { return false }
                try command.run(in: context)
                return true
            }
        }
    }

    /// The table, then the program's own subcommands. (Computed: a stored
    /// static would have to be `Sendable`.)
    static func all(adding extras: [SceneCommandLine.Command] = []) -> [Entry] {
        [
            Entry(RunCommand.self), Entry(CheckCommand.self), Entry(TypesCommand.self), Entry(GraphCommand.self),
            Entry(SchemaCommand.self), Entry(LiveCommand.self), Entry(RenderCommand.self), Entry(ImportCommand.self),
            Entry(ExploreCommand.self), Entry(LanguageServerCommand.self),
        ] + extras.map(\.entry)
    }

    /// The subcommand a program with files and no subcommand runs.
    static var defaultCommand: any ParsableCommand.Type { RunCommand.self }

    /// Runs `command` if it is one of the table's, and says whether it was
    /// (if not, it is one of ArgumentParser's own, such as `help check`).
    static func run(_ command: any ParsableCommand, in context: CommandContext) throws -> Bool {
        for entry in all(adding: context.extraCommands) where try entry.runIfMatching(command, context) { return true }
        return false
    }
}

extension SceneCommandLine {
    /// A subcommand a program adds to the command line, beside `run`,
    /// `check` and the others: a module that ships one (ScenePreview's
    /// `.preview`) makes it, and a program lists it in
    /// ``SceneCommandLine/init(programName:registry:limits:extraCommands:)``:
    ///
    ///     SceneCommandLine(registry: registry, extraCommands: [.preview]).main()
    public struct Command: Sendable {
        let entry: Subcommands.Entry

        /// The subcommand `type`, for a module of this package.
        package init<Subcommand: SceneSubcommand>(_ type: Subcommand.Type) {
            entry = Subcommands.Entry(type)
        }
    }
}
