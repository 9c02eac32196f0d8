import LanguageServerProtocol
import SceneCore
import SceneLoader
import SceneOutput

/// A Language Server Protocol 3.17 server for scene files: the checker's
/// diagnostics as the author types, completion of what fits, hover,
/// definition, references, the outline, rename and quick fixes, over the
/// types of the loader's registry (a team's own runner serves its own).
///
///     let server = LanguageServer(loader: loader)
///     let status = server.serve(reader: MessageReader(fileDescriptor: 0), writer: MessageWriter(fileDescriptor: 1))
///
/// ``serve(reader:writer:)`` reads messages on a thread of its own and
/// answers them on the caller's, one at a time; a `$/cancelRequest` that
/// arrives before its request is answered drops it (`RequestCancelled`),
/// and the checks of a document being typed wait until the typing pauses
/// (``Configuration/debounce``). ``handle(_:)`` answers one message on the
/// caller's thread, for tests.
public final class LanguageServer {
    /// How the server behaves.
    public struct Configuration: Sendable {
        /// How long a document must be left unchanged before it is checked.
        public var debounce: Duration = .milliseconds(25)
        /// The page the diagnostics' codes link to (`codeDescription`),
        /// with the code's anchor appended; `nil` links nothing. By default
        /// the package's docs/SceneFormat.md, when it is on this machine.
        public var documentation: String? = LanguageServer.packageDocumentation
        /// The name the server gives the client, and diagnostics their `source`.
        public var name = "scene-runner"

        /// The defaults.
        public init() {}
    }

    /// Says which diagnostics a scene's model has: the model's own, by
    /// default; the command line's `check` adds where its views are.
    public typealias Checker = (SceneModel, SceneLoader) -> [Diagnostic]

    let loader: SceneLoader
    let checker: Checker
    let configuration: Configuration
    /// The open documents, by URI.
    var documents: [String: OpenDocument] = [:]
    /// How positions' columns are counted, as negotiated.
    var encoding = PositionEncoding.utf16
    var phase = Phase.starting
    /// When each document that changed is due to be checked, by URI.
    var dueChecks: [String: ContinuousClock.Instant] = [:]
    /// The URIs whose diagnostics were published non-empty, to clear them.
    var published: Set<String> = []

    enum Phase {
        case starting, running, shutDown, exited
    }

    /// A server over `loader`'s types; `checker` says what a document's
    /// diagnostics are.
    public init(
        loader: SceneLoader, configuration: Configuration = Configuration(),
        checker: @escaping Checker = { model, _ in model.diagnostics }
    ) {
        var loader = loader
        // Documents are checked one at a time on the serving thread.
        loader.pipelining = .off
        self.loader = loader
        self.checker = checker
        self.configuration = configuration
    }

    /// Whether `exit` came after `shutdown`: the exit status's meaning.
    public var exitedCleanly: Bool { phase == .exited && sawShutdown }
    var sawShutdown = false

    /// Answers `message`: the responses and notifications to send, in order.
    package func handle(_ message: IncomingMessage) -> [JSONValue] {
        switch message {
        case .response: return []
        case .notification(let method, let params): return notify(method, params)
        case .request(let id, let method, let params):
            switch respond(method, params) {
            case .success(let result): return [OutgoingMessage.response(id, result: result)]
            case .failure(let error): return [OutgoingMessage.response(id, error: error)]
            }
        }
    }

    /// The answer to request `method`.
    func respond(_ method: String, _ params: JSONValue) -> Result<JSONValue, ResponseError> {
        switch phase {
        case .starting where method != "initialize":
            return .failure(.init(.serverNotInitialized, "the server has not been initialized"))
        case .shutDown, .exited:
            return .failure(.init(.invalidRequest, "the server is shut down; only 'exit' is taken"))
        case .running where method == "initialize":
            return .failure(.init(.invalidRequest, "the server is initialized already"))
        default: break
        }
        do throws(ResponseError) {
            switch method {
            case "initialize": return .success(try initialize(params))
            case "shutdown":
                phase = .shutDown
                sawShutdown = true
                return .success(.null)
            case "textDocument/completion": return .success(try completion(params))
            case "textDocument/hover": return .success(try hover(params))
            case "textDocument/definition": return .success(try definition(params))
            case "textDocument/references": return .success(try references(params))
            case "textDocument/documentSymbol": return .success(try documentSymbols(params))
            case "textDocument/prepareRename": return .success(try prepareRename(params))
            case "textDocument/rename": return .success(try rename(params))
            case "textDocument/codeAction": return .success(try codeActions(params))
            default: throw ResponseError(.methodNotFound, "the server has no method '\(method)'")
            }
        } catch {
            return .failure(error)
        }
    }

    /// What notification `method` leads to.
    func notify(_ method: String, _ params: JSONValue) -> [JSONValue] {
        if method == "exit" {
            phase = .exited
            return []
        }
        guard phase == .running else { return [] }
        switch method {
        case "textDocument/didOpen": return didOpen(params)
        case "textDocument/didChange": return didChange(params)
        case "textDocument/didClose": return didClose(params)
        case "textDocument/didSave": return didSave(params)
        default: return []
        }
    }

    /// `initialize`: the encoding agreed and what the server can do.
    func initialize(_ params: JSONValue) throws(ResponseError) -> JSONValue {
        let offered = params["capabilities"]?["general"]?["positionEncodings"]?.arrayValue?.compactMap(\.stringValue)
        encoding = PositionEncoding.negotiated(offered: offered ?? [])
        phase = .running
        let capabilities = JSONValue.fields([
            ("positionEncoding", .string(encoding.rawValue)),
            (
                "textDocumentSync",
                .fields([
                    ("openClose", .bool(true)), ("change", .int(2)),
                    ("save", .fields([("includeText", .bool(false))])),
                ])
            ),
            (
                "completionProvider",
                .fields([("triggerCharacters", .strings([":", " ", ".", "$"])), ("resolveProvider", .bool(false))])
            ),
            ("hoverProvider", .bool(true)),
            ("definitionProvider", .bool(true)),
            ("referencesProvider", .bool(true)),
            ("documentSymbolProvider", .bool(true)),
            ("renameProvider", .fields([("prepareProvider", .bool(true))])),
            ("codeActionProvider", .fields([("codeActionKinds", .strings(["quickfix"]))])),
        ])
        return .fields([
            ("capabilities", capabilities),
            ("serverInfo", .fields([("name", .string(configuration.name))])),
        ])
    }

    /// The diagnostics of every document due to be checked by `now`
    /// (all of them when `now` is `nil`).
    package func checksDue(at now: ContinuousClock.Instant?) -> [JSONValue] {
        let due = dueChecks.filter { entry in now.map { entry.value <= $0 } ?? true }.keys.sorted()
        var messages: [JSONValue] = []
        for uri in due {
            dueChecks[uri] = nil
            messages += publishDiagnostics(uri)
        }
        return messages
    }

    /// The earliest time a check is due, if one is.
    var nextCheck: ContinuousClock.Instant? { dueChecks.values.min() }
}
