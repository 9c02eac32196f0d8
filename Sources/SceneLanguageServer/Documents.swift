import LanguageServerProtocol
import SceneCore
import SceneLoader
import SceneOutput

/// A document the editor has open: its text as the editor holds it, and
/// the model of that text, made when first asked for.
final class OpenDocument {
    let uri: String
    /// The file's path, which its includes are relative to.
    let path: String
    var version: Int
    private(set) var lines: LineIndex
    /// The model of ``lines``' text, made when a request or a check needs it.
    var cachedModel: SceneModel?

    init(uri: String, path: String, version: Int, text: [UInt8]) {
        self.uri = uri
        self.path = path
        self.version = version
        lines = LineIndex(text)
    }

    var text: [UInt8] { lines.bytes }

    /// Replaces the text.
    func replace(with text: [UInt8]) {
        lines = LineIndex(text)
        cachedModel = nil
    }

    /// Replaces the part of the text between `start` and `end` with `text`.
    func edit(from start: LinePosition, to end: LinePosition, with text: [UInt8], encoding: PositionEncoding) {
        let lower = lines.offset(of: start, in: encoding)
        let upper = max(lower, lines.offset(of: end, in: encoding))
        var bytes = lines.bytes
        bytes.replaceSubrange(lower..<upper, with: text)
        replace(with: bytes)
    }
}

/// Documents and their URIs.
enum DocumentURI {
    /// The path of a `file:` URI, percent escapes decoded; `nil` for other schemes.
    static func path(of uri: String) -> String? {
        guard uri.hasPrefix("file://") else { return nil }
        var rest = uri.dropFirst("file://".count)
        // `file://host/path`: only the local host is read.
        if !rest.hasPrefix("/") {
            guard let slash = rest.firstIndex(of: "/") else { return nil }
            rest = rest[slash...]
        }
        var bytes: [UInt8] = []
        var iterator = Array(rest.utf8).makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The `file:` URI of `path` (absolute), escaping what a URI cannot hold.
    static func uri(ofPath path: String) -> String {
        var result = "file://"
        for byte in path.utf8 {
            let isPlain =
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || "/-._~".utf8.contains(byte)
            if isPlain {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = Array("0123456789ABCDEF".utf8)
                result += "%" + String(decoding: [hex[Int(byte >> 4)], hex[Int(byte & 15)]], as: UTF8.self)
            }
        }
        return result
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

/// Opening, changing and closing documents.
extension LanguageServer {
    /// The document `params` names (`textDocument.uri`), open or refused.
    func document(_ params: JSONValue) throws(ResponseError) -> OpenDocument {
        guard let uri = params["textDocument"]?["uri"]?.stringValue else {
            throw ResponseError(.invalidParams, "the request names no textDocument.uri")
        }
        guard let document = documents[uri] else {
            throw ResponseError(.invalidParams, "the document \(uri) is not open")
        }
        return document
    }

    /// The position `params` gives (`position`), as a byte offset in `document`.
    func offset(_ params: JSONValue, in document: OpenDocument) throws(ResponseError) -> Int {
        guard let position = Self.position(params["position"]) else {
            throw ResponseError(.invalidParams, "the request gives no position")
        }
        return document.lines.offset(of: position, in: encoding)
    }

    /// What `model` says is at byte `offset` of `document` (its lines are
    /// 1-based, its columns counted in Unicode scalars).
    func element(atOffset offset: Int, in document: OpenDocument, _ model: SceneModel) -> SceneModel.Element? {
        let position = document.lines.position(ofOffset: offset, in: .utf32)
        return model.element(atLine: position.line + 1, column: position.character + 1)
    }

    /// The model of `document`'s text, with the unsaved text of the other open documents.
    func model(of document: OpenDocument) -> SceneModel {
        if let model = document.cachedModel { return model }
        let model = loaderWithUnsavedFiles.model(of: SceneSource(name: document.path, bytes: document.text))
        document.cachedModel = model
        return model
    }

    /// The loader, reading the open documents' texts instead of their files.
    var loaderWithUnsavedFiles: SceneLoader {
        var loader = loader
        for document in documents.values {
            loader.unsavedFiles[SceneLoader.normalizedPath(document.path)] = document.text
        }
        return loader
    }

    func didOpen(_ params: JSONValue) -> [JSONValue] {
        guard let item = params["textDocument"], let uri = item["uri"]?.stringValue,
            let text = item["text"]?.stringValue
        else { return [] }
        let path = DocumentURI.path(of: uri) ?? uri
        documents[uri] = OpenDocument(
            uri: uri, path: path, version: item["version"]?.intValue ?? 0, text: Array(text.utf8))
        changed(uri)
        return []
    }

    func didChange(_ params: JSONValue) -> [JSONValue] {
        guard let uri = params["textDocument"]?["uri"]?.stringValue, let document = documents[uri],
            let changes = params["contentChanges"]?.arrayValue
        else { return [] }
        if let version = params["textDocument"]?["version"]?.intValue { document.version = version }
        for change in changes {
            guard let text = change["text"]?.stringValue else { continue }
            if let range = change["range"], let start = Self.position(range["start"]),
                let end = Self.position(range["end"])
            {
                document.edit(from: start, to: end, with: Array(text.utf8), encoding: encoding)
            } else {
                document.replace(with: Array(text.utf8))
            }
        }
        changed(uri)
        return []
    }

    func didClose(_ params: JSONValue) -> [JSONValue] {
        guard let uri = params["textDocument"]?["uri"]?.stringValue, documents.removeValue(forKey: uri) != nil else {
            return []
        }
        dueChecks[uri] = nil
        // The scenes that include it read it from disk again.
        changed(uri, checkingItself: false)
        guard published.remove(uri) != nil else { return [] }
        return [Self.diagnosticsNotification(uri: uri, version: nil, [])]
    }

    func didSave(_ params: JSONValue) -> [JSONValue] {
        guard let uri = params["textDocument"]?["uri"]?.stringValue, documents[uri] != nil else { return [] }
        changed(uri)
        return []
    }

    /// Schedules checks of `uri` and of the open documents that include it.
    func changed(_ uri: String, checkingItself: Bool = true) {
        let due = ContinuousClock.now + configuration.debounce
        if checkingItself { dueChecks[uri] = due }
        let path = DocumentURI.path(of: uri).map(SceneLoader.normalizedPath)
        for other in documents.values where other.uri != uri {
            guard let model = other.cachedModel else { continue }
            let includes = model.includedFiles.contains { SceneLoader.normalizedPath($0) == path }
            if includes {
                other.cachedModel = nil
                dueChecks[other.uri] = due
            }
        }
    }

    /// A protocol position, if `value` is one.
    static func position(_ value: JSONValue?) -> LinePosition? {
        guard let line = value?["line"]?.intValue, let character = value?["character"]?.intValue, line >= 0,
            character >= 0
        else { return nil }
        return LinePosition(line: line, character: character)
    }
}
