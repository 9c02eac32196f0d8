import LanguageServerProtocol
import SceneLoader
import SceneOutput
import SceneYAML

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Publishing a document's diagnostics.
extension LanguageServer {
    /// `textDocument/publishDiagnostics` for the open document `uri`: the
    /// checker's diagnostics of its current text, with its version. A
    /// diagnostic inside a component the document includes is shown at
    /// the `include:` that leads there, its place in the component as
    /// related information.
    func publishDiagnostics(_ uri: String) -> [JSONValue] {
        guard let document = documents[uri] else { return [] }
        let model = model(of: document)
        let diagnostics = checker(model, loaderWithUnsavedFiles)
        let converted = diagnostics.map { lspDiagnostic($0, in: document, model: model) }
        if converted.isEmpty { published.remove(uri) } else { published.insert(uri) }
        return [Self.diagnosticsNotification(uri: uri, version: document.version, converted)]
    }

    static func diagnosticsNotification(uri: String, version: Int?, _ diagnostics: [JSONValue]) -> JSONValue {
        OutgoingMessage.notification(
            "textDocument/publishDiagnostics",
            .fields([
                ("uri", .string(uri)), ("version", version.map(JSONValue.int)), ("diagnostics", .array(diagnostics)),
            ]))
    }

    /// `diagnostic` as the protocol has it, in `document`.
    func lspDiagnostic(_ diagnostic: Diagnostic, in document: OpenDocument, model: SceneModel) -> JSONValue {
        var range = self.range(diagnostic.span, in: document.lines)
        var message = diagnostic.message
        var related: [JSONValue] = []
        if let component = diagnostic.file {
            // In a component: at the include in this document.
            let lines = LineIndex(component.bytes)
            let componentURI = Self.uri(ofFile: component.name, relativeTo: document.path)
            related.append(
                Self.relatedInformation(
                    uri: componentURI, range: self.range(diagnostic.span, in: lines), message: diagnostic.message))
            if let include = diagnostic.includedFrom.last {
                let start = include.position.offset
                range = self.range(start..<start, in: document.lines)
            }
            message = "in \(component.name):\(diagnostic.span.start.line):\(diagnostic.span.start.column): " + message
            for note in diagnostic.notes {
                let offset = note.position.offset
                related.append(
                    Self.relatedInformation(
                        uri: componentURI, range: self.range(offset..<offset, in: lines), message: note.message))
            }
        } else {
            for note in diagnostic.notes {
                let offset = note.position.offset
                related.append(
                    Self.relatedInformation(
                        uri: document.uri, range: self.range(offset..<offset, in: document.lines), message: note.message
                    ))
            }
        }
        if let hint = diagnostic.hint { message += "\nhelp: " + hint }
        return .fields([
            ("range", range),
            ("severity", .int(diagnostic.severity == .error ? 1 : 2)),
            ("code", .string(diagnostic.code.rawValue)),
            ("codeDescription", configuration.documentation.map { .fields([("href", .string($0 + "#diagnostics"))]) }),
            ("source", .string(configuration.name)),
            ("message", .string(message)),
            ("relatedInformation", related.isEmpty ? nil : .array(related)),
            // The hint, for quick fixes, when the fix is in this document.
            ("data", diagnostic.file == nil ? diagnostic.hint.map { .fields([("hint", .string($0))]) } : nil),
        ])
    }

    static func relatedInformation(uri: String, range: JSONValue, message: String) -> JSONValue {
        .fields([("location", .fields([("uri", .string(uri)), ("range", range)])), ("message", .string(message))])
    }

    /// The protocol range of `span` in `lines`.
    func range(_ span: SourceSpan, in lines: LineIndex) -> JSONValue {
        range(span.start.offset..<max(span.start.offset, span.end.offset), in: lines)
    }

    /// The protocol range of byte offsets `offsets` in `lines`.
    func range(_ offsets: Range<Int>, in lines: LineIndex) -> JSONValue {
        .fields([
            ("start", Self.json(lines.position(ofOffset: offsets.lowerBound, in: encoding))),
            ("end", Self.json(lines.position(ofOffset: offsets.upperBound, in: encoding))),
        ])
    }

    static func json(_ position: LinePosition) -> JSONValue {
        .fields([("line", .int(position.line)), ("character", .int(position.character))])
    }

    /// The URI of the file a diagnostic or element names: its path, made
    /// absolute from the folder of `base` when it is relative.
    static func uri(ofFile name: String, relativeTo base: String) -> String {
        if name.hasPrefix("/") { return DocumentURI.uri(ofPath: name) }
        guard let slash = base.lastIndex(of: "/") else { return DocumentURI.uri(ofPath: name) }
        return DocumentURI.uri(ofPath: SceneLoader.normalizedPath(String(base[...slash]) + name))
    }

    /// docs/SceneFormat.md of the package the server was built from, as a
    /// `file:` URI, when it is on this machine.
    public static var packageDocumentation: String? {
        // This file is Sources/SceneLanguageServer/<name>: three levels below the package.
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count > 3, parts[parts.count - 2] == "SceneLanguageServer" else { return nil }
        parts.removeLast(3)
        let path = parts.joined(separator: "/") + "/docs/SceneFormat.md"
        guard access(path, R_OK) == 0 else { return nil }
        return DocumentURI.uri(ofPath: path)
    }
}
