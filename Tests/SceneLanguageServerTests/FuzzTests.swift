import Foundation
import LanguageServerProtocol
import SceneCore
import SceneLanguageServer
import SceneLoader
import SceneOutput
import TestSupport
import Testing

/// Mutated documents and message streams: every request is answered with
/// a result or an error, every range stays inside the document, and a
/// broken stream ends the server instead of hanging it.
@Suite struct FuzzTests {
    /// The shipped scenes' texts, the seeds of the mutations.
    static func seeds() throws -> [String] {
        let folder = packageRoot.appendingPathComponent("Scenes").path
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".yaml") }
            .sorted()
        return try names.map { try String(contentsOfFile: folder + "/" + $0, encoding: .utf8) }
    }

    /// `text` with a few random edits: a cut, a copy of a line elsewhere, a
    /// character of the format's syntax, a NUL, an emoji.
    static func mutated(_ text: String, _ random: inout SplitMix64) -> String {
        var scalars = Array(text.unicodeScalars)
        let pieces: [String] = [
            ":", " ", "\n", "- ", "{", "}", "[", "]", "&a", "*a", "\u{0}", "😀", "e\u{301}", "'", "\"", "#", "$x",
            "1e999", ".",
        ]
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            guard !scalars.isEmpty else { break }
            let at = Int.random(in: 0..<scalars.count, using: &random)
            switch Int.random(in: 0..<3, using: &random) {
            case 0:
                let end = min(scalars.count, at + Int.random(in: 1...20, using: &random))
                scalars.removeSubrange(at..<end)
            case 1:
                let piece = pieces[Int.random(in: 0..<pieces.count, using: &random)]
                scalars.insert(contentsOf: piece.unicodeScalars, at: at)
            default:
                let end = min(scalars.count, at + Int.random(in: 1...40, using: &random))
                let copy = Array(scalars[at..<end])
                scalars.insert(contentsOf: copy, at: Int.random(in: 0...scalars.count, using: &random))
            }
        }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars)
        return String(result)
    }

    @Test func mutatedDocumentsAreAnsweredEveryTime() throws {
        var random = SplitMix64(seed: 46)
        let seeds = try Self.seeds()
        try #require(!seeds.isEmpty)
        let client = TestServer()
        let methods = [
            "textDocument/completion", "textDocument/hover", "textDocument/definition", "textDocument/references",
            "textDocument/prepareRename", "textDocument/documentSymbol",
        ]
        var answered = 0
        for round in 0..<120 {
            let text = Self.mutated(seeds[round % seeds.count], &random)
            let lines = LineIndex(Array(text.utf8))
            client.open(text, uri: "file:///virtual/fuzz.yaml", version: round, checking: false)
            for diagnostic in client.diagnostics("file:///virtual/fuzz.yaml") {
                #expect(Self.isInside(diagnostic["range"], lines), "round \(round)")
            }
            for _ in 0..<6 {
                let line = Int.random(in: 0...lines.lineCount, using: &random)
                let position = LinePosition(line: line, character: Int.random(in: 0...30, using: &random))
                let method = methods[Int.random(in: 0..<methods.count, using: &random)]
                let params = TestServer.at(
                    position, uri: "file:///virtual/fuzz.yaml", [("newName", .string("renamed"))])
                switch client.request(method, params) {
                case .success(let result):
                    answered += 1
                    for range in Self.ranges(in: result) {
                        #expect(Self.isInside(range, lines), "\(method) round \(round)")
                    }
                case .failure(let error):
                    #expect(error.code != .internalError, "\(method): \(error.message)")
                }
            }
            _ = client.server.handle(
                .notification(
                    method: "textDocument/didClose",
                    params: .fields([("textDocument", .fields([("uri", .string("file:///virtual/fuzz.yaml"))]))])))
        }
        #expect(answered > 500)
    }

    /// Every `range` object inside `value`.
    static func ranges(in value: JSONValue) -> [JSONValue] {
        switch value {
        case .object(let fields):
            return fields.flatMap { field in field.key == "range" ? [field.value] : ranges(in: field.value) }
        case .array(let values): return values.flatMap(ranges(in:))
        default: return []
        }
    }

    /// Whether `range` starts and ends inside the text `lines` indexes, its start first.
    static func isInside(_ range: JSONValue?, _ lines: LineIndex) -> Bool {
        guard let start = range?.start, let end = TestServer.position(range?["end"]) else { return false }
        return start <= end && end.line < lines.lineCount && start.line >= 0 && start.character >= 0
    }

    @Test func mutatedMessageStreamsEndTheServer() {
        var random = SplitMix64(seed: 7)
        let hover = JSONValue.fields([
            ("textDocument", .fields([("uri", .string("file:///virtual/a.yaml"))])),
            ("position", .fields([("line", .int(1)), ("character", .int(3))])),
        ])
        let stream =
            ServingTests.initialize + ServingTests.open("scene: A\nobjects:\n  a: {type: View}\n")
            + ServingTests.request(2, "textDocument/hover", hover) + ServingTests.request(3, "shutdown")
            + ServingTests.notification("exit")
        for _ in 0..<150 {
            var bytes = stream
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                let at = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes[at] = UInt8.random(in: 0...255, using: &random)
                case 1: bytes.remove(at: at)
                default: bytes.insert(contentsOf: Array("Content-Length: 9999999999\r\n\r\n".utf8), at: at)
                }
            }
            let (status, written) = ServingTests.serve(bytes)
            #expect(status == 0 || status == 1)
            // Every answer is a response or a notification, never a half.
            for message in written.all { #expect(message["jsonrpc"]?.stringValue == "2.0") }
        }
    }
}
