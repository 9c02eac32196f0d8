import SceneCore
import Testing

@testable import SceneDrawing

/// Text wrapped, cut and truncated as UIKit's labels do it, measured with
/// ``TextMetrics``.
@Suite struct TextLayoutTests {
    private func width(_ text: String) -> Double { TextMetrics.width(of: text, fontSize: 17) }

    private func layout(
        _ text: String, width: Double, height: Double? = nil, lines: Int = 0,
        _ lineBreak: TextLayout.LineBreak = .truncateTail
    ) -> TextLayout.Lines {
        TextLayout.layout(
            text, width: width, height: height, numberOfLines: lines, lineBreak: lineBreak, fontSize: 17,
            weight: .regular)
    }

    @Test func wordsWrapWhereTheNextWouldPassTheEdge() {
        let text = "Now is the time for all good people"
        let room = width("Now is the time") + 1
        let laidOut = layout(text, width: room)
        #expect(laidOut.lines == ["Now is the time", "for all good", "people"])
        #expect(laidOut.needed == 3)
        #expect(!laidOut.isTruncated)
        // Every line fits, and the next word would not have.
        for line in laidOut.lines { #expect(width(line) <= room) }
        #expect(width("Now is the time for") > room)
        #expect(width("for all good people") > room)
    }

    @Test func lineBreaksStartNewLinesAndBlankLinesAreKept() {
        let laidOut = layout("One\n\nTwo three\r\nFour", width: 1000)
        #expect(laidOut.lines == ["One", "", "Two three", "Four"])
        // A label of one line shows them as spaces.
        #expect(layout("One\nTwo", width: 1000, lines: 1).lines == ["One Two"])
    }

    @Test func aWordWiderThanTheLineIsBrokenBetweenItsCharacters() {
        let room = width("aaaaa") + 0.5
        let laidOut = layout("go aaaaaaaaaaaa", width: room)
        #expect(laidOut.lines == ["go", "aaaaa", "aaaaa", "aa"])
        let byCharacters = layout("go abcdefghijkl", width: room, .charWrap)
        // The first line is filled past the space, character by character.
        #expect(byCharacters.lines.first?.hasPrefix("go a") == true)
        for line in byCharacters.lines { #expect(width(line) <= room) }
        #expect(byCharacters.lines.joined().filter { $0 != " " } == "goabcdefghijkl")
    }

    @Test func aLineOfOneTruncatesAtItsTailHeadOrMiddle() {
        let text = "Now playing: the long song"
        let room = width("Now playing") + 2
        let tail = layout(text, width: room, lines: 1).lines
        #expect(tail.count == 1)
        #expect(tail[0].hasPrefix("Now"))
        #expect(tail[0].hasSuffix("\u{2026}"))
        #expect(width(tail[0]) <= room)
        let head = layout(text, width: room, lines: 1, .truncateHead).lines[0]
        #expect(head.hasPrefix("\u{2026}"))
        #expect(head.hasSuffix("song"))
        #expect(width(head) <= room)
        let middle = layout(text, width: room, lines: 1, .truncateMiddle).lines[0]
        #expect(middle.hasPrefix("Now"))
        #expect(middle.hasSuffix("ng"))
        #expect(middle.contains("\u{2026}"))
        #expect(width(middle) <= room)
        #expect(layout(text, width: room, lines: 1).isTruncated)
        #expect(!layout(text, width: 1000, lines: 1).isTruncated)
    }

    @Test func aLineOfOneClipsOrCutsAfterAWord() {
        let text = "Now playing: the long song"
        let room = width("Now playing: th") + 0.5
        #expect(layout(text, width: room, lines: 1, .clip).lines == ["Now playing: th"])
        #expect(layout(text, width: room, lines: 1, .wordWrap).lines == ["Now playing:"])
        #expect(layout(text, width: room, lines: 1, .charWrap).lines == ["Now playing: th"])
    }

    @Test func theLastLineShownTakesTheRestTruncatedOrIsCut() {
        let text = "Now is the time for all good people"
        let room = width("Now is the time") + 1
        let two = layout(text, width: room, lines: 2)
        #expect(two.lines.count == 2)
        #expect(two.lines[0] == "Now is the time")
        #expect(two.lines[1].hasPrefix("for all good"))
        #expect(two.lines[1].hasSuffix("\u{2026}"))
        #expect(two.needed == 3)
        #expect(two.isTruncated)
        let cut = layout(text, width: room, lines: 2, .wordWrap)
        #expect(cut.lines == ["Now is the time", "for all good"])
        #expect(cut.isTruncated)
        // The height holds two lines of 20.57 points, whatever numberOfLines says.
        let low = layout(text, width: room, height: 45, lines: 0)
        #expect(low.lines.count == 2)
        #expect(low.isTruncated)
        #expect(layout(text, width: room, height: 62, lines: 0).lines.count == 3)
    }

    @Test func theNaturalSizeIsTheWidestParagraphByItsLines() {
        let size = TextLayout.naturalSize(of: "Short\nA longer line", numberOfLines: 0, fontSize: 17, weight: .regular)
        #expect(size.width == width("A longer line"))
        #expect(size.height == 2 * TextMetrics.lineHeight(fontSize: 17))
        let one = TextLayout.naturalSize(of: "Short\nA longer line", numberOfLines: 1, fontSize: 17, weight: .regular)
        #expect(one.width == width("Short A longer line"))
        #expect(one.height == TextMetrics.lineHeight(fontSize: 17))
        let capped = TextLayout.naturalSize(of: "a\nb\nc", numberOfLines: 2, fontSize: 17, weight: .regular)
        #expect(capped.height == 2 * TextMetrics.lineHeight(fontSize: 17))
    }

    @Test func aZeroWidthOrLongTextStaysBounded() {
        // Every line holds a character: no more lines than characters.
        let narrow = layout("abc def", width: 0)
        #expect(narrow.lines == ["a", "b", "c", "d", "e", "f"])
        let long = String(repeating: "word ", count: 20_000)
        let laidOut = layout(long, width: 300, height: 100)
        #expect(laidOut.lines.count == 4)
        #expect(laidOut.needed > 1_000)
        #expect(laidOut.lines[3].hasSuffix("\u{2026}"))
    }

    @Test func truncationIsKerned() {
        // 'AV' kerns tighter than 'A' and 'V' apart: the prefix is measured whole.
        let ruler = TextLayout.Ruler(fontSize: 17, weight: .regular)
        let text = "AVAVAVAVAVAV"
        let room = width("AVAVAV") + 0.001
        #expect(TextLayout.prefix(of: Array(text), fitting: room, ruler: ruler) == "AVAVAV")
        #expect(ruler.width(of: "AVAV") == width("AVAV"))
    }
}
