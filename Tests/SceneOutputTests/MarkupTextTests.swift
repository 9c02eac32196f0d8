import SceneOutput
import Testing

/// The one escaping rule of XML, HTML and SVG output.
@Suite struct MarkupTextTests {
    @Test func markupCharactersAreReferencesInContentAndAttributes() {
        let hostile = #"<a href="x">Tom & 'J'</a>"#
        let escaped = "&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;J&#39;&lt;/a&gt;"
        #expect(MarkupText.content(hostile) == escaped)
        #expect(MarkupText.attribute(hostile) == escaped)
        #expect(MarkupText.content("&amp;") == "&amp;amp;")
    }

    @Test func plainTextIsReturnedAsItIs() {
        let text = "Play · 12 objects — ünïcödé 🎛"
        #expect(MarkupText.content(text) == text)
        #expect(MarkupText.attribute(text) == text)
    }

    @Test func controlCharactersAndNoncharactersAreWrittenByTheirCodes() {
        // Noncharacters cannot be written in a literal.
        let nonCharacters = [0xFDD0, 0xFFFE, 0xFFFF, 0x1FFFE, 0x10FFFF].compactMap(Unicode.Scalar.init)
        let text = "a\u{0}\u{1}\u{1B}[2K\u{7F}\u{85}\u{9F}" + String(String.UnicodeScalarView(nonCharacters)) + "z"
        let expected = #"a\u{0}\u{1}\u{1B}[2K\u{7F}\u{85}\u{9F}\u{FDD0}\u{FFFE}\u{FFFF}\u{1FFFE}\u{10FFFF}z"#
        #expect(MarkupText.content(text) == expected)
        #expect(MarkupText.attribute(text) == expected)
        // Neighbours of the noncharacters are kept.
        let neighbours = "\u{A0}\u{FDCF}\u{FDF0}\u{FFFD}\u{1FFFD}"
        #expect(MarkupText.content(neighbours) == neighbours)
    }

    @Test func whitespaceIsKeptInContentAndReferencedInAttributes() {
        #expect(MarkupText.content("a\tb\nc\r\nd") == "a\tb\nc&#13;\nd")
        #expect(MarkupText.attribute("a\tb\nc\r\nd") == "a&#9;b&#10;c&#13;&#10;d")
    }

    @Test func aLineBreakReplacesLineFeedsAndDropsCarriageReturns() {
        #expect(MarkupText.content("a<b\r\nc", lineBreak: "<br/>") == "a&lt;b<br/>c")
    }

    @Test func nothingWrittenIsForbiddenByXML() {
        // Every scalar up to U+FFFF and a sample above: the output holds
        // only characters XML 1.0 allows, and no markup character raw.
        var text = String.UnicodeScalarView()
        for value in UInt32(0)...0x2FFFF where value % 7 == 0 || value < 0x100 || value >= 0xFDC0 && value < 0x10000 {
            if let scalar = Unicode.Scalar(value) { text.append(scalar) }
        }
        for escaped in [MarkupText.content(String(text)), MarkupText.attribute(String(text))] {
            let forbidden = escaped.unicodeScalars.filter { scalar in
                let value = scalar.value
                return (value < 0x20 && value != 0x09 && value != 0x0A) || (0x7F...0x9F).contains(value)
                    || value & 0xFFFE == 0xFFFE || scalar == "<" || scalar == ">" || scalar == "\"" || scalar == "'"
            }
            #expect(forbidden.isEmpty, "\(forbidden.map { String($0.value, radix: 16) })")
        }
    }
}
