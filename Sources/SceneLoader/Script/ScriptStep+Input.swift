import SceneCore
import SceneYAML

extension ScriptStep {
    /// The step that delivers `input`, declared by the type of the object
    /// numbered `target`, with `argument`: what `verb: { id: argument }`
    /// compiles to, made from typed values (a preview's drag) instead of
    /// text. `span` is where a diagnostic about it points.
    package init(input: ActionDescription, of target: Int, argument: SceneValue?, at span: SourceSpan) {
        self.init(kind: .input(target: target, input: input, argument: argument), verb: input.name, span: span)
    }
}

extension ScriptStep {
    /// A step a program made rather than read from a file (an explorer's
    /// `wait` or `call`), placed at the start of the file.
    package init(generated kind: Kind, verb: String) {
        self.init(kind: kind, verb: verb, span: SourceSpan(at: .start))
    }
}
