/// How the columns of positions are counted: the Language Server
/// Protocol's `positionEncoding`, negotiated at `initialize`.
public enum PositionEncoding: String, Sendable, CaseIterable {
    /// UTF-8 bytes.
    case utf8 = "utf-8"
    /// UTF-16 code units, the protocol's default.
    case utf16 = "utf-16"
    /// Unicode scalars.
    case utf32 = "utf-32"

    /// The encoding a server takes from what the client offers: UTF-8
    /// when it is offered (a scene's positions are byte offsets), else
    /// UTF-16, which every client supports.
    public static func negotiated(offered: [String]) -> PositionEncoding {
        offered.contains(PositionEncoding.utf8.rawValue) ? .utf8 : .utf16
    }

    /// How many code units `scalar` is in this encoding.
    func width(of scalar: Unicode.Scalar) -> Int {
        switch self {
        case .utf8: UTF8.width(scalar)
        case .utf16: UTF16.width(scalar)
        case .utf32: 1
        }
    }
}

/// A position in a document as the protocol writes it: a 0-based line,
/// and a 0-based character counted in the negotiated ``PositionEncoding``.
public struct LinePosition: Hashable, Sendable, Comparable {
    /// The 0-based line.
    public var line: Int
    /// The 0-based column, in the encoding's code units.
    public var character: Int

    /// Creates a position.
    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    public static func < (lhs: LinePosition, rhs: LinePosition) -> Bool {
        (lhs.line, lhs.character) < (rhs.line, rhs.character)
    }
}

/// Where each line of a text starts, to turn byte offsets into protocol
/// positions and back. Lines end at `\n`, `\r\n` or `\r`, as both YAML
/// and the protocol count them; bytes that are not UTF-8 count as one
/// character each (U+FFFD, as editors show them).
///
///     let index = LineIndex(Array("a: 😀x\n".utf8))
///     index.position(ofOffset: 7, in: .utf16)   // line 0, character 5
///
/// - Complexity: made in O(n); each conversion O(log lines + line length).
public struct LineIndex: Sendable {
    /// The text.
    public let bytes: [UInt8]
    /// The byte offset where each line starts (the first is 0).
    private let starts: [Int]

    /// The index of `bytes`.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == 0x0D, index < bytes.count, bytes[index] == 0x0A { index += 1 }
            if byte == 0x0A || byte == 0x0D { starts.append(index) }
        }
        self.starts = starts
    }

    /// How many lines the text has (a text that ends with a line break has an empty last line).
    public var lineCount: Int { starts.count }

    /// The byte range of line `line` without its line break (empty past the end).
    public func lineRange(_ line: Int) -> Range<Int> {
        guard starts.indices.contains(line) else { return bytes.count..<bytes.count }
        var end = line + 1 < starts.count ? starts[line + 1] : bytes.count
        if end > starts[line], bytes[end - 1] == 0x0A { end -= 1 }
        if end > starts[line], bytes[end - 1] == 0x0D { end -= 1 }
        return starts[line]..<end
    }

    /// The protocol position of byte `offset` (clamped to the text; an
    /// offset inside a character is that character's start).
    public func position(ofOffset offset: Int, in encoding: PositionEncoding) -> LinePosition {
        let offset = min(max(offset, 0), bytes.count)
        // The last line starting at or before the offset.
        var (low, high) = (0, starts.count - 1)
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        let range = lineRange(low)
        var character = 0
        walk(range) { _, scalarEnd, scalar in
            guard scalarEnd <= offset else { return false }
            character += encoding.width(of: scalar)
            return true
        }
        return LinePosition(line: low, character: character)
    }

    /// The byte offset of `position`: past the last line, the text's end;
    /// past a line's end, its end; inside a character (half a surrogate
    /// pair), that character's end.
    public func offset(of position: LinePosition, in encoding: PositionEncoding) -> Int {
        guard position.line >= 0 else { return 0 }
        guard position.line < starts.count else { return bytes.count }
        let range = lineRange(position.line)
        var counted = 0
        var result = range.upperBound
        walk(range) { scalarStart, _, scalar in
            guard counted < position.character else {
                result = scalarStart
                return false
            }
            counted += encoding.width(of: scalar)
            return true
        }
        return result
    }

    /// Calls `body` with each character's start, end and scalar in
    /// `range`, while it returns true.
    private func walk(_ range: Range<Int>, _ body: (Int, Int, Unicode.Scalar) -> Bool) {
        var index = range.lowerBound
        while index < range.upperBound {
            let (scalar, length) = Self.decode(bytes, at: index, end: range.upperBound)
            guard body(index, index + length, scalar) else { return }
            index += length
        }
    }

    /// The scalar starting at `index` and its length in bytes; a byte
    /// that does not start a valid sequence is U+FFFD, one byte long.
    static func decode(_ bytes: [UInt8], at index: Int, end: Int) -> (Unicode.Scalar, Int) {
        let lead = bytes[index]
        let replacement: (Unicode.Scalar, Int) = ("\u{FFFD}", 1)
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        let length: Int
        var value: UInt32
        switch lead {
        case 0xC2...0xDF: (length, value) = (2, UInt32(lead & 0x1F))
        case 0xE0...0xEF: (length, value) = (3, UInt32(lead & 0x0F))
        case 0xF0...0xF4: (length, value) = (4, UInt32(lead & 0x07))
        default: return replacement
        }
        guard index + length <= end else { return replacement }
        for next in (index + 1)..<(index + length) {
            let byte = bytes[next]
            guard byte & 0xC0 == 0x80 else { return replacement }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { return replacement }
        return (scalar, length)
    }
}
