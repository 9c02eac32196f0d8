import ArgumentParser

/// A subcommand that runs with a ``CommandContext``.
package protocol SceneSubcommand: ParsableCommand {
    func run(in context: CommandContext) throws
}
