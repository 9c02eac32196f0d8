import SceneCore
import SceneYAML

/// What the first phase of a load gives: the scene's file read whole into
/// a ``YAMLDocument`` (the keys of its `objects:` left for the declaration
/// to check, as object ids).
struct ParsedScene {
    let source: SceneSource
    let document: YAMLDocument
    /// What the YAML layer refused: nothing, once a document is read.
    var diagnostics = PhaseDiagnostics()

    /// The first phase: `source` parsed, or the diagnostic for what its
    /// YAML gets wrong.
    ///
    /// - Complexity: O(n) in the file's size.
    static func parse(
        _ source: SceneSource, limits: SceneLimits, pipelining: YAMLDocumentReader.Pipelining
    ) -> Result<ParsedScene, Diagnostic> {
        do {
            let document = try YAMLDocumentReader.readDocument(
                source.bytes, limits: limits.yaml, pipelining: pipelining, streaming: "objects")
            return .success(ParsedScene(source: source, document: document))
        } catch {
            return .failure(Diagnostic(error))
        }
    }
}

/// What the second phase, ``ComponentExpansion``, gives: every object the
/// scene's `objects:` stands for, flat, in file order, each with the file
/// it is written in.
struct ExpandedScene {
    let parsed: ParsedScene
    let objects: [ExpandedObject]
    /// The scene's own file (with its `params:`, when it declares some).
    let ownFile: ObjectFile
    /// The component files included, in the order first included.
    let includedFiles: [String]
}

/// What the third phase, ``SceneValidator``, gives: every object declared
/// (its id, its type or none, its property values) with its references as
/// written, and the scene's top level.
struct DeclaredScene {
    let expanded: ExpandedScene
    let checked: CheckedObjects
    let topLevel: TopLevel

    /// The top-level keys but `objects:`, as the declaration reads them.
    struct TopLevel {
        var title: String?
        var summary: String?
        var canvas: Size?
        var device: Device?
        var script: YAMLDocument.Node?
        var invariants: YAMLDocument.Node?
    }
}

/// What the fourth phase, ``ReferenceResolver``, gives: what each
/// reference resolves to, and the wiring when every one resolved.
struct ResolvedScene {
    let declared: DeclaredScene
    /// What each outlet target of ``CheckedObjects/targets`` resolves to.
    let targets: [ReferenceResolution]
    /// What each `on:` action of ``CheckedObjects/actions`` resolves to.
    let actions: [ReferenceResolution]
    /// The declaration's objects and wiring; empty unless every object
    /// was declared and every reference resolved.
    let wiring: ReferenceResolver.Wiring
}

/// What the fifth phase, ``ScriptCompiler``, gives: the script's steps and
/// the invariants, checked against the objects.
struct CompiledScript {
    var steps: [ScriptStep] = []
    var invariants: [Invariant] = []
}
