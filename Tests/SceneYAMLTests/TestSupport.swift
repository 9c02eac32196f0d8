import SceneYAML
import Testing

/// Text as a test argument (YAML source or an expected value), shown on one
/// line in the test log.
struct Snippet: Sendable, ExpressibleByStringLiteral, CustomTestStringConvertible {
    var text: String
    init(stringLiteral text: String) { self.text = text }
    var bytes: [UInt8] { Array(text.utf8) }
    var testDescription: String { text.debugDescription }
}

/// A position, written short.
func pos(_ line: Int, _ column: Int, _ offset: Int) -> SourcePosition {
    SourcePosition(line: line, column: column, offset: offset)
}

/// A span, written short.
func span(_ start: SourcePosition, _ end: SourcePosition) -> SourceSpan {
    SourceSpan(start: start, end: end)
}

extension SourcePosition: CustomTestStringConvertible {
    /// `line:column@offset`, so that a failed expectation shows the offset too.
    public var testDescription: String { "\(line):\(column)@\(offset)" }
}

extension SourceSpan: CustomTestStringConvertible {
    public var testDescription: String { "\(start.testDescription)..<\(end.testDescription)" }
}
