import LanguageServerProtocol
import SceneOutput

/// `textDocument/codeAction`: the hints' fixes as quick fixes.
extension LanguageServer {
    func codeActions(_ params: JSONValue) throws(ResponseError) -> JSONValue {
        let document = try document(params)
        var actions: [JSONValue] = []
        for diagnostic in params["context"]?["diagnostics"]?.arrayValue ?? [] {
            // A diagnostic shown at an include is fixed in its component, not here.
            let isElsewhere = diagnostic["relatedInformation"]?.arrayValue?.contains {
                $0["location"]?["uri"]?.stringValue != document.uri
            }
            guard isElsewhere != true, let range = diagnostic["range"],
                let hint = diagnostic["data"]?["hint"]?.stringValue
                    ?? Self.hint(inMessage: diagnostic["message"]?.stringValue),
                let replacement = Self.replacement(inHint: hint)
            else { continue }
            let edit = JSONValue.fields([
                (
                    "changes",
                    .object([
                        (
                            key: document.uri,
                            value: .array([.fields([("range", range), ("newText", .string(replacement))])])
                        )
                    ])
                )
            ])
            actions.append(
                .fields([
                    ("title", .string("Change to '\(replacement)'")), ("kind", .string("quickfix")),
                    ("diagnostics", .array([diagnostic])), ("isPreferred", .bool(true)), ("edit", edit),
                ]))
        }
        return .array(actions)
    }

    /// The hint a diagnostic's message carries after `help: `.
    static func hint(inMessage message: String?) -> String? {
        guard let message, let range = message.firstRange(of: "\nhelp: ") else { return nil }
        return String(message[range.upperBound...])
    }

    /// The text a hint says to write instead: "did you mean 'X'?" or "... write X".
    static func replacement(inHint hint: String) -> String? {
        if let start = hint.firstRange(of: "did you mean '") {
            let rest = hint[start.upperBound...]
            guard let end = rest.firstRange(of: "'?") else { return nil }
            return String(rest[..<end.lowerBound])
        }
        if let start = hint.firstRange(of: ": write ") {
            let rest = hint[start.upperBound...]
            guard !rest.isEmpty, !rest.contains(" ") else { return nil }
            return String(rest)
        }
        return nil
    }
}
