import SceneYAML

/// Collects diagnostics up to a limit, then records that it stopped.
struct DiagnosticCollector {
    let limit: Int
    private(set) var diagnostics: [Diagnostic] = []
    private(set) var isFull = false

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    var hasErrors: Bool { !diagnostics.isEmpty }

    /// The diagnostics sorted by position (found in several passes, read
    /// top to bottom), the note that collecting stopped kept last.
    var inFileOrder: [Diagnostic] {
        let cap = diagnostics.last.flatMap { $0.code == .tooManyDiagnostics ? $0 : nil }
        let sorted = diagnostics.dropLast(cap == nil ? 0 : 1).enumerated().sorted {
            ($0.element.position.offset, $0.offset) < ($1.element.position.offset, $1.offset)
        }.map(\.element)
        return sorted + (cap.map { [$0] } ?? [])
    }

    mutating func add(_ diagnostic: Diagnostic) {
        guard !isFull else { return }
        if diagnostics.count == limit {
            isFull = true
            diagnostics.append(
                Diagnostic(
                    .tooManyDiagnostics, "too many errors; stopped after the first \(limit)",
                    at: diagnostic.span, hint: "fix these and check again"))
            return
        }
        diagnostics.append(diagnostic)
    }

    mutating func add(
        _ code: DiagnosticCode, _ message: String, at span: SourceSpan, hint: String? = nil,
        notes: [Diagnostic.Note] = []
    ) {
        add(Diagnostic(code, message, at: span, hint: hint, notes: notes))
    }
}
