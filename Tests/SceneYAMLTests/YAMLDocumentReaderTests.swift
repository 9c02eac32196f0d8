import SceneYAML
import Testing

/// Reads `text` as a scene document.
private func read(_ text: String, limits: YAMLLimits = YAMLLimits()) throws(YAMLError) -> YAMLNode? {
    try YAMLDocumentReader.read(Array(text.utf8), limits: limits)
}

/// The error reading `text` throws, if any.
private func readingError(_ text: String, limits: YAMLLimits = YAMLLimits()) -> YAMLError? {
    do {
        _ = try read(text, limits: limits)
        return nil
    } catch {
        return error
    }
}

extension YAMLNode {
    fileprivate var asScalar: YAMLScalar? { if case .scalar(let scalar) = self { scalar } else { nil } }
    fileprivate var asSequence: YAMLSequence? { if case .sequence(let sequence) = self { sequence } else { nil } }
    fileprivate var asMapping: YAMLMapping? { if case .mapping(let mapping) = self { mapping } else { nil } }
}

/// `[[[...1...]]]`, `depth` deep.
private func nestedFlowSequences(_ depth: Int) -> String {
    String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
}

@Suite("YAMLDocumentReader")
struct YAMLDocumentReaderTests {
    // MARK: Nodes

    @Test("builds mappings, sequences and scalars with their spans")
    func buildsNodesWithSpans() throws {
        let root = try #require(try read("name: demo\nitems:\n  - 1\n  - [a, 'b']\n"))
        let mapping = try #require(root.asMapping)
        #expect(mapping.span == span(pos(1, 1, 0), pos(5, 1, 37)))
        #expect(mapping.entries.map(\.key.value) == ["name", "items"])

        let name = try #require(mapping["name"])
        #expect(name.key == YAMLScalar(value: "name", style: .plain, span: span(pos(1, 1, 0), pos(1, 5, 4))))
        #expect(
            name.value == .scalar(YAMLScalar(value: "demo", style: .plain, span: span(pos(1, 7, 6), pos(1, 11, 10)))))

        let items = try #require(mapping["items"]?.value.asSequence)
        #expect(items.span.start == pos(3, 3, 20))
        #expect(items.items.count == 2)
        #expect(items.items[0].asScalar?.value == "1")
        #expect(items.items[0].span == span(pos(3, 5, 22), pos(3, 6, 23)))

        let flow = try #require(items.items[1].asSequence)
        #expect(flow.span == span(pos(4, 5, 28), pos(4, 13, 36)))
        #expect(flow.items.map(\.asScalar?.value) == ["a", "b"])
        #expect(flow.items.map(\.asScalar?.style) == [.plain, .singleQuoted])
        #expect(flow.items[1].span == span(pos(4, 9, 32), pos(4, 12, 35)))
    }

    @Test("a mapping keeps its entries in written order and finds them by key")
    func mappingOrderAndLookup() throws {
        let mapping = try #require(try read("z: 1\na: 2\nm: 3\n")?.asMapping)
        #expect(mapping.entries.map(\.key.value) == ["z", "a", "m"])
        #expect(mapping["a"]?.value.asScalar?.value == "2")
        #expect(mapping["missing"] == nil)
    }

    @Test("spans use byte offsets and scalar columns after multi-byte text")
    func spansAfterMultiByteText() throws {
        let mapping = try #require(try read("名前: 値\nk: [v]\n")?.asMapping)
        #expect(mapping["k"]?.key.span == span(pos(2, 1, 12), pos(2, 2, 13)))
        #expect(mapping["k"]?.value.span == span(pos(2, 4, 15), pos(2, 7, 18)))
    }

    @Test(
        "a scalar's value is its text only when nothing was unescaped or folded",
        arguments: [
            ("a: plain words", "plain words"), ("a: 'it''s'", "it's"), ("a: 'as is'", "as is"),
            // \N (U+0085) and \_ (U+00A0) are two characters that become two bytes.
            ("a: \"x\\Ny\"", "x\u{85}y"), ("a: \"\\_\"", "\u{A0}"), ("a: \"no escapes\"", "no escapes"),
            ("a: folded\n  plain", "folded plain"), ("a: 'two\n  lines'", "two lines"),
            ("a: \"é \\u00e9\"", "é é"),
        ] as [(Snippet, String)])
    func scalarValuesAgainstTheirText(snippet: Snippet, value: String) throws {
        for pipelining in [YAMLDocumentReader.Pipelining.off, .on] {
            let root = try YAMLDocumentReader.read(Array(snippet.text.utf8), pipelining: pipelining)
            #expect(root?.asMapping?["a"]?.value.asScalar?.value == value)
        }
    }

    @Test("a top-level scalar is the root")
    func scalarRoot() throws {
        #expect(try read("hello")?.asScalar?.value == "hello")
    }

    @Test(
        "plain empty, ~, null, Null and NULL are null; quoted and other words are not",
        arguments: [
            ("a:", true), ("a: ~", true), ("a: null", true), ("a: Null", true), ("a: NULL", true),
            ("a: 'null'", false), ("a: \"\"", false), ("a: nul", false), ("a: nULL", false), ("a: 0", false),
        ] as [(Snippet, Bool)])
    func nulls(snippet: Snippet, isNull: Bool) throws {
        let value = try #require(try read(snippet.text)?.asMapping?["a"]?.value.asScalar)
        #expect(value.isNull == isNull)
    }

    @Test("an empty value gets an empty plain scalar")
    func emptyValue() throws {
        let value = try #require(try read("a:\nb: 1\n")?.asMapping?["a"]?.value.asScalar)
        #expect(value.value == "")
        #expect(value.style == .plain)
    }

    @Test(
        "input without a document is nil",
        arguments: ["", "# just a comment\n", "\n\n   \n"] as [Snippet])
    func noDocument(snippet: Snippet) throws {
        #expect(try read(snippet.text) == nil)
    }

    @Test("a bare --- is one document holding an empty (null) scalar")
    func bareDocumentStart() throws {
        let root = try #require(try read("---\n"))
        #expect(root.asScalar?.isNull == true)
    }

    @Test("an alias expands to the node its anchor names, with that node's span")
    func aliasesExpand() throws {
        let mapping = try #require(try read("base: &b {x: 1, y: [2]}\ncopy: *b\nname: &n hi\nagain: *n\n")?.asMapping)
        let base = try #require(mapping["base"]?.value)
        #expect(mapping["copy"]?.value == base)
        #expect(mapping["copy"]?.value.span == span(pos(1, 7, 6), pos(1, 24, 23)))
        #expect(mapping["again"]?.value.asScalar?.value == "hi")
        #expect(mapping["again"]?.value.span == span(pos(3, 7, 39), pos(3, 12, 44)))
    }

    @Test("an anchor defined again names the newer node from then on")
    func anchorRedefined() throws {
        let items = try #require(try read("- &a 1\n- *a\n- &a 2\n- *a\n")?.asSequence?.items)
        #expect(items.map(\.asScalar?.value) == ["1", "1", "2", "2"])
    }

    @Test("an alias of a scalar can be a key")
    func aliasAsKey() throws {
        let mapping = try #require(try read("name: &k key\nm:\n  *k : value\n")?.asMapping)
        #expect(mapping["m"]?.value.asMapping?["key"]?.value.asScalar?.value == "value")
    }

    // MARK: Restrictions

    @Test("a repeated key is an error at the second, related to the first")
    func duplicateKey() {
        let error = readingError("a: 1\nb: 2\na: 3\n")
        #expect(
            error
                == YAMLError(
                    .duplicateKey, "the key 'a' appears twice in the same mapping",
                    at: span(pos(3, 1, 10), pos(3, 2, 11)),
                    related: ("first written here", pos(1, 1, 0)), hint: "remove or rename one of them"))
        #expect(error?.related?.message == "first written here")
        #expect(error?.related?.position == pos(1, 1, 0))
    }

    @Test(
        "keys that are canonically equivalent are the same key, in a short mapping and past the key index",
        arguments: [0, 20])
    func canonicallyEquivalentKeysAreADuplicate(otherKeys: Int) {
        // `é` precomposed, then `e` and a combining acute accent: Swift
        // strings (and so every map the loader builds) take them as equal.
        let others = (0..<otherKeys).map { "k\($0): 0\n" }.joined()
        let error = readingError(others + "\"\u{00e9}\": 1\n\"e\u{0301}\": 2\n")
        #expect(error?.kind == .duplicateKey)
        #expect(error?.position.line == otherKeys + 2)
        #expect(error?.related?.position.line == otherKeys + 1)
        #expect(error?.hint?.contains("how accents are encoded") == true)
        // Written with escapes, the same.
        #expect(readingError(others + "\"\\u00e9\": 1\n\"e\\u0301\": 2\n")?.kind == .duplicateKey)
        // Different letters beyond ASCII are different keys.
        #expect(readingError(others + "\u{00e9}: 1\n\u{00e8}: 2\n") == nil)
        // Text beyond ASCII can equal ASCII text: the Kelvin sign is 'K'.
        #expect(readingError(others + "K: 1\n\u{212A}: 2\n")?.kind == .duplicateKey)
        #expect(readingError(others + "\u{212A}: 1\nK: 2\n")?.kind == .duplicateKey)
        // ASCII keys compare by their bytes only while every earlier key is
        // ASCII too: one beyond ASCII, written keys before, still counts.
        #expect(readingError(others + "\u{212A}: 1\na: 2\nb: 3\nK: 4\n")?.kind == .duplicateKey)
        #expect(readingError(others + "a: 1\n\u{212A}: 2\nb: 3\nK: 4\n")?.kind == .duplicateKey)
    }

    @Test("a repeated key is found in a flow mapping and in a nested mapping")
    func duplicateKeyFlowAndNested() {
        let flow = readingError("{x: 1, y: 2, x: 3}")
        #expect(flow?.kind == .duplicateKey)
        #expect(flow?.position == pos(1, 14, 13))
        #expect(flow?.related?.position == pos(1, 2, 1))
        let nested = readingError("top:\n  k: 1\n  k: 2\n")
        #expect(nested?.kind == .duplicateKey)
        #expect(nested?.position == pos(3, 3, 14))
        #expect(nested?.related?.position == pos(2, 3, 7))
    }

    @Test("the same key in different mappings is fine")
    func sameKeyInSiblingMappings() throws {
        let mapping = try #require(try read("a: {k: 1}\nb: {k: 2}\nc:\n  k: 3\n")?.asMapping)
        #expect(mapping.entries.count == 3)
    }

    @Test(
        "a repeated key in a mapping of more than 8 keys is found through the key index",
        arguments: [
            ("k0", 1),  // first written before the index is built
            ("k7", 8),  // the last key before the index
            ("k8", 9),  // the key whose arrival builds the index
            ("k11", 12),  // added to the index after it was built
        ])
    func duplicateKeyInLargeMapping(key: String, firstLine: Int) {
        let keys = (0..<12).map { "k\($0): \($0)\n" }.joined()
        let error = readingError(keys + "\(key): again\n")
        #expect(
            error
                == YAMLError(
                    .duplicateKey, "the key '\(key)' appears twice in the same mapping",
                    at: span(pos(13, 1, keys.utf8.count), pos(13, 1 + key.count, keys.utf8.count + key.utf8.count)),
                    related: (
                        "first written here",
                        pos(
                            firstLine, 1,
                            keys.split(separator: "\n").prefix(firstLine - 1).map { $0.utf8.count + 1 }.reduce(0, +))
                    ),
                    hint: "remove or rename one of them"))
    }

    @Test("a mapping of many distinct keys is accepted")
    func manyDistinctKeys() throws {
        let text = (0..<500).map { "key\($0): \($0)\n" }.joined()
        let mapping = try #require(try read(text)?.asMapping)
        #expect(mapping.entries.count == 500)
        #expect(mapping["key499"]?.value.asScalar?.value == "499")
    }

    @Test(
        "an explicit tag is rejected at the tagged node",
        arguments: [
            ("!!int 3", "!!int", pos(1, 1, 0)),
            ("!Foo x", "!Foo", pos(1, 1, 0)),
            ("a: !!str 3", "!!str", pos(1, 4, 3)),
            ("a: !Foo {b: 1}", "!Foo", pos(1, 4, 3)),
            ("- !!seq [1]", "!!seq", pos(1, 3, 2)),
            ("! x", "!", pos(1, 1, 0)),
            ("a: &anchor !Local [1]", "!Local", pos(1, 4, 3)),
            ("a: !Local &anchor {b: 1}", "!Local", pos(1, 4, 3)),
        ] as [(Snippet, String, SourcePosition)])
    func tagsAreRejected(snippet: Snippet, tag: String, position: SourcePosition) {
        let error = readingError(snippet.text)
        #expect(error?.kind == .tag)
        #expect(error?.message == "explicit tags like '\(tag)' are not supported in scene files")
        #expect(error?.position == position)
        #expect(error?.hint == "remove the tag: a value takes its type from the property it sets")
    }

    @Test("the whole tag error for !!int 3")
    func tagErrorInFull() {
        #expect(
            readingError("!!int 3")
                == YAMLError(
                    .tag, "explicit tags like '!!int' are not supported in scene files",
                    at: span(pos(1, 1, 0), pos(1, 8, 7)),
                    hint: "remove the tag: a value takes its type from the property it sets"))
    }

    @Test("a merge key << is rejected at the key")
    func mergeKey() {
        let error = readingError("base: &b {x: 1}\nderived:\n  <<: *b\n  y: 2\n")
        #expect(
            error
                == YAMLError(
                    .mergeKey, "merge keys ('<<') are not supported in scene files",
                    at: span(pos(3, 3, 27), pos(3, 5, 29)),
                    hint: "write the keys out, or use an alias for a whole value"))
    }

    @Test("a quoted '<<' is an ordinary key")
    func quotedMergeKeyIsOrdinary() throws {
        #expect(try read("'<<': 1")?.asMapping?["<<"]?.value.asScalar?.value == "1")
    }

    @Test(
        "a sequence or mapping as a key is rejected where it starts",
        arguments: [
            ("? [a]\n: b\n", "a list", pos(1, 3, 2)),
            ("{[a]: b}", "a list", pos(1, 2, 1)),
            ("? {a: 1}\n: b\n", "a mapping", pos(1, 3, 2)),
            ("{{a: 1}: b}", "a mapping", pos(1, 2, 1)),
            ("outer:\n  ? - x\n  : y\n", "a list", pos(2, 5, 11)),
            // An alias of a list as a key: reported at the alias, not at the list.
            ("l: &s [1]\nm:\n  *s : v\n", "a list", pos(3, 3, 15)),
        ] as [(Snippet, String, SourcePosition)])
    func complexKeys(snippet: Snippet, kind: String, position: SourcePosition) {
        let error = readingError(snippet.text)
        #expect(error?.kind == .complexKey)
        #expect(error?.message == "a mapping key must be a single value, not \(kind)")
        #expect(error?.position == position)
    }

    @Test("a second document is rejected where it starts")
    func secondDocument() {
        #expect(
            readingError("a: 1\n---\nb: 2")
                == YAMLError(
                    .multipleDocuments, "a scene file holds one YAML document, and a second one starts here",
                    at: span(pos(2, 1, 5), pos(2, 4, 8)), hint: "put each scene in its own file"))
    }

    @Test("one document with explicit start and end markers is fine")
    func explicitSingleDocument() throws {
        #expect(try read("---\na: 1\n...\n")?.asMapping?["a"]?.value.asScalar?.value == "1")
    }

    @Test("an alias of an undefined anchor is rejected at the alias")
    func unknownAlias() {
        #expect(
            readingError("a: 1\nb: *nope\n")
                == YAMLError(
                    .unknownAnchor, "the alias '*nope' names no anchor defined before it",
                    at: span(pos(2, 4, 8), pos(2, 9, 13)),
                    hint: "define '&nope' on an earlier value"))
    }

    @Test("an alias before its anchor, or inside the node it names, is unknown")
    func aliasBeforeOrInsideAnchor() {
        #expect(readingError("a: *x\nb: &x 1\n")?.kind == .unknownAnchor)
        #expect(readingError("a: &x [1, *x]\n")?.kind == .unknownAnchor)
    }

    @Test("input over maxInputBytes is rejected before parsing")
    func inputTooLarge() {
        let limits = YAMLLimits(maxInputBytes: 10)
        #expect(readingError("a: 1234567", limits: limits) == nil)  // exactly 10 bytes
        #expect(
            readingError("a: 12345678", limits: limits)
                == YAMLError(
                    .tooLarge, "the file is 11 bytes, more than the limit of 10", at: SourceSpan(at: .start),
                    hint: "split the scene, or raise the limit in the embedding program"))
        // The size is checked first, even when the text is not valid YAML.
        #expect(readingError("[[[[[[[[[[[", limits: limits)?.kind == .tooLarge)
    }

    @Test("nesting deeper than a custom maxDepth is rejected at the first collection too deep")
    func customDepthLimit() {
        let limits = YAMLLimits(maxDepth: 3)
        #expect(readingError("[[[1]]]", limits: limits) == nil)
        #expect(
            readingError("[[[[1]]]]", limits: limits)
                == YAMLError(
                    .tooDeep, "lists and mappings are nested more than 3 deep", at: span(pos(1, 4, 3), pos(1, 5, 4)),
                    hint: "flatten the structure, or raise the depth limit in the embedding program"))
        let block = readingError("a:\n  b:\n    c:\n      - 1\n", limits: limits)
        #expect(block?.kind == .tooDeep)
        #expect(block?.position == pos(4, 7, 21))
    }

    @Test("the default depth limit accepts 64 nested collections and rejects 65")
    func defaultDepthLimit() throws {
        #expect(YAMLLimits().maxDepth == 64)
        var node = try #require(try read(nestedFlowSequences(64)))
        var depth = 0
        while let sequence = node.asSequence {
            depth += 1
            node = try #require(sequence.items.first)
        }
        #expect(depth == 64)
        let error = readingError(nestedFlowSequences(65))
        #expect(error?.kind == .tooDeep)
        #expect(error?.message == "lists and mappings are nested more than 64 deep")
        #expect(error?.position == pos(1, 65, 64))
    }

    @Test("mappings count towards the depth like sequences")
    func mappingsCountTowardsDepth() {
        let text = String(repeating: "{a: ", count: 65) + "1" + String(repeating: "}", count: 65)
        #expect(readingError(text)?.kind == .tooDeep)
        let fine = String(repeating: "{a: ", count: 64) + "1" + String(repeating: "}", count: 64)
        #expect(readingError(fine) == nil)
    }

    @Test("libyaml errors pass through the document reader unchanged")
    func syntaxErrorsPassThrough() {
        let error = readingError("a: 1\nb: [1, 2\n")
        #expect(error?.kind == .syntax)
        #expect(error?.position == pos(3, 1, 14))
        #expect(error?.related?.message == "while parsing a flow sequence")
    }

    // MARK: Pipelining

    /// Reads `text`, streaming the entries of `objects`, and returns each
    /// entry as a key and a tree, the document left at the end, or the error.
    private func streamed(_ text: String, _ pipelining: YAMLDocumentReader.Pipelining) -> (
        entries: [String], outcome: Result<YAMLNode?, YAMLError>
    ) {
        var entries: [String] = []
        let outcome = Result { () throws(YAMLError) in
            let document = try YAMLDocumentReader.readDocument(
                Array(text.utf8), pipelining: pipelining, streaming: "objects"
            ) { document, entry in
                entries.append("\(entry.key) \(document.span(entry.keyNode)) = \(document.tree(entry.value))")
            }
            return document.root.map(document.tree)
        }
        return (entries, outcome)
    }

    /// A scene-like text of `count` objects that spans many event batches:
    /// anchors and aliases, escapes, folded text and multi-byte characters.
    private func manyObjects(_ count: Int) -> String {
        var text = "scene: pipelining\nobjects:\n"
        for index in 0..<count {
            text += "  o\(index):\n    type: View\n"
            switch index % 4 {
            case 0: text += "    text: \"caf\u{E9} \\u00e9 \\t \(index)\"\n    tags: &t\(index) [a, 'b c', {d: e}]\n"
            case 1: text += "    copy: *t\(index - 1)\n    note: >\n      folded\n      text \(index)\n"
            case 2: text += "    list:\n      - \u{1F600} \(index)\n      - ~\n"
            default: text += "    on: { tap: o0.hide }\n"
            }
        }
        return text + "script: []\n"
    }

    @Test("streamed entries, the document and errors are the same with libyaml on a second thread")
    func pipeliningStreamsTheSameEntries() throws {
        let valid = manyObjects(3000)
        let sequential = streamed(valid, .off)
        let pipelined = streamed(valid, .on)
        #expect(sequential.entries.count == 3000)
        #expect(sequential.entries == pipelined.entries)
        #expect(sequential.outcome == pipelined.outcome)
        guard case .success(.some(.mapping(let rest))) = sequential.outcome else {
            Issue.record("expected the rest of the document, got \(sequential.outcome)")
            return
        }
        #expect(rest.entries.map(\.key.value) == ["scene", "objects", "script"])

        // A syntax error late in the file: what came before it is handed out.
        let broken = manyObjects(2000) + "tail: [unclosed\n"
        let brokenSequential = streamed(broken, .off)
        let brokenPipelined = streamed(broken, .on)
        #expect(brokenSequential.entries.count == 2000)
        #expect(brokenSequential.entries == brokenPipelined.entries)
        #expect(brokenSequential.outcome == brokenPipelined.outcome)
        guard case .failure(let error) = brokenPipelined.outcome else {
            Issue.record("expected a syntax error")
            return
        }
        #expect(error.kind == .syntax)

        // An error the document reader finds (not libyaml) stops the second thread early.
        let tagged = manyObjects(2000).replacingFirst("type: View", with: "type: !!str View")
        #expect(streamed(tagged, .on).outcome == streamed(tagged, .off).outcome)
        #expect(streamed(tagged, .on).entries.isEmpty)
    }

    @Test("automatic pipelining starts at 32 KiB")
    func automaticPipeliningThreshold() {
        #expect(YAMLDocumentReader.pipeliningThreshold == 32 << 10)
    }
}

extension String {
    /// The text with the first `target` replaced.
    fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}

/// `YAMLDocument.withScalarBytes` against `scalarBytes`, for values in the
/// text, values libyaml changed, aliases and collections.
@Suite struct ScalarBytesTests {
    @Test func bytesInPlaceMatchTheSlices() throws {
        let text = "plain: café\nescaped: \"a\\tb\"\nfolded: >\n  one\n  two\nanchored: &x here\nalias: *x\nlist: [1]\n"
        let document = try YAMLDocumentReader.readDocument(Array(text.utf8))
        let root = try #require(document.root)
        var seen: [String: String] = [:]
        for entry in document.entries(root) {
            var inPlace: [UInt8] = []
            document.withScalarBytes(entry.value) { inPlace = Array($0) }
            #expect(inPlace == document.scalarBytes(entry.value).map(Array.init) ?? [], "\(entry.key)")
            seen[entry.key] = String(decoding: inPlace, as: UTF8.self)
        }
        #expect(
            seen == [
                "plain": "café", "escaped": "a\tb", "folded": "one two\n", "anchored": "here", "alias": "here",
                "list": "",
            ])
    }
}
