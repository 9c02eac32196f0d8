import SceneCore
import SceneYAML
import Testing

/// What the scalar `written` reads back as through the project's own
/// reader: as the value of a block mapping, a block sequence's item, a flow
/// mapping's value, a flow sequence's item, a key and a nested key.
private func readBack(_ written: String) throws -> [String] {
    func root(_ document: String) throws -> YAMLNode {
        try #require(try YAMLDocumentReader.read(Array(document.utf8)), "nothing read from \(document)")
    }
    func value(_ node: YAMLNode) -> YAMLNode? {
        if case .mapping(let mapping) = node { return mapping.entries.first?.value }
        return nil
    }
    func item(_ node: YAMLNode?) -> YAMLNode? {
        if case .sequence(let sequence)? = node { return sequence.items.first }
        return nil
    }
    func key(_ node: YAMLNode?) -> String? {
        if case .mapping(let mapping)? = node { return mapping.entries.first?.key.value }
        return nil
    }
    func text(_ node: YAMLNode?) -> String? {
        if case .scalar(let scalar)? = node { return scalar.value }
        return nil
    }
    let read = [
        text(value(try root("value: \(written)\n"))), text(item(try root("- \(written)\n"))),
        text(value(try root("{ value: \(written) }\n"))), text(item(try root("[\(written)]\n"))),
        key(try root("\(written): 1\n")), key(value(try root("outer:\n  \(written):\n    - 1\n"))),
    ]
    return try read.map { try #require($0, "\(written) is not read back as a scalar") }
}

/// What YAML 1.2's core schema and YAML 1.1's types read a plain scalar as
/// other than a string: written here from the two specifications'
/// regular expressions, apart from the writer's own rule.
private let nonStringPlainScalars: [String] = [
    // 1.2 core: null, bool, int, float.
    #"null|Null|NULL|~|"#, #"true|True|TRUE|false|False|FALSE"#, #"[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+"#,
    #"[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?"#, #"[-+]?(\.inf|\.Inf|\.INF)|\.nan|\.NaN|\.NAN"#,
    // 1.1: bool, int (with base 60), float, merge, value, timestamps.
    #"y|Y|yes|Yes|YES|n|N|no|No|NO|on|On|ON|off|Off|OFF"#,
    #"[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(:[0-5]?[0-9])+"#,
    #"[-+]?([0-9][0-9_]*)?\.[0-9.]*([eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(:[0-5]?[0-9])+\.[0-9_]*"#,
    #"<<|="#, #"[0-9][0-9][0-9][0-9]-[0-9][0-9]?-[0-9][0-9]?.*"#,
]

/// Every character that needs care somewhere in a YAML scalar, and some
/// that need none.
private let specialCharacters: [Unicode.Scalar] = {
    var characters: [Unicode.Scalar] = []
    for value in UInt32(0x00)...0x7F { characters.append(Unicode.Scalar(value) ?? " ") }
    for value: UInt32 in [
        0x80, 0x85, 0x9F, 0xA0, 0xAD, 0x300, 0x301, 0x2028, 0x2029, 0x200B, 0x3000, 0xE000, 0xFEFF, 0xFFFD, 0xFFFE,
        0xFFFF, 0x1F600, 0x10FFFF,
    ] {
        characters.append(Unicode.Scalar(value) ?? " ")
    }
    return characters
}()

/// Pieces that make a string look like something else to some reader.
private let tricks = [
    "yes", "No", "ON", "off", "y", "N", "null", "~", "true", "False", "1e3", "0x1F", "0o17", "017", ".inf", "-.Inf",
    ".nan", "12:30", "1_000", "+1", "-1", ".5", "2026-12-01", "<<", "=", ": ", " #", "#", "- ", "? ", "---", "...",
    "&a", "*a", "!tag", "|", ">", "'", "\"", "%", "@", "`", "[", "]", "{", "}", ",", " ", "\t", "\n", "\r\n",
]

@Suite("YAMLWriter")
struct YAMLWriterTests {
    @Test func generatedStringsReadBackExactlyInEveryPlace() throws {
        var random = SplitMix64(seed: 42)
        var plainCount = 0
        var quotedCount = 0
        for _ in 0..<3000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...6, using: &random) {
                switch Int.random(in: 0..<4, using: &random) {
                case 0: text.unicodeScalars.append(specialCharacters.randomElement(using: &random) ?? " ")
                case 1: text += tricks.randomElement(using: &random) ?? ""
                default: text += ["play", "a", "Z9", "é", "名前", "x_y", "v.1"].randomElement(using: &random) ?? ""
                }
            }
            let written = YAMLWriter.scalar(text)
            if written == text { plainCount += 1 } else { quotedCount += 1 }
            for read in try readBack(written) {
                #expect(read == text, "\(written) read back as \(read.debugDescription)")
            }
        }
        #expect(plainCount > 100)
        #expect(quotedCount > 100)
    }

    @Test func everySpecialCharacterAloneAndInsideReadsBack() throws {
        for character in specialCharacters {
            for text in [String(character), "a\(character)b", "\(character)a", "a\(character)"] {
                for read in try readBack(YAMLWriter.scalar(text)) { #expect(read == text) }
                for read in try readBack(YAMLWriter.doubleQuoted(text)) { #expect(read == text) }
            }
        }
    }

    @Test func plainScalarsAreNeverReadAsAnotherType() throws {
        let patterns = try nonStringPlainScalars.map { try Regex($0) }
        var random = SplitMix64(seed: 7)
        for _ in 0..<3000 {
            var text = ""
            for _ in 0..<Int.random(in: 1...3, using: &random) { text += tricks.randomElement(using: &random) ?? "" }
            text += ["", "a", "0", "e5", "_"].randomElement(using: &random) ?? ""
            guard YAMLWriter.isPlainSafe(text) else { continue }
            for pattern in patterns {
                #expect((try? pattern.wholeMatch(in: text)) == nil, "\(text) is plain")
            }
        }
    }

    @Test(arguments: [
        ("yes", "\"yes\""), ("On", "\"On\""), ("null", "\"null\""), ("~", "\"~\""), ("1e3", "\"1e3\""),
        ("0x1F", "\"0x1F\""), (".inf", "\".inf\""), ("12:30", "\"12:30\""), (" lead", "\" lead\""),
        ("trail ", "\"trail \""), ("a: b", "\"a: b\""), ("a #b", "\"a #b\""), ("-x", "\"-x\""), ("", "\"\""),
        ("play", "play"), ("volume.value", "volume.value"), ("a#b", "a#b"), ("名前", "名前"), ("yesterday", "yesterday"),
    ])
    func numbersBooleansAndIndicatorsAreQuoted(text: String, written: String) {
        #expect(YAMLWriter.scalar(text) == written)
    }

    @Test func separatorsAndByteOrderMarkAreEscaped() throws {
        #expect(YAMLWriter.scalar("a\u{2028}b") == #""a\u2028b""#)
        #expect(YAMLWriter.scalar("a\u{2029}b") == #""a\u2029b""#)
        #expect(YAMLWriter.scalar("\u{FEFF}a") == #""\uFEFFa""#)
        #expect(YAMLWriter.scalar("a\u{85}b") == #""a\x85b""#)
        #expect(YAMLWriter.doubleQuoted("say \"hi\"\n\\") == #""say \"hi\"\x0A\\""#)
        for text in ["a\u{2028}b", "a\u{2029}b", "\u{FEFF}a", "a\u{FEFF}", "\u{FFFE}\u{FFFF}"] {
            for read in try readBack(YAMLWriter.scalar(text)) { #expect(read == text) }
        }
    }

    @Test func blockWriterNestsMappingsSequencesAndComments() throws {
        var writer = YAMLWriter()
        writer.comment("first\nsecond")
        writer.entry("scene", YAMLWriter.doubleQuoted("Player"))
        writer.mapping("objects") { objects in
            objects.mapping(.text("play"), comment: "the play button") { play in
                play.entry("type", "Button")
                play.entry("title", scalar: "Play: now")
                play.sequence("tags") { tags in
                    tags.item(scalar: "yes")
                    tags.item("[a, b]")
                }
            }
            objects.entry(.text("on"), scalar: "x")
        }
        #expect(
            writer.text == """
                # first
                # second
                scene: "Player"
                objects:
                  play:  # the play button
                    type: Button
                    title: "Play: now"
                    tags:
                      - "yes"
                      - [a, b]
                  "on": x

                """)
        #expect(try YAMLDocumentReader.read(writer.bytes) != nil)
    }

    @Test func commentsNeverCarryYAMLOrForbiddenCharacters() throws {
        var writer = YAMLWriter(indentation: 2)
        writer.comment("one\u{2028}key: value\r\nthree\u{1}")
        writer.entry("a", "1", comment: "x\nb: 2")
        #expect(writer.text == "  # one\n  # key: value\n  # three\u{FFFD}\n  a: 1  # x\n  # b: 2\n")
        let root = try #require(try YAMLDocumentReader.read(Array(("top:\n" + writer.text).utf8)))
        guard case .mapping(let mapping) = root, case .mapping(let inner) = mapping.entries.first?.value else {
            Issue.record("not a mapping: \(root)")
            return
        }
        #expect(inner.entries.map(\.key.value) == ["a"])
    }

    @Test func longKeysAreWrittenAsExplicitKeys() throws {
        let key = String(repeating: "k", count: 1500)
        var writer = YAMLWriter()
        writer.entry(.text(key), scalar: "v")
        #expect(writer.text == "? \(key)\n: v\n")
        let root = try #require(try YAMLDocumentReader.read(writer.bytes))
        guard case .mapping(let mapping) = root else {
            Issue.record("not a mapping")
            return
        }
        #expect(mapping.entries.first?.key.value == key)
    }
}
