import SceneYAML

/// What one phase of a load found: the diagnostics it kept, in the order
/// it found them (the note that collecting stopped last, if it stopped),
/// and how many errors it found in all, kept or not.
struct PhaseDiagnostics {
    var found: [Diagnostic] = []
    var errorCount = 0
    /// Whether collecting had stopped by the phase's end.
    var isFull = false
    /// How many of ``found`` had their hints worked out.
    var hintsWorkedOut = 0

    /// The diagnostics of `phases`, found one phase after another, sorted
    /// by position (see ``DiagnosticCollector/inFileOrder``).
    static func inFileOrder(_ phases: [PhaseDiagnostics]) -> [Diagnostic] {
        var all = DiagnosticCollector(limit: Int.max)
        for phase in phases {
            all.diagnostics += phase.found
            all.errorCount += phase.errorCount
        }
        return all.inFileOrder
    }

    /// Whether any of `phases` found an error.
    static func haveErrors(_ phases: [PhaseDiagnostics]) -> Bool { phases.contains { $0.errorCount > 0 } }
}

/// Collects one phase's diagnostics up to a limit shared with the phases
/// before it, then records that it stopped. Errors are counted past the
/// limit too, so that a file whose errors came after the limit (behind
/// warnings, say) is still invalid.
struct DiagnosticCollector {
    let limit: Int
    /// The diagnostics the phases before this one kept, toward ``limit``.
    private let keptBefore: Int
    fileprivate(set) var diagnostics: [Diagnostic] = []
    private(set) var isFull = false
    fileprivate var errorCount = 0
    /// The component file being validated and the includes that led to
    /// it, given to each diagnostic added; `nil` in the scene's own file.
    var origin: (file: SceneSource, includedFrom: [Diagnostic.Inclusion])?
    /// The component diagnostics reported so far, by file, offset and
    /// message: a mistake in a component instanced many times is told once.
    private var reportedInComponents: Set<ComponentKey> = []

    private struct ComponentKey: Hashable {
        let file: String
        let offset: Int
        let message: String
    }

    /// A collector for the first phase, or for one after `earlier`, whose
    /// kept diagnostics count toward `limit`.
    init(limit: Int, after earlier: [PhaseDiagnostics] = []) {
        self.limit = max(1, limit)
        keptBefore = earlier.reduce(0) { $0 + $1.found.count }
        isFull = earlier.contains { $0.isFull }
    }

    /// What the phase found.
    var found: PhaseDiagnostics {
        PhaseDiagnostics(found: diagnostics, errorCount: errorCount, isFull: isFull, hintsWorkedOut: hintsWorkedOut)
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
            (Self.sortOffset($0.element), $0.offset) < (Self.sortOffset($1.element), $1.offset)
        }.map(\.element)
        return sorted + (cap.map { [$0] } ?? [])
    }

    /// Where a diagnostic sorts: in a component, at the `include:` in the scene's own file.
    private static func sortOffset(_ diagnostic: Diagnostic) -> Int {
        diagnostic.includedFrom.last?.position.offset ?? diagnostic.position.offset
    }

    mutating func add(_ diagnostic: Diagnostic) {
        var diagnostic = diagnostic
        if let origin, diagnostic.file == nil {
            diagnostic.file = origin.file
            diagnostic.includedFrom = origin.includedFrom
            let key = ComponentKey(
                file: origin.file.name, offset: diagnostic.position.offset, message: diagnostic.message)
            guard reportedInComponents.insert(key).inserted else { return }
        }
        if diagnostic.severity == .error { errorCount += 1 }
        guard !isFull else { return }
        if keptBefore + diagnostics.count == limit {
            isFull = true
            var cap = SceneProblem.tooManyDiagnostics(limit: limit).diagnostic(at: diagnostic.span)
            cap.file = diagnostic.file
            cap.includedFrom = diagnostic.includedFrom
            diagnostics.append(cap)
            return
        }
        diagnostics.append(diagnostic)
    }

    /// How many diagnostics had their hints worked out by
    /// ``add(at:notes:_:)``: those shown, and no others.
    private(set) var hintsWorkedOut = 0

    /// Reports the problem `make` gives at `span`. `make` is asked for the
    /// problem with its hints (`withHints` true: "did you mean" and lists of
    /// candidates, which search the scene) only when the diagnostic will be
    /// shown, so that mistakes past the limit, or repeated in each instance
    /// of a component, cost no search.
    mutating func add(
        at span: @autoclosure () -> SourceSpan, notes: [Diagnostic.Note] = [],
        _ make: (_ withHints: Bool) -> SceneProblem
    ) {
        let plain = make(false)
        guard !isFull else { return count(plain) }
        let span = span()
        guard showsHints(for: plain, at: span) else { return add(plain.diagnostic(at: span, notes: notes)) }
        add(make(true).diagnostic(at: span, notes: notes))
    }

    /// Counts `problem` once collecting has stopped: only whether the file
    /// has an error is still needed, so its position (which takes a search
    /// of the file's lines) is not worked out.
    private mutating func count(_ problem: SceneProblem) {
        if problem.wording.severity == .error { errorCount += 1 }
    }

    /// Whether `problem` (written without its hints) at `span` will be shown,
    /// so that its hints are worth working out; counted in ``hintsWorkedOut``
    /// when it is. For a hint that needs the validator, where
    /// ``add(at:notes:_:)`` cannot reach it.
    mutating func showsHints(for problem: SceneProblem, at span: SourceSpan) -> Bool {
        guard willShow(problem.diagnostic(at: span)) else { return false }
        hintsWorkedOut += 1
        return true
    }

    /// Whether `diagnostic`, added now, would be kept.
    private func willShow(_ diagnostic: Diagnostic) -> Bool {
        if isFull || keptBefore + diagnostics.count >= limit { return false }
        if let origin, diagnostic.file == nil {
            let key = ComponentKey(
                file: origin.file.name, offset: diagnostic.position.offset, message: diagnostic.message)
            return !reportedInComponents.contains(key)
        }
        return true
    }

    /// Reports `problem` at `span`; once collecting has stopped, only
    /// counts it, without working out `span`.
    mutating func add(_ problem: SceneProblem, at span: @autoclosure () -> SourceSpan, notes: [Diagnostic.Note] = []) {
        guard !isFull else { return count(problem) }
        add(problem.diagnostic(at: span(), notes: notes))
    }
}
