import SceneBehaviours
import SceneCore
import Testing

@testable import SceneLoader

/// Values are resolved by the destination's declared type.
@Suite struct ValueResolutionTests {
    /// The value `text` resolves to for `key` of a Probe, or the first diagnostic's message.
    func resolve(_ key: String, _ text: String) throws -> Result<SceneValue, Diagnostic> {
        let loader = SceneLoader(registry: try testRegistry())
        switch loader.validate(
            SceneSource(name: "v.yaml", text: "objects:\n  p:\n    type: Probe\n    \(key): \(text)\n"))
        {
        case .success(let declaration):
            let value = try #require(declaration.properties(of: 0).first?.value)
            return .success(value)
        case .failure(let error):
            return .failure(try #require(error.diagnostics.first))
        }
    }

    func value(_ key: String, _ text: String) throws -> SceneValue? {
        try resolve(key, text).get()
    }

    func message(_ key: String, _ text: String) throws -> String? {
        if case .failure(let diagnostic) = try resolve(key, text) { return diagnostic.message }
        return nil
    }

    @Test func aNegativeWaitIsRefusedWhenTheSceneIsChecked() throws {
        let diagnostics = SceneLoader(registry: try testRegistry()).check(
            SceneSource(name: "w.yaml", text: "objects:\n  v: {type: View}\nscript:\n  - wait: -1s\n"))
        #expect(diagnostics.map(\.code) == [.valueOutOfRange])
        #expect(diagnostics.first?.message == "'wait' cannot be negative, and it is -1s")
        #expect(diagnostics.first?.position.line == 4)
    }

    @Test func aHugeValueIsQuotedInShortInItsMessage() throws {
        let accented = "e" + String(repeating: "\u{301}", count: 100_000)
        let message = try #require(try self.message("count", "\"\(accented)\""))
        #expect(message.hasPrefix("'count' takes "))
        #expect(message.utf8.count < 1_100, "\(message.utf8.count) bytes")
        #expect(message.contains("bytes left out"))
    }

    @Test func boundsTheWrongWayRoundAreRefusedAtTheObject() throws {
        let loader = SceneLoader(registry: .standard)
        let diagnostics = loader.check(
            SceneSource(
                name: "b.yaml",
                text: """
                    objects:
                      s: {type: Slider, minimum: 10, maximum: 0, value: 5}
                      t: {type: Stepper, maximum: -1}
                      u: {type: Slider, minimum: 2, maximum: 2}
                      v: {type: Slider, minimum: -5}
                    """))
        #expect(
            diagnostics.map(\.message) == [
                "'minimum' (10) is above 'maximum' (0)", "'minimum' (0, its default) is above 'maximum' (-1)",
            ])
        #expect(diagnostics.map(\.position.line) == [2, 3])
        #expect(diagnostics.map(\.code) == [.valueOutOfRange, .valueOutOfRange])
        #expect(
            diagnostics.last?.hint == "a Stepper's values run from 'minimum' up to 'maximum': set 'minimum' as well")
    }

    @Test(arguments: [("true", true), ("false", false)])
    func boolsAreTrueOrFalse(text: String, expected: Bool) throws {
        #expect(try value("flag", text) == .bool(expected))
    }

    @Test(arguments: ["yes", "no", "on", "off", "True", "1", "'maybe'"])
    func otherBoolSpellingsAreErrors(text: String) throws {
        let message = try #require(try message("flag", text))
        #expect(message.hasPrefix("'flag' takes true or false, not"))
    }

    @Test func yamlOneOneBooleansStayStringsForStringProperties() throws {
        #expect(try value("name", "no") == .string("no"))
        #expect(try value("name", "on") == .string("on"))
        #expect(try value("name", "0777") == .string("0777"))
        #expect(try value("name", "'quoted: yes'") == .string("quoted: yes"))
        #expect(try value("name", "\"\"") == .string(""))
    }

    @Test func intsAreDecimalWithOptionalSign() throws {
        #expect(try value("count", "7") == .int(7))
        #expect(try value("count", "+3") == .int(3))
        #expect(try value("count", "010") == .int(10))
        #expect(try message("count", "0x0A") == "'count' takes a whole number, not '0x0A'")
        #expect(try message("count", "1:30") == "'count' takes a whole number, not '1:30'")
        #expect(try message("count", "2.5") == "'count' takes a whole number, not '2.5'")
        #expect(try message("count", "99999999999999999999") == "'99999999999999999999' is too large for 'count'")
        #expect(try message("count", "11") == "'count' must be between 0 and 10, not 11")
        #expect(try message("count", "-1") == "'count' must be between 0 and 10, not -1")
    }

    @Test func doublesTakeDecimalAndExponentForms() throws {
        #expect(try value("ratio", "0.25") == .double(0.25))
        #expect(try value("ratio", "1") == .double(1))
        #expect(try value("ratio", "5e-1") == .double(0.5))
        #expect(try value("ratio", ".5") == .double(0.5))
        #expect(try message("ratio", ".inf") == "'ratio' takes a number, not '.inf'")
        #expect(try message("ratio", "nan") == "'ratio' takes a number, not 'nan'")
        #expect(try message("ratio", "1.5") == "'ratio' must be between 0 and 1, not 1.5")
    }

    @Test(arguments: [
        ("3", Duration.seconds(3)), ("0.2", .milliseconds(200)), ("250ms", .milliseconds(250)),
        ("3s", .seconds(3)), ("1.5s", .milliseconds(1500)), ("25m", .seconds(1500)), ("1h", .seconds(3600)),
        ("1m30s", .seconds(90)), ("1h2m3.5s", .milliseconds(3_723_500)), ("0", .zero),
    ])
    func durationsTakeSecondsOrUnits(text: String, expected: Duration) throws {
        #expect(try value("delay", text) == .duration(expected))
    }

    @Test(arguments: ["3 s", "3sec", "s", "1s1s", "3s30", "1,5s", "'-'"])
    func malformedDurationsAreErrors(text: String) throws {
        let written = text.hasPrefix("'") ? String(text.dropFirst().dropLast()) : text
        #expect(try message("delay", text) == "'delay' takes a duration, not '\(written)'")
    }

    @Test func negativeDurationsAreErrorsUnlessTheRangeAllowsThem() throws {
        #expect(try message("delay", "-2s") == "'delay' cannot be negative, and it is -2s")
        #expect(try value("offset", "-2s") == .duration(.seconds(-2)))
        #expect(try message("offset", "11s") == "'offset' must be between -10s and 10s, not 11s")
    }

    @Test func colorsTakeHexOrNames() throws {
        #expect(try value("tint", "'#E44F72'") == .color(Color(red: 0xE4, green: 0x4F, blue: 0x72)))
        #expect(try value("tint", "'#00000080'") == .color(Color(red: 0, green: 0, blue: 0, alpha: 0x80)))
        #expect(try value("tint", "lightGray") == .color(Color.lightGray))
        #expect(try value("tint", "~") == .null)
        let failure = try resolve("tint", "ornage")
        guard case .failure(let diagnostic) = failure else {
            Issue.record("expected an error")
            return
        }
        #expect(diagnostic.message == "'tint' takes a colour, not 'ornage'")
        #expect(diagnostic.hint == "did you mean 'orange'?")
    }

    @Test func enumsTakeTheirCaseNames() throws {
        #expect(try value("axis", "y") == .enumCase("y"))
        #expect(try message("axis", "z") == "'axis' takes one of x, y, not 'z'")
    }

    @Test func optionalsAcceptNullAndRequiredOnesDoNot() throws {
        #expect(try value("tint", "null") == .null)
        #expect(try message("ratio", "null") == "'ratio' cannot be null")
        #expect(try message("name", "~") == "'name' cannot be null")
        #expect(try value("name", "'null'") == .string("null"))
    }

    @Test func listsAndMapsResolveTheirElements() throws {
        #expect(try value("tags", "[a, 'b c', 3]") == .list([.string("a"), .string("b c"), .string("3")]))
        #expect(try value("tags", "[]") == .list([]))
        #expect(try message("tags", "a") == "'tags' takes a list, not a single value")
        #expect(try value("accounts", "{bob: '1234'}") == .map([SceneValue.Pair("bob", .string("1234"))]))
        #expect(try message("accounts", "[bob]") == "'accounts' takes a mapping, not a list")
        #expect(try message("accounts", "{bob: [1]}") == "'accounts.bob' takes text, not a list")
        #expect(
            try message("sections", "[{title: A, rows: x}]") == "'sections[0].rows' takes a list, not a single value")
    }
}

@Suite struct DurationFormattingTests {
    @Test(arguments: [
        (Duration.zero, "0s"), (.milliseconds(250), "250ms"), (.seconds(3), "3s"), (.milliseconds(1500), "1.5s"),
        (.seconds(90), "1m30s"), (.seconds(3600), "1h"), (.milliseconds(3_723_500), "1h2m3.5s"),
        (.seconds(-2), "-2s"), (.nanoseconds(1), "0.000000001s"), (.milliseconds(16), "16ms"),
    ])
    func durationsPrintAsScenesWriteThem(duration: Duration, text: String) {
        #expect(duration.sceneText == text)
        if duration >= .zero { #expect(ScalarSyntax.duration(text) == duration) }
    }

    /// Any duration has a text, past the 2^63 seconds that
    /// `Duration.components` can give (it traps there).
    @Test func theLongestDurationsHaveATextToo() {
        #expect((Duration.seconds(Int64.max) * 2).sceneText == "5124095576030431h14s")
        #expect(Duration(attoseconds: .min).sceneText.hasPrefix("-47261"))
        #expect(Duration(attoseconds: .max).sceneText == "47261439850130342h8m51.687303715s")
        #expect((Duration.seconds(Int64.max) * 2).seconds == 0x1p64)
    }

    /// The short-decimal path gives exactly what the standard library's
    /// parser gives (same bits, so the sign of zero too) on every input it
    /// takes, and takes the plain decimals scenes are full of.
    @Test func shortDecimalsParseExactlyAsTheStandardLibraryDoes() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        let alphabet = Array("0123456789.-+")
        var taken = 0
        for _ in 0..<200_000 {
            let length = Int(next() % 18) + 1
            let text = String((0..<length).map { _ in alphabet[Int(next() % UInt64(alphabet.count))] })
            guard let fast = ScalarSyntax.shortDecimal(text) else { continue }
            taken += 1
            #expect(fast.bitPattern == Double(text)?.bitPattern, "\(text)")
        }
        #expect(taken > 1000)
        for text in ["0", "-0", "0.5", ".5", "5.", "-0.25", "+3", "123456789012345", "0.00000000000001", "1.1"] {
            #expect(ScalarSyntax.shortDecimal(text)?.bitPattern == Double(text)?.bitPattern, "\(text)")
            #expect(ScalarSyntax.shortDecimal(text) != nil, "\(text)")
        }
        for text in ["1234567890123456", "1e3", "1.2.3", "--1", "", ".", "-", "1-"] {
            #expect(ScalarSyntax.shortDecimal(text) == nil, "\(text)")
        }
    }

}
