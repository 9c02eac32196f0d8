import SceneCore
import SceneYAML

/// The references resolved: a phase of its own, run once every object is
/// checked and the id table is complete. It takes the ``CheckedObjects``
/// (every outlet target and `on:` action as written, by id) and gives the
/// wiring of the ``SceneDeclaration``: each outlet's targets and each
/// event connection by the index of its object, and each object's ranges
/// in them, made once. A reference that names no object, or one that does
/// not fit, is reported; the wiring is built only when every object was
/// declared and every reference resolved (otherwise the file has a mistake
/// and is never assembled). With the wiring known, it checks what needs it:
/// cycles through `parent`, frames inside layouts, loops in the `on:` wiring.
struct ReferenceResolver {
    let registry: SceneRegistry
    let checked: CheckedObjects
    /// Positions in the scene's own file.
    let locator: SourceLocator?
    var diagnostics: DiagnosticCollector

    /// The wiring `resolve()` gives.
    struct Wiring {
        var objects: [SceneDeclaration.Object] = []
        var outletConnections: [SceneDeclaration.OutletConnection] = []
        var outletTargets: [Int] = []
        var eventConnections: [SceneDeclaration.EventConnection] = []
    }

    /// The phase: every reference of `declared` resolved, and the wiring
    /// checked. `earlier` are the diagnostics of the phases before, which
    /// count toward the limit.
    ///
    /// - Complexity: O(n) in the references and objects.
    static func resolve(
        _ declared: DeclaredScene, registry: SceneRegistry, limits: SceneLimits, after earlier: [PhaseDiagnostics]
    ) -> (ResolvedScene, PhaseDiagnostics) {
        var resolver = ReferenceResolver(
            registry: registry, checked: declared.checked, locator: declared.expanded.parsed.document.locator,
            diagnostics: DiagnosticCollector(limit: limits.maxDiagnostics, after: earlier))
        let (targets, actions, wiring) = resolver.resolve()
        return (
            ResolvedScene(declared: declared, targets: targets, actions: actions, wiring: wiring),
            resolver.diagnostics.found
        )
    }

    /// Resolves every reference, in file order (the outlets' targets, then
    /// the actions), and checks the wiring: what each reference resolves
    /// to, and the declaration's objects and wiring, empty when some object
    /// was not declared or some reference did not resolve (each reported).
    mutating func resolve() -> (targets: [ReferenceResolution], actions: [ReferenceResolution], wiring: Wiring) {
        let targets = checked.targets.map { resolve($0) }
        var actions: [ReferenceResolution] = []
        actions.reserveCapacity(checked.actions.count)
        var connections: [SceneDeclaration.EventConnection] = []
        connections.reserveCapacity(checked.actions.count)
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(checked.objects.count)
        for object in checked.objects {
            let start = connections.count
            for action in checked.actions[object.actionRange] {
                let (resolution, connection) = resolve(action)
                actions.append(resolution)
                if let connection { connections.append(connection) }
            }
            ranges.append(start..<connections.count)
        }
        // Wiring is made only when every object was declared.
        var wiring = Wiring()
        wiring.objects.reserveCapacity(checked.objects.count)
        for (index, object) in checked.objects.enumerated() {
            guard let type = checked.types[index] else { return (targets, actions, Wiring()) }
            wiring.objects.append(
                SceneDeclaration.Object(
                    id: checked.ids[index], idOffsets: object.idOffsets, type: type,
                    propertyRange: object.propertyRange, outletRange: object.outletRange,
                    connectionRange: ranges[index]))
        }
        checkHierarchies(targets)
        checkFramesInLayouts(targets)
        checkConstraints(targets)
        checkWiringLoops(wiring.objects, connections)
        var resolvedTargets: [Int] = []
        resolvedTargets.reserveCapacity(targets.count)
        for target in targets {
            guard let index = target.fittingObject else { return (targets, actions, Wiring()) }
            resolvedTargets.append(index)
        }
        guard connections.count == checked.actions.count else { return (targets, actions, Wiring()) }
        wiring.outletConnections = checked.outlets.map {
            SceneDeclaration.OutletConnection(outlet: $0.outlet, targetRange: $0.targetRange)
        }
        wiring.outletTargets = resolvedTargets
        wiring.eventConnections = connections
        return (targets, actions, wiring)
    }

    /// The span of `offsets` in `file` (`nil`: the scene's own).
    func span(_ offsets: Range<Int>, in file: ObjectFile?) -> SourceSpan {
        let locator = file?.component?.document.locator ?? locator
        return locator?.span(offsets) ?? SourceSpan(at: .start)
    }

    // MARK: - Outlets

    /// What `reference` resolves to: the object it names when that fits
    /// its outlet, else why not (reported, unless the object it names was
    /// not declared: that object's own mistake is).
    mutating func resolve(_ reference: TargetReference) -> ReferenceResolution {
        // The common case first: an object that fits, with nothing to report.
        if let index = checked.idTable[checked.referenceText[reference.id]], let type = checked.types[index],
            registry.type(type, fits: reference.outlet)
        {
            return .object(index)
        }
        return resolveReporting(reference)
    }

    private mutating func resolveReporting(_ reference: TargetReference) -> ReferenceResolution {
        guard let index = checked.idTable[checked.referenceText[reference.id]] else {
            reportUnknownObject(
                written: checked.text(reference.writtenStart..<reference.id.upperBound),
                id: checked.text(reference.id), at: span(reference.offsets, in: reference.file), in: reference.file,
                fitting: (reference.outlet, reference.owner))
            return .noSuchID
        }
        guard let targetType = checked.types[index] else { return .undeclared(index) }
        guard registry.type(targetType, fits: reference.outlet) else {
            let written = checked.text(reference.writtenStart..<reference.id.upperBound)
            let at = span(reference.offsets, in: reference.file)
            let outlet = reference.outlet
            let mismatch = SceneProblem.outletTypeMismatch(
                outlet: outlet.name, requirement: registry.requirement(of: outlet), id: written,
                type: targetType.name, fitting: nil)
            guard diagnostics.showsHints(for: mismatch, at: at, in: reference.file.origin) else {
                diagnostics.add(mismatch, at: at, in: reference.file.origin)
                return .doesNotFit(index)
            }
            diagnostics.add(
                .outletTypeMismatch(
                    outlet: outlet.name, requirement: registry.requirement(of: outlet), id: written,
                    type: targetType.name,
                    fitting: targetFallback(outlet, excluding: reference.owner, in: reference.file)),
                at: at, in: reference.file.origin)
            return .doesNotFit(index)
        }
        return .object(index)
    }

    /// Reports a reference to an id no object has, `written` as the file
    /// has it: with its hints (an instance's object named without its path,
    /// else the closest id of `file`, else, for an outlet, the objects that
    /// fit it but its owner) only when the diagnostic is one that is shown.
    private mutating func reportUnknownObject(
        written: String, id: String, at: SourceSpan, in file: ObjectFile,
        fitting outlet: (outlet: OutletDescription, owner: Int)? = nil
    ) {
        let plain = SceneProblem.unknownObject(id: written, suggestion: nil, fallback: nil)
        guard diagnostics.showsHints(for: plain, at: at, in: file.origin) else {
            diagnostics.add(plain, at: at, in: file.origin)
            return
        }
        let instance = instanceHint(id, written: written)
        var suggestion: String?
        if instance == nil {
            let ids = localIDs(file)
            // An instance's object named as its component writes it (in a
            // `set:` value, whose ids are the including file's): the same id by path.
            suggestion = Suggestions.closest(to: written, in: ids) ?? ids.first { $0.hasSuffix("." + written) }
        }
        diagnostics.add(
            .unknownObject(
                id: written,
                suggestion: suggestion,
                fallback: instance ?? outlet.flatMap { targetFallback($0.outlet, excluding: $0.owner, in: file) }),
            at: at, in: file.origin)
    }

    /// "objects that fit: a, b" over the scene's objects of the right type.
    func targetFallback(_ outlet: OutletDescription, excluding owner: Int, in file: ObjectFile) -> String? {
        var fitting: [String] = []
        var count = 0
        let prefix = file.prefix
        for (index, type) in checked.types.enumerated() where index != owner {
            guard let type, registry.type(type, fits: outlet),
                let id = Self.localID(checked.ids[index], prefix: prefix)
            else { continue }
            count += 1
            if fitting.count < 8 { fitting.append(id) }
        }
        if fitting.isEmpty { return "the scene has no other \(registry.requirement(of: outlet)) to connect" }
        return "objects that fit: \(Suggestions.list(fitting, total: count))"
    }

    // MARK: - Actions

    /// What `reference`'s target resolves to, and the connection it makes:
    /// none after a diagnostic, or when its event or target was not
    /// declared (their mistakes are reported).
    mutating func resolve(
        _ reference: ActionReference
    ) -> (ReferenceResolution, SceneDeclaration.EventConnection?) {
        // The common case first: an action that takes the event's payload, with nothing to report.
        if let event = reference.event, let index = checked.idTable[checked.referenceText[reference.target]],
            let action = checked.types[index]?.action(utf8: checked.referenceText[reference.action]),
            action.accepts(payload: event.payload)
        {
            return (.object(index), SceneDeclaration.EventConnection(event: event, target: index, action: action))
        }
        return resolveReporting(reference)
    }

    private mutating func resolveReporting(
        _ reference: ActionReference
    ) -> (ReferenceResolution, SceneDeclaration.EventConnection?) {
        guard let targetIndex = checked.idTable[checked.referenceText[reference.target]] else {
            reportUnknownObject(
                written: checked.text(reference.writtenStart..<reference.target.upperBound),
                id: checked.text(reference.target), at: targetSpan(reference), in: reference.file)
            return (.noSuchID, nil)
        }
        guard let targetType = checked.types[targetIndex] else { return (.undeclared(targetIndex), nil) }
        guard let action = targetType.action(utf8: checked.referenceText[reference.action]) else {
            let actionName = checked.text(reference.action)
            let at = actionSpan(reference)
            diagnostics.add(at: at, in: reference.file.origin) { withHints in
                .unknownAction(
                    action: actionName, type: targetType.name,
                    suggestion: withHints
                        ? Suggestions.closest(to: actionName, in: targetType.actions.keys.sorted()) : nil,
                    actions: withHints ? targetType.orderedActions.map(\.name) : [])
            }
            return (.noSuchAction(targetIndex), nil)
        }
        // Its event's own mistake is reported.
        guard let event = reference.event else { return (.object(targetIndex), nil) }
        guard action.accepts(payload: event.payload) else {
            let at = actionSpan(reference)
            diagnostics.add(
                .payloadMismatch(
                    action: checked.text(reference.action), type: targetType.name, argument: action.argument,
                    event: event.name, owner: checked.types[reference.owner]?.name ?? "?", payload: event.payload),
                at: at, in: reference.file.origin)
            return (.doesNotFit(targetIndex), nil)
        }
        return (
            .object(targetIndex), SceneDeclaration.EventConnection(event: event, target: targetIndex, action: action)
        )
    }

    /// Where the target's id of `reference` is written.
    func targetSpan(_ reference: ActionReference) -> SourceSpan {
        let written = checked.text(reference.writtenStart..<reference.target.upperBound)
        return subspan(reference, from: 0, length: written.unicodeScalars.count)
    }

    /// Where the action's name of `reference` is written.
    func actionSpan(_ reference: ActionReference) -> SourceSpan {
        let written = checked.text(reference.writtenStart..<reference.target.upperBound)
        return subspan(
            reference, from: written.unicodeScalars.count + 1,
            length: checked.text(reference.action).unicodeScalars.count)
    }

    /// The part of a one-line scalar from `offset` scalars on, else the whole scalar.
    func subspan(_ reference: ActionReference, from offset: Int, length: Int) -> SourceSpan {
        let whole = span(reference.offsets, in: reference.file)
        let style = reference.style
        let quote = style == .plain ? 0 : 1
        guard style == .plain || style == .singleQuoted || style == .doubleQuoted, whole.end.line == whole.start.line
        else { return whole }
        let column = whole.start.column + quote + offset
        let begin = SourcePosition(line: whole.start.line, column: column, offset: whole.start.offset + quote + offset)
        let end = SourcePosition(line: whole.start.line, column: column + length, offset: begin.offset + length)
        return SourceSpan(start: begin, end: end)
    }

    // MARK: - Hints

    /// For an id that names an instance rather than an object: a hint
    /// naming some of its objects by path, as the file that wrote `written` writes them.
    func instanceHint(_ id: String, written: String) -> String? {
        let prefix = id + "."
        var objects: [String] = []
        for candidate in checked.ids where candidate.hasPrefix(prefix) {
            objects.append(written + "." + candidate.dropFirst(prefix.count))
            if objects.count == 4 { break }
        }
        guard !objects.isEmpty else { return nil }
        return "'\(written)' is an instance of a component; name one of its objects, such as "
            + objects.map { "'\($0)'" }.joined(separator: ", ")
    }

    /// The ids of the objects, as `file` writes them.
    func localIDs(_ file: ObjectFile) -> [String] {
        let prefix = file.prefix
        guard !prefix.isEmpty else { return checked.ids }
        return checked.ids.compactMap { Self.localID($0, prefix: prefix) }
    }

    /// `id` as a file whose ids start with `prefix` writes it; `nil` when
    /// the object is not in that file.
    static func localID(_ id: String, prefix: String) -> String? {
        guard !prefix.isEmpty else { return id }
        guard id.hasPrefix(prefix) else { return nil }
        return String(id.dropFirst(prefix.count))
    }
}
