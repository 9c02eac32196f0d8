import SceneCore
import SceneYAML

/// Script steps and values written back as YAML, as a scene file writes
/// them: what a recording (`live --record`) and an explorer's reproducer
/// (`explore -o`) write, so that `run` reads back exactly the same steps.
/// Every string is written double-quoted (anything but plain printable
/// text escaped), and no alias is ever written.
package enum ScriptText {
    /// A script step written as YAML from its values (`tap: play`,
    /// `slide: { volume: 0.5 }`, `wait: 2s`); `nil` for a step whose values
    /// cannot be written, such as a number that is not finite.
    package static func step(_ step: ScriptStep, _ objectIDs: [String]) -> String? {
        switch step.kind {
        case .wait(let duration): return "wait: \(duration.sceneText)"
        case .at(let time): return "at: \(time.sceneText)"
        case .note(let text): return "note: \(YAMLWriter.doubleQuoted(text))"
        case .snapshot(let name): return "snapshot: \(YAMLWriter.doubleQuoted(name))"
        case .expect(let expectations):
            var pairs: [String] = []
            for expectation in expectations {
                guard let value = yaml(expectation.expected) else { return nil }
                pairs.append("\(key(expectation.path)): \(value)")
            }
            return "expect: { " + pairs.joined(separator: ", ") + " }"
        case .set(let assignments):
            var pairs: [String] = []
            for assignment in assignments {
                guard let value = yaml(assignment.value) else { return nil }
                pairs.append("\(key(assignment.path)): \(value)")
            }
            return "set: { " + pairs.joined(separator: ", ") + " }"
        case .call(let target, let action, let argument):
            guard objectIDs.indices.contains(target) else { return nil }
            let path = key(objectIDs[target] + "." + action.name)
            guard let argument else { return "call: \(path)" }
            return yaml(argument).map { "call: { \(path): \($0) }" }
        case .input(let target, _, let argument):
            guard objectIDs.indices.contains(target) else { return nil }
            let id = key(objectIDs[target])
            guard let argument else { return "\(key(step.verb)): \(id)" }
            return yaml(argument).map { "\(key(step.verb)): { \(id): \($0) }" }
        }
    }

    /// What an expectation asks, written as `expect:` reads it: the value,
    /// `{ not: value }` or `{ min: a, max: b }`; `nil` when a value cannot
    /// be written.
    package static func yaml(_ expected: ExpectedValue) -> String? {
        switch expected {
        case .equal(let value): return yaml(value)
        case .notEqual(let value): return yaml(value).map { "{ not: \($0) }" }
        case .range(let low, let high):
            var bounds: [String] = []
            if let low {
                guard let text = yaml(low) else { return nil }
                bounds.append("min: \(text)")
            }
            if let high {
                guard let text = yaml(high) else { return nil }
                bounds.append("max: \(text)")
            }
            return "{ " + bounds.joined(separator: ", ") + " }"
        }
    }

    /// A value in YAML flow style, as a scene file writes it; `nil` for a
    /// value that has no such text (a number that is not finite).
    package static func yaml(_ value: SceneValue) -> String? {
        switch value {
        case .null: return "null"
        case .double(let number):
            guard number.isFinite else { return nil }
            // `-0` would read back as the integer 0.
            return number == 0 && number.sign == .minus ? "-0.0" : value.description
        case .bool, .int, .enumCase, .object, .duration: return value.description
        case .string(let text): return YAMLWriter.doubleQuoted(text)
        case .color: return "\"\(value.description)\""
        case .list(let values):
            var items: [String] = []
            for item in values {
                guard let text = yaml(item) else { return nil }
                items.append(text)
            }
            return "[" + items.joined(separator: ", ") + "]"
        case .map(let pairs):
            var items: [String] = []
            for pair in pairs {
                guard let text = yaml(pair.value) else { return nil }
                items.append("\(YAMLWriter.doubleQuoted(pair.key)): \(text)")
            }
            return "{" + items.joined(separator: ", ") + "}"
        }
    }

    /// A key (`id.member`, an id, a verb): plain or double-quoted, as
    /// ``YAMLWriter/key(_:)`` chooses.
    package static func key(_ text: String) -> String { YAMLWriter.key(text) }

    /// A note's text: plain or double-quoted, as ``YAMLWriter/scalar(_:)``
    /// chooses (so a note `true` or `12:30` is quoted, and reads back as
    /// the same string).
    package static func noteText(_ text: String) -> String { YAMLWriter.scalar(text) }
}
