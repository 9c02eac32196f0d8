import LanguageServerProtocol
import Testing

/// Columns converted both ways in each encoding, across emoji, CJK,
/// combining marks and every kind of line break.
@Suite struct LineIndexTests {
    /// `a: 😀é漢x` with `é` written as `e` and a combining acute accent.
    static let text = Array("key: 😀e\u{301}漢x\r\nnext\rlast\n".utf8)

    @Test func offsetsBecomeCharactersInEachEncoding() {
        let index = LineIndex(Self.text)
        // The `x` is after 😀 (4 bytes, 2 UTF-16 units), e + U+0301 (1 + 2 bytes), 漢 (3 bytes).
        let x = Self.text.firstIndex(of: UInt8(ascii: "x")) ?? -1
        #expect(index.position(ofOffset: x, in: .utf8) == LinePosition(line: 0, character: 15))
        #expect(index.position(ofOffset: x, in: .utf16) == LinePosition(line: 0, character: 10))
        #expect(index.position(ofOffset: x, in: .utf32) == LinePosition(line: 0, character: 9))
    }

    @Test func charactersBecomeOffsetsAndBack() {
        let index = LineIndex(Self.text)
        for encoding in PositionEncoding.allCases {
            for offset in 0...Self.text.count {
                let position = index.position(ofOffset: offset, in: encoding)
                let back = index.offset(of: position, in: encoding)
                // An offset inside a character comes back as that character's start.
                #expect(back <= offset, "\(encoding) \(offset)")
                #expect(index.position(ofOffset: back, in: encoding) == position)
            }
        }
    }

    @Test func halfASurrogatePairMeansTheWholeCharacter() {
        let index = LineIndex(Self.text)
        // Character 6 in UTF-16 is between the emoji's two units: the offset after it.
        #expect(index.offset(of: LinePosition(line: 0, character: 6), in: .utf16) == 9)
        #expect(index.offset(of: LinePosition(line: 0, character: 7), in: .utf16) == 9)
    }

    @Test func everyLineBreakEndsALine() {
        let index = LineIndex(Self.text)
        #expect(index.lineCount == 4)
        let next = index.offset(of: LinePosition(line: 1, character: 0), in: .utf16)
        #expect(String(decoding: Self.text[index.lineRange(1)], as: UTF8.self) == "next")
        #expect(next == index.lineRange(1).lowerBound)
        #expect(String(decoding: Self.text[index.lineRange(2)], as: UTF8.self) == "last")
        // Past a line's end: its end; past the last line: the text's end.
        #expect(index.offset(of: LinePosition(line: 1, character: 99), in: .utf16) == index.lineRange(1).upperBound)
        #expect(index.offset(of: LinePosition(line: 99, character: 0), in: .utf16) == Self.text.count)
    }

    @Test func bytesThatAreNotUTF8CountAsOneCharacter() {
        let index = LineIndex([0x61, 0xFF, 0xC3, 0x62])
        #expect(index.position(ofOffset: 4, in: .utf16) == LinePosition(line: 0, character: 4))
        #expect(index.offset(of: LinePosition(line: 0, character: 2), in: .utf8) == 2)
    }

    @Test func theClientsOfferDecidesTheEncoding() {
        #expect(PositionEncoding.negotiated(offered: ["utf-16", "utf-8"]) == .utf8)
        #expect(PositionEncoding.negotiated(offered: ["utf-32"]) == .utf16)
        #expect(PositionEncoding.negotiated(offered: []) == .utf16)
    }
}
