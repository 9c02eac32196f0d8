import ArgumentParser
import SceneBehaviours
import SceneCore
import SceneLoader
import SceneStorage

/// `scene-runner types [NAME]`: the registered types and their members.
struct TypesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "types",
        abstract: "List the registered types, or describe one: properties, outlets, events, actions, inputs."
    )

    @Argument(help: "A type to describe in full.")
    var name: String?

    func run() throws {
        let registry = SceneRegistry.standardWithStorage
        guard let name else {
            print(TypeCatalog.list(registry), terminator: "")
            return
        }
        guard let type = registry.type(named: name) else {
            var message = "unknown type '\(name)'"
            if let suggestion = TypeCatalog.closestName(to: name, in: registry) {
                message += "; did you mean '\(suggestion)'?"
            }
            throw ValidationError(message)
        }
        print(TypeCatalog.describe(type, in: registry), terminator: "")
    }
}
