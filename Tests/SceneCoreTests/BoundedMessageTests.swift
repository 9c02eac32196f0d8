import SceneCore
import Testing

/// `VisibleText.bounded`: a message quoting a huge value stays one short
/// line, cut by bytes at whole scalars, with both ends kept.
@Suite struct BoundedMessageTests {
    @Test func aShortMessageIsKeptWhole() {
        let message = "'value' takes a number, not 'abc'"
        #expect(VisibleText.bounded(message) == message)
        let atTheLimit = String(repeating: "x", count: VisibleText.maxMessageBytes)
        #expect(VisibleText.bounded(atTheLimit) == atTheLimit)
    }

    @Test func oneCharacterOfAHundredThousandAccentsIsCutByBytes() {
        // One grapheme of 200,001 bytes: cutting by characters would keep it whole.
        let accented = "e" + String(repeating: "\u{301}", count: 100_000)
        let message = "'value' takes a number, not '\(accented)'"
        let bounded = VisibleText.bounded(message)
        #expect(bounded.utf8.count <= VisibleText.maxMessageBytes + 40)
        #expect(bounded.unicodeScalars.starts(with: "'value' takes a number, not 'e\u{301}".unicodeScalars))
        #expect(bounded.unicodeScalars.reversed().starts(with: ["'", "\u{301}"]))
        let omitted = message.utf8.count - bounded.utf8.count
        #expect(bounded.contains("bytes left out)"))
        #expect(omitted > 199_000)
        // Whole scalars only: it decodes back to the same scalars it was cut from.
        #expect(bounded.unicodeScalars.allSatisfy { $0.value != 0xFFFD })
    }

    @Test func fourByteScalarsAreNeverSplit() {
        let message = String(repeating: "😀", count: 1_000)
        let bounded = VisibleText.bounded(message)
        let kept = bounded.unicodeScalars.filter { $0 == "😀" }.count
        // 600 bytes of start and 300 of end: 150 and 75 whole emoji.
        #expect(kept == 225)
        #expect(
            bounded == String(repeating: "😀", count: 150) + "…(3,100 bytes left out)…"
                + String(repeating: "😀", count: 75))
    }
}
