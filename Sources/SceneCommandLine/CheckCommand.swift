import ArgumentParser
import SceneCore
import SceneLoader

/// `check FILE...`: validates scenes without running them.
struct CheckCommand: SceneSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate scene files and report every mistake with its position.",
        discussion: ExitStatus.help([
            (ExitStatus.success, "every file is valid"),
            (ExitStatus.invalidScene, "a file is invalid or unreadable"),
            ExitStatus.usageLine, ExitStatus.outputLine,
        ])
    )

    @Argument(help: "The scene files to check.")
    var files: [String]

    @Option(help: "Output format: text, or json for JSON Lines.")
    var format: OutputFormat = .text

    func validate() throws {
        if files.isEmpty { throw ValidationError("Give at least one scene file.") }
    }

    func run(in context: CommandContext) throws {
        let loader = context.loader
        var totals = Records.Totals()
        for file in files {
            let source: SceneSource
            let diagnostics: [Diagnostic]
            var declaration: SceneDeclaration?
            do {
                source = try SceneSource(contentsOf: file)
                switch loader.validate(source) {
                case .success(let value):
                    diagnostics = []
                    declaration = value
                case .failure(let error):
                    diagnostics = error.diagnostics
                }
            } catch {
                source = SceneSource(name: file, bytes: [])
                diagnostics = [error]
            }
            let errors = Records.errorCount(diagnostics)
            let objects = declaration?.objects.count ?? 0
            totals.files += 1
            totals.errors += errors
            if diagnostics.isEmpty { totals.valid += 1 }
            switch format {
            case .text:
                context.write(DiagnosticRenderer.render(diagnostics, in: source))
                if diagnostics.isEmpty {
                    context.writeLine("\(source.name): ok (\(objects) object\(objects == 1 ? "" : "s"))")
                } else {
                    context.writeLine("\(source.name): \(errors) error\(errors == 1 ? "" : "s")")
                }
            case .json:
                for diagnostic in diagnostics { context.writeLine(DiagnosticRenderer.json(diagnostic, in: source)) }
                context.writeLine(
                    Records.file(source.name, title: declaration?.title, objects: objects, errors: errors))
            }
        }
        let status = totals.valid == totals.files ? ExitStatus.success : ExitStatus.invalidScene
        if format == .json { context.writeLine(Records.totals(totals, expectations: false, status: status)) }
        if status != ExitStatus.success { throw ExitCode(status) }
    }
}
