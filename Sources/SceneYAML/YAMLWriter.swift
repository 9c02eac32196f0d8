/// Writes YAML in block style, line by line: mappings, sequences, nesting
/// and comments, every scalar written so that it reads back exactly (see
/// ``scalar(_:)``). What an import, a recording, an explorer's reproducer
/// and a generated scene are written with.
///
///     var writer = YAMLWriter()
///     writer.comment("A scene written by a program.")
///     writer.entry("scene", YAMLWriter.doubleQuoted("Player"))
///     writer.mapping("objects") { objects in
///         objects.mapping(.text("play"), comment: "the play button") { play in
///             play.entry("type", "Button")
///             play.entry("title", scalar: "Play: now")
///         }
///     }
///     writer.text
///     // # A scene written by a program.
///     // scene: "Player"
///     // objects:
///     //   play:  # the play button
///     //     type: Button
///     //     title: "Play: now"
///
/// A value is either a string, written as a scalar (`scalar:`), or YAML
/// text the caller wrote already (a flow collection `[a, b]`, a number, a
/// scalar from ``scalar(_:)`` or ``doubleQuoted(_:)``), written as it is.
/// Each nesting level is indented by two spaces.
///
/// - Complexity: Each call appends in time linear in what it writes.
public struct YAMLWriter: Sendable {
    /// A mapping key: one of the format's own (`type`, `on`), written as it
    /// is, or one from data (an id, a property path), written as
    /// ``key(_:)`` says.
    ///
    ///     writer.entry("type", "Button")           // a key of the format
    ///     writer.entry(.text(id), "Button")        // a key from data
    public struct Key: Sendable, ExpressibleByStringLiteral {
        /// The key as it is written.
        public let written: String

        /// A key of the format, written as it is: it must be plain-safe
        /// text the program chose (`objects`, `on`).
        public init(stringLiteral value: String) { written = value }

        /// A key from data, plain or quoted by ``YAMLWriter/key(_:)``.
        public static func text(_ text: String) -> Key { Key(written: YAMLWriter.key(text)) }

        /// A key of the format that the program holds in a variable,
        /// written as it is, as a literal key is.
        public static func written(_ text: String) -> Key { Key(written: text) }

        private init(written: String) { self.written = written }
    }

    /// The text so far, as UTF-8.
    public private(set) var bytes: [UInt8] = []
    /// The indentation of the current level, in spaces.
    private var indentation: Int

    /// A writer whose top level is indented by `indentation` spaces (a
    /// script written under a scene's own indentation); `capacity` bytes
    /// are reserved up front, for a large text written at once.
    public init(indentation: Int = 0, reservingCapacity capacity: Int = 0) {
        self.indentation = max(0, indentation)
        bytes.reserveCapacity(capacity)
    }

    /// The text so far.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Appends `text` as it is (text read from a file, a line the caller
    /// made whole); a line must end in a line break before the writer
    /// writes more.
    public mutating func append(raw text: String) { bytes.append(contentsOf: text.utf8) }

    /// A comment line at the current level: `# text`. A line break in
    /// `text` starts another comment line, so that nothing of it is read
    /// as YAML.
    public mutating func comment(_ text: String) {
        for line in Self.commentLines(text) {
            indent()
            append(raw: line.isEmpty ? "#\n" : "# " + line + "\n")
        }
    }

    /// `key: value`, with `value` YAML text written as it is (`Button`,
    /// `[a, b]`, `{ width: 320 }`, a scalar from ``scalar(_:)``).
    public mutating func entry(_ key: Key, _ value: String, comment: String? = nil) {
        writeKey(key)
        append(raw: " " + value)
        endLine(comment: comment)
    }

    /// `key: value`, with `value` a string written as a scalar (plain or
    /// quoted by ``scalar(_:)``).
    public mutating func entry(_ key: Key, scalar value: String, comment: String? = nil) {
        entry(key, Self.scalar(value), comment: comment)
    }

    /// `key:` and, one level in, the entries `body` writes.
    public mutating func mapping(_ key: Key, comment: String? = nil, _ body: (inout YAMLWriter) -> Void) {
        writeKey(key)
        endLine(comment: comment)
        nested(body)
    }

    /// `key:` and, one level in, the `- item` lines `body` writes.
    public mutating func sequence(_ key: Key, comment: String? = nil, _ body: (inout YAMLWriter) -> Void) {
        mapping(key, comment: comment, body)
    }

    /// `- value`, with `value` YAML text written as it is.
    public mutating func item(_ value: String, comment: String? = nil) {
        indent()
        append(raw: "- " + value)
        endLine(comment: comment)
    }

    /// `- value`, with `value` a string written as a scalar.
    public mutating func item(scalar value: String, comment: String? = nil) {
        item(Self.scalar(value), comment: comment)
    }

    /// The entries `body` writes one level in, without a key of their own.
    public mutating func nested(_ body: (inout YAMLWriter) -> Void) {
        indentation += 2
        body(&self)
        indentation -= 2
    }

    // MARK: - Lines

    /// The longest key written as an implicit key: YAML readers look no
    /// further than 1,024 characters for the `:` after one.
    private static let longestImplicitKey = 1000

    /// `key:` at the current level; a key too long for an implicit key is
    /// written as an explicit one, `? key` and `:` on the next line.
    private mutating func writeKey(_ key: Key) {
        indent()
        if key.written.unicodeScalars.count > Self.longestImplicitKey {
            append(raw: "? " + key.written + "\n")
            indent()
            append(raw: ":")
        } else {
            append(raw: key.written + ":")
        }
    }

    private mutating func endLine(comment: String?) {
        guard let comment else { return append(raw: "\n") }
        let lines = Self.commentLines(comment)
        append(raw: "  # " + (lines.first ?? "") + "\n")
        for line in lines.dropFirst() {
            indent()
            append(raw: "# " + line + "\n")
        }
    }

    private mutating func indent() {
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indentation))
    }

    /// `text` cut at every line break YAML knows (LF, CR, CR LF, NEL, LS,
    /// PS), each character YAML does not allow in a file (other control
    /// characters, U+FEFF, U+FFFE, U+FFFF) written as U+FFFD.
    private static func commentLines(_ text: String) -> [String] {
        let lines = text.split(omittingEmptySubsequences: false) { character in
            character.unicodeScalars.contains { [0x0A, 0x0D, 0x85, 0x2028, 0x2029].contains($0.value) }
        }
        return lines.map { line in
            var result = String.UnicodeScalarView()
            for scalar in line.unicodeScalars {
                switch scalar.value {
                case 0x09, 0x20..<0x7F, 0xA0..<0xFEFF, 0xFF00..<0xFFFE, 0x10000...:
                    result.append(scalar)
                default: result.append("\u{FFFD}")
                }
            }
            return String(result)
        }
    }
}
