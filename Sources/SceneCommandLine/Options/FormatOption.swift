import ArgumentParser

/// `--format text|json`, the output format of the commands that print
/// transcripts and diagnostics (`run`, `check`, `live`).
struct FormatOption: ParsableArguments {
    @Option(help: "Output format: text, or json for JSON Lines.")
    var format: OutputFormat = .text
}
