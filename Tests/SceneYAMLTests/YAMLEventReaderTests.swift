import SceneCore
import SceneYAML
import TestSupport
import Testing

/// All events of `text`, or the error that stopped the reader.
private func events(_ text: String) throws(YAMLError) -> [YAMLEvent] {
    try events(bytes: Array(text.utf8))
}

private func events(bytes: [UInt8]) throws(YAMLError) -> [YAMLEvent] {
    let reader = YAMLEventReader(bytes: bytes)
    var result: [YAMLEvent] = []
    while let event = try reader.next() { result.append(event) }
    return result
}

/// The error reading `bytes` throws, if any.
private func readingError(_ bytes: [UInt8]) -> YAMLError? {
    do {
        _ = try events(bytes: bytes)
        return nil
    } catch {
        return error
    }
}

/// The scalar events of `text`.
private func scalars(_ text: String) throws -> [YAMLEvent] {
    try events(text).filter { if case .scalar = $0.kind { true } else { false } }
}

@Suite("YAMLEventReader")
struct YAMLEventReaderTests {
    @Test("a document produces the stream, document, collection and scalar events in order")
    func eventOrder() throws {
        let kinds = try events("a: [1, {b: c}]\n").map(\.kind)
        #expect(
            kinds == [
                .streamStart, .documentStart(explicit: false), .mappingStart(flow: false),
                .scalar("a", .plain), .sequenceStart(flow: true), .scalar("1", .plain),
                .mappingStart(flow: true), .scalar("b", .plain), .scalar("c", .plain), .mappingEnd,
                .sequenceEnd, .mappingEnd, .documentEnd(explicit: false), .streamEnd,
            ])
    }

    @Test("--- and ... mark the document start and end as explicit")
    func explicitDocumentMarkers() throws {
        let kinds = try events("--- x\n...\n").map(\.kind)
        #expect(
            kinds == [
                .streamStart, .documentStart(explicit: true), .scalar("x", .plain), .documentEnd(explicit: true),
                .streamEnd,
            ])
    }

    @Test("empty input is just the stream start and end")
    func emptyInput() throws {
        #expect(try events("").map(\.kind) == [.streamStart, .streamEnd])
        #expect(try events("# only a comment\n").map(\.kind) == [.streamStart, .streamEnd])
    }

    @Test("next returns nil after the stream end, however often it is called")
    func nilAfterStreamEnd() throws {
        let reader = YAMLEventReader(bytes: Array("a".utf8))
        while try reader.next() != nil {}
        #expect(try reader.next() == nil)
        #expect(try reader.next() == nil)
    }

    @Test("a tab in indentation is a syntax error whose hint says YAML indents with spaces")
    func tabInIndentation() {
        for text in ["objects:\n\tx: 1\n", "a:\n  b: 1\n\t c: 2\n"] {
            #expect {
                _ = try events(text)
            } throws: { error in
                (error as? YAMLError)?.hint == "YAML indents with spaces, never tabs: replace the tab with spaces"
            }
        }
    }

    @Test("positions are 1-based lines and columns with 0-based byte offsets")
    func positionsAreOneBased() throws {
        let all = try events("a: 1\nbb: [x, yy]\n")
        let spans = all.filter { if case .scalar = $0.kind { true } else { false } }.map(\.span)
        #expect(
            spans == [
                span(pos(1, 1, 0), pos(1, 2, 1)),  // a
                span(pos(1, 4, 3), pos(1, 5, 4)),  // 1
                span(pos(2, 1, 5), pos(2, 3, 7)),  // bb
                span(pos(2, 6, 10), pos(2, 7, 11)),  // x
                span(pos(2, 9, 13), pos(2, 11, 15)),  // yy
            ])
        let sequence = try #require(all.first { $0.kind == .sequenceStart(flow: true) })
        #expect(sequence.span.start == pos(2, 5, 9))
        let sequenceEnd = try #require(all.first { $0.kind == .sequenceEnd })
        #expect(sequenceEnd.span.end == pos(2, 12, 16))
        #expect(all.first?.span == SourceSpan(at: .start))
    }

    @Test(
        "columns count Unicode scalars while offsets count bytes",
        arguments: [
            // é is 2 bytes, ü is 2 bytes: the value is in column 4 at byte 4.
            ("é: ü", pos(1, 4, 4), pos(1, 5, 6)),
            // 😀 is 4 bytes and one scalar.
            ("😀: x", pos(1, 4, 6), pos(1, 5, 7)),
            // e + combining acute accent: one character on screen, two scalars.
            ("e\u{301}: x", pos(1, 5, 5), pos(1, 6, 6)),
            // CJK on an earlier line does not shift later lines.
            ("名前: 値\nk: v", pos(2, 4, 15), pos(2, 5, 16)),
            // A byte order mark takes no column, but it takes bytes.
            ("\u{FEFF}k: v", pos(1, 4, 6), pos(1, 5, 7)),
            // Windows line ends.
            ("a: 1\r\nk: v", pos(2, 4, 9), pos(2, 5, 10)),
        ] as [(Snippet, SourcePosition, SourcePosition)])
    func columnsCountScalars(snippet: Snippet, start: SourcePosition, end: SourcePosition) throws {
        let last = try #require(try scalars(snippet.text).last)
        #expect(last.span == SourceSpan(start: start, end: end))
    }

    @Test("a multi-byte value spans its bytes, and the next line starts at the right offset")
    func multiByteSpans() throws {
        let values = try scalars("ключ: значение\nx: 1\n")
        #expect(
            values.map(\.span) == [
                span(pos(1, 1, 0), pos(1, 5, 8)),
                span(pos(1, 7, 10), pos(1, 15, 26)),
                span(pos(2, 1, 27), pos(2, 2, 28)),
                span(pos(2, 4, 30), pos(2, 5, 31)),
            ])
    }

    @Test("UTF-16 input with a byte order mark gets byte offsets in UTF-16 code units", arguments: [false, true])
    func utf16Offsets(bigEndian: Bool) throws {
        var bytes: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
        for unit in "a: é\nb: 😀 x".utf16 {
            let (high, low) = (UInt8(unit >> 8), UInt8(unit & 0xFF))
            bytes += bigEndian ? [high, low] : [low, high]
        }
        let values = try events(bytes: bytes).filter { if case .scalar = $0.kind { true } else { false } }
        #expect(
            values.map(\.kind) == [
                .scalar("a", .plain), .scalar("é", .plain), .scalar("b", .plain), .scalar("😀 x", .plain),
            ])
        #expect(
            values.map(\.span) == [
                span(pos(1, 1, 2), pos(1, 2, 4)),
                span(pos(1, 4, 8), pos(1, 5, 10)),
                span(pos(2, 1, 12), pos(2, 2, 14)),
                span(pos(2, 4, 18), pos(2, 7, 26)),
            ])
    }

    @Test(
        "each scalar style is reported with its value after unescaping and folding",
        arguments: [
            ("v: plain text", "plain text", .plain),
            ("v: 'it''s'", "it's", .singleQuoted),
            ("v: \"tab\\there \\u00e9\"", "tab\there é", .doubleQuoted),
            ("v: |\n  line 1\n  line 2\n", "line 1\nline 2\n", .literal),
            ("v: >\n  folded\n  text\n", "folded text\n", .folded),
            ("v: |-\n  strip\n", "strip", .literal),
            ("v: \"nul\\0byte\"", "nul\0byte", .doubleQuoted),
        ] as [(Snippet, Snippet, ScalarStyle)])
    func scalarStyles(snippet: Snippet, value: Snippet, style: ScalarStyle) throws {
        let last = try #require(try scalars(snippet.text).last)
        #expect(last.kind == .scalar(value.text, style))
    }

    @Test("anchors, aliases and tags surface on the events")
    func anchorsAliasesAndTags() throws {
        let all = try events("- &a !t x\n- *a\n- &s !!seq [1]\n- &m {k: v}\n- !!str y\n")
        let x = try #require(all.first { $0.kind == .scalar("x", .plain) })
        #expect(x.anchor == "a")
        #expect(x.tag == "!t")
        #expect(x.span == span(pos(1, 3, 2), pos(1, 10, 9)))  // from the anchor to the end of the value
        let alias = try #require(all.first { if case .alias = $0.kind { true } else { false } })
        #expect(alias.kind == .alias("a"))
        #expect(alias.anchor == nil)
        #expect(alias.span == span(pos(2, 3, 12), pos(2, 5, 14)))
        let sequence = try #require(all.first { $0.kind == .sequenceStart(flow: true) })
        #expect(sequence.anchor == "s")
        #expect(sequence.tag == "tag:yaml.org,2002:seq")
        let mapping = try #require(all.first { $0.kind == .mappingStart(flow: true) })
        #expect(mapping.anchor == "m")
        #expect(mapping.tag == nil)
        let y = try #require(all.first { $0.kind == .scalar("y", .plain) })
        #expect(y.tag == "tag:yaml.org,2002:str")
        #expect(y.anchor == nil)
        let plain = try #require(all.first { $0.kind == .scalar("v", .plain) })
        #expect(plain.anchor == nil && plain.tag == nil)
    }

    @Test("a libyaml parser error becomes a syntax error with the problem and its context")
    func syntaxErrorWithContext() {
        let error = readingError(Array("a: 1\nb: [1, 2\n".utf8))
        #expect(
            error
                == YAMLError(
                    .syntax, "did not find expected ',' or ']'", at: SourceSpan(at: pos(3, 1, 14)),
                    related: ("while parsing a flow sequence", pos(2, 4, 8))))
        #expect(error?.kind == .syntax)
        #expect(error?.message == "did not find expected ',' or ']'")
        #expect(error?.position == pos(3, 1, 14))
        #expect(error?.related?.message == "while parsing a flow sequence")
        #expect(error?.related?.position == pos(2, 4, 8))
        #expect(error?.hint == nil)
    }

    @Test("syntax error positions count bytes for the offset and scalars for the column")
    func syntaxErrorAfterMultiByteText() {
        let error = readingError(Array("é: [1, 2\n".utf8))
        #expect(error?.kind == .syntax)
        #expect(error?.position == pos(2, 1, 10))
        #expect(error?.related?.position == pos(1, 4, 4))
    }

    @Test(
        "libyaml scanner errors become syntax errors at the problem",
        arguments: [
            ("a: b: c", "mapping values are not allowed in this context", pos(1, 5, 4), nil),
            ("a: \"x\n", "found unexpected end of stream", pos(2, 1, 6), "while scanning a quoted scalar"),
            ("k: \"\\q\"", "found unknown escape character", pos(1, 5, 4), "while parsing a quoted scalar"),
        ] as [(Snippet, String, SourcePosition, String?)])
    func scannerErrors(snippet: Snippet, message: String, position: SourcePosition, context: String?) {
        let error = readingError(snippet.bytes)
        #expect(error?.kind == .syntax)
        #expect(error?.message == message)
        #expect(error?.position == position)
        #expect(error?.related?.message == context)
    }

    @Test("the events before a syntax error are delivered, then the error, then nil")
    func eventsBeforeError() throws {
        let reader = YAMLEventReader(bytes: Array("a: 1\nb: [1, 2\n".utf8))
        var count = 0
        #expect(throws: YAMLError.self) {
            while try reader.next() != nil { count += 1 }
        }
        #expect(count == 9)
        #expect(try reader.next() == nil)
    }

    @Test("an invalid UTF-8 byte is an encoding error at its line and column")
    func invalidLeadingByte() {
        let error = readingError(Array("a: 1\nb: ".utf8) + [0xFF])
        #expect(
            error
                == YAMLError(
                    .encoding, "the file is not valid UTF-8: invalid leading UTF-8 octet (byte 0xFF)",
                    at: SourceSpan(at: pos(2, 4, 8)), hint: "save the file as UTF-8"))
    }

    @Test("an encoding error after multi-byte characters counts columns in scalars")
    func invalidTrailingByteAfterMultiByteText() {
        // c3 a9 is é; the lone c3 before 'x' is not followed by a continuation byte.
        let error = readingError(Array("é: 1\nüü: ".utf8) + [0xC3, 0x78])
        #expect(error?.kind == .encoding)
        #expect(error?.message == "the file is not valid UTF-8: invalid trailing UTF-8 octet (byte 0x78)")
        // libyaml points at the bad trailing byte: after "üü: " and the lead byte.
        #expect(error?.position == pos(2, 6, 13))
    }

    @Test(
        "encoding errors name the byte or the character at fault",
        arguments: [
            ([0x61, 0x3A, 0x20, 0xED, 0xA0, 0x80], "invalid Unicode character (U+D800)", pos(1, 4, 3)),
            ([0x61, 0x3A, 0x20, 0xC3], "incomplete UTF-8 octet sequence", pos(1, 4, 3)),
            ([0xEF, 0xBB, 0xBF, 0x61, 0x80], "invalid leading UTF-8 octet (byte 0x80)", pos(1, 2, 4)),
        ] as [([UInt8], String, SourcePosition)])
    func encodingErrorMessages(bytes: [UInt8], problem: String, position: SourcePosition) {
        let error = readingError(bytes)
        #expect(error?.kind == .encoding)
        #expect(error?.message == "the file is not valid UTF-8: " + problem)
        #expect(error?.position == position)
    }

    @Test("a control character in valid UTF-8 is named as such, not as bad UTF-8")
    func controlCharacterMessage() {
        let error = readingError([0x61, 0x3A, 0x20, 0x01])
        #expect(error?.kind == .encoding)
        #expect(
            error?.message
                == "the file holds a character YAML does not allow: control characters are not allowed (U+0001)")
        #expect(error?.hint == #"remove it, or write it as an escape such as "\x01" in a double-quoted string"#)
        #expect(error?.position == pos(1, 4, 3))
    }
}

/// Byte offsets against columns and lines counted independently, over
/// random documents of mixed one- to four-byte characters (the conversion
/// from libyaml's character counts walks forward and back between marks).
@Suite struct MultiByteOffsetTests {
    private static let pieces = ["a", "bc", "é", "日本", "😀", "x1", "ü"]

    /// A number below `bound`.
    private func below(_ bound: Int, _ generator: inout SplitMix64) -> Int {
        Int(generator.next() % UInt64(bound))
    }

    private func word(_ generator: inout SplitMix64) -> String {
        (0...below(3, &generator)).map { _ in Self.pieces[below(Self.pieces.count, &generator)] }.joined()
    }

    @Test func everyOffsetAgreesWithItsLineAndColumn() throws {
        var generator = SplitMix64(seed: 42)
        for _ in 0..<200 {
            var text = ""
            for line in 0..<(1 + below(6, &generator)) {
                switch below(3, &generator) {
                case 0: text += "k\(line)\(word(&generator)): \(word(&generator))\n"
                case 1: text += "k\(line)\(word(&generator)): [\(word(&generator)), \(word(&generator))]\n"
                default: text += "k\(line)\(word(&generator)): {\(word(&generator)): \"\(word(&generator))\"}\n"
                }
            }
            let bytes = Array(text.utf8)
            let reader = YAMLEventReader(bytes: bytes)
            while let event = try reader.next() {
                for position in [event.span.start, event.span.end] {
                    let before = bytes[..<position.offset]
                    let line = before.filter { $0 == UInt8(ascii: "\n") }.count + 1
                    let lineStart = (before.lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1
                    // Columns count Unicode scalars: every byte but continuation bytes.
                    let column = bytes[lineStart..<position.offset].filter { $0 & 0xC0 != 0x80 }.count + 1
                    #expect(
                        position.line == line && position.column == column, "\(event.kind) at \(position) in \(text)")
                }
            }
        }
    }
}
