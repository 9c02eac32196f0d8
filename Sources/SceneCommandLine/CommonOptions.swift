import ArgumentParser

/// `--format text|json`, the output format of the commands that print
/// transcripts and diagnostics (`run`, `check`, `live`).
struct FormatOption: ParsableArguments {
    @Option(help: "Output format: text, or json for JSON Lines.")
    var format: OutputFormat = .text
}

/// `--verbose`, for the commands that print a transcript (`run`, `live`).
struct VerboseOption: ParsableArguments {
    @Flag(help: "Print every animation frame instead of each animation's start and end.")
    var verbose = false
}

/// `--warnings-as-errors`, for the commands that check scenes before
/// anything else (`run`, `check`).
struct WarningsOption: ParsableArguments {
    @Flag(
        name: .customLong("warnings-as-errors"),
        help: "Count warnings as errors: a scene with warnings is invalid (check exits 2, run does not run it).")
    var warningsAreErrors = false
}
