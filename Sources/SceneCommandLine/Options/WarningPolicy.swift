import SceneLoader

/// What `--warnings-as-errors` and `--allow` say of warnings.
struct WarningPolicy {
    /// Whether warnings count as errors (`--warnings-as-errors`).
    var warningsAreErrors = false
    /// The codes of warnings that do not, even then (`--allow`).
    var allowed: Set<DiagnosticCode> = []

    /// The warnings among `diagnostics` that fail the command.
    func failing(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        guard warningsAreErrors else { return [] }
        return diagnostics.filter { $0.severity == .warning && !allowed.contains($0.code) }
    }

    /// `3 warnings under --warnings-as-errors (constraints-not-imported ×2,
    /// element-not-imported ×1); allow them with --allow CODE`: what
    /// `failing` warnings failed, by code in the order each first came.
    static func reason(_ failing: [Diagnostic]) -> String {
        var order: [DiagnosticCode] = []
        var counts: [DiagnosticCode: Int] = [:]
        for warning in failing {
            if counts[warning.code] == nil { order.append(warning.code) }
            counts[warning.code, default: 0] += 1
        }
        let byCode = order.map { "\($0.rawValue) ×\(counts[$0] ?? 0)" }.joined(separator: ", ")
        let count = failing.count
        return
            "\(count) warning\(count == 1 ? "" : "s") under --warnings-as-errors (\(byCode)); allow \(count == 1 ? "it" : "them") with --allow CODE"
    }
}
