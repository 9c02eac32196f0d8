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

    @OptionGroup var formatOption: ReportFormatOption

    @OptionGroup var warningsOption: WarningsOption
    var warningsAreErrors: Bool { warningsOption.warningsAreErrors }

    @OptionGroup var allowOption: AllowOption

    func validate() throws {
        if files.isEmpty { throw ValidationError("Give at least one scene file.") }
        _ = try allowOption.codes(among: DiagnosticCode.sceneWarnings, of: "check")
    }

    func run(in context: CommandContext) throws {
        let format = ReportFormat.resolved(formatOption.format, environment: context.environment)
        context.prints(format)
        // Warnings are weighed here, not by the loader: --allow lets some through.
        let loader = context.loader
        let policy = WarningPolicy(
            warningsAreErrors: warningsAreErrors,
            allowed: try allowOption.codes(among: DiagnosticCode.sceneWarnings, of: "check"))
        var totals = Records.Totals()
        for (number, file) in files.enumerated() {
            let source: SceneSource
            var diagnostics: [Diagnostic]
            var declaration: SceneDeclaration?
            do {
                source = try loader.source(contentsOf: file)
                let checked = PlacementCheck.checked(
                    loader.model(of: source), loader: loader, keepingObjects: number == files.count - 1)
                diagnostics = checked.diagnostics
                declaration = checked.declaration.flatMap { policy.failing(diagnostics).isEmpty ? $0 : nil }
            } catch {
                source = error.source
                diagnostics = error.diagnostics
            }
            let errors = Records.errorCount(diagnostics)
            let warnings = Records.warningCount(diagnostics)
            let objects = declaration?.objects.count ?? 0
            totals.files += 1
            totals.errors += errors
            totals.warnings += warnings
            if declaration != nil { totals.valid += 1 }
            switch format {
            case .text:
                context.write(DiagnosticRenderer.render(diagnostics, in: source))
                if declaration != nil {
                    context.writeLine(
                        "\(VisibleText.line(source.name)): ok (\(Records.tally(objects: objects, warnings: warnings)))")
                } else {
                    context.writeLine(
                        "\(VisibleText.line(source.name)): \(Records.tally(errors: errors, warnings: warnings))")
                }
            case .github:
                let line =
                    declaration != nil
                    ? "\(VisibleText.line(source.name)): ok (\(Records.tally(objects: objects, warnings: warnings)))"
                    : "\(VisibleText.line(source.name)): \(Records.tally(errors: errors, warnings: warnings))"
                WorkflowCommands.write(diagnostics, in: source, groupName: line, to: context.output)
                context.writeLine(WorkflowCommands.inert(line))
            case .json:
                for diagnostic in diagnostics { context.writeLine(DiagnosticRenderer.json(diagnostic, in: source)) }
                let record = Records.file(
                    source.name, valid: declaration != nil, title: declaration?.title, objects: objects,
                    errors: errors, warnings: warnings, ids: declaration.map { $0.objects.map(\.id) })
                context.writeLine(record)
            }
            if number == files.count - 1, let declaration { LeftToExit.keep(declaration) }
        }
        let status = totals.valid == totals.files ? ExitStatus.success : ExitStatus.invalidScene
        if format == .json { context.writeLine(Records.totals(totals, expectations: false, status: status)) }
        if status != ExitStatus.success { throw ExitCode(status) }
    }
}
