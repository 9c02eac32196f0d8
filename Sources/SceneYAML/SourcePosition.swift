/// A place in a source file: 1-based line and column (counted in Unicode
/// scalars, as an editor shows them) and the 0-based byte offset.
///
///     let start = SourcePosition(line: 14, column: 11, offset: 312)
public struct SourcePosition: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The 1-based line number.
    public var line: Int
    /// The 1-based column, in Unicode scalars.
    public var column: Int
    /// The 0-based offset in bytes from the start of the input.
    public var offset: Int

    /// Creates a position from its parts.
    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// The first character of a file.
    public static let start = SourcePosition(line: 1, column: 1, offset: 0)

    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        lhs.offset < rhs.offset
    }

    /// `line:column`, as compilers print it.
    public var description: String { "\(line):\(column)" }

    /// The position of byte `offset` in `bytes`, found by counting lines (at
    /// every line break YAML counts) and scalars. Used where libyaml reports
    /// only a byte offset.
    ///
    /// A byte order mark at the start takes no column, as in libyaml's marks.
    package static func locate(offset: Int, in bytes: some Collection<UInt8>) -> SourcePosition {
        let text = Array(bytes.prefix(max(0, offset)))
        let starts = LineBreaks.starts(of: text)
        let lineStart = Int(starts.last ?? 0)
        var column = 1
        for byte in text[min(lineStart, text.count)...] where byte & 0xC0 != 0x80 { column += 1 }
        return SourcePosition(line: starts.count, column: column, offset: offset)
    }
}

/// A range of source text from `start` up to (not including) `end`.
public struct SourceSpan: Hashable, Sendable {
    /// Where the text begins.
    public var start: SourcePosition
    /// Where the text ends (exclusive).
    public var end: SourcePosition

    /// Creates a span.
    public init(start: SourcePosition, end: SourcePosition) {
        self.start = start
        self.end = end
    }

    /// An empty span at `position`.
    public init(at position: SourcePosition) {
        self.start = position
        self.end = position
    }
}
