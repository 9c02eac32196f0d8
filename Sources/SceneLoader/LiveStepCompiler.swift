import SceneCore
import SceneYAML

/// Compiles the lines a person types in a live session (`scene-runner
/// live`), one script step a line, exactly as a `script:` step is compiled
/// against the loaded scene: the same verbs, checks, messages and hints.
/// `wait` and `at` are refused: in a live session real time passes by
/// itself.
///
///     let compiler = LiveStepCompiler(loader: loader, declaration: declaration)
///     switch compiler.compile("tap: play", line: 3) {
///     case .step(let step): ...
///     case .blank: break
///     case .invalid(let diagnostics): print(DiagnosticRenderer.render(diagnostics, in: compiler.source(of: "tap: play")))
///     }
///
/// Diagnostics are positioned on the session's line (`<stdin>:3:6`); their
/// byte offsets are in the line alone, so they render against
/// ``source(of:)``.
package struct LiveStepCompiler {
    /// What one line gave.
    package enum Outcome {
        /// A step to perform.
        case step(ScriptStep)
        /// An empty line, or only a comment: nothing to do.
        case blank
        /// Mistakes, positioned on the line.
        case invalid([Diagnostic])
    }

    /// The name diagnostics give the input.
    package static let inputName = "<stdin>"

    private let loader: SceneLoader
    private let declaration: SceneDeclaration
    // What every line's compiler starts from, worked out once (the
    // arrays are shared with each line's, not copied).
    private let types: [TypeDescription?]
    private let ids: [String]

    /// A compiler of steps against the scene `declaration` loaded by `loader`.
    package init(loader: SceneLoader, declaration: SceneDeclaration) {
        self.loader = loader
        self.declaration = declaration
        types = declaration.objects.map(\.type)
        ids = declaration.objects.map(\.id)
    }

    /// What the aliases of one typed line may expand to, at most: a line
    /// is performed whole before the session looks at Ctrl-C again, so its
    /// work is bounded well below a scene file's (whose aliases may expand
    /// to ``YAMLLimits/maxAliasBytes``).
    package static let maximumAliasBytesPerLine = 1 << 20

    /// What the aliases of one typed line may expand to, in nodes.
    package static let maximumAliasNodesPerLine = 10_000

    /// The YAML limits of one typed line: the scene's, with its aliases'
    /// expansion bounded by the per-line maximums.
    static func lineLimits(_ scene: YAMLLimits) -> YAMLLimits {
        var limits = scene
        limits.maxAliasBytes = min(limits.maxAliasBytes, maximumAliasBytesPerLine)
        limits.maxAliasNodes = min(limits.maxAliasNodes, maximumAliasNodesPerLine)
        return limits
    }

    /// The source diagnostics of `line` render against.
    package func source(of line: String) -> SceneSource {
        SceneSource(name: Self.inputName, text: line)
    }

    /// Compiles `text`, the session's line number `line`.
    package func compile(_ text: String, line: Int) -> Outcome {
        // The line as the one item of a script list: "- " before it, taken
        // off the positions again below.
        let prefix = 2
        let bytes = Array("- ".utf8) + Array(text.utf8)
        var compiler = ScriptCompiler(
            registry: loader.registry, objectIDs: ids, objectTypes: types, idTable: declaration.idTable,
            maxVirtualTime: loader.limits.maxVirtualTime,
            diagnostics: DiagnosticCollector(limit: loader.limits.maxDiagnostics))
        // The text is one line: a position past it (the YAML layer's end
        // of input) is put at the line's end.
        let end = SourcePosition(line: line, column: text.unicodeScalars.count + 1, offset: text.utf8.count)
        let shift = { (position: SourcePosition) -> SourcePosition in
            guard position.line == 1 else { return end }
            return SourcePosition(
                line: line, column: max(1, position.column - prefix),
                offset: min(max(0, position.offset - prefix), end.offset))
        }
        let shiftSpan = { (span: SourceSpan) in SourceSpan(start: shift(span.start), end: shift(span.end)) }
        let shiftAll = { (diagnostics: [Diagnostic]) -> [Diagnostic] in
            diagnostics.map { diagnostic in
                var moved = diagnostic
                moved.span = shiftSpan(diagnostic.span)
                moved.notes = diagnostic.notes.map { Diagnostic.Note($0.message, at: shift($0.position)) }
                return moved
            }
        }
        let document: YAMLDocument
        do {
            document = try YAMLDocumentReader.readDocument(
                bytes, limits: Self.lineLimits(loader.limits.yaml), pipelining: .off)
        } catch {
            return .invalid(shiftAll([Diagnostic(error)]))
        }
        guard let root = document.root, document.kind(root) == .sequence else { return .blank }
        var first: YAMLDocument.Node?
        for item in document.items(root) {
            first = item
            break
        }
        guard let item = first else { return .blank }
        if document.isNull(item) { return .blank }
        guard document.kind(item) == .mapping, document.count(item) == 1, let entry = document.entries(item).first
        else {
            let several = document.kind(item) == .mapping && document.count(item) > 1
            return .invalid([
                Diagnostic(
                    .invalidStep,
                    several
                        ? "a line is one script step, with one verb"
                        : "a line must be a script step: a verb and its value",
                    at: shiftSpan(document.span(item)),
                    hint: several
                        ? "type each step on a line of its own"
                        : "for example 'tap: play', 'slide: { volume: 0.8 }' or 'expect: { controls.hidden: true }'")
            ])
        }
        if ScriptVerb(rawValue: entry.key)?.movesClock == true {
            let span = shiftSpan(document.writtenSpan(entry.keyNode))
            return .invalid([
                Diagnostic(
                    .invalidStep, "'\(entry.key)' has no place in a live session: real time passes by itself",
                    at: span,
                    hint: "type the next step when you want it to happen; --record writes the times as 'at:' steps")
            ])
        }
        let steps = compiler.compileScript(document, root)
        guard steps.count == 1, !compiler.diagnostics.hasErrors, let step = steps.first else {
            let errors = compiler.diagnostics.inFileOrder.filter { $0.severity == .error }
            return errors.isEmpty ? .blank : .invalid(shiftAll(errors))
        }
        var kind = step.kind
        if case .expect(let expectations) = kind {
            kind = .expect(
                expectations.map {
                    ScriptStep.Expectation(
                        target: $0.target, member: $0.member, path: $0.path, expected: $0.expected,
                        span: shiftSpan($0.span))
                })
        }
        return .step(ScriptStep(kind: kind, verb: step.verb, span: shiftSpan(step.span)))
    }
}
