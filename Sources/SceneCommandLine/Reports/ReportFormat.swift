import ArgumentParser
import SceneCore
import SceneLoader

/// How `check` and `run` print what they found: `text` and `json` as the
/// other commands do, or `github` for GitHub Actions (workflow commands
/// that put each mistake and each failed expectation on its line of the
/// pull request, and each scene's transcript folded in a group).
enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, github

    /// The environment variable GitHub Actions sets to `true` on its runners.
    static let gitHubActionsVariable = "GITHUB_ACTIONS"

    /// The format `format` asks for, or, when none is given, `github` under
    /// GitHub Actions (`GITHUB_ACTIONS=true`) and `text` elsewhere.
    static func resolved(_ format: ReportFormat?, environment: [String: String]) -> ReportFormat {
        if let format { return format }
        return environment[gitHubActionsVariable] == "true" ? .github : .text
    }
}

extension CommandContext {
    /// Readies standard output for `format`: `github` turns the escaping
    /// of workflow commands on (whatever `GITHUB_ACTIONS` says), and JSON
    /// escapes as JSON strings read it.
    func prints(_ format: ReportFormat) {
        switch format {
        case .github: beginAnnotating()
        case .json: printing(.json)
        case .text: break
        }
    }
}

extension Records {
    /// Writes why a scene could not be loaded, as ``writeInvalid(_:name:format:prefix:fileRecord:to:)``
    /// does for text and JSON; in `github`, each diagnostic as an
    /// annotation, their text folded in a group, then `NAME: N errors`
    /// (after `prefix`). The counts it wrote.
    @discardableResult
    static func writeInvalid(
        _ error: SceneLoadError, name: String, format: ReportFormat, prefix: String = "", to output: any TextSink
    ) -> (errors: Int, warnings: Int) {
        switch format {
        case .text: return writeInvalid(error, name: name, format: OutputFormat.text, prefix: prefix, to: output)
        case .json: return writeInvalid(error, name: name, format: OutputFormat.json, prefix: prefix, to: output)
        case .github:
            let errors = errorCount(error.diagnostics)
            let warnings = warningCount(error.diagnostics)
            let line = "\(VisibleText.line(name)): \(prefix)\(tally(errors: errors, warnings: warnings))"
            WorkflowCommands.write(error.diagnostics, in: error.source, groupName: line, to: output)
            output.write(WorkflowCommands.inert(line) + "\n")
            return (errors, warnings)
        }
    }
}
