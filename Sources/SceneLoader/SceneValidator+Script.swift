import SceneCore
import SceneYAML

extension SceneValidator {
    /// Compiles `script:` into steps, reporting every mistake: an unknown
    /// verb, target or member, an input the target does not take, a value of
    /// the wrong type, time going backwards.
    mutating func compileScript(_ document: YAMLDocument, _ script: YAMLDocument.Node) -> [ScriptStep] {
        var steps: [ScriptStep] = []
        var clock = Duration.zero
        for step in document.items(script) {
            guard document.kind(step) == .mapping, document.count(step) == 1,
                let entry = document.entries(step).first
            else {
                diagnostics.add(
                    .invalidScript, "a script step must be a mapping with one verb, like '- wait: 2s'",
                    at: document.span(step),
                    hint: document.count(step) > 1 ? "write each verb as its own step, on its own '- ' line" : nil)
                continue
            }
            let span = document.writtenSpan(entry.keyNode)
            if let kind = compileStep(document, entry, span: span, clock: &clock) {
                steps.append(ScriptStep(kind: kind, verb: entry.key, span: span))
            }
        }
        return steps
    }

    /// The latest time a script may reach: 10^12 s, some 31,700 years.
    /// Beyond it the transcript's times, milliseconds through a `Double`,
    /// lose precision (past 2^53 ms), then overflow an `Int` (a trap, past
    /// about 9.2e15 s), and the script's running sum overflows `Duration`
    /// (a trap, past about 1.7e20 s; one duration may be 8.4e18 s).
    static let latestScriptTime = Duration.seconds(1_000_000_000_000)

    private mutating func addPastLatestTime(_ document: YAMLDocument, _ value: YAMLDocument.Node, _ step: String) {
        diagnostics.add(
            .valueOutOfRange,
            "'\(step)' takes the script past the latest time it can reach, \(Self.latestScriptTime.sceneDescription)",
            at: document.span(value), hint: "a script's times and waits add up to at most 10^12 s")
    }

    private mutating func compileStep(
        _ document: YAMLDocument, _ entry: YAMLDocument.Entry, span: SourceSpan, clock: inout Duration
    ) -> ScriptStep.Kind? {
        let value = entry.value
        switch entry.key {
        case "wait":
            guard case .duration(let duration) = resolve(document, value, .duration, "wait", range: 0...Double.infinity)
            else { return nil }
            // Compared so that the sum itself cannot overflow.
            guard duration <= Self.latestScriptTime - clock else {
                addPastLatestTime(document, value, "wait: \(duration.sceneDescription)")
                return nil
            }
            clock += duration
            return .wait(duration)
        case "at":
            guard case .duration(let time) = resolve(document, value, .duration, "at") else { return nil }
            guard time <= Self.latestScriptTime else {
                addPastLatestTime(document, value, "at: \(time.sceneDescription)")
                return nil
            }
            if time < clock {
                diagnostics.add(
                    .timeGoesBackwards,
                    "'at: \(time.sceneDescription)' is earlier than the time the script has reached, \(clock.sceneDescription)",
                    at: document.span(value), hint: "time only moves forward; use a later time or reorder the steps")
                return nil
            }
            clock = time
            return .at(time)
        case "note":
            guard let text = document.text(value) else {
                diagnostics.add(
                    .invalidStep, "'note' takes text, not \(document.kindDescription(value))", at: document.span(value))
                return nil
            }
            return .note(text)
        case "expect":
            let (entries, isWellFormed) = memberEntries(document, value, verb: "expect")
            var isValid = isWellFormed
            var expectations: [ScriptStep.Expectation] = []
            for (target, member, path, node, keySpan) in entries {
                guard let expected = resolveMemberValue(document, node, target: target, member: member, path: path)
                else {
                    isValid = false
                    continue
                }
                expectations.append(
                    ScriptStep.Expectation(
                        target: target, member: member, path: path, expected: expected, span: keySpan))
            }
            return isValid ? .expect(expectations) : nil
        case "set":
            let (entries, isWellFormed) = memberEntries(document, value, verb: "set")
            var isValid = isWellFormed
            var assignments: [ScriptStep.Assignment] = []
            for (target, member, path, node, keySpan) in entries {
                if !assign(
                    document, node, target: target, member: member, path: path, keySpan: keySpan, to: &assignments)
                {
                    isValid = false
                }
            }
            return isValid ? .set(assignments) : nil
        case "call":
            return compileCall(document, value)
        default:
            return compileInput(document, entry, span: span)
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
                .unknownMember,
                type.property(named: member) != nil
                    ? "'\(path)' is read-only; a script can only check it with 'expect'"
                    : isOutlet
                        ? "'\(path)' is an outlet; scripts set properties, not connections"
                        : "\(type.name) has no property '\(member)'",
                at: keySpan,
                hint: type.property(named: member) != nil || isOutlet
                    ? nil : memberHint(member, of: type, settable: true))
            return false
        }
        guard
            let resolved = ValueResolver.resolve(
                node, in: document, as: property.type, range: property.range, subject: { path },
                into: &diagnostics)
        else { return false }
        assignments.append(ScriptStep.Assignment(target: target, property: property, path: path, value: resolved))
        return true
    }

    /// Resolves `node` as `type` for the step `verb`.
    private mutating func resolve(
        _ document: YAMLDocument, _ node: YAMLDocument.Node, _ type: ValueType, _ verb: String,
        range: ClosedRange<Double>? = nil
    ) -> SceneValue? {
        ValueResolver.resolve(node, in: document, as: type, range: range, subject: { verb }, into: &diagnostics)
    }

    /// The `id.member: value` entries of a mapping whose paths resolve, and
    /// whether all of them did.
    private mutating func memberEntries(
        _ document: YAMLDocument, _ node: YAMLDocument.Node, verb: String
    ) -> ([(Int, String, String, YAMLDocument.Node, SourceSpan)], Bool) {
        guard document.kind(node) == .mapping, document.count(node) > 0 else {
            diagnostics.add(
                .invalidStep, "'\(verb)' takes a mapping of 'id.member: value', not \(document.kindDescription(node))",
                at: document.span(node), hint: "write '\(verb): { controls.hidden: true }'")
            return ([], false)
        }
        var isValid = true
        var result: [(Int, String, String, YAMLDocument.Node, SourceSpan)] = []
        for entry in document.entries(node) {
            let keySpan = document.writtenSpan(entry.keyNode)
            guard let (target, member) = resolvePath(entry.key, span: keySpan, verb: verb) else {
                isValid = false
                continue
            }
            result.append((target, member, entry.key, entry.value, keySpan))
        }
        return (result, isValid)
    }

    /// The object and member of `id.member`, or `nil` after a diagnostic.
    private mutating func resolvePath(_ path: String, span: SourceSpan, verb: String) -> (Int, String)? {
        guard let dot = path.firstIndex(of: "."), dot != path.startIndex, path.index(after: dot) != path.endIndex else {
            diagnostics.add(
                .invalidStep, "'\(path)' is not 'id.member'", at: span,
                hint: "write the object's id, a dot and one of its properties, e.g. 'controls.hidden'")
            return nil
        }
        let id = String(path[..<dot])
        let member = String(path[path.index(after: dot)...])
        guard let target = objectIndex(id) else {
            diagnostics.add(
                .unknownObject, "no object has the id '\(id)'", at: span, hint: Suggestions.hint(for: id, in: objectIDs)
            )
            return nil
        }
        guard let type = objectTypes[target] else { return nil }
        if verb == "expect" && type.members[member] == nil {
            diagnostics.add(
                .unknownMember, "\(type.name) has no property or outlet '\(member)'", at: span,
                hint: memberHint(member, of: type, settable: false))
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
    private mutating func resolveMemberValue(
        _ document: YAMLDocument, _ node: YAMLDocument.Node, target: Int, member: String, path: String
    ) -> SceneValue? {
        guard let type = objectTypes[target] else { return nil }
        switch type.members[member] {
        case .property(let property):
            return ValueResolver.resolve(node, in: document, as: property.type, subject: { path }, into: &diagnostics)
        case .outlet(let outlet):
            if document.isNull(node) { return outlet.isCollection ? .list([]) : .null }
            let ids: [YAMLDocument.Node] =
                outlet.isCollection && document.kind(node) == .sequence ? Array(document.items(node)) : [node]
            var values: [SceneValue] = []
            for idNode in ids {
                guard let id = document.text(idNode), objectIndex(id) != nil else {
                    let written = document.text(idNode).map { "'\($0)'" } ?? document.kindDescription(idNode)
                    diagnostics.add(
                        .unknownObject, "'\(path)' holds an object id, and no object has the id \(written)",
                        at: document.span(idNode),
                        hint: document.text(idNode).flatMap { Suggestions.hint(for: $0, in: objectIDs) })
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
            diagnostics.add(
                .invalidStep,
                "'call' takes 'id.action' or '{ id.action: argument }', not \(document.kindDescription(node))",
                at: document.span(node), hint: "write 'call: timeout.resume'")
            return nil
        }
        guard let dot = reference.text.firstIndex(of: "."), dot != reference.text.startIndex,
            reference.text.index(after: dot) != reference.text.endIndex
        else {
            diagnostics.add(
                .invalidStep, "'\(reference.text)' is not 'id.action'", at: reference.span,
                hint: "write the object's id, a dot and one of its actions, e.g. 'timeout.resume'")
            return nil
        }
        let id = String(reference.text[..<dot])
        let name = String(reference.text[reference.text.index(after: dot)...])
        guard let target = objectIndex(id) else {
            diagnostics.add(
                .unknownObject, "no object has the id '\(id)'", at: reference.span,
                hint: Suggestions.hint(for: id, in: objectIDs))
            return nil
        }
        guard let type = objectTypes[target] else { return nil }
        guard let action = type.actions[name] else {
            diagnostics.add(
                .unknownAction, "\(type.name) has no action '\(name)'", at: reference.span,
                hint: Suggestions.hint(
                    for: name, in: type.orderedActions.map(\.name),
                    fallback: type.actions.isEmpty
                        ? "\(type.name) has no actions"
                        : "its actions are \(Suggestions.list(type.orderedActions.map(\.name)))"))
            return nil
        }
        guard
            let argument = compileArgument(
                document, reference.argument, for: action, path: reference.text, at: reference.span)
        else { return nil }
        return .call(target: target, action: action, argument: argument.value)
    }

    /// The argument of an action or input: `nil` when wrong, `.some(nil)` when there is none.
    private mutating func compileArgument(
        _ document: YAMLDocument, _ node: YAMLDocument.Node?, for member: ActionDescription, path: String,
        at span: SourceSpan
    ) -> (value: SceneValue?, Void)? {
        switch (member.argument, node) {
        case (nil, nil):
            return (nil, ())
        case (nil, let node?):
            diagnostics.add(
                .invalidStep, "'\(member.name)' takes no argument", at: document.span(node),
                hint:
                    "write just the id: '\(member.name): \(path.split(separator: ".").first.map(String.init) ?? path)'")
            return nil
        case (let type?, nil):
            if type.isOptional { return (.null, ()) }
            diagnostics.add(
                .invalidStep, "'\(member.name)' needs a value of type \(type)", at: span,
                hint: "write '\(member.name): { \(path): <\(type)> }'")
            return nil
        case (let type?, let node?):
            guard let value = ValueResolver.resolve(node, in: document, as: type, subject: { path }, into: &diagnostics)
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
                .unknownVerb, "unknown script verb '\(verb)'", at: span,
                hint: Suggestions.hint(
                    for: verb, in: ScriptVerbs.builtIn + allInputs.sorted(),
                    fallback:
                        "the verbs are \(ScriptVerbs.builtIn.joined(separator: ", ")) and the inputs of the registered types"
                ))
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
                .invalidStep,
                "'\(verb)' takes an object id or '{ id: value }', not \(document.kindDescription(entry.value))",
                at: document.span(entry.value), hint: "write '\(verb): button' or '\(verb): { slider: 0.5 }'")
            return nil
        }
        guard let target = objectIndex(id) else {
            diagnostics.add(
                .unknownObject, "no object has the id '\(id)'", at: idSpan,
                hint: Suggestions.hint(for: id, in: objectIDs))
            return nil
        }
        guard let type = objectTypes[target] else { return nil }
        guard let input = type.inputs[verb] else {
            let accepting = objectIDs.indices.filter { objectTypes[$0]?.inputs[verb] != nil }.map { objectIDs[$0] }
            let inputs = type.orderedInputs.map(\.name)
            diagnostics.add(
                .unknownInput, "'\(id)' is a \(type.name), which does not take the input '\(verb)'", at: idSpan,
                hint: inputs.isEmpty
                    ? "\(type.name) takes no inputs"
                    : "\(type.name) takes \(Suggestions.list(inputs))"
                        + (accepting.isEmpty ? "" : "; objects that take '\(verb)': \(Suggestions.list(accepting))"))
            return nil
        }
        guard let value = compileArgument(document, argument, for: input, path: id, at: idSpan) else { return nil }
        return .input(target: target, input: input, argument: value.value)
    }
}
