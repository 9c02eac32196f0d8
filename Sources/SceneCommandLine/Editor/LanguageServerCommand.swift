import ArgumentParser
import LanguageServerProtocol
import SceneLanguageServer
import SceneLoader

/// `lsp`: a language server for editors, over standard input and output.
struct LanguageServerCommand: SceneSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "lsp",
        abstract: "Serve editors over the Language Server Protocol on standard input and output.",
        discussion: """
            Reports the diagnostics `check` reports as you type, completes types, keys, ids and \
            actions that fit, and answers hover, definition, references, outline, rename and quick \
            fixes, for the types this program registers. An editor starts it; see docs/Editors.md.
            """ + "\n\n"
                + ExitStatus.help([
                    (ExitStatus.success, "the editor asked the server to shut down, then to exit"),
                    (1, "the editor exited without a shutdown, or went away"),
                    ExitStatus.usageLine,
                ])
    )

    @Option(
        name: .customLong("debounce-ms"),
        help: ArgumentHelp("How long a document must be left unchanged before it is checked.", valueName: "ms"))
    var debounceMilliseconds = 25

    func validate() throws {
        guard (0...10_000).contains(debounceMilliseconds) else {
            throw ValidationError("--debounce-ms takes 0 to 10000 milliseconds, not \(debounceMilliseconds).")
        }
    }

    func run(in context: CommandContext) throws {
        var configuration = LanguageServer.Configuration()
        configuration.debounce = .milliseconds(debounceMilliseconds)
        configuration.name = context.programName
        let server = LanguageServer(loader: context.loader, configuration: configuration) { model, loader in
            PlacementCheck.checked(model, loader: loader).diagnostics
        }
        let status = server.serve(reader: MessageReader(fileDescriptor: 0), writer: MessageWriter(fileDescriptor: 1))
        if status != 0 { throw ExitCode(status) }
    }
}
