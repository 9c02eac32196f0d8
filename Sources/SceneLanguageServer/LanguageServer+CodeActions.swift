import LanguageServerProtocol
import SceneLoader
import SceneOutput

/// `textDocument/codeAction`: the hints' fixes as quick fixes.
extension LanguageServer {
    func codeActions(_ params: JSONValue) throws(ResponseError) -> JSONValue {
        let document = try document(params)
        var actions: [JSONValue] = []
        for diagnostic in params["context"]?["diagnostics"]?.arrayValue ?? [] {
            if diagnostic["code"]?.stringValue == "missing-outlet" {
                actions += outletFixes(for: diagnostic, in: document)
                continue
            }
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

    /// For an object that lacks a required outlet (written in block style):
    /// one fix for each object that fits the outlet, adding `outlet: id`
    /// as the object's first key.
    func outletFixes(for diagnostic: JSONValue, in document: OpenDocument) -> [JSONValue] {
        guard let message = diagnostic["message"]?.stringValue,
            let start = message.firstRange(of: "needs the outlet '"),
            let end = message[start.upperBound...].firstIndex(of: "'"),
            let line = diagnostic["range"]?["start"]?["line"]?.intValue
        else { return [] }
        let outlet = String(message[start.upperBound..<end])
        let lines = document.lines
        // The object's body: the lines after its id, indented deeper.
        var idLine = line
        while idLine > 0, !Self.isObjectIDLine(lines, idLine) { idLine -= 1 }
        let idIndent = Self.indentation(lines, idLine)
        let bodyLine = idLine + 1
        guard bodyLine < lines.lineCount, Self.indentation(lines, bodyLine) > idIndent else { return [] }
        let indent = String(repeating: " ", count: Self.indentation(lines, bodyLine))
        let insertAt = lines.lineRange(bodyLine).lowerBound
        // Which ids fit, asked of the text with the outlet written.
        var bytes = document.text
        bytes.insert(contentsOf: Array((indent + outlet + ": x\n").utf8), at: insertAt)
        let model = loaderWithUnsavedFiles.model(of: SceneSource(name: document.path, bytes: bytes))
        let fitting = model.candidates(atLine: bodyLine + 1, column: indent.count + outlet.count + 3)
        let position = lines.position(ofOffset: insertAt, in: encoding)
        let range = JSONValue.fields([("start", Self.json(position)), ("end", Self.json(position))])
        return fitting.prefix(20).map { id in
            let edit = JSONValue.fields([
                (
                    "changes",
                    .object([
                        (
                            key: document.uri,
                            value: .array([
                                .fields([("range", range), ("newText", .string(indent + outlet + ": " + id + "\n"))])
                            ])
                        )
                    ])
                )
            ])
            return .fields([
                ("title", .string("Connect '\(outlet)' to '\(id)'")), ("kind", .string("quickfix")),
                ("diagnostics", .array([diagnostic])), ("edit", edit),
            ])
        }
    }

    /// How many spaces line `line` starts with.
    static func indentation(_ lines: LineIndex, _ line: Int) -> Int {
        lines.bytes[lines.lineRange(line)].prefix { $0 == UInt8(ascii: " ") }.count
    }

    /// Whether line `line` is an object's id: `  id:` with nothing after the colon.
    static func isObjectIDLine(_ lines: LineIndex, _ line: Int) -> Bool {
        let text = String(decoding: lines.bytes[lines.lineRange(line)], as: UTF8.self)
        return text.hasPrefix("  ") && !text.hasPrefix("   ") && text.hasSuffix(":")
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
