import SceneCore

/// The phrases the wording of problems shares: bounds, lists, loops,
/// suggestions, articles and value types.
extension SceneProblem {
    /// A bound of a range as the value is written: `3600` for a number,
    /// `1h` for a duration.
    static func bound(_ value: Double, _ isDuration: Bool) -> String {
        guard isDuration, value.isFinite, value.magnitude < 1e15 else { return SceneValue.format(value) }
        return Duration.seconds(value).sceneText
    }

    /// `'a', 'b' and 'c'`.
    static func quotedList(_ names: [String]) -> String {
        let quoted = names.map { "'\($0)'" }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " and " + (quoted.last ?? "")
    }

    /// `a -> b -> a`, with the middle of a long loop left out.
    static func loopPath(_ ids: [String]) -> String {
        guard ids.count > 8 else { return ids.joined(separator: " -> ") }
        return (ids.prefix(3) + ["... (\(ids.count - 1) objects) ..."] + ids.suffix(3)).joined(separator: " -> ")
    }

    static func didYouMean(_ suggestion: String?) -> String? {
        suggestion.map { "did you mean '\($0)'?" }
    }

    /// `a View`, `an InteractionProvider`.
    static func article(_ name: String) -> String {
        let vowels: Set<Character> = ["A", "E", "I", "O", "U"]
        return (name.first.map { vowels.contains($0) } ?? false ? "an " : "a ") + name
    }

    /// What values of `type` are, in words: `true or false`, `a whole number`.
    static func describe(_ type: ValueType) -> String {
        switch type.unwrapped {
        case .bool: "true or false"
        case .int: "a whole number"
        case .double: "a number"
        case .string: "text"
        case .duration: "a duration"
        case .color: "a colour"
        case .enumeration(_, let cases): "one of \(cases.joined(separator: ", "))"
        default: "a \(type)"
        }
    }
}
