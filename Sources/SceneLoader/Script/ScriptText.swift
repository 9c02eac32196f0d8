import SceneCore

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
        case .note(let text): return "note: \(quoted(text))"
        case .snapshot(let name): return "snapshot: \(quoted(name))"
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
        case .string(let text): return quoted(text)
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
                items.append("\(quoted(pair.key)): \(text)")
            }
            return "{" + items.joined(separator: ", ") + "}"
        }
    }

    /// A key (`id.member`, an id, a verb): plain when it is made only of
    /// ASCII letters, digits and `. _ -` and starts with a letter or `_`,
    /// else ``quoted(_:)``.
    package static func key(_ text: String) -> String {
        let isPlain =
            text.unicodeScalars.first.map { ($0.properties.isAlphabetic && $0.isASCII) || $0 == "_" } ?? false
            && text.unicodeScalars.allSatisfy { scalar in
                (scalar.properties.isAlphabetic && scalar.isASCII) || ("0"..."9").contains(scalar)
                    || "._-".unicodeScalars.contains(scalar)
            }
        return isPlain ? text : quoted(text)
    }

    /// A note's text: plain when it is made only of letters, digits, single
    /// spaces inside it and `/ . _ -` (as a usual file name gives it), else
    /// ``quoted(_:)``. A note is always a string, so a plain `true` is too.
    package static func noteText(_ text: String) -> String {
        let isPlain =
            !text.isEmpty && text.first != " " && text.last != " " && text.first != "-" && !text.contains("  ")
            && text.unicodeScalars.allSatisfy { scalar in
                (scalar.properties.isAlphabetic && scalar.isASCII) || ("0"..."9").contains(scalar)
                    || " /._-".unicodeScalars.contains(scalar)
            }
        return isPlain ? text : quoted(text)
    }

    /// `text` as a YAML double-quoted scalar that reads back as exactly
    /// `text`: `"` and `\` escaped, and every character YAML would not keep
    /// as it is escaped by its code: control characters (C0, DEL, C1 with
    /// NEL), the line and paragraph separators, the byte order mark.
    /// Leading and trailing spaces, `#` and `: ` are safe inside the quotes.
    package static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x22: result += "\\\""
            case 0x5C: result += "\\\\"
            case 0x00..<0x20, 0x7F...0x9F: result += "\\x" + hex(scalar.value, digits: 2)
            case 0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF: result += "\\u" + hex(scalar.value, digits: 4)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
