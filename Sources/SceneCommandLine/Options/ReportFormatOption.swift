import ArgumentParser

/// `--format text|json|github`, for `check` and `run`.
struct ReportFormatOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Output format: text, json for JSON Lines, or github for GitHub Actions' workflow commands (annotations on the lines, transcripts in groups). Default: github when GITHUB_ACTIONS is 'true', text otherwise.",
            valueName: "format"))
    var format: ReportFormat?
}
