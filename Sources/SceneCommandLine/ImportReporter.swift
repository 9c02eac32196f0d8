import SceneCore
import SceneImport
import SceneLoader
import SceneOutput

/// What `import` prints, in `check`'s formats: the import's warnings at
/// the Interface Builder file's line and column, the file written, then
/// `check`'s diagnostics and line for it.
struct ImportReporter {
    let format: ReportFormat
    let context: CommandContext

    /// Diagnostics about `source`, then a summary line.
    func diagnostics(_ diagnostics: [Diagnostic], in source: SceneSource, summary: String) {
        switch format {
        case .text:
            context.write(DiagnosticRenderer.render(diagnostics, in: source))
            context.writeLine(VisibleText.line(summary))
        case .github:
            WorkflowCommands.write(diagnostics, in: source, groupName: summary, to: context.output)
            context.writeLine(WorkflowCommands.inert(VisibleText.line(summary)))
        case .json:
            for diagnostic in diagnostics { context.writeLine(DiagnosticRenderer.json(diagnostic, in: source)) }
        }
    }

    /// The import's last line, `failed: REASON`; with `--format json` a
    /// `failed` record with the reason and the exit status.
    func failed(_ reason: String, status: Int32) {
        switch format {
        case .text: context.writeLine(VisibleText.line("failed: " + reason))
        case .github: context.writeLine(WorkflowCommands.inert(VisibleText.line("failed: " + reason)))
        case .json:
            context.writeLine(
                JSONValue.object([
                    ("type", .string("failed")), ("reason", .string(reason)), ("status", .int(Int(status))),
                ])
                .compact)
        }
    }

    /// One scene written from `input` to `path`, and what `check` said of it.
    func imported(
        _ scene: SceneImporter.ImportedScene, from input: SceneSource, to path: String, checked: ImportCommand.Checked
    ) {
        let warnings = scene.warnings.count
        let objects = "\(scene.objectCount) object\(scene.objectCount == 1 ? "" : "s")"
        let dropped =
            warnings == 0 ? "" : "; \(warnings) thing\(warnings == 1 ? "" : "s") not carried over, listed at its top"
        let written = "wrote \(path) from \(input.name) (\(objects)\(dropped))"
        let errors = Records.errorCount(checked.diagnostics)
        let checkWarnings = Records.warningCount(checked.diagnostics)
        let verdict =
            checked.valid
            ? "\(path): ok (\(Records.tally(objects: checked.objects, warnings: checkWarnings)))"
            : "\(path): \(Records.tally(errors: errors, warnings: checkWarnings))"
        let completion =
            checked.diagnostics.contains { $0.code == .missingOutlet || $0.code == .missingProperty }
            ? "\(path): the storyboard leaves required members unset; include the file in a scene of your own that sets them (docs/Import.md, \"Completing an imported scene\")"
            : nil
        switch format {
        case .text:
            context.write(DiagnosticRenderer.render(scene.warnings, in: input))
            context.writeLine(VisibleText.line(written))
            context.write(DiagnosticRenderer.render(checked.diagnostics, in: checked.source))
            context.writeLine(VisibleText.line(verdict))
            if let completion { context.writeLine(VisibleText.line(completion)) }
        case .github:
            WorkflowCommands.write(scene.warnings, in: input, groupName: written, to: context.output)
            context.writeLine(WorkflowCommands.inert(VisibleText.line(written)))
            WorkflowCommands.write(checked.diagnostics, in: checked.source, groupName: verdict, to: context.output)
            context.writeLine(WorkflowCommands.inert(VisibleText.line(verdict)))
            if let completion { context.writeLine(WorkflowCommands.inert(VisibleText.line(completion))) }
        case .json:
            for diagnostic in scene.warnings { context.writeLine(DiagnosticRenderer.json(diagnostic, in: input)) }
            context.writeLine(
                JSONValue.object([
                    ("type", .string("import")), ("file", .string(input.name)), ("scene", .string(path)),
                    ("objects", .int(scene.objectCount)), ("warnings", .int(warnings)),
                ]).compact)
            for diagnostic in checked.diagnostics {
                context.writeLine(DiagnosticRenderer.json(diagnostic, in: checked.source))
            }
            context.writeLine(
                Records.file(
                    path, valid: checked.valid, title: nil, objects: checked.objects, errors: errors,
                    warnings: checkWarnings))
        }
    }
}
