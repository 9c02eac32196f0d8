import SceneOutput

/// A JSON-RPC 2.0 request's id: a number or a string.
public enum RequestID: Hashable, Sendable {
    case number(Int)
    case string(String)

    /// The id as JSON.
    package var json: JSONValue {
        switch self {
        case .number(let value): .int(value)
        case .string(let text): .string(text)
        }
    }

    /// The id `value` is, if it is one.
    package init?(_ value: JSONValue?) {
        switch value {
        case .string(let text)?: self = .string(text)
        case let value? where value.intValue != nil: self = .number(value.intValue ?? 0)
        default: return nil
        }
    }
}

/// A JSON-RPC 2.0 error code, with the Language Server Protocol's own.
public struct ResponseErrorCode: RawRepresentable, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The message is not JSON.
    public static let parseError = Self(rawValue: -32700)
    /// The JSON is not a request or notification.
    public static let invalidRequest = Self(rawValue: -32600)
    /// No such method.
    public static let methodNotFound = Self(rawValue: -32601)
    /// The parameters do not fit the method.
    public static let invalidParams = Self(rawValue: -32602)
    /// The server failed.
    public static let internalError = Self(rawValue: -32603)
    /// A request before `initialize`.
    public static let serverNotInitialized = Self(rawValue: -32002)
    /// The client cancelled the request.
    public static let requestCancelled = Self(rawValue: -32800)
    /// The document changed, so the answer would be stale.
    public static let contentModified = Self(rawValue: -32801)
    /// A request the server refuses to carry out (a rename to an id that exists).
    public static let requestFailed = Self(rawValue: -32803)
}

/// A message's failure to be answered: its code and what went wrong.
public struct ResponseError: Error, Hashable, Sendable {
    /// The kind of failure.
    public let code: ResponseErrorCode
    /// What went wrong, for the editor to show.
    public let message: String

    /// Creates an error.
    public init(_ code: ResponseErrorCode, _ message: String) {
        self.code = code
        self.message = message
    }
}

/// One JSON-RPC 2.0 message, as a server receives it.
package enum IncomingMessage: Sendable {
    /// A request, to answer.
    case request(id: RequestID, method: String, params: JSONValue)
    /// A notification, not answered.
    case notification(method: String, params: JSONValue)
    /// A response to a request the server sent.
    case response(id: RequestID?)

    /// The message `content` holds, or the error to answer it with (with
    /// the request's id when it has one).
    package static func read(_ content: [UInt8]) -> Result<IncomingMessage, IncomingMessageError> {
        let value: JSONValue
        do throws(JSONSyntaxError) {
            value = try JSONValue(parsing: content)
        } catch {
            return .failure(
                IncomingMessageError(
                    id: nil,
                    error: .init(.parseError, "the message is not JSON: \(error.reason) at byte \(error.offset)")))
        }
        guard case .object = value else {
            return .failure(.init(id: nil, error: .init(.invalidRequest, "a message must be a JSON object")))
        }
        let id = RequestID(value["id"])
        guard let method = value["method"]?.stringValue else {
            if value["result"] != nil || value["error"] != nil { return .success(.response(id: id)) }
            return .failure(.init(id: id, error: .init(.invalidRequest, "a request must name its method")))
        }
        let params = value["params"] ?? .null
        if let id { return .success(.request(id: id, method: method, params: params)) }
        if let given = value["id"], !given.isNull {
            return .failure(
                .init(id: nil, error: .init(.invalidRequest, "a request's id must be a number or a string")))
        }
        return .success(.notification(method: method, params: params))
    }
}

/// A message that could not be read, and the error to answer it with.
package struct IncomingMessageError: Error, Sendable {
    /// The request's id, when it could be read.
    package let id: RequestID?
    /// The error.
    package let error: ResponseError

    package init(id: RequestID?, error: ResponseError) {
        self.id = id
        self.error = error
    }
}

/// The messages a server sends.
package enum OutgoingMessage {
    /// The answer to request `id`.
    package static func response(_ id: RequestID?, result: JSONValue) -> JSONValue {
        .fields([("jsonrpc", .string("2.0")), ("id", id?.json ?? .null), ("result", result)])
    }

    /// The error answering request `id`.
    package static func response(_ id: RequestID?, error: ResponseError) -> JSONValue {
        .fields([
            ("jsonrpc", .string("2.0")), ("id", id?.json ?? .null),
            ("error", .fields([("code", .int(error.code.rawValue)), ("message", .string(error.message))])),
        ])
    }

    /// A notification.
    package static func notification(_ method: String, _ params: JSONValue) -> JSONValue {
        .fields([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)])
    }
}
