import SceneCore
import SceneYAML

/// Part of checking a declaration: compiles a scene's `script:` into steps
/// against its objects, reporting every mistake: an unknown verb, target or
/// member, an input the target does not take, a value of the wrong type,
/// time going backwards, a script longer than ``SceneLimits/maxVirtualTime``.
/// Its input is the objects' ids and types; it needs nothing else of the
/// file. The live session compiles each typed line with it too.
struct ScriptCompiler {
    let registry: SceneRegistry
    /// The id of each object in declaration order.
    let objectIDs: [String]
    /// The type of each object in declaration order (`nil`: unknown type,
    /// whose mistake was reported already).
    let objectTypes: [TypeDescription?]
    /// The index of each object by its id.
    let idTable: ObjectIDTable
    /// The furthest virtual time the script may reach.
    let maxVirtualTime: Duration
    /// Where mistakes go.
    var diagnostics: DiagnosticCollector
    /// Where each `snapshot:` name of the script being compiled is first
    /// written: two steps may not share a reference picture.
    var snapshotNames: [String: SourcePosition] = [:]

    init(
        registry: SceneRegistry, objectIDs: [String], objectTypes: [TypeDescription?], idTable: ObjectIDTable,
        maxVirtualTime: Duration, diagnostics: DiagnosticCollector
    ) {
        self.registry = registry
        self.objectIDs = objectIDs
        self.objectTypes = objectTypes
        self.idTable = idTable
        // A script's time is the running sum of its waits, each at most
        // about 8.4e18 s; below 2^63 s the sum cannot overflow Duration.
        self.maxVirtualTime = min(maxVirtualTime, .seconds(Int64.max))
        self.diagnostics = diagnostics
    }

    /// The phase: the `script:` and `invariants:` of `declared` compiled
    /// against its objects. `earlier` are the diagnostics of the phases
    /// before, which count toward the limit.
    ///
    /// - Complexity: O(n) in the steps and invariants.
    static func compile(
        _ declared: DeclaredScene, registry: SceneRegistry, limits: SceneLimits, after earlier: [PhaseDiagnostics]
    ) -> (CompiledScript, PhaseDiagnostics) {
        var compiled = CompiledScript()
        let diagnostics = DiagnosticCollector(limit: limits.maxDiagnostics, after: earlier)
        let (script, invariants) = (declared.topLevel.script, declared.topLevel.invariants)
        guard script != nil || invariants != nil else { return (compiled, diagnostics.found) }
        let checked = declared.checked
        let document = declared.expanded.parsed.document
        var compiler = ScriptCompiler(
            registry: registry, objectIDs: checked.ids, objectTypes: checked.types, idTable: checked.idTable,
            maxVirtualTime: limits.maxVirtualTime, diagnostics: diagnostics)
        if let invariants { compiled.invariants = compiler.compileInvariants(document, invariants) }
        if let script { compiled.steps = compiler.compileScript(document, script) }
        return (compiled, compiler.diagnostics.found)
    }

    /// The index of the object declared as `id`.
    func objectIndex(_ id: String) -> Int? { idTable[id] }

    /// Compiles `script:` into steps.
    mutating func compileScript(_ document: YAMLDocument, _ script: YAMLDocument.Node) -> [ScriptStep] {
        var steps: [ScriptStep] = []
        var clock = Duration.zero
        snapshotNames = [:]
        for step in document.items(script) {
            guard document.kind(step) == .mapping, document.count(step) == 1,
                let entry = document.entries(step).first
            else {
                diagnostics.add(
                    .stepNotAMapping(hasSeveralVerbs: document.count(step) > 1), at: document.span(step), in: nil)
                continue
            }
            let span = document.writtenSpan(entry.keyNode)
            if let kind = compileStep(document, entry, span: span, clock: &clock) {
                steps.append(ScriptStep(kind: kind, verb: entry.key, span: span))
            }
        }
        return steps
    }

    private mutating func compileStep(
        _ document: YAMLDocument, _ entry: YAMLDocument.Entry, span: SourceSpan, clock: inout Duration
    ) -> ScriptStep.Kind? {
        let value = entry.value
        guard let verb = ScriptVerb(rawValue: entry.key) else { return compileInput(document, entry, span: span) }
        switch verb {
        case .wait:
            guard case .duration(let duration) = resolve(document, value, .duration, "wait", range: 0...Double.infinity)
            else { return nil }
            guard checkVirtualTime(clock + duration, document, value) else { return nil }
            clock += duration
            return .wait(duration)
        case .at:
            guard case .duration(let time) = resolve(document, value, .duration, "at") else { return nil }
            if time < clock {
                diagnostics.add(.timeGoesBackwards(at: time, reached: clock), at: document.span(value), in: nil)
                return nil
            }
            guard checkVirtualTime(time, document, value) else { return nil }
            clock = time
            return .at(time)
        case .note:
            guard let text = document.text(value) else {
                diagnostics.add(
                    .noteExpectsText(found: document.kindDescription(value)), at: document.span(value), in: nil)
                return nil
            }
            return .note(text)
        case .snapshot:
            return compileSnapshot(document, value)
        case .expect:
            let (entries, isWellFormed) = memberEntries(document, value, verb: "expect")
            var isValid = isWellFormed
            var expectations: [ScriptStep.Expectation] = []
            for entry in entries {
                // A value, `{ not: value }` or `{ min: a, max: b }`, as an invariant's.
                guard let expected = compileComparison(document, entry) else {
                    isValid = false
                    continue
                }
                expectations.append(
                    ScriptStep.Expectation(
                        target: entry.target, member: entry.member, path: entry.path, expected: expected,
                        span: entry.span))
            }
            return isValid ? .expect(expectations) : nil
        case .set:
            let (entries, isWellFormed) = memberEntries(document, value, verb: "set")
            var isValid = isWellFormed
            var assignments: [ScriptStep.Assignment] = []
            for entry in entries {
                if !assign(
                    document, entry.value, target: entry.target, member: entry.member, path: entry.path,
                    keySpan: entry.span, to: &assignments)
                {
                    isValid = false
                }
            }
            return isValid ? .set(assignments) : nil
        case .call:
            return compileCall(document, value)
        }
    }

    /// Adds the assignment of `node` to `id.member`; false after a diagnostic.
    private mutating func assign(
        _ document: YAMLDocument, _ node: YAMLDocument.Node, target: Int, member: String, path: String,
        keySpan: SourceSpan, to assignments: inout [ScriptStep.Assignment]
    ) -> Bool {
        guard let type = objectTypes[target] else { return false }
        guard let property = type.property(named: member), !property.isReadOnly else {
            let isOutlet = type.members[member] != nil
            diagnostics.add(
                type.property(named: member) != nil
                    ? .readOnlyInSet(path: path)
                    : isOutlet
                        ? .outletInSet(path: path)
                        : .unknownSettable(
                            member: member, type: type.name, hint: memberHint(member, of: type, settable: true)),
                at: keySpan, in: nil)
            return false
        }
        guard
            let resolved = ValueResolver.resolve(
                node, in: document, as: property.type, range: property.range, subject: { path },
                origin: nil, into: &diagnostics)
        else { return false }
        guard
            diagnostics.reportRefusals(of: resolved, at: node, in: document, property, subject: path, origin: nil)
        else { return false }
        assignments.append(ScriptStep.Assignment(target: target, property: property, path: path, value: resolved))
        return true
    }

    /// Resolves `node` as `type` for the step `verb`.
    /// Whether the script may reach `time`; a diagnostic at `node` when not.
    private mutating func checkVirtualTime(
        _ time: Duration, _ document: YAMLDocument, _ node: YAMLDocument.Node
    ) -> Bool {
        guard time > maxVirtualTime else { return true }
        diagnostics.add(.scriptTooLong(reaches: time, limit: maxVirtualTime), at: document.span(node), in: nil)
        return false
    }

    private mutating func resolve(
        _ document: YAMLDocument, _ node: YAMLDocument.Node, _ type: ValueType, _ verb: String,
        range: ClosedRange<Double>? = nil
    ) -> SceneValue? {
        ValueResolver.resolve(
            node, in: document, as: type, range: range, subject: { verb }, origin: nil, into: &diagnostics)
    }

    /// One `id.member: value` of an `expect` or a `set`, its path resolved.
    struct MemberEntry {
        /// The object's index in the declaration.
        let target: Int
        let member: String
        /// `id.member` as written.
        let path: String
        let value: YAMLDocument.Node
        /// Where the path is written.
        let span: SourceSpan
    }

    /// The `id.member: value` entries of a mapping whose paths resolve, and
    /// whether all of them did.
    mutating func memberEntries(
        _ document: YAMLDocument, _ node: YAMLDocument.Node, verb: String
    ) -> ([MemberEntry], Bool) {
        guard document.kind(node) == .mapping, document.count(node) > 0 else {
            diagnostics.add(
                .pathsExpected(verb: verb, found: document.kindDescription(node)), at: document.span(node), in: nil)
            return ([], false)
        }
        var isValid = true
        var result: [MemberEntry] = []
        for entry in document.entries(node) {
            let keySpan = document.writtenSpan(entry.keyNode)
            guard let (target, member) = resolvePath(entry.key, span: keySpan, verb: verb) else {
                isValid = false
                continue
            }
            result.append(
                MemberEntry(target: target, member: member, path: entry.key, value: entry.value, span: keySpan))
        }
        return (result, isValid)
    }

    /// The object and member of `id.member`, or `nil` after a diagnostic.
    private mutating func resolvePath(_ path: String, span: SourceSpan, verb: String) -> (Int, String)? {
        guard let (id, member) = MemberPath(path).map({ ($0.id, $0.member) }) else {
            diagnostics.add(.notAPath(path: path), at: span, in: nil)
            return nil
        }
        guard let target = objectIndex(id) else {
            let candidates = objectIDs
            diagnostics.add(at: span, in: nil) { withHints in
                .noSuchObjectInPath(id: id, suggestion: withHints ? Suggestions.closest(to: id, in: candidates) : nil)
            }
            return nil
        }
        guard let type = objectTypes[target] else { return nil }
        if verb != "set" && type.members[member] == nil {
            diagnostics.add(
                .unknownMember(member: member, type: type.name, hint: memberHint(member, of: type, settable: false)),
                at: span, in: nil)
            return nil
        }
        return (target, member)
    }

    private func memberHint(_ member: String, of type: TypeDescription, settable: Bool) -> String? {
        let names =
            settable
            ? type.properties.filter { !$0.isReadOnly }.map(\.name)
            : type.properties.map(\.name) + type.outlets.map(\.name)
        return Suggestions.hint(for: member, in: names, fallback: "its members are \(Suggestions.list(names))")
    }

    /// The value an `expect` compares `member` with: a property's value, or
    /// for an outlet the id of its object (null when empty).
    mutating func resolveMemberValue(
        _ document: YAMLDocument, _ node: YAMLDocument.Node, target: Int, member: String, path: String
    ) -> SceneValue? {
        guard let type = objectTypes[target] else { return nil }
        switch type.members[member] {
        case .property(let property):
            return ValueResolver.resolve(
                node, in: document, as: property.type, subject: { path }, origin: nil, into: &diagnostics)
        case .outlet(let outlet):
            if document.isNull(node) { return outlet.isCollection ? .list([]) : .null }
            let ids: [YAMLDocument.Node] =
                outlet.isCollection && document.kind(node) == .sequence ? Array(document.items(node)) : [node]
            var values: [SceneValue] = []
            for idNode in ids {
                guard let id = document.text(idNode), objectIndex(id) != nil else {
                    let written = document.text(idNode).map { "'\($0)'" } ?? document.kindDescription(idNode)
                    let (candidates, text) = (objectIDs, document.text(idNode))
                    diagnostics.add(at: document.span(idNode), in: nil) { withHints in
                        .unknownObjectValue(
                            path: path, written: written,
                            suggestion: withHints ? text.flatMap { Suggestions.closest(to: $0, in: candidates) } : nil)
                    }
                    return nil
                }
                values.append(.object(id))
            }
            return outlet.isCollection ? .list(values) : values.first ?? .null
        case nil:
            return nil
        }
    }

    private mutating func compileCall(_ document: YAMLDocument, _ node: YAMLDocument.Node) -> ScriptStep.Kind? {
        let reference: (text: String, span: SourceSpan, argument: YAMLDocument.Node?)
        if let text = document.text(node) {
            reference = (text, document.span(node), nil)
        } else if document.kind(node) == .mapping, document.count(node) == 1, let entry = document.entries(node).first {
            reference = (entry.key, document.writtenSpan(entry.keyNode), entry.value)
        } else {
            diagnostics.add(.callExpected(found: document.kindDescription(node)), at: document.span(node), in: nil)
            return nil
        }
        guard let (id, name) = MemberPath(reference.text).map({ ($0.id, $0.member) }) else {
            diagnostics.add(.notAnActionPath(text: reference.text), at: reference.span, in: nil)
            return nil
        }
        guard let target = objectIndex(id) else {
            let candidates = objectIDs
            diagnostics.add(at: reference.span, in: nil) { withHints in
                .noSuchObjectInPath(id: id, suggestion: withHints ? Suggestions.closest(to: id, in: candidates) : nil)
            }
            return nil
        }
        guard let type = objectTypes[target] else { return nil }
        guard let action = type.actions[name] else {
            diagnostics.add(at: reference.span, in: nil) { withHints in
                .unknownActionInCall(
                    action: name, type: type.name,
                    suggestion: withHints ? Suggestions.closest(to: name, in: type.orderedActions.map(\.name)) : nil,
                    actions: withHints ? type.orderedActions.map(\.name) : [])
            }
            return nil
        }
        guard
            let argument = compileArgument(
                document, reference.argument, for: action, path: reference.text, verb: nil, at: reference.span)
        else { return nil }
        return .call(target: target, action: action, argument: argument.value)
    }

    /// The argument of an action (`call: path`, `verb` nil) or of an input
    /// (`verb: path`): `nil` when wrong, `.some(nil)` when there is none.
    private mutating func compileArgument(
        _ document: YAMLDocument, _ node: YAMLDocument.Node?, for member: ActionDescription, path: String,
        verb: String?, at span: SourceSpan
    ) -> (value: SceneValue?, Void)? {
        switch (member.argument, node) {
        case (nil, nil):
            return (nil, ())
        case (nil, let node?):
            diagnostics.add(
                .inputTakesNoArgument(input: member.name, step: "\(verb ?? "call"): \(path)"), at: document.span(node),
                in: nil)
            return nil
        case (let type?, nil):
            if type.isOptional { return (.null, ()) }
            let step = "\(verb ?? "call"): { \(path): \(ValueType.exampleText(type)) }"
            diagnostics.add(.inputNeedsValue(input: member.name, type: type, step: step), at: span, in: nil)
            return nil
        case (let type?, let node?):
            guard
                let value = ValueResolver.resolve(
                    node, in: document, as: type, subject: { path }, origin: nil, into: &diagnostics)
            else { return nil }
            return (value, ())
        }
    }

    /// An input step: `verb: id` or `verb: { id: argument }`.
    private mutating func compileInput(
        _ document: YAMLDocument, _ entry: YAMLDocument.Entry, span: SourceSpan
    ) -> ScriptStep.Kind? {
        let verb = entry.key
        let allInputs = Set(registry.types.flatMap { $0.inputs.keys })
        guard allInputs.contains(verb) else {
            diagnostics.add(
                .unknownVerb(
                    verb: verb, suggestion: Suggestions.closest(to: verb, in: ScriptVerb.names + allInputs.sorted())),
                at: span, in: nil)
            return nil
        }
        let id: String
        let idSpan: SourceSpan
        var argument: YAMLDocument.Node?
        if let text = document.text(entry.value), !document.isNull(entry.value) {
            (id, idSpan) = (text, document.span(entry.value))
        } else if document.kind(entry.value) == .mapping, document.count(entry.value) == 1,
            let inner = document.entries(entry.value).first
        {
            (id, idSpan, argument) = (inner.key, document.writtenSpan(inner.keyNode), inner.value)
        } else {
            diagnostics.add(
                .inputTargetExpected(verb: verb, found: document.kindDescription(entry.value)),
                at: document.span(entry.value), in: nil)
            return nil
        }
        guard let target = objectIndex(id) else {
            let candidates = objectIDs
            diagnostics.add(at: idSpan, in: nil) { withHints in
                .noSuchObjectInPath(id: id, suggestion: withHints ? Suggestions.closest(to: id, in: candidates) : nil)
            }
            return nil
        }
        guard let type = objectTypes[target] else { return nil }
        guard let input = type.inputs[verb] else {
            let (candidates, types) = (objectIDs, objectTypes)
            let inputs = type.orderedInputs.map(\.name)
            diagnostics.add(at: idSpan, in: nil) { withHints in
                .inputNotTaken(
                    id: id, type: type.name, verb: verb, inputs: inputs,
                    accepting: withHints
                        ? candidates.indices.filter { types[$0]?.inputs[verb] != nil }.map { candidates[$0] } : [])
            }
            return nil
        }
        guard let value = compileArgument(document, argument, for: input, path: id, verb: verb, at: idSpan) else {
            return nil
        }
        return .input(target: target, input: input, argument: value.value)
    }

    /// `snapshot: name`: a name that makes a file name on every system, used
    /// once in the script.
    private mutating func compileSnapshot(_ document: YAMLDocument, _ node: YAMLDocument.Node) -> ScriptStep.Kind? {
        guard let name = document.text(node), !document.isNull(node) else {
            diagnostics.add(
                .snapshotNameExpected(found: document.kindDescription(node)), at: document.span(node), in: nil)
            return nil
        }
        let span = document.span(node)
        guard ScriptStep.isSnapshotName(name) else {
            diagnostics.add(.invalidSnapshotName(name: name), at: span, in: nil)
            return nil
        }
        if let first = snapshotNames[name] {
            diagnostics.add(
                .duplicateSnapshotName(name: name), at: span,
                in: nil, notes: [Diagnostic.Note("'snapshot: \(name)' is first written here", at: first)])
            return nil
        }
        snapshotNames[name] = span.start
        return .snapshot(name: name)
    }
}
