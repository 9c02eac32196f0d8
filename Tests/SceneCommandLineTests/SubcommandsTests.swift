import SceneBehaviours
import SceneCore
import SceneLoader
import Testing

@testable import SceneCommandLine

/// The table of subcommands: every one it lists is parsed and run by its own
/// code, never answered with the root command's help.
@Suite(.serialized) struct SubcommandsTests {
    /// A harmless command line for each subcommand, and a piece of text only
    /// that subcommand writes (on standard output, or standard error for a
    /// missing file). A subcommand added to the table without a line here
    /// fails ``everySubcommandInTheTableHasAHarmlessCommandLine()``.
    private static let harmless: [String: (arguments: [String], status: Int32, writes: String)] = [
        "run": (["run", packagePath("Scenes/pan-stopped.yaml")], 0, "1 passed, 0 failed\n"),
        "check": (["check", packagePath("Scenes/pan-stopped.yaml")], 0, "pan-stopped.yaml: ok ("),
        "types": (["types", "Button"], 0, "Button"),
        "graph": (["graph", packagePath("Scenes/pan-stopped.yaml")], 0, "digraph"),
        "schema": (["schema"], 0, "\"$schema\""),
        "render": (["render", packagePath("Scenes/pan-stopped.yaml")], 0, "<svg xmlns="),
        // Standard input is never read: the file is missing.
        "live": (["live", "/nonexistent/scene.yaml"], 2, "/nonexistent/scene.yaml"),
        // Nothing is written: the file is missing.
        "import": (["import", "/nonexistent/Main.storyboard"], 2, "/nonexistent/Main.storyboard: not imported"),
        // Standard input is never read: the option is refused first.
        "lsp": (["lsp", "--debounce-ms", "99999"], 64, "--debounce-ms takes 0 to 10000 milliseconds, not 99999."),
        "explore": (
            ["explore", "--runs", "2", "--steps", "5", packagePath("Scenes/pan-stopped.yaml")], 0, "nothing broke"
        ),
    ]

    private static var tableNames: [String] {
        Subcommands.all().map { $0.type.configuration.commandName ?? "" }
    }

    @Test func everySubcommandInTheTableHasAHarmlessCommandLine() {
        #expect(Set(Self.tableNames) == Set(Self.harmless.keys))
        #expect(Self.tableNames.count == Set(Self.tableNames).count, "a subcommand is listed twice")
    }

    @Test(arguments: tableNames)
    func everySubcommandRunsItsOwnCode(name: String) throws {
        let line = try #require(Self.harmless[name], "no harmless command line for '\(name)'")
        let result = run(line.arguments)
        #expect(result.status == line.status, "\(result.output)\(result.errors)")
        #expect((result.output + result.errors).contains(line.writes), "\(result.output)\(result.errors)")
        #expect(!result.output.contains("OVERVIEW:"), "the root help, not the subcommand")
    }

    @Test func theRootHelpListsEverySubcommandOfTheTable() {
        let help = run(["--help"])
        for name in Self.tableNames { #expect(help.output.contains("\n  \(name) "), "\(name) missing from help") }
    }

    @Test func aParsedCommandNotInTheTableIsNotRunByIt() throws {
        let context = CommandContext(
            programName: "scene-runner", registry: .standard, limits: .init(), output: CapturedText(),
            errors: CapturedText())
        #expect(try !Subcommands.run(RootCommand(), in: context))
    }
}
