import SceneCore
import SceneYAML

extension ScriptCompiler {
    /// Compiles `invariants:`: each entry either a mapping of
    /// `id.member: value` (written as `expect:` is), or one with `expect:`
    /// and optionally `when:`, `name:` and `doc:`. A value may be a
    /// comparison: `{ not: value }`, or `{ min: a, max: b }` for numbers and
    /// durations.
    mutating func compileInvariants(_ document: YAMLDocument, _ list: YAMLDocument.Node) -> [Invariant] {
        var invariants: [Invariant] = []
        for item in document.items(list) {
            guard document.kind(item) == .mapping, document.count(item) > 0 else {
                diagnostics.add(
                    .invariantNotAMapping(found: document.kindDescription(item)), at: document.span(item), in: nil)
                continue
            }
            let entries = document.entries(item)
            guard entries.contains(where: { Invariant.keys.contains($0.key) }) else {
                // The short form: the entry is the expectation. A key that is
                // no path is more likely a misspelt 'expect' or 'when'.
                var isValid = true
                for entry in entries where MemberPath(entry.key) == nil {
                    diagnostics.add(
                        .unknownInvariantKey(
                            key: entry.key, suggestion: Suggestions.closest(to: entry.key, in: Invariant.keys),
                            isPath: false),
                        at: document.writtenSpan(entry.keyNode), in: nil)
                    isValid = false
                }
                guard isValid, let checks = compileChecks(document, item, verb: "expect") else { continue }
                invariants.append(Invariant(name: nil, conditions: [], checks: checks, span: document.span(item)))
                continue
            }
            if let invariant = compileInvariant(document, item) { invariants.append(invariant) }
        }
        return invariants
    }

    /// An invariant written with `expect:`; nil after a diagnostic.
    private mutating func compileInvariant(_ document: YAMLDocument, _ item: YAMLDocument.Node) -> Invariant? {
        var expectNode: YAMLDocument.Node?
        var whenNode: YAMLDocument.Node?
        var name: String?
        var isValid = true
        for entry in document.entries(item) {
            switch entry.key {
            case "expect": expectNode = entry.value
            case "when": whenNode = entry.value
            case "name", "doc":
                guard let text = document.text(entry.value), !document.isNull(entry.value) else {
                    diagnostics.add(
                        .textExpected(key: entry.key, found: document.kindDescription(entry.value)),
                        at: document.span(entry.value), in: nil)
                    isValid = false
                    continue
                }
                if entry.key == "name" { name = text }
            default:
                let isPath = MemberPath(entry.key) != nil
                diagnostics.add(
                    .unknownInvariantKey(
                        key: entry.key,
                        suggestion: isPath ? nil : Suggestions.closest(to: entry.key, in: Invariant.keys),
                        isPath: isPath),
                    at: document.writtenSpan(entry.keyNode), in: nil)
                isValid = false
            }
        }
        guard let expectNode else {
            diagnostics.add(.invariantWithoutExpect, at: document.span(item), in: nil)
            return nil
        }
        let conditions = whenNode.map { compileChecks(document, $0, verb: "when") } ?? []
        let checks = compileChecks(document, expectNode, verb: "expect")
        guard isValid, let conditions, let checks else { return nil }
        return Invariant(name: name, conditions: conditions, checks: checks, span: document.span(item))
    }

    /// The `id.member: value` entries of `node`, each value a comparison;
    /// nil after a diagnostic.
    private mutating func compileChecks(
        _ document: YAMLDocument, _ node: YAMLDocument.Node, verb: String
    ) -> [Invariant.Check]? {
        let (entries, isWellFormed) = memberEntries(document, node, verb: verb)
        var isValid = isWellFormed
        var checks: [Invariant.Check] = []
        for entry in entries {
            guard let comparison = compileComparison(document, entry) else {
                isValid = false
                continue
            }
            checks.append(
                Invariant.Check(
                    target: entry.target, member: entry.member, path: entry.path, comparison: comparison,
                    span: entry.span))
        }
        return isValid ? checks : nil
    }

    /// A value as `expect:` reads it, or a mapping with `not` or with
    /// `min`/`max` (unless the member takes mappings: a string map or a
    /// record compares with a mapping as `expect:` does).
    mutating func compileComparison(_ document: YAMLDocument, _ entry: MemberEntry) -> ExpectedValue? {
        let (node, path) = (entry.value, entry.path)
        let property = objectTypes[entry.target]?.property(named: entry.member)
        let takesMappings: Bool
        switch property?.type.unwrapped {
        case .stringMap, .record: takesMappings = true
        default: takesMappings = false
        }
        guard document.kind(node) == .mapping, !takesMappings else {
            return resolveMemberValue(document, node, target: entry.target, member: entry.member, path: path)
                .map { .equal($0) }
        }
        let keys = document.entries(node).map(\.key)
        if keys == ["not"], let value = document.entries(node).first?.value {
            return resolveMemberValue(document, value, target: entry.target, member: entry.member, path: path)
                .map { .notEqual($0) }
        }
        guard !keys.isEmpty, keys.allSatisfy({ $0 == "min" || $0 == "max" }) else {
            diagnostics.add(.invalidComparison(path: path, keys: keys), at: document.span(node), in: nil)
            return nil
        }
        guard let property, [.int, .double, .duration].contains(property.type.unwrapped) else {
            let type = property.map { "\($0.type)" } ?? "an outlet"
            diagnostics.add(.rangeNotOrdered(path: path, type: type), at: document.span(node), in: nil)
            return nil
        }
        var bounds: [String: SceneValue] = [:]
        for bound in document.entries(node) {
            guard
                let value = ValueResolver.resolve(
                    bound.value, in: document, as: property.type.unwrapped, subject: { path }, origin: nil,
                    into: &diagnostics)
            else { return nil }
            bounds[bound.key] = value
        }
        let (low, high) = (bounds["min"], bounds["max"])
        if let low, let high, let a = ExpectedValue.number(low), let b = ExpectedValue.number(high),
            a > b
        {
            diagnostics.add(.emptyRange(path: path, min: "\(low)", max: "\(high)"), at: document.span(node), in: nil)
            return nil
        }
        return .range(min: low, max: high)
    }
}
