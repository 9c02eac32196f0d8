import ArgumentParser
import SceneCore

/// `schema`: the JSON Schema of scene files for the program's registered
/// types, for editors (yaml-language-server) and validators.
struct SchemaCommand: SceneSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema (draft-07) of scene files for the registered types.",
        discussion: """
            Editors that use yaml-language-server (VS Code's YAML extension, and others) complete keys and type \
            names, show the types' documentation on hover and mark unknown keys and bad values once a scene \
            names the schema in a first-line comment:

              # yaml-language-server: $schema=PATH/scene.schema.json

            'check' remains the authority: the schema cannot see outlets' target types, actions of a target, \
            duplicate ids or limits.

            """
                + ExitStatus.help([ExitStatus.successLine, ExitStatus.usageLine, ExitStatus.outputLine])
    )

    @Flag(
        name: .customLong("import-map"),
        help: "Print the schema of an import map (scene-runner import --map) instead (docs/Import.md).")
    var importMap = false

    func run(in context: CommandContext) throws {
        context.printing(.json)
        if importMap {
            SchemaGenerator.importMapSchema(registry: context.registry).write(to: context.write)
            return
        }
        SchemaGenerator(registry: context.registry, programName: context.programName).schema().write(to: context.write)
    }
}
