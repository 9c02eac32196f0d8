import SceneLoader
import SceneYAML

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
    /// The text directly inside it, CDATA sections included (kept for
    /// `string` and `mutableString` elements only).
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
    /// The most attributes on one element (Interface Builder's files have
    /// at most 15).
    package var maxAttributes = 256
    /// The longest attribute value, name, or text of one element, in bytes
    /// (1 MiB; the longest value of the sample is 89 bytes).
    package var maxValueBytes = 1 << 20

    /// The default limits.
    package init() {}
}

/// Reads XML into ``IBElement``s with ``XMLReader``, a reader of XML 1.0
/// of the package's own that refuses what XML refuses, each mistake at its
/// line and column: no document type definition is read and no entity but
/// XML's five is known (a document that declares either is refused at the
/// declaration), and the limits are checked as the file is read.
package enum XMLTreeReader {
    /// The root element of `bytes`.
    ///
    /// - Throws: a ``Diagnostic`` at the XML's line and column: text that
    ///   is not UTF-8 (`invalid-encoding`), malformed XML (`xml-syntax`), a
    ///   document type or entity declaration (`unsupported-document`), a
    ///   limit passed.
    /// - Complexity: O(*n*) in the length of `bytes`.
    package static func read(_ bytes: [UInt8], limits: XMLLimits = XMLLimits()) throws(Diagnostic) -> IBElement {
        if bytes.count > limits.maxBytes {
            throw Diagnostic(
                .fileTooLarge, "the file is \(bytes.count) bytes, more than the limit of \(limits.maxBytes)",
                at: SourceSpan(at: .start), hint: "Interface Builder files are far smaller; is this the right file?")
        }
        switch firstInvalidCharacter(in: bytes) {
        case nil: break
        case .notUTF8(let offset):
            throw Diagnostic(
                .invalidEncoding, "the file is not UTF-8 text here (a byte that is not UTF-8, or a NUL)",
                at: SourceSpan(at: SourcePosition.locate(offset: offset, in: bytes)),
                hint: "Interface Builder writes UTF-8; is this the right file?")
        case .notXML(let offset, let scalar):
            throw Diagnostic(
                .xmlSyntax, "malformed XML: a character XML does not allow (U+\(XMLReader.hex(scalar.value)))",
                at: SourceSpan(at: SourcePosition.locate(offset: offset, in: bytes)),
                hint: "XML text holds no control character but tab and line breaks; is this the right file?")
        }
        var reader = XMLReader(bytes: bytes, limits: limits)
        return try reader.document()
    }

    /// A character that cannot be in the file.
    enum InvalidCharacter: Equatable {
        /// A byte that is not UTF-8, or a NUL, at an offset.
        case notUTF8(Int)
        /// A character XML 1.0 does not allow (a control character other
        /// than tab, line feed and carriage return; U+FFFE, U+FFFF).
        case notXML(Int, Unicode.Scalar)
    }

    /// The first byte that is not UTF-8 or is a NUL, or the first
    /// character XML does not allow, or `nil`.
    static func firstInvalidCharacter(in bytes: [UInt8]) -> InvalidCharacter? {
        var offset = 0
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte >= 0x20 && byte < 0x80 {
                offset += 1
                continue
            }
            if byte < 0x20 {
                switch byte {
                case 0: return .notUTF8(offset)
                case 0x09, 0x0A, 0x0D: offset += 1
                default: return .notXML(offset, Unicode.Scalar(byte))
                }
                continue
            }
            var decoder = UTF8()
            var iterator = bytes[offset...].makeIterator()
            guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return .notUTF8(offset) }
            if scalar.value == 0xFFFE || scalar.value == 0xFFFF { return .notXML(offset, scalar) }
            offset += UTF8.width(scalar)
        }
        return nil
    }
}

/// The line and column of byte offsets, found by counting forward from the
/// last one asked for: the offsets of a reading, which only grow, cost the
/// distance between them, so that a file of one long line costs its length
/// once, not once per element.
struct PositionCursor {
    private let bytes: [UInt8]
    /// Where each line starts (``LineBreaks/starts(of:)``).
    private let lines: [UInt32]
    private var line = 0
    private var offset: Int
    private var column = 1

    init(bytes: [UInt8]) {
        self.bytes = bytes
        lines = LineBreaks.starts(of: bytes)
        offset = Int(lines.first ?? 0)
    }

    /// The position of byte `target` (clamped to the file).
    mutating func position(of target: Int) -> SourcePosition {
        let target = min(max(target, 0), bytes.count)
        if target < offset {
            // Back to the start of the line that holds it (a rare look back).
            var low = 0
            var high = lines.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if Int(lines[middle]) <= target { low = middle } else { high = middle - 1 }
            }
            line = low
            offset = min(Int(lines[low]), target)
            column = 1
        }
        while line + 1 < lines.count, Int(lines[line + 1]) <= target {
            line += 1
            offset = Int(lines[line])
            column = 1
        }
        for byte in bytes[offset..<target] where byte & 0xC0 != 0x80 { column += 1 }
        offset = target
        return SourcePosition(line: line + 1, column: column, offset: target)
    }
}
