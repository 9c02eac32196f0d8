import Testing

@testable import SceneYAML

/// Line starts and positions, including the word-at-a-time scan's edges.
@Suite struct SourceLocatorTests {
    @Test func everyLineBreakLibyamlCountsStartsALine() {
        let text = Array("a\nb\r\nc\rd\u{85}e\u{2028}f\u{2029}g".utf8)
        let starts = YAMLDocument.lineStarts(of: text)
        #expect(starts.count == 7)
        let locator = SourceLocator(text: text, lineStarts: starts)
        let g = text.count - 1
        #expect(locator.position(ofOffset: g) == SourcePosition(line: 7, column: 1, offset: g))
    }

    @Test(arguments: [0, 1, 7, 8, 9, 15, 16, 17, 40])
    func breaksAreFoundAtEveryOffsetOfAWord(_ position: Int) {
        var text = [UInt8](repeating: UInt8(ascii: "x"), count: 48)
        text[position] = 0x0A
        #expect(YAMLDocument.lineStarts(of: text) == [0, UInt32(position + 1)])
    }

    @Test func columnsCountScalarsAfterMultiByteText() {
        let text = Array("é: ü\nabcdefghij: é x".utf8)
        let locator = SourceLocator(text: text, lineStarts: YAMLDocument.lineStarts(of: text))
        let x = text.count - 1
        #expect(locator.position(ofOffset: x).line == 2)
        #expect(locator.position(ofOffset: x).column == 15)
    }

    @Test func aByteOrderMarkIsNotAColumn() {
        let text: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("ab".utf8)
        let locator = SourceLocator(text: text, lineStarts: YAMLDocument.lineStarts(of: text))
        #expect(locator.position(ofOffset: 4).column == 2)
    }
}

@Suite struct ByteOffsetTests {
    @Test func offsetsAreBytesAfterLongAsciiRunsAndMultiByteCharacters() throws {
        let prefix = String(repeating: "k", count: 19)
        let text = "\(prefix): éé\n\(prefix)x: ü\nlast: 1\n"
        let root = try #require(try YAMLDocumentReader.read(Array(text.utf8)))
        guard case .mapping(let mapping) = root else {
            Issue.record("expected a mapping")
            return
        }
        let last = try #require(mapping["last"])
        let expected = Array(text.utf8).count - Array("last: 1\n".utf8).count
        #expect(last.key.span.start == SourcePosition(line: 3, column: 1, offset: expected))
        let value = try #require(mapping["\(prefix)x"])
        #expect(value.value.span.start.column == 23)
    }
}
