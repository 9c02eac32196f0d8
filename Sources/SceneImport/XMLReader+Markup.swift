import SceneCore
import SceneLoader
import SceneYAML

/// The small pieces of XML's grammar: names, references, comments,
/// processing instructions, the XML declaration, and the declarations that
/// are refused; and how a mistake is placed and worded.
extension XMLReader {
    // MARK: - Bytes

    /// Whether the bytes at `index` are `text`'s.
    func starts(with text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        return text.withUTF8Buffer { prefix in
            var offset = 0
            while offset < count {
                if bytes[index + offset] != prefix[offset] { return false }
                offset += 1
            }
            return true
        }
    }

    /// XML's white space: space, tab, line feed, carriage return.
    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// Skips white space; whether there was any.
    @discardableResult
    mutating func skipSpaces() -> Bool {
        let start = index
        while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
        return index > start
    }

    /// The character at `offset` and its length in bytes, or `nil` at the end.
    func scalar(at offset: Int) -> (scalar: Unicode.Scalar, length: Int)? {
        guard offset < bytes.count else { return nil }
        let lead = bytes[offset]
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        guard offset + length <= bytes.count else { return nil }
        var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for next in bytes[(offset + 1)..<(offset + length)] { value = value << 6 | UInt32(next & 0x3F) }
        return Unicode.Scalar(value).map { ($0, length) }
    }

    // MARK: - Names

    /// Whether a name starts at `offset`.
    func isNameStart(at offset: Int) -> Bool {
        scalar(at: offset).map { Self.isNameStartCharacter($0.scalar.value) } ?? false
    }

    /// The name at `index` (which ``isNameStart(at:)``).
    mutating func name() throws(Diagnostic) -> String {
        let start = index
        guard let first = scalar(at: index), Self.isNameStartCharacter(first.scalar.value) else {
            throw error("malformed XML: a name was expected here", at: index, hint: nil)
        }
        index += first.length
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                guard Self.isASCIINameCharacter[Int(byte)] else { break }
                index += 1
            } else {
                guard let next = scalar(at: index), Self.isNameCharacter(next.scalar.value) else { break }
                index += next.length
            }
        }
        if index - start > limits.maxValueBytes {
            throw Diagnostic(
                .fileTooLarge, "a name is longer than \(limits.maxValueBytes) bytes", at: here(start),
                hint: "Interface Builder's names are short; is this the right file?")
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// Whether each ASCII character is a NameChar, by code.
    private static let isASCIINameCharacter: [Bool] = (0..<128).map { isNameCharacter(UInt32($0)) }

    /// XML 1.0's NameStartChar.
    static func isNameStartCharacter(_ value: UInt32) -> Bool {
        switch value {
        case 0x3A, 0x41...0x5A, 0x5F, 0x61...0x7A, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D,
            0x37F...0x1FFF, 0x200C...0x200D, 0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF, 0xF900...0xFDCF,
            0xFDF0...0xFFFD, 0x10000...0xEFFFF:
            true
        default: false
        }
    }

    /// XML 1.0's NameChar.
    static func isNameCharacter(_ value: UInt32) -> Bool {
        switch value {
        case 0x2D, 0x2E, 0x30...0x39, 0xB7, 0x300...0x36F, 0x203F...0x2040: true
        default: isNameStartCharacter(value)
        }
    }

    // MARK: - References

    /// The character the reference at `index` (`&`) stands for: one of
    /// XML's five entities, or a character reference of a character XML
    /// allows.
    mutating func reference() throws(Diagnostic) -> Unicode.Scalar {
        let start = index
        index += 1
        if index < bytes.count, bytes[index] == UInt8(ascii: "#") {
            index += 1
            let isHex = index < bytes.count && bytes[index] == UInt8(ascii: "x")
            if isHex { index += 1 }
            var value: UInt32 = 0
            var digits = 0
            while index < bytes.count, let digit = Self.digit(bytes[index], hex: isHex) {
                value = min(value * (isHex ? 16 : 10) + digit, 0x11_0000)
                digits += 1
                index += 1
            }
            guard digits > 0, index < bytes.count, bytes[index] == UInt8(ascii: ";") else {
                throw error(
                    "malformed XML: '\(excerpt(from: start, to: index + 1))' is not a character reference", at: start,
                    hint: "a character reference is '&#NN;' or '&#xHH;'; write '&amp;' for a '&' in text")
            }
            index += 1
            guard Self.isCharacter(value), let scalar = Unicode.Scalar(value) else {
                throw error(
                    "malformed XML: '\(excerpt(from: start, to: index))' refers to a character XML does not allow",
                    at: start, hint: "XML allows tab, line breaks and printable characters, even as references")
            }
            return scalar
        }
        guard isNameStart(at: index) else {
            throw error(
                "malformed XML: a '&' that starts no reference", at: start, hint: "write '&amp;' for a '&' in text")
        }
        let name = try self.name()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ";") else {
            throw error(
                "malformed XML: the reference '&\(Self.shown(name))' has no ';'", at: start,
                hint: "a reference is written '&name;'; write '&amp;' for a '&' in text")
        }
        index += 1
        switch name {
        case "lt": return "<"
        case "gt": return ">"
        case "amp": return "&"
        case "apos": return "'"
        case "quot": return "\""
        default:
            throw error(
                "malformed XML: '&\(Self.shown(name));' is not one of XML's entities (&lt; &gt; &amp; &apos; &quot;)",
                at: start, hint: "no other entity is read; write the character itself, or '&#NN;'")
        }
    }

    private static func digit(_ byte: UInt8, hex: Bool) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// XML 1.0's Char.
    static func isCharacter(_ value: UInt32) -> Bool {
        switch value {
        case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    // MARK: - Comments, processing instructions, declarations

    /// The comment at `index` (`<!--`), which holds no `--`.
    mutating func comment() throws(Diagnostic) {
        let start = index
        index += 4
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "-"), starts(with: "--") {
                guard starts(with: "-->") else {
                    throw error(
                        "malformed XML: '--' inside a comment, which XML does not allow", at: index,
                        hint: "a comment ends at the first '--', which must be followed by '>'")
                }
                index += 3
                return
            }
            index += 1
        }
        throw unclosed("comment", startedAt: start, closer: "-->")
    }

    /// The processing instruction at `index` (`<?`); a second XML
    /// declaration is refused.
    mutating func processingInstruction() throws(Diagnostic) {
        let start = index
        index += 2
        guard isNameStart(at: index) else {
            throw error(
                "malformed XML: '<?' is not followed by a processing instruction's name", at: start,
                hint: "write '&lt;' for a '<' in text")
        }
        let target = try name()
        if target.lowercased() == "xml" {
            throw error(
                target == "xml"
                    ? "malformed XML: an XML declaration that is not at the very start of the file"
                    : "malformed XML: the processing instruction name '\(target)' is reserved",
                at: start, hint: "'<?xml ...?>' may only be the file's first characters")
        }
        guard starts(with: "?>") || (index < bytes.count && Self.isSpace(bytes[index])) else {
            throw error(
                "malformed XML: the processing instruction's name '\(Self.shown(target))' is followed by '\(excerpt(at: index, scalars: 1))'",
                at: index, hint: "a processing instruction is written <?name text?>")
        }
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "?"), starts(with: "?>") {
                index += 2
                return
            }
            index += 1
        }
        throw unclosed("processing instruction", startedAt: start, closer: "?>")
    }

    /// The XML declaration at the start of the file: `version`, then an
    /// optional `encoding` (UTF-8 only) and `standalone`.
    mutating func xmlDeclaration() throws(Diagnostic) {
        index += 5
        var seen: [String] = []
        let order = ["version", "encoding", "standalone"]
        while true {
            let spaced = skipSpaces()
            if starts(with: "?>") {
                guard seen.first == "version" else { break }
                index += 2
                return
            }
            guard spaced, isNameStart(at: index) else { break }
            let start = index
            let name = try self.name()
            guard let rank = order.firstIndex(of: name), seen.allSatisfy({ order.firstIndex(of: $0) ?? 3 < rank }),
                seen.first == "version" || name == "version"
            else {
                throw error(
                    "malformed XML: the XML declaration has '\(Self.shown(name))' where it takes version, then encoding and standalone",
                    at: start, hint: "Interface Builder writes <?xml version=\"1.0\" encoding=\"UTF-8\"?>")
            }
            skipSpaces()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { break }
            index += 1
            skipSpaces()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                break
            }
            let quote = bytes[index]
            let valueStart = index + 1
            index = valueStart
            while index < bytes.count, bytes[index] != quote, bytes[index] != UInt8(ascii: "<") { index += 1 }
            guard index < bytes.count, bytes[index] == quote else { break }
            let value = String(decoding: bytes[valueStart..<index], as: UTF8.self)
            index += 1
            try check(declared: name, value, at: valueStart)
            seen.append(name)
        }
        throw error(
            "malformed XML: the XML declaration is not written as XML writes it", at: index,
            hint: "Interface Builder writes <?xml version=\"1.0\" encoding=\"UTF-8\"?>")
    }

    private mutating func check(declared name: String, _ value: String, at offset: Int) throws(Diagnostic) {
        switch name {
        case "version":
            let digits = value.utf8.dropFirst(2)
            guard value.hasPrefix("1."), !digits.isEmpty, digits.allSatisfy({ (0x30...0x39).contains($0) }) else {
                throw error(
                    "malformed XML: the XML version '\(Self.shown(value))' is not 1.x", at: offset,
                    hint: "Interface Builder writes version=\"1.0\"")
            }
        case "encoding":
            guard ["utf-8", "utf8"].contains(value.lowercased()) else {
                throw Diagnostic(
                    .invalidEncoding,
                    "the file declares the encoding '\(Self.shown(value))'; import reads UTF-8 files only",
                    at: here(offset), hint: "Interface Builder writes UTF-8; save the file again from Xcode")
            }
        default:
            guard value == "yes" || value == "no" else {
                throw error(
                    "malformed XML: standalone is '\(Self.shown(value))', not yes or no", at: offset, hint: nil)
            }
        }
    }

    /// A `<!` that is no comment or CDATA section: a declaration of a
    /// document type or entity is refused as such, never read; anything
    /// else is malformed.
    mutating func declaration(at offset: Int) -> Diagnostic {
        let word = String(decoding: bytes[(offset + 2)..<min(offset + 10, bytes.count)], as: UTF8.self).uppercased()
        if ["DOCTYPE", "ENTITY", "ELEMENT", "ATTLIST", "NOTATION"].contains(where: { word.hasPrefix($0) }) {
            return Diagnostic(
                .unsupportedDocument,
                "the file declares a document type or entities, which an Interface Builder file never does",
                at: here(offset), hint: "document type definitions and entities are refused, never read or expanded")
        }
        return error(
            "malformed XML: '<!' starts no comment or CDATA section", at: offset,
            hint: "a comment is written <!-- ... -->; write '&lt;' for a '<' in text")
    }

    // MARK: - Mistakes

    /// The span of byte `offset`.
    mutating func here(_ offset: Int) -> SourceSpan { SourceSpan(at: cursor.position(of: offset)) }

    /// An `xml-syntax` error at byte `offset`.
    mutating func error(_ message: String, at offset: Int, hint: String?) -> Diagnostic {
        Diagnostic(.xmlSyntax, message, at: here(offset), hint: hint)
    }

    /// The error for a `construct` (a comment) begun at byte `start` that
    /// the file ends inside, before its `closer` (`-->`).
    mutating func unclosed(_ construct: String, startedAt start: Int, closer: String) -> Diagnostic {
        let position = cursor.position(of: start)
        return error(
            "malformed XML: the file ends inside the \(construct) at \(position)", at: index,
            hint: "a \(construct) ends with '\(closer)'")
    }

    /// The text from `offset` to the end of its line, at most `scalars`
    /// characters, shown on one line.
    func excerpt(at offset: Int, scalars: Int = 24) -> String {
        var end = offset
        var count = 0
        while end < bytes.count, count < scalars, bytes[end] != 0x0A, bytes[end] != 0x0D {
            end += scalar(at: end)?.length ?? 1
            count += 1
        }
        let text = String(decoding: bytes[offset..<min(end, bytes.count)], as: UTF8.self)
        let isCut = scalars > 1 && count == scalars && end < bytes.count && bytes[end] != 0x0A && bytes[end] != 0x0D
        return VisibleText.line(text) + (isCut ? "…" : "")
    }

    /// The bytes from `start` to `end`, shown on one line (at most 24 characters).
    func excerpt(from start: Int, to end: Int) -> String {
        let text = String(decoding: bytes[start..<min(max(end, start), bytes.count)], as: UTF8.self)
        return Self.shown(text)
    }

    /// The name at `offset`, shown.
    func excerptName(at offset: Int) -> String {
        var end = offset
        while let next = scalar(at: end), Self.isNameCharacter(next.scalar.value), end - offset < 4096 {
            end += next.length
        }
        return Self.shown(String(decoding: bytes[offset..<end], as: UTF8.self))
    }

    /// `text` for a message: on one line, at most 64 characters.
    static func shown(_ text: String) -> String {
        let scalars = text.unicodeScalars
        let cut = scalars.count > 64 ? String(String.UnicodeScalarView(scalars.prefix(63))) + "…" : text
        return VisibleText.line(cut)
    }

    /// `value` in upper-case hexadecimal, at least four digits.
    static func hex(_ value: UInt32) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - text.count)) + text
    }
}
