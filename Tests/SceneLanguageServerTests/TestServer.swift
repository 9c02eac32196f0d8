import LanguageServerProtocol
import SceneBehaviours
import SceneCore
import SceneLanguageServer
import SceneLoader
import SceneOutput
import Testing

/// A text with positions marked in it, as SourceKit-LSP's tests mark
/// them: `1️⃣`, `2️⃣`, ... are taken out, and each names the protocol
/// position where it was.
struct MarkedText {
    static let markers = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣"]
    /// The text without its markers.
    let text: String
    /// Each marker's position, counted in the encoding given.
    let positions: [String: LinePosition]

    init(_ marked: String, encoding: PositionEncoding = .utf16) {
        var text = ""
        var positions: [String: LinePosition] = [:]
        var rest = Substring(marked)
        while !rest.isEmpty {
            if let marker = Self.markers.first(where: { rest.hasPrefix($0) }) {
                let index = LineIndex(Array(text.utf8))
                positions[marker] = index.position(ofOffset: text.utf8.count, in: encoding)
                rest = rest.dropFirst(marker.count)
            } else {
                text.append(rest.removeFirst())
            }
        }
        self.text = text
        self.positions = positions
    }

    subscript(marker: String) -> LinePosition { positions[marker] ?? LinePosition(line: -1, character: -1) }
}

/// A server answering on the test's thread, initialized.
final class TestServer {
    let server: LanguageServer
    let encoding: PositionEncoding
    private var nextID = 1

    init(offering encodings: [String] = [], loader: SceneLoader = SceneLoader(registry: .standard)) {
        var configuration = LanguageServer.Configuration()
        configuration.documentation = "https://example.com/SceneFormat.md"
        server = LanguageServer(loader: loader, configuration: configuration)
        let answer = server.handle(
            .request(
                id: .number(0), method: "initialize",
                params: .fields([
                    ("capabilities", .fields([("general", .fields([("positionEncodings", .strings(encodings))]))]))
                ])))
        encoding =
            PositionEncoding(rawValue: answer.first?["result"]?["capabilities"]?["positionEncoding"]?.stringValue ?? "")
            ?? .utf16
        _ = server.handle(.notification(method: "initialized", params: .fields([])))
    }

    /// Opens `text` as the document `uri`; returns the diagnostics published
    /// (none, leaving the checks due, without `checking`).
    @discardableResult
    func open(
        _ text: String, uri: String = "file:///virtual/scene.yaml", version: Int = 1, checking: Bool = true
    ) -> [JSONValue] {
        _ = server.handle(
            .notification(
                method: "textDocument/didOpen",
                params: .fields([
                    (
                        "textDocument",
                        .fields([
                            ("uri", .string(uri)), ("languageId", .string("yaml")), ("version", .int(version)),
                            ("text", .string(text)),
                        ])
                    )
                ])))
        return checking ? diagnostics(uri) : []
    }

    /// Replaces the whole text of `uri`.
    func change(_ text: String, uri: String = "file:///virtual/scene.yaml", version: Int) {
        _ = server.handle(
            .notification(
                method: "textDocument/didChange",
                params: .fields([
                    ("textDocument", .fields([("uri", .string(uri)), ("version", .int(version))])),
                    ("contentChanges", .array([.fields([("text", .string(text))])])),
                ])))
    }

    /// Every notification the due checks send, for `uri` (all URIs when `nil`): the `params`.
    func published() -> [JSONValue] {
        server.checksDue(at: nil).compactMap { $0["params"] }
    }

    /// The diagnostics published for `uri` once its check runs.
    func diagnostics(_ uri: String = "file:///virtual/scene.yaml") -> [JSONValue] {
        published().last { $0["uri"]?.stringValue == uri }?["diagnostics"]?.arrayValue ?? []
    }

    /// Sends request `method`; its result, or its error as a failure.
    func request(_ method: String, _ params: JSONValue) -> Result<JSONValue, ResponseError> {
        nextID += 1
        let messages = server.handle(.request(id: .number(nextID), method: method, params: params))
        guard let response = messages.first else { return .failure(ResponseError(.internalError, "no answer")) }
        if let error = response["error"] {
            return .failure(
                ResponseError(
                    ResponseErrorCode(rawValue: error["code"]?.intValue ?? 0), error["message"]?.stringValue ?? ""))
        }
        return .success(response["result"] ?? .null)
    }

    /// A request's result, recording its error as the test's failure.
    func result(
        _ method: String, _ params: JSONValue, sourceLocation: SourceLocation = #_sourceLocation
    ) -> JSONValue {
        switch request(method, params) {
        case .success(let value): return value
        case .failure(let error):
            Issue.record("\(method) failed: \(error.message)", sourceLocation: sourceLocation)
            return .null
        }
    }

    /// `{textDocument, position}` at `position` of `uri`.
    static func at(
        _ position: LinePosition, uri: String = "file:///virtual/scene.yaml", _ extra: [(String, JSONValue)] = []
    )
        -> JSONValue
    {
        .fields(
            [
                ("textDocument", .fields([("uri", .string(uri))])),
                ("position", .fields([("line", .int(position.line)), ("character", .int(position.character))])),
            ] + extra)
    }

    /// The labels of the completion items at `position`.
    func completionLabels(at position: LinePosition, uri: String = "file:///virtual/scene.yaml") -> [String] {
        result("textDocument/completion", Self.at(position, uri: uri))["items"]?.arrayValue?.compactMap {
            $0["label"]?.stringValue
        } ?? []
    }
}

extension JSONValue {
    /// The `start` of a range value as a position.
    var start: LinePosition? {
        guard let line = self["start"]?["line"]?.intValue, let character = self["start"]?["character"]?.intValue else {
            return nil
        }
        return LinePosition(line: line, character: character)
    }
}
