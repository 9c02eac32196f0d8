import Foundation
import SceneBehaviours
import SceneCore
import SceneStorage
import TestSupport
import Testing

@testable import SceneCommandLine

/// `schema`: the JSON Schema of scene files, generated from the registry.
/// `.ci/run` validates the scenes and `schema/rejects/` with a real JSON
/// Schema validator; these tests check what can be checked without one.
@Suite(.serialized) struct SchemaTests {
    /// The schema `scene-runner schema` prints, parsed.
    private func printedSchema(
        name: String = "scene-runner", registry: SceneRegistry = .standardWithStorage,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [String: Any] {
        let result = run(["schema"], name: name, registry: registry)
        #expect(result.status == 0, "\(result.errors)", sourceLocation: sourceLocation)
        return try #require(
            try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any],
            sourceLocation: sourceLocation)
    }

    private func definition(_ name: String, in schema: [String: Any]) throws -> [String: Any] {
        let definitions = try #require(schema["definitions"] as? [String: Any])
        return try #require(definitions[name] as? [String: Any], "no definition '\(name)'")
    }

    @Test func theCommittedSchemaIsWhatSchemaPrints() throws {
        let committed = try String(contentsOfFile: packagePath("schema/scene.schema.json"), encoding: .utf8)
        let printed = run(["schema"]).output
        #expect(
            committed == printed,
            "schema/scene.schema.json is out of date; regenerate it: swift build && .build/debug/scene-runner schema > schema/scene.schema.json"
        )
    }

    @Test func theCommittedImportMapSchemaIsWhatSchemaPrints() throws {
        let committed = try String(contentsOfFile: packagePath("schema/import-map.schema.json"), encoding: .utf8)
        #expect(
            committed == run(["schema", "--import-map"]).output,
            "schema/import-map.schema.json is out of date; regenerate it: swift build && .build/debug/scene-runner schema --import-map > schema/import-map.schema.json"
        )
    }

    @Test func schemaTakesNoArgumentAndListsItsExitStatuses() {
        let extra = run(["schema", "Scenes/player-controls.yaml"])
        #expect(extra.status == 64)
        #expect(extra.output.isEmpty)
        #expect(extra.errors.contains("Unexpected argument 'Scenes/player-controls.yaml'"), "\(extra.errors)")
        let help = run(["schema", "--help"])
        #expect(help.status == 0)
        #expect(help.output.contains("# yaml-language-server: $schema=PATH/scene.schema.json"))
        let listed = help.output.split(separator: "\n").drop { $0 != "Exit status:" }.dropFirst()
            .prefix { $0.hasPrefix("  ") }.map { $0.split(separator: " ").first.map(String.init) ?? "" }
        #expect(listed == ["0", "64", "74"], "\(help.output)")
        #expect(run(["--help"]).output.contains("schema"))
    }

    @Test func theSchemaIsTheSameEveryTime() {
        #expect(run(["schema"]).output == run(["schema"]).output)
    }

    @Test func theSchemaIsDraft07WithTheTopLevelKeysOfTheFormat() throws {
        let schema = try printedSchema()
        #expect(schema["$schema"] as? String == "http://json-schema.org/draft-07/schema#")
        #expect(schema["required"] as? [String] == ["objects"])
        #expect(schema["additionalProperties"] as? Bool == false)
        let properties = try #require(schema["properties"] as? [String: Any])
        #expect(
            Set(properties.keys) == [
                "scene", "description", "version", "canvas", "params", "objects", "script", "invariants",
            ]
        )
    }

    @Test func everyRegisteredTypeIsATypeNameAndSelectsItsOwnKeys() throws {
        let registry = SceneRegistry.standardWithStorage
        let schema = try printedSchema()
        // An object with `include` is an instance of a component; any other selects its keys by its type.
        let object = try #require(try definition("object", in: schema)["else"] as? [String: Any])
        let typeProperty = try #require((object["properties"] as? [String: Any])?["type"] as? [String: Any])
        #expect(typeProperty["enum"] as? [String] == registry.types.map(\.name))
        let selections = try #require(object["allOf"] as? [[String: Any]])
        #expect(selections.count == registry.types.count)
        for type in registry.types {
            let keys = try #require(try definition("type.\(type.name)", in: schema)["properties"] as? [String: Any])
            let expected =
                ["type", "on"] + type.properties.filter { !$0.isReadOnly }.map(\.name) + type.outlets.map(\.name)
            #expect(Set(keys.keys) == Set(expected), "\(type.name)")
            #expect(try definition("type.\(type.name)", in: schema)["additionalProperties"] as? Bool == false)
            let on = try #require(keys["on"] as? [String: Any])
            let events = try #require(on["properties"] as? [String: Any])
            #expect(Set(events.keys) == Set(type.events.keys), "\(type.name)")
        }
        // A Button has a View's keys too, with their documentation.
        let button = try #require(try definition("type.Button", in: schema)["properties"] as? [String: Any])
        let hidden = try #require(button["hidden"] as? [String: Any])
        #expect((hidden["markdownDescription"] as? String)?.hasPrefix("`hidden: Bool = false`") == true)
        #expect(hidden["default"] as? Bool == false)
    }

    @Test func aProgramsOwnTypeAppearsWithItsMembers() throws {
        var registry = SceneRegistry.standard
        try registry.register(Countdown.sceneDescription())
        let schema = try printedSchema(name: "my-runner", registry: registry)
        #expect((schema["$comment"] as? String)?.contains("'my-runner schema'") == true)
        let object = try definition("object", in: schema)["else"] as? [String: Any]
        let names = (object?["properties"] as? [String: Any])?["type"] as? [String: Any]
        #expect((names?["enum"] as? [String])?.contains("Countdown") == true)
        let countdown = try definition("type.Countdown", in: schema)
        #expect(countdown["description"] as? String == "Countdown: Counts down to zero.")
        let keys = try #require(countdown["properties"] as? [String: Any])
        // `left` is read-only: a scene cannot set it.
        #expect(Set(keys.keys) == ["type", "from", "on"])
        let from = try #require(keys["from"] as? [String: Any])
        #expect(from["default"] as? Int == 3)
        let forms = try #require(from["anyOf"] as? [[String: Any]])
        #expect(forms.first?["type"] as? String == "integer")
        #expect(forms.first?["minimum"] as? Int == 0)
        #expect(forms.first?["maximum"] as? Int == 100)
        let on = try #require(keys["on"] as? [String: Any])
        #expect((on["properties"] as? [String: Any])?.keys.sorted() == ["finished"])
        // Its action is one an event may be wired to.
        let finished = try #require((on["properties"] as? [String: Any])?["finished"] as? [String: Any])
        let reference = try #require((finished["anyOf"] as? [[String: Any]])?.first?["pattern"] as? String)
        #expect(try Regex(reference).wholeMatch(in: "count.tick") != nil)
        #expect(try Regex(reference).wholeMatch(in: "count.tock") == nil)
        // The standard schema has none of it.
        let standard = try printedSchema()
        #expect((standard["definitions"] as? [String: Any])?["type.Countdown"] == nil)
    }

    @Test func scriptStepsTakeTheBuiltInVerbsAndEveryRegisteredInput() throws {
        let registry = SceneRegistry.standardWithStorage
        let step = try definition("step", in: try printedSchema())
        #expect(step["additionalProperties"] as? Bool == false)
        #expect(step["maxProperties"] as? Int == 1)
        let verbs = try #require(step["properties"] as? [String: Any])
        let inputs = Set(registry.types.flatMap { $0.inputs.keys })
        #expect(Set(verbs.keys) == Set(ScriptVerb.names).union(inputs))
        // `slide` takes `{ id: Double }`, `tap` an id.
        let slide = try #require(verbs["slide"] as? [String: Any])
        #expect(slide["type"] as? String == "object")
        let tap = try #require(verbs["tap"] as? [String: Any])
        #expect(tap["pattern"] as? String == SchemaGenerator.idPathPattern)
        // `slide: { p.volume: 0.5 }` names an object in an instance by path, as `tap: p.play` does.
        let names = try #require(slide["propertyNames"] as? [String: Any])
        #expect(names["pattern"] as? String == SchemaGenerator.idPathPattern)
    }

    /// Every file in `schema/rejects/` says why it must fail, and `check`
    /// refuses it (`.ci/run` shows that the schema refuses it too).
    @Test func checkRejectsEverySceneTheSchemaMustReject() throws {
        let folder = packagePath("schema/rejects")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".yaml") }
            .sorted()
        #expect(files.count >= 10)
        for file in files {
            let path = folder + "/" + file
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(text.hasPrefix("# Must fail: "), "\(file) does not start with '# Must fail: <why>'")
            let result = run(["check", path])
            #expect(result.status == 2, "check accepts \(file):\n\(result.output)")
        }
    }

    // MARK: - A real validator, when there is one

    /// The `check-jsonschema` on the `PATH`, if any.
    static let validator: String? = executableOnPath("check-jsonschema")?.path

    /// What `check-jsonschema -o json` says of `files` under the committed schema.
    private func validate(_ files: [String]) throws -> (status: Int32, invalid: Set<String>) {
        let result = try runExecutable(
            URL(fileURLWithPath: try #require(Self.validator)),
            arguments: ["--schemafile", packagePath("schema/scene.schema.json"), "-o", "json"] + files,
            errors: .discarded, timeout: .seconds(300))
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any], "\(result.output)")
        let errors = (report["errors"] as? [[String: Any]] ?? []) + (report["parse_errors"] as? [[String: Any]] ?? [])
        return (result.status, Set(errors.compactMap { $0["filename"] as? String }))
    }

    @Test(
        .enabled(
            if: SchemaTests.validator != nil,
            "check-jsonschema is not installed (pip install check-jsonschema); .ci/run installs it and runs the same check"
        ))
    func aRealValidatorAcceptsTheShippedScenesAndRefusesEveryReject() throws {
        let scenes = try shippedScenes()
        let accepted = try validate(scenes)
        #expect(accepted.status == 0 && accepted.invalid.isEmpty, "refused: \(accepted.invalid.sorted())")
        let folder = packagePath("schema/rejects")
        let rejects = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".yaml") }
            .sorted().map { folder + "/" + $0 }
        // Scenes check accepts that once tripped the schema (see schema/accepts/).
        let accepts = packagePath("schema/accepts/inputs-by-path.yaml")
        let acceptedByPath = try validate([accepts])
        #expect(acceptedByPath.status == 0 && acceptedByPath.invalid.isEmpty, "refused: \(accepts)")
        let refused = try validate(rejects)
        #expect(refused.status != 0)
        #expect(
            Set(rejects).subtracting(refused.invalid).isEmpty,
            "accepted: \(Set(rejects).subtracting(refused.invalid).sorted())")
    }

    // MARK: - Patterns against the loader

    /// Whether `check` accepts each of `values` written (double-quoted) in
    /// `line(index, value)`, one value per line of one scene, in batches
    /// below the limit of 50 diagnostics.
    private func loaderVerdicts(
        _ values: [String], header: String, line: (Int, String) -> String
    ) throws -> [Bool] {
        var verdicts: [Bool] = []
        let folder = try temporaryFolder("schema")
        let headerLines = header.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        for start in stride(from: 0, to: values.count, by: 40) {
            let batch = Array(values[start..<min(start + 40, values.count)])
            let text = header + batch.enumerated().map { line($0, $1) + "\n" }.joined()
            let path = try folder.write(text, to: "batch-\(start).yaml")
            let records = try run(["check", "--format", "json", path]).jsonRecords()
            let wrongLines = Set(
                records.filter { $0["type"] as? String == "diagnostic" && $0["severity"] as? String == "error" }
                    .compactMap { $0["line"] as? Int })
            for index in batch.indices { verdicts.append(!wrongLines.contains(headerLines + index + 1)) }
        }
        return verdicts
    }

    /// Short strings over the characters of durations and colours, and
    /// some that are not, from a fixed seed.
    private func randomStrings(_ alphabet: [String], count: Int, seed: UInt64) -> [String] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            let length = Int(random.next() % 7) + 1
            return (0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }.joined()
        }
    }

    private static let durationExamples = [
        "3", "0.25", ".5", "1.", "250ms", "3s", "1.5s", "25m", "1h", "1m30s", "1h2m3.5s", "1h30m", "30s1m", "-0s",
        "-0", "+3s", "-1s", "-1", "1h30", "3 secs", "3S", "1d", "1us", "1e3", "", ".", "s", "1s2s", "1ms1ms",
        "1m1m", "1h1h", "1ms1m", "1m1ms", "1.s", ".5ms", "1..5s", "+", "-", "--1", "+-1", "1sms", "1msms", "0x10",
        "1_000", "inf", "1 s", "1hm", "1h-1m", "-0.0ms", "-0h0m0s0ms", "-0.1s",
    ]

    @Test func theDurationPatternsAcceptWhatTheLoaderAccepts() throws {
        let alphabet = ["0", "1", "5", "9", ".", "h", "m", "s", "ms", "+", "-", "S", " ", "e", "d"]
        let strings = Self.durationExamples + randomStrings(alphabet, count: 1600, seed: 7)
        // An action's argument takes any duration, negative ones included.
        let signed = try loaderVerdicts(
            strings,
            header: "objects:\n  delay: {type: PreemptiveDelay}\nscript:\n",
            line: { _, text in "  - call: { delay.triggerAfter: \"\(text)\" }" })
        let signedPattern = try Regex(SchemaGenerator.durationPattern)
        // A property without a range of its own takes none below zero.
        let nonNegative = try loaderVerdicts(
            strings, header: "objects:\n",
            line: { index, text in "  d\(index): {type: PreemptiveDelay, delay: \"\(text)\"}" })
        let nonNegativePattern = try Regex(SchemaGenerator.nonNegativeDurationPattern)
        var accepted = 0
        for (index, text) in strings.enumerated() {
            let matches = (try? signedPattern.firstMatch(in: text)) != nil
            #expect(matches == signed[index], "'\(text)': the loader says \(signed[index]), the pattern \(matches)")
            let matchesNonNegative = (try? nonNegativePattern.firstMatch(in: text)) != nil
            #expect(
                matchesNonNegative == nonNegative[index],
                "'\(text)' (not negative): the loader says \(nonNegative[index]), the pattern \(matchesNonNegative)")
            if signed[index] { accepted += 1 }
        }
        // Both verdicts occur often enough for the comparison to mean something.
        #expect(accepted > 100 && accepted < strings.count - 100, "\(accepted) of \(strings.count) accepted")
    }

    @Test func quotedNumbersMatchTheirPatternsAsTheLoaderReadsThem() throws {
        let alphabet = ["0", "1", "7", ".", "e", "E", "+", "-", "x", " ", "_"]
        let strings =
            [
                "3", "-5", "+3", "007", "1.0", "1e3", ".5", "1.", "+.5", "-0.5e-3", "0x10", "1_000", "inf", "nan", "",
                ".",
            ]
            + randomStrings(alphabet, count: 800, seed: 13)
        // Inputs take their argument without a range: `select` an Int, `slide` a Double.
        let header = "objects:\n  tabs: {type: SegmentedControl, segments: [a, b]}\n  volume: {type: Slider}\nscript:\n"
        let ints = try loaderVerdicts(strings, header: header, line: { _, text in "  - select: { tabs: \"\(text)\" }" })
        let doubles = try loaderVerdicts(
            strings, header: header, line: { _, text in "  - slide: { volume: \"\(text)\" }" })
        let intPattern = try Regex(SchemaGenerator.integerTextPattern)
        let doublePattern = try Regex(SchemaGenerator.decimalTextPattern)
        var accepted = 0
        for (index, text) in strings.enumerated() {
            let isInt = (try? intPattern.firstMatch(in: text)) != nil
            #expect(isInt == ints[index], "'\(text)' as an Int: the loader says \(ints[index]), the pattern \(isInt)")
            // A number too large to be finite (`1e777`) matches the pattern; only check refuses it.
            if let value = Double(text), !value.isFinite { continue }
            let isDouble = (try? doublePattern.firstMatch(in: text)) != nil
            #expect(
                isDouble == doubles[index],
                "'\(text)' as a Double: the loader says \(doubles[index]), the pattern \(isDouble)")
            if doubles[index] { accepted += 1 }
        }
        #expect(accepted > 50 && accepted < strings.count - 50, "\(accepted) of \(strings.count) accepted")
    }

    @Test func theColourSchemaAcceptsWhatTheLoaderAccepts() throws {
        let alphabet = ["#", "0", "9", "a", "F", "f", "G", "A", "1", "1234", "red"]
        let strings =
            ["#12", "#123456", "#12345678", "#1234567", "#ABCDEF", "#abcdef", "#GGGGGG", "purple", "Red", "#FFF"]
            + Color.named.map(\.name) + randomStrings(alphabet, count: 600, seed: 11)
        let verdicts = try loaderVerdicts(
            strings, header: "objects:\n",
            line: { index, text in "  v\(index): {type: View, backgroundColor: \"\(text)\"}" })
        let hex = try Regex(SchemaGenerator.hexColorPattern)
        var accepted = 0
        for (index, text) in strings.enumerated() {
            let matches = (try? hex.firstMatch(in: text)) != nil || Color.named.contains { $0.name == text }
            #expect(matches == verdicts[index], "'\(text)': the loader says \(verdicts[index]), the schema \(matches)")
            if verdicts[index] { accepted += 1 }
        }
        #expect(accepted > 20 && accepted < strings.count - 20, "\(accepted) of \(strings.count) accepted")
    }
}
