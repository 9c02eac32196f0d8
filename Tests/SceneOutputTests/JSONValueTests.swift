import SceneOutput
import Testing

/// The one JSON value type: JSON Lines records on one line, the schema
/// indented, keys in the order given, and script literals a page can hold.
@Suite struct JSONValueTests {
    private let sample = JSONValue.fields([
        ("name", .string("a \"b\"\n")), ("count", .int(3)), ("ratio", .number(0.5)), ("skipped", nil),
        ("flags", .array([.bool(true), .null])), ("empty", .object([])), ("none", .array([])),
    ])

    @Test func aRecordIsOneLineWithItsKeysInOrder() {
        #expect(
            sample.compact
                == #"{"name":"a \"b\"\n","count":3,"ratio":0.5,"flags":[true,null],"empty":{},"none":[]}"#)
    }

    @Test func theIndentedFormIsTwoSpacesALevel() {
        var text = ""
        sample.write { text += $0 }
        #expect(
            text == """
                {
                  "name": "a \\"b\\"\\n",
                  "count": 3,
                  "ratio": 0.5,
                  "flags": [
                    true,
                    null
                  ],
                  "empty": {},
                  "none": []
                }

                """)
    }

    @Test func numbersAreShortestAndNeverInvalidJSON() {
        #expect(
            JSONValue.array([.number(3), .number(1e-7), .number(.infinity), .number(.nan)]).compact
                == "[3,1e-07,null,null]")
    }

    @Test func controlCharactersAreUnicodeEscapes() {
        #expect(JSONValue.string("\u{1}\t").compact == #""\u0001\t""#)
    }

    @Test func scriptTextCannotEndTheScriptOrOpenAnElement() {
        #expect(JSONValue.string("</script>").scriptText == #""\u003c/script\u003e""#)
        #expect(JSONValue.string("a & b\u{2028}\u{2029}\"").scriptText == #""a \u0026 b\u2028\u2029\"""#)
        // Text with none of them is the compact form as it is.
        let plain = JSONValue.fields([("t", .number(1.5)), ("s", .string("é"))])
        #expect(plain.scriptText == plain.compact)
    }

    @Test func stringsEscapeQuotesBackslashesAndEveryControlCharacter() {
        #expect(JSON.string("\"\\\n\r\t\u{0}\u{1F}\u{7F}") == #""\"\\\n\r\t\u0000\u001f\#u{7F}""#)
        #expect(JSON.number(-0.25) == "-0.25" && JSON.number(1e21) == "1e+21" && JSON.number(-.infinity) == "null")
    }
}
