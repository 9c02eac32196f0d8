import Foundation
import LanguageServerProtocol
import SceneBehaviours
import SceneCore
import SceneLanguageServer
import SceneLoader
import SceneOutput
import Synchronization
import TestSupport
import Testing

/// The server over a stream of messages, as a client drives it: exit
/// statuses, cancellation, and input that is not what it should be.
@Suite struct ServingTests {
    /// What a server wrote, message by message.
    final class Written: Sendable {
        private let messages = Mutex<[JSONValue]>([])

        var all: [JSONValue] { messages.withLock { $0 } }

        var writer: MessageWriter {
            MessageWriter { bytes in
                var reader = MessageReader(bytes: bytes)
                guard case .message(let content) = reader.next(), let value = try? JSONValue(parsing: content) else {
                    return false
                }
                self.messages.withLock { $0.append(value) }
                return true
            }
        }

        /// The response to request `id`.
        func response(_ id: Int) -> JSONValue? { all.first { $0["id"]?.intValue == id } }
    }

    static func frame(_ value: JSONValue) -> [UInt8] { frame(value.compact) }

    static func frame(_ text: String) -> [UInt8] { Array("Content-Length: \(text.utf8.count)\r\n\r\n\(text)".utf8) }

    static func request(_ id: Int, _ method: String, _ params: JSONValue = .null) -> [UInt8] {
        frame(
            .fields([("jsonrpc", .string("2.0")), ("id", .int(id)), ("method", .string(method)), ("params", params)]))
    }

    static func notification(_ method: String, _ params: JSONValue = .null) -> [UInt8] {
        frame(.fields([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)]))
    }

    static let initialize = request(1, "initialize", .fields([("capabilities", .fields([]))]))

    /// Serves `bytes`; the exit status and what was written.
    static func serve(_ bytes: [UInt8]) -> (Int32, Written) {
        var configuration = LanguageServer.Configuration()
        configuration.debounce = .zero
        let server = LanguageServer(loader: SceneLoader(registry: .standard), configuration: configuration)
        let written = Written()
        let status = server.serve(reader: MessageReader(bytes: bytes), writer: written.writer)
        return (status, written)
    }

    static func open(_ text: String, uri: String = "file:///virtual/a.yaml") -> [UInt8] {
        notification(
            "textDocument/didOpen",
            .fields([
                (
                    "textDocument",
                    .fields([
                        ("uri", .string(uri)), ("languageId", .string("yaml")), ("version", .int(1)),
                        ("text", .string(text)),
                    ])
                )
            ]))
    }

    @Test func shutdownThenExitIsStatusZero() {
        let (status, written) = Self.serve(Self.initialize + Self.request(2, "shutdown") + Self.notification("exit"))
        #expect(status == 0)
        #expect(written.response(2)?["result"]?.isNull == true)
    }

    @Test func exitWithoutShutdownOrAClientGoneIsStatusOne() {
        #expect(Self.serve(Self.initialize + Self.notification("exit")).0 == 1)
        #expect(Self.serve(Self.initialize).0 == 1)
        #expect(Self.serve([]).0 == 1)
    }

    @Test func aCancelledRequestIsAnsweredRequestCancelled() {
        let hover = JSONValue.fields([
            ("textDocument", .fields([("uri", .string("file:///virtual/a.yaml"))])),
            ("position", .fields([("line", .int(0)), ("character", .int(0))])),
        ])
        let (_, written) = Self.serve(
            Self.initialize + Self.open("scene: A\n") + Self.notification("$/cancelRequest", .fields([("id", .int(5))]))
                + Self.request(5, "textDocument/hover", hover) + Self.request(6, "textDocument/hover", hover)
                + Self.request(7, "shutdown") + Self.notification("exit"))
        #expect(written.response(5)?["error"]?["code"]?.intValue == -32800)
        #expect(written.response(6)?["error"] == nil)
    }

    @Test func brokenMessagesAreAnsweredAndServingGoesOn() {
        let (status, written) = Self.serve(
            Self.initialize + Self.frame("{not json") + Self.frame("[1, 2]") + Self.frame(#"{"jsonrpc":"2.0","id":3}"#)
                + Self.request(4, "no/such/method") + Self.frame("1e999") + Self.request(5, "shutdown")
                + Self.notification("exit"))
        let codes = written.all.compactMap { $0["error"]?["code"]?.intValue }
        #expect(codes == [-32700, -32600, -32600, -32601, -32700])
        #expect(written.response(3)?["error"]?["message"]?.stringValue == "a request must name its method")
        #expect(status == 0)
    }

    @Test func documentsThatAreNotScenesGetDiagnosticsNotCrashes() {
        let texts = [
            "scene: A\u{0}\nobjects: {}\n", "a: &x [*x]\n",
            "scene: 1e999\nobjects:\n  a: {type: Slider, value: 1e999}\n",
            "- - - - -", String(repeating: "[", count: 10_000), "objects:\n  a: {type: View, parent: a}\n",
        ]
        for text in texts {
            let (status, written) = Self.serve(
                Self.initialize + Self.open(text)
                    + Self.request(
                        2, "textDocument/documentSymbol",
                        .fields([("textDocument", .fields([("uri", .string("file:///virtual/a.yaml"))]))]))
                    + Self.request(3, "shutdown") + Self.notification("exit"))
            #expect(status == 0, "\(text.prefix(20))")
            let published = written.all.first { $0["method"]?.stringValue == "textDocument/publishDiagnostics" }
            #expect(published?["params"]?["diagnostics"]?.arrayValue?.isEmpty == false, "\(text.prefix(20))")
        }
    }

    @Test func aComponentsUnsavedTextChecksTheScenesThatIncludeIt() throws {
        let folder = try temporaryFolder()
        let component = try folder.write("objects:\n  panel: {type: View}\n", to: "panel.yaml")
        let scene = try folder.write("scene: A\nobjects:\n  left:\n    include: panel.yaml\n", to: "scene.yaml")
        let client = TestServer()
        let sceneURI = "file://" + scene
        #expect(client.open(try String(contentsOfFile: scene, encoding: .utf8), uri: sceneURI).isEmpty)
        // The editor's text of the component, not saved: a misspelt type.
        client.open("objects:\n  panel: {type: Vew}\n", uri: "file://" + component, checking: false)
        let published = client.published()
        let sceneDiagnostics = published.first { $0["uri"]?.stringValue == sceneURI }?["diagnostics"]?.arrayValue ?? []
        #expect(sceneDiagnostics.count == 1)
        #expect(sceneDiagnostics.first?["message"]?.stringValue?.hasPrefix("in ") == true)
        #expect(sceneDiagnostics.first?["code"]?.stringValue == "unknown-type")
        // At the include, with the place in the component beside it.
        #expect(sceneDiagnostics.first?["range"]?.start == LinePosition(line: 3, character: 13))
        let related = sceneDiagnostics.first?["relatedInformation"]?.arrayValue?.first?["location"]
        #expect(related?["uri"]?.stringValue == "file://" + component)
        #expect(related?["range"]?.start == LinePosition(line: 1, character: 16))
    }
}

extension ServingTests {
    @Test func aComponentThatIsNotUTF8IsADiagnosticAtTheInclude() throws {
        let folder = try temporaryFolder()
        let component = folder.path("bad.yaml")
        try Data([0x6F, 0x62, 0x6A, 0xFF, 0xFE, 0x3A, 0x0A]).write(to: URL(fileURLWithPath: component))
        let scene = try folder.write("scene: A\nobjects:\n  left:\n    include: bad.yaml\n", to: "scene.yaml")
        let client = TestServer()
        let diagnostics = client.open(try String(contentsOfFile: scene, encoding: .utf8), uri: "file://" + scene)
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?["code"]?.stringValue == "invalid-encoding")
        #expect(diagnostics.first?["range"]?.start == LinePosition(line: 3, character: 13))
    }
}
