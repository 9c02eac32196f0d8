import SceneCore
import SceneLoader
import SceneOutput

/// What every command runs with.
package struct CommandContext {
    /// The name hints, usage and help give the program.
    package let programName: String
    package let registry: SceneRegistry
    package let limits: SceneLimits
    package let output: any TextSink
    /// Standard error: what went wrong with the output itself.
    package let errors: any TextSink
    /// The subcommands the program added (``SceneCommandLine/extraCommands``).
    var extraCommands: [SceneCommandLine.Command] = []
    /// The environment variables the commands read (`GITHUB_ACTIONS`).
    var environment: [String: String] = [:]

    /// A loader for the context's types, naming the program in its hints.
    package var loader: SceneLoader {
        var loader = SceneLoader(registry: registry, limits: limits)
        loader.programName = programName
        return loader
    }

    package func write(_ text: String) { output.write(text) }

    package func writeLine(_ text: String) { output.write(text + "\n") }

    /// Standard output and error, when they are ``StandardOutput``s (as
    /// ``SceneCommandLine`` makes them): an output file that is one of them
    /// is written through it.
    package var standardOutputs: [StandardOutput] { [output, errors].compactMap { $0 as? StandardOutput } }

    /// Says that the command prints workflow commands (`--format github`):
    /// from now on, everything else it prints is escaped.
    func beginAnnotating() { for stream in standardOutputs { stream.escapeWorkflowCommands() } }

    /// Says what the command prints to standard output (JSON, markup), so
    /// that an escaped character keeps its meaning there.
    func printing(_ dialect: WorkflowCommandFilter.Dialect) {
        (output as? StandardOutput)?.dialect = dialect
    }
}
