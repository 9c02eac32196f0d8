import ArgumentParser

/// `--verbose`, for the commands that print a transcript (`run`, `live`).
struct VerboseOption: ParsableArguments {
    @Flag(help: "Print every animation frame instead of each animation's start and end.")
    var verbose = false
}
