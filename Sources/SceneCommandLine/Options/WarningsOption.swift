import ArgumentParser

/// `--warnings-as-errors`, for the commands that check scenes before
/// anything else (`run`, `check`).
struct WarningsOption: ParsableArguments {
    @Flag(
        name: .customLong("warnings-as-errors"),
        help: "Count warnings as errors: a scene with warnings is invalid (check exits 2, run does not run it).")
    var warningsAreErrors = false
}
