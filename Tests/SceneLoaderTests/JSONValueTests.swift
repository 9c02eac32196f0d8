import SceneCore
import SceneLoader
import Testing

/// The one JSON value type: JSON Lines records on one line, the schema
/// indented, keys in the order given.
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

    @Test func sceneValuesKeepTheirKindAndNonFiniteNumbersAreStrings() {
        let value = SceneValue.list([
            .double(.infinity), .double(-.infinity), .double(.nan), .duration(.milliseconds(1500)), .enumCase("on"),
        ])
        #expect(JSONValue(value).compact == #"["inf","-inf","nan",1.5,"on"]"#)
        #expect(JSONValue(ValueType.optional(.int)).compact == #"{"kind":"optional","wrapped":{"kind":"int"}}"#)
    }

    @Test func controlCharactersAreUnicodeEscapes() {
        #expect(JSONValue.string("\u{1}\t").compact == #""\u0001\t""#)
    }
}
