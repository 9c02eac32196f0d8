import Testing

@testable import SceneYAML

/// Line starts and positions, including the word-at-a-time scan's edges.
@Suite struct SourceLocatorTests {
    @Test func everyLineBreakLibyamlCountsStartsALine() {
        let text = Array("a\nb\r\nc\rd\u{85}e\u{2028}f\u{2029}g".utf8)
        let starts = LineBreaks.starts(of: text)
        #expect(starts.count == 7)
        let locator = SourceLocator(text: text, lineStarts: starts)
        let g = text.count - 1
        #expect(locator.position(ofOffset: g) == SourcePosition(line: 7, column: 1, offset: g))
    }

    @Test(arguments: [0, 1, 7, 8, 9, 15, 16, 17, 40])
    func breaksAreFoundAtEveryOffsetOfAWord(_ position: Int) {
        var text = [UInt8](repeating: UInt8(ascii: "x"), count: 48)
        text[position] = 0x0A
        #expect(LineBreaks.starts(of: text) == [0, UInt32(position + 1)])
    }

    /// The word-at-a-time scan skips to the first byte worth a look in each
    /// word: on random texts dense with every kind of line break, tabs and
    /// multi-byte characters, it finds what a byte-by-byte scan finds.
    @Test(arguments: [1, 2, 3, 4, 5])
    func wordScanFindsWhatAByteScanFinds(seed: UInt64) {
        let pieces: [[UInt8]] = [
            [0x0A], [0x0D], [0x0D, 0x0A], [0x09], [0x0C], [0x0E], [0x7F], Array("\u{85}".utf8),
            Array("\u{2028}".utf8), Array("\u{2029}".utf8), Array("\u{2027}".utf8), Array("é".utf8),
            Array("😀".utf8), [0xC2], [0xE2, 0x80], Array("abc".utf8), Array("abcdefghijk".utf8),
        ]
        var state = seed
        var text: [UInt8] = []
        while text.count < 600 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            text += pieces[Int(state >> 33) % pieces.count]
        }
        var expected: [UInt32] = [0]
        var index = 0
        while index < text.count {
            let length = LineBreaks.length(in: text, at: index)
            index += max(length, 1)
            if length > 0 { expected.append(UInt32(index)) }
        }
        #expect(LineBreaks.starts(of: text) == expected)
    }

    @Test func columnsCountScalarsAfterMultiByteText() {
        let text = Array("é: ü\nabcdefghij: é x".utf8)
        let locator = SourceLocator(text: text, lineStarts: LineBreaks.starts(of: text))
        let x = text.count - 1
        #expect(locator.position(ofOffset: x).line == 2)
        #expect(locator.position(ofOffset: x).column == 15)
    }

    /// Columns on long lines come from per-block counts of continuation
    /// bytes: every offset of lines that cross many blocks, and of a text
    /// whose length is a whole number of blocks, counts as a scan would.
    @Test(arguments: [255, 256, 511, 512, 1000, 4096])
    func columnsOnLongMultiByteLinesCountAsAScanWould(length: Int) {
        var text: [UInt8] = []
        var state: UInt64 = UInt64(length)
        while text.count < length {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            switch state >> 61 {
            case 0: text.append(0x0A)
            case 1: text += Array("é".utf8)
            case 2: text += Array("€".utf8)
            case 3: text += Array("😀".utf8)
            default: text.append(UInt8(ascii: "a"))
            }
        }
        let starts = LineBreaks.starts(of: text)
        let locator = SourceLocator(text: text, lineStarts: starts)
        var line = 1
        var column = 1
        for offset in 0...text.count {
            if offset == text.count || text[offset] & 0xC0 != 0x80 {
                let position = locator.position(ofOffset: offset)
                #expect(position.line == line && position.column == column, "offset \(offset)")
            }
            guard offset < text.count else { break }
            if text[offset] == 0x0A {
                line += 1
                column = 1
            } else if text[offset] & 0xC0 != 0x80 {
                column += 1
            }
        }
    }

    /// Line starts and continuation counts are worked out only as far as
    /// the positions asked for need (64 KiB at a time): positions asked
    /// for in any order, back and forth across a text of several steps,
    /// with breaks of every kind and multi-byte text, are those a locator
    /// over the whole text's line starts gives.
    @Test(arguments: [UInt64(1), 2, 3])
    func positionsWorkedOutAsFarAsNeededAreThoseOfTheWholeText(seed: UInt64) {
        let pieces: [[UInt8]] = [
            [0x0A], [0x0D, 0x0A], [0x0D], Array("\u{85}".utf8), Array("\u{2028}".utf8), Array("é".utf8),
            Array("😀".utf8), Array("key: value".utf8), Array(String(repeating: "x", count: 300).utf8),
        ]
        var state = seed
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33)
        }
        var text: [UInt8] = [0xEF, 0xBB, 0xBF]
        while text.count < 300_000 { text += pieces[next() % pieces.count] }
        let whole = SourceLocator(text: text, lineStarts: LineBreaks.starts(of: text))
        let stepwise = SourceLocator(text: text, lines: LineStarts(text: text))
        var offsets = [0, 1, 3, text.count, text.count + 5, 70_000, 69_999, 65_536, 131_072, 200_000, 10]
        for _ in 0..<300 { offsets.append(next() % (text.count + 1)) }
        for offset in offsets {
            #expect(stepwise.position(ofOffset: offset) == whole.position(ofOffset: offset), "offset \(offset)")
        }
    }

    @Test func aByteOrderMarkIsNotAColumn() {
        let text: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("ab".utf8)
        let locator = SourceLocator(text: text, lineStarts: LineBreaks.starts(of: text))
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
