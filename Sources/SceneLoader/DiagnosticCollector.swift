import SceneYAML

/// Collects diagnostics up to a limit, then records that it stopped.
/// Errors are counted past the limit too, so that a file whose errors came
/// after the limit (behind warnings, say) is still invalid.
struct DiagnosticCollector {
    let limit: Int
    private(set) var diagnostics: [Diagnostic] = []
    private(set) var isFull = false
    private var errorCount = 0

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Whether an error (not just a warning) was found.
    var hasErrors: Bool { errorCount > 0 }

    /// The diagnostics sorted by position (found in several passes, read
    /// top to bottom), the note that collecting stopped kept last.
    var inFileOrder: [Diagnostic] {
        // The note that collecting stopped is an error when the file has
        // any, seen or not, and a warning when all it has are warnings.
        var cap = diagnostics.last.flatMap { $0.code == .tooManyDiagnostics ? $0 : nil }
        cap?.severity = hasErrors ? .error : .warning
        let sorted = diagnostics.dropLast(cap == nil ? 0 : 1).enumerated().sorted {
            ($0.element.position.offset, $0.offset) < ($1.element.position.offset, $1.offset)
        }.map(\.element)
        return sorted + (cap.map { [$0] } ?? [])
    }

    mutating func add(_ diagnostic: Diagnostic) {
        if diagnostic.severity == .error { errorCount += 1 }
        guard !isFull else { return }
        if diagnostics.count == limit {
            isFull = true
            diagnostics.append(SceneProblem.tooManyDiagnostics(limit: limit).diagnostic(at: diagnostic.span))
            return
        }
        diagnostics.append(diagnostic)
    }

    /// Reports `problem` at `span`.
    mutating func add(_ problem: SceneProblem, at span: SourceSpan, notes: [Diagnostic.Note] = []) {
        add(problem.diagnostic(at: span, notes: notes))
    }
}
