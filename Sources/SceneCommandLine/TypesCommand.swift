import ArgumentParser
import SceneCore
import SceneLoader

/// `types [NAME]`: the registered types and protocols, and their members;
/// without a name, the script's verbs too.
struct TypesCommand: SceneSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "types",
        abstract: "List the registered types and the script's verbs, or describe one type or protocol in full.",
        discussion: ExitStatus.help([
            ExitStatus.successLine,
            (ExitStatus.usage, "a usage error, or NAME is neither a registered type nor a protocol"),
            ExitStatus.outputLine,
        ])
    )

    @Argument(help: "A type or protocol to describe in full.")
    var name: String?

    @Option(help: "Output format: text, or json for JSON Lines (one record per type, protocol and script verb).")
    var format: OutputFormat = .text

    func run(in context: CommandContext) throws {
        let registry = context.registry
        if format == .json { context.printing(.json) }
        guard let name else {
            switch format {
            case .text: context.write(TypeCatalog.list(registry))
            case .json:
                for type in registry.types { context.writeLine(TypeCatalog.json(type, in: registry)) }
                for description in registry.protocols {
                    context.writeLine(TypeCatalog.json(description, in: registry))
                }
                for verb in ScriptVerb.allCases { context.writeLine(TypeCatalog.json(verb)) }
            }
            return
        }
        if let type = registry.type(named: name) {
            switch format {
            case .text: context.write(TypeCatalog.describe(type, in: registry))
            case .json: context.writeLine(TypeCatalog.json(type, in: registry))
            }
        } else if let description = registry.protocolDescription(named: name) {
            switch format {
            case .text: context.write(TypeCatalog.describe(description, in: registry))
            case .json: context.writeLine(TypeCatalog.json(description, in: registry))
            }
        } else {
            var message = "'\(name)' is neither a registered type nor a protocol"
            if let suggestion = TypeCatalog.closestName(to: name, in: registry) {
                message += "; did you mean '\(suggestion)'?"
            } else {
                message += "; '\(context.programName) types' lists them"
            }
            throw CommandFailure(message: message, status: ExitStatus.usage)
        }
    }
}
