import SceneCore
import SceneYAML

/// A scene file as the loader understands it, mistakes and all: every
/// object with its type (or none), every reference with what it resolves
/// to or why not, and every diagnostic. The phases of a load before the
/// last make it (parse, expand components, declare, resolve references,
/// compile the script); ``SceneLoader/check(_:)`` reports its diagnostics,
/// and a load assembles the objects from it when it has no errors. Tools
/// ask it what is at a position (``element(atLine:column:inFile:)``) and
/// which ids fit there (``candidates(atLine:column:inFile:)``).
///
///     let model = SceneLoader(registry: .standard).model(of: SceneSource(name: "a.yaml", text: text))
///     if let element = model.element(atLine: 3, column: 13) { print(element.meaning) }
///     print(model.candidates(atLine: 3, column: 13))   // ["root", "panel"]
///
/// - Complexity: made in O(n) in the file's size; each query is O(n) at most.
public struct SceneModel {
    /// The scene's own file.
    public let source: SceneSource
    /// Every diagnostic, errors and warnings, in file order, as `check` prints them.
    public let diagnostics: [Diagnostic]
    /// Whether a diagnostic is an error (some may be past the limit of
    /// ``SceneLimits/maxDiagnostics``, and not among ``diagnostics``).
    public let hasErrors: Bool
    /// The component files the scene includes, directly or through others,
    /// in the order they are first included.
    public var includedFiles: [String] { resolved?.declared.expanded.includedFiles ?? [] }

    let registry: SceneRegistry
    /// The phases' outputs; `nil` when the file is no YAML document.
    let resolved: ResolvedScene?
    let compiled: CompiledScript
    /// How many diagnostics had their hints worked out.
    let hintsWorkedOut: Int

    init(
        source: SceneSource, registry: SceneRegistry, resolved: ResolvedScene?, compiled: CompiledScript,
        phases: [PhaseDiagnostics]
    ) {
        self.source = source
        self.registry = registry
        self.resolved = resolved
        self.compiled = compiled
        diagnostics = PhaseDiagnostics.inFileOrder(phases)
        hasErrors = PhaseDiagnostics.haveErrors(phases)
        hintsWorkedOut = phases.reduce(0) { $0 + $1.hintsWorkedOut }
    }

    /// One object of the scene, in file order: objects of components by
    /// their id by path (`form.submit`).
    public struct Object {
        /// Its id by path.
        public let id: String
        /// Its type; `nil` when its type is unknown or missing, or it is not a mapping.
        public let type: TypeDescription?
        /// The file it is written in: the scene's own, or a component's.
        public let file: String
        /// Where its id is written in ``file``.
        public let span: SourceSpan
    }

    /// How many objects the scene has, declared or not.
    public var objectCount: Int { checked?.ids.count ?? 0 }

    /// The object at `index` (in file order, from 0 to ``objectCount``).
    public func object(at index: Int) -> Object {
        guard let resolved, let checked, checked.ids.indices.contains(index) else {
            return Object(id: "", type: nil, file: source.name, span: SourceSpan(at: .start))
        }
        let expanded = resolved.declared.expanded.objects[index]
        let document = expanded.file.document(own: resolved.declared.expanded.parsed.document)
        return Object(
            id: checked.ids[index], type: checked.types[index], file: expanded.file.name,
            span: document.writtenSpan(expanded.entry.keyNode))
    }

    /// The index of the object `id` (by path), the first for a duplicate.
    public func index(ofID id: String) -> Int? { checked?.idTable[id] }

    /// A reference to an object: an outlet's target, or the target of an
    /// `on:` action.
    public struct Reference: Hashable, Sendable {
        /// What refers.
        public enum Kind: Hashable, Sendable {
            /// A target of the outlet or collection of this name.
            case outletTarget(outlet: String)
            /// The target of `target.action` connected to an event (`nil`
            /// when the owner's type has no such event).
            case actionTarget(event: String?, action: String)
        }
        /// What refers.
        public let kind: Kind
        /// The index of the object that refers.
        public let owner: Int
        /// The id as written (without an instance's path).
        public let written: String
        /// The file it is written in.
        public let file: String
        /// Where it is written in ``file``.
        public let span: SourceSpan
        /// What it resolves to, or why it does not.
        public let resolution: ReferenceResolution
    }

    /// Every reference of the scene: the outlets' targets in file order,
    /// then the `on:` actions.
    ///
    /// - Complexity: O(n) in the references.
    public var references: [Reference] {
        guard let resolved, let checked else { return [] }
        return checked.targets.indices.map { reference(target: $0, resolved) }
            + checked.actions.indices.map { reference(action: $0, resolved) }
    }

    var checked: CheckedObjects? { resolved?.declared.checked }
    var ownDocument: YAMLDocument? { resolved?.declared.expanded.parsed.document }

    func reference(target index: Int, _ resolved: ResolvedScene) -> Reference {
        let checked = resolved.declared.checked
        let target = checked.targets[index]
        return Reference(
            kind: .outletTarget(outlet: target.outlet.name), owner: target.owner,
            written: checked.text(target.writtenStart..<target.id.upperBound), file: target.file.name,
            span: span(target.offsets, in: target.file), resolution: resolved.targets[index])
    }

    func reference(action index: Int, _ resolved: ResolvedScene) -> Reference {
        let checked = resolved.declared.checked
        let action = checked.actions[index]
        return Reference(
            kind: .actionTarget(event: action.event?.name, action: checked.text(action.action)), owner: action.owner,
            written: checked.text(action.writtenStart..<action.target.upperBound), file: action.file.name,
            span: span(action.offsets, in: action.file), resolution: resolved.actions[index])
    }

    /// The span of `offsets` in `file`.
    func span(_ offsets: Range<Int>, in file: ObjectFile) -> SourceSpan {
        guard let own = ownDocument else { return SourceSpan(at: .start) }
        return file.document(own: own).locator.span(offsets)
    }
}

/// What a reference to an object resolves to, or why it does not.
public enum ReferenceResolution: Hashable, Sendable {
    /// The object at this index, which fits.
    case object(Int)
    /// No object has the id.
    case noSuchID
    /// The object at this index, whose type is unknown or missing (its
    /// own mistake): the reference is not checked further.
    case undeclared(Int)
    /// The object at this index, which does not fit: not of the outlet's
    /// type, or its action does not take the event's payload.
    case doesNotFit(Int)
    /// The object at this index, whose type has no such action.
    case noSuchAction(Int)

    /// The object it resolves to, when that fits.
    public var fittingObject: Int? {
        if case .object(let index) = self { index } else { nil }
    }

    /// The object it names, fitting or not; `nil` when no object has the id.
    public var namedObject: Int? {
        switch self {
        case .object(let index), .undeclared(let index), .doesNotFit(let index), .noSuchAction(let index): index
        case .noSuchID: nil
        }
    }
}
