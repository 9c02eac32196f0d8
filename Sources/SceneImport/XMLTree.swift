import SceneLoader
import SceneYAML

#if canImport(FoundationXML)
    import Foundation
    import FoundationXML
#else
    import Foundation
#endif

/// One element of an XML document as the importer reads it: its name,
/// attributes, children in order, the text directly inside it, and where
/// its start tag is in the file.
package final class IBElement: Sendable {
    /// The element's name (`button`, `rect`).
    package let name: String
    /// Its attributes.
    package let attributes: [String: String]
    /// Its child elements, in document order.
    package let children: [IBElement]
    /// The text directly inside it (kept for `string` elements only).
    package let text: String
    /// Where its start tag (`<`) is.
    package let position: SourcePosition

    init(name: String, attributes: [String: String], children: [IBElement], text: String, position: SourcePosition) {
        self.name = name
        self.attributes = attributes
        self.children = children
        self.text = text
        self.position = position
    }

    /// The attribute `key`, or `nil`.
    package subscript(_ key: String) -> String? { attributes[key] }

    /// The first child named `name` (and with `key="..."` when given).
    package func child(_ name: String, key: String? = nil) -> IBElement? {
        children.first { $0.name == name && (key == nil || $0["key"] == key) }
    }

    /// The children named `name`.
    package func children(named name: String) -> [IBElement] { children.filter { $0.name == name } }
}

/// Limits on the XML an import reads, checked while it is read: a file
/// from anywhere never costs more than these.
package struct XMLLimits: Sendable, Hashable {
    /// The largest file read, in bytes (16 MiB; the largest storyboard of
    /// the sample is 260 KiB).
    package var maxBytes = 16 << 20
    /// The deepest element nesting (Interface Builder's files reach 40).
    package var maxDepth = 256
    /// The most elements in one file.
    package var maxElements = 200_000

    /// The default limits.
    package init() {}
}

/// Reads XML into ``IBElement``s with Foundation's `XMLParser` (libxml2 on
/// Linux): no document type definition is read, no entity is resolved or
/// expanded (a document that declares one is refused before parsing, at
/// the declaration), and the limits are checked as elements arrive, the
/// parser stopped at the first one passed.
package enum XMLTreeReader {
    /// The root element of `bytes`, named `name` in diagnostics.
    ///
    /// - Throws: a ``Diagnostic`` at the XML's line and column: malformed
    ///   XML (`xml-syntax`), a document type or entity declaration
    ///   (`unsupported-document`), a limit passed.
    package static func read(_ bytes: [UInt8], limits: XMLLimits = XMLLimits()) throws(Diagnostic) -> IBElement {
        if bytes.count > limits.maxBytes {
            throw Diagnostic(
                .fileTooLarge, "the file is \(bytes.count) bytes, more than the limit of \(limits.maxBytes)",
                at: SourceSpan(at: .start), hint: "Interface Builder files are far smaller; is this the right file?")
        }
        let lines = LineBreaks.starts(of: bytes)
        if let offset = invalidTextOffset(in: bytes) {
            // Checked here: Foundation's XMLParser traps on text that is not
            // UTF-8 in an element's name or attributes.
            throw Diagnostic(
                .invalidEncoding, "the file is not UTF-8 text here (a byte that is not UTF-8, or a NUL)",
                at: SourceSpan(at: SourcePosition.locate(offset: offset, in: bytes)),
                hint: "Interface Builder writes UTF-8; is this the right file?")
        }
        if let offset = declarationOffset(in: bytes) {
            throw Diagnostic(
                .unsupportedDocument,
                "the file declares a document type or entities, which an Interface Builder file never does",
                at: SourceSpan(at: SourcePosition.locate(offset: offset, in: bytes)),
                hint: "document type definitions and entities are refused, never read or expanded")
        }
        let builder = TreeBuilder(bytes: bytes, lines: lines, limits: limits)
        let parser = XMLParser(data: Data(bytes))
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        parser.shouldReportNamespacePrefixes = false
        parser.delegate = builder
        builder.parser = parser
        let parsed = parser.parse()
        builder.parser = nil
        if let failure = builder.failure { throw failure }
        guard parsed, let root = builder.root else {
            let position = builder.position(line: parser.lineNumber, column: parser.columnNumber)
            let code = parser.parserError.map { ($0 as NSError).code }
            let reason = code.map { code in "XMLParser error \(code)" + (errorNames[code].map { ": " + $0 } ?? "") }
            throw Diagnostic(
                .xmlSyntax, "the XML is malformed here (\(reason ?? "XMLParser stopped"))",
                at: SourceSpan(at: position),
                hint: "open the file in Xcode, or check that it is a whole .storyboard or .xib")
        }
        return root
    }

    /// What XMLParser's commonest error codes (libxml2's numbers) mean.
    static let errorNames: [Int: String] = [
        4: "the document is empty", 5: "extra content at the end of the document", 9: "a character XML does not allow",
        26: "an entity that is not declared", 41: "an attribute without a value", 73: "'>' expected",
        76: "an end tag that does not match its start tag", 77: "the file ends inside a tag",
    ]

    /// The offset of the first byte that is not valid UTF-8, or of the
    /// first NUL, or `nil`.
    static func invalidTextOffset(in bytes: [UInt8]) -> Int? {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar.value == 0 { return offset }
                offset += UTF8.width(scalar)
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    /// The offset of the first `<!DOCTYPE` or `<!ENTITY`, or `nil`.
    static func declarationOffset(in bytes: [UInt8]) -> Int? {
        let patterns: [[UInt8]] = [Array("<!DOCTYPE".utf8), Array("<!ENTITY".utf8)]
        var index = 0
        while index + 2 < bytes.count {
            if bytes[index] == UInt8(ascii: "<") && bytes[index + 1] == UInt8(ascii: "!") {
                for pattern in patterns where bytes[index...].starts(with: pattern) { return index }
            }
            index += 1
        }
        return nil
    }
}

/// The parser's delegate: builds the tree, checks the limits.
private final class TreeBuilder: NSObject, XMLParserDelegate {
    private struct Open {
        var name: String
        var attributes: [String: String]
        var children: [IBElement] = []
        var text = ""
        var position: SourcePosition
    }

    let bytes: [UInt8]
    let lines: [UInt32]
    let limits: XMLLimits
    weak var parser: XMLParser?
    private var stack: [Open] = []
    private var elements = 0
    private(set) var root: IBElement?
    private(set) var failure: Diagnostic?

    init(bytes: [UInt8], lines: [UInt32], limits: XMLLimits) {
        self.bytes = bytes
        self.lines = lines
        self.limits = limits
    }

    /// The position of the parser's 1-based `line` and `column` (a byte
    /// column, as libxml2 counts), clamped to the file.
    func position(line: Int, column: Int) -> SourcePosition {
        let lineIndex = min(max(line, 1), lines.count) - 1
        let start = Int(lines[lineIndex])
        let end = lineIndex + 1 < lines.count ? Int(lines[lineIndex + 1]) : bytes.count
        return position(offset: min(max(start, start + column - 1), end), lineIndex: lineIndex)
    }

    /// The last position computed: the next one is counted from it when
    /// it is on the same line, so that a file of one long line costs the
    /// distance between elements, not the line's length, for each.
    private var last = SourcePosition(line: 1, column: 1, offset: 0)

    /// The position of byte `offset`, on the line at `lineIndex` or one
    /// before it.
    private func position(offset: Int, lineIndex: Int) -> SourcePosition {
        var index = lineIndex
        while index > 0 && Int(lines[index]) > offset { index -= 1 }
        let start = min(Int(lines[index]), bytes.count)
        let end = min(max(offset, start), bytes.count)
        var column = 1
        if last.line == index + 1 && last.offset >= start {
            if end >= last.offset {
                column = last.column
                for byte in bytes[last.offset..<end] where byte & 0xC0 != 0x80 { column += 1 }
            } else {
                column = last.column
                for byte in bytes[end..<last.offset] where byte & 0xC0 != 0x80 { column -= 1 }
            }
        } else {
            for byte in bytes[start..<end] where byte & 0xC0 != 0x80 { column += 1 }
        }
        let result = SourcePosition(line: index + 1, column: column, offset: end)
        last = result
        return result
    }

    /// Where the start tag `<name` that ends near the parser's position
    /// begins: searched back at most 64 KiB.
    private func startTag(_ name: String, line: Int, column: Int) -> SourcePosition {
        let lineIndex = min(max(line, 1), lines.count) - 1
        let near = position(line: line, column: column).offset
        let pattern = [UInt8(ascii: "<")] + Array(name.utf8)
        var index = min(near, bytes.count - 1)
        let lowest = max(0, near - (64 << 10))
        while index >= lowest {
            if bytes[index] == UInt8(ascii: "<"), bytes[index...].starts(with: pattern) {
                return position(offset: index, lineIndex: lineIndex)
            }
            index -= 1
        }
        return position(line: line, column: 1)
    }

    private func stop(_ diagnostic: Diagnostic) {
        if failure == nil { failure = diagnostic }
        parser?.abortParsing()
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
        attributes attributeDict: [String: String] = [:]
    ) {
        guard failure == nil else { return }
        elements += 1
        let here = startTag(elementName, line: parser.lineNumber, column: parser.columnNumber)
        if elements > limits.maxElements {
            return stop(
                Diagnostic(
                    .fileTooLarge, "the file has more than \(limits.maxElements) elements", at: SourceSpan(at: here),
                    hint: "split the storyboard; the import stops at this limit"))
        }
        if stack.count >= limits.maxDepth {
            return stop(
                Diagnostic(
                    .nestingTooDeep, "elements are nested more than \(limits.maxDepth) deep",
                    at: SourceSpan(at: here), hint: "Interface Builder files nest far less; is this the right file?"))
        }
        stack.append(Open(name: elementName, attributes: attributeDict, position: here))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard failure == nil, let last = stack.indices.last else { return }
        let name = stack[last].name
        guard name == "string" || name == "mutableString" else { return }
        stack[last].text += string
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
    ) {
        guard failure == nil, let open = stack.popLast() else { return }
        let node = IBElement(
            name: open.name, attributes: open.attributes, children: open.children, text: open.text,
            position: open.position)
        if let last = stack.indices.last {
            stack[last].children.append(node)
        } else {
            root = node
        }
    }

    func parser(_ parser: XMLParser, resolveExternalEntityName name: String, systemID: String?) -> Data? {
        // Never reached with shouldResolveExternalEntities off; refused all the same.
        stop(
            Diagnostic(
                .unsupportedDocument, "the file refers to an external entity '\(name)'",
                at: SourceSpan(at: position(line: parser.lineNumber, column: parser.columnNumber)),
                hint: "external entities are never read"))
        return nil
    }
}
