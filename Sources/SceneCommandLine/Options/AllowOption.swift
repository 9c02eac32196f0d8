import ArgumentParser
import SceneCore
import SceneLoader

/// `--allow CODE`, for the commands whose `--warnings-as-errors` can let
/// some warnings through (`check`, `import`): a warning with an allowed
/// code is still printed, as a warning, and does not fail the command.
struct AllowOption: ParsableArguments {
    @Option(
        name: .customLong("allow"),
        help: ArgumentHelp(
            "A warning code that does not fail the command under --warnings-as-errors (repeatable, or a comma list).",
            valueName: "code"))
    var written: [String] = []

    /// The codes given, each one of `valid`; else a usage error that lists
    /// the valid ones.
    func codes(among valid: [DiagnosticCode], of command: String) throws -> Set<DiagnosticCode> {
        var codes: Set<DiagnosticCode> = []
        for name in written.flatMap({ $0.split(separator: ",", omittingEmptySubsequences: false) }) {
            let code = DiagnosticCode(
                rawValue: String(name.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()))
            guard valid.contains(code) else {
                let shown = code.rawValue.isEmpty ? "an empty code" : "'\(VisibleText.line(code.rawValue))'"
                throw ValidationError(
                    "--allow takes the code of a warning \(command) gives, not \(shown); the codes are: "
                        + valid.map(\.rawValue).joined(separator: ", ") + ".")
            }
            codes.insert(code)
        }
        return codes
    }
}
