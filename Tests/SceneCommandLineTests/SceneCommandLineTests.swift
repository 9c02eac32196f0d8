import Foundation
import SceneBehaviours
import SceneCore
import SceneLoader
import SceneRunning
import SceneStorage
import TestSupport
import Testing

@testable import SceneCommandLine

/// Collects what a command writes.
final class CapturedText: TextSink {
    var text = ""
    func write(_ text: String) { self.text += text }
    var hasFailed: Bool { false }
}

/// What one in-process run of a command line gave.
struct CommandResult {
    var status: Int32
    var output: String
    var errors: String

    /// Standard output's lines, each parsed as a JSON object.
    func jsonRecords(sourceLocation: SourceLocation = #_sourceLocation) throws -> [[String: Any]] {
        try output.split(separator: "\n").map { line in
            try #require(
                try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                "not a JSON object: \(line)", sourceLocation: sourceLocation)
        }
    }
}

/// The path of `path` in the package.
func packagePath(_ path: String) -> String { packageRoot.appendingPathComponent(path).path }

/// Every scene in `Scenes/`.
func shippedScenes() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: packagePath("Scenes"))
        .filter { $0.hasSuffix(".yaml") }.sorted().map { packagePath("Scenes/" + $0) }
}

/// Runs `arguments` through a command line named `name` over `registry`, in this process,
/// with no environment variable set (so that `GITHUB_ACTIONS` on a CI runner
/// does not change the format).
func run(
    _ arguments: [String], name: String = "scene-runner", registry: SceneRegistry = .standardWithStorage
) -> CommandResult {
    let output = CapturedText()
    let errors = CapturedText()
    let status = SceneCommandLine(programName: name, registry: registry).run(
        arguments, output: output, errors: errors, environment: [:])
    return CommandResult(status: status, output: output.text, errors: errors.text)
}

/// A program's own type, for a command line over its own registry.
final class Countdown: SceneObject {
    var from = 3
    private(set) var left = 3
    var finished = SceneEvent<Void>()

    func awake(in scene: Scene) { left = from }

    func tick() {
        guard left > 0 else { return }
        left -= 1
        if left == 0 { finished.send() }
    }

    static func sceneDescription() -> TypeDescription {
        TypeDescription("Countdown", summary: "Counts down to zero.", make: Countdown.init) { type in
            type.property("from", \.from, range: 0...100, doc: "Where it starts.")
            type.readOnly("left", \.left, doc: "What is left.")
            type.event("finished", \.finished, doc: "It reached zero.")
            type.action("tick", doc: "Counts one down.") { $0.tick() }
        }
    }
}

/// The command line as a library: a program's own registry and name, and
/// the command-line details a user and a tool rely on.
@Suite(.serialized) struct SceneCommandLineTests {
    private func countdownRegistry() throws -> SceneRegistry {
        var registry = SceneRegistry.standard
        try registry.register(Countdown.sceneDescription())
        return registry
    }

    /// The test's folder, removed when it ends.
    let temporary: TemporaryFolder

    init() throws {
        temporary = try temporaryFolder("command-line")
    }

    /// Writes `text` to a new file in the test's folder; its path.
    private func scene(_ text: String) throws -> String {
        try temporary.write(text, to: "\(UUID().uuidString).yaml")
    }

    @Test func aProgramsOwnTypesAreListedCheckedAndRun() throws {
        let registry = try countdownRegistry()
        let types = run(["types"], name: "my-runner", registry: registry)
        #expect(types.status == 0)
        #expect(types.output.contains("Countdown                Counts down to zero.\n"))
        let path = try scene(
            """
            objects:
              count: {type: Countdown, from: 2}
              tick: {type: Button, on: {tap: count.tick}}
            script:
              - tap: tick
              - tap: tick
              - expect: { count.left: 0 }
            """)
        let result = run([path], name: "my-runner", registry: registry)
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        #expect(result.output.contains("count sent finished\n"))
        #expect(result.output.hasSuffix("1 passed, 0 failed\n"))
    }

    @Test func messagesNameTheRunningProgram() throws {
        let registry = try countdownRegistry()
        let path = try scene("objects:\n  c: {type: Contdown}\n  d: {}\n")
        let check = run(["check", path], name: "my-runner", registry: registry)
        #expect(check.status == 2)
        #expect(check.output.contains("= help: did you mean 'Countdown'?"))
        #expect(
            check.output.contains(
                "= help: add 'type:' with a registered type; 'my-runner types' lists the registered types"))
        #expect(!check.output.contains("scene-runner"))
        let help = run(["--help"], name: "my-runner", registry: registry)
        #expect(help.output.contains("USAGE: my-runner <subcommand>"))
        #expect(help.output.contains("`my-runner FILE...` is `my-runner run FILE...`."))
        #expect(!help.output.contains("scene-runner"))
        let usage = run(["run"], name: "my-runner", registry: registry)
        #expect(usage.status == 64)
        #expect(usage.errors.contains("Usage: my-runner run <files> ..."))
        let unknown = run(["types", "Nothing"], name: "my-runner", registry: registry)
        #expect(
            unknown.errors
                == "Error: 'Nothing' is neither a registered type nor a protocol; 'my-runner types' lists them\n")
    }

    @Test(arguments: [
        (["--help"], ["0", "1", "2", "64", "69", "70", "74"]),
        (["run", "--help"], ["0", "1", "2", "64", "74"]),
        (["check", "--help"], ["0", "2", "64", "74"]),
        (["types", "--help"], ["0", "64", "74"]),
    ])
    func helpListsEveryExitStatus(arguments: [String], statuses: [String]) {
        let result = run(arguments)
        #expect(result.status == 0)
        let listed = result.output.split(separator: "\n").drop { $0 != "Exit status:" }.dropFirst()
            .prefix { $0.hasPrefix("  ") }.map { $0.split(separator: " ").first.map(String.init) ?? "" }
        #expect(listed == statuses, "\(result.output)")
    }

    @Test func typesDescribesEveryNameItListsProtocolsIncluded() {
        let registry = SceneRegistry.standardWithStorage
        let names = registry.types.map(\.name) + registry.protocols.map(\.name)
        for name in names {
            let result = run(["types", name])
            #expect(result.status == 0, "\(name): \(result.errors)")
            let header = result.output.prefix { $0 != "\n" }
            #expect(header.prefix { $0.isLetter } == name, "\(name)")
        }
        let provider = run(["types", "InteractionProvider"])
        #expect(provider.output.contains("Fits:\n  View, Label, Button,"))
        #expect(provider.output.contains("Required by:\n  TimeoutController.providers\n"))
    }

    @Test func aProtocolNoRegisteredTypeFitsIsListedAndDescribedAlike() throws {
        // The standard types without the storage ones: nothing fits FocusTimerStore.
        let registry = SceneRegistry.standard
        let list = run(["types"], registry: registry)
        #expect(list.output.contains("(FocusStore, in SceneStorage). Fits: no registered type.\n"))
        #expect(!list.output.contains("Fits: .\n"))
        let one = run(["types", "FocusTimerStore"], registry: registry)
        #expect(one.status == 0, "\(one.errors)")
        #expect(one.output.contains("Fits:\n  no registered type\n"))
        let json = try run(["types", "FocusTimerStore", "--format", "json"], registry: registry).jsonRecords()
        #expect(json.first?["fits"] as? [String] == [])
    }

    @Test(arguments: [
        ("Buton", "Button"), ("Highlightabel", "Highlightable"), ("timeoutcontroller", "TimeoutController"),
    ])
    func typesSuggestsTheNearestNameForATypo(typo: String, suggestion: String) {
        let result = run(["types", typo])
        #expect(result.status == 64)
        #expect(
            result.errors
                == "Error: '\(typo)' is neither a registered type nor a protocol; did you mean '\(suggestion)'?\n")
    }

    /// `types` lists every verb of the one `ScriptVerb` list, with an
    /// example the script compiler takes and what it does, in text and
    /// JSON; a verb left out of either fails here.
    @Test func typesListsEveryScriptVerb() throws {
        let text = run(["types"])
        #expect(text.status == 0)
        let section = try #require(text.output.components(separatedBy: "\nScript verbs").last)
        let listed = section.split(separator: "\n").dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(listed.count == ScriptVerb.allCases.count, "\(section)")
        for (line, verb) in zip(listed, ScriptVerb.allCases) {
            #expect(line.hasPrefix(verb.rawValue + ": ") && line.hasSuffix(verb.doc), "\(line)")
        }
        let records = try run(["types", "--format", "json"]).jsonRecords().filter { $0["type"] as? String == "verb" }
        #expect(records.compactMap { $0["name"] as? String } == ScriptVerb.names)
        #expect(records.compactMap { $0["doc"] as? String } == ScriptVerb.allCases.map(\.doc))
        // Each example, with an object's member in place of the
        // placeholders, is a step the script compiler takes.
        let runner = SceneRunner(registry: .standard)
        for verb in ScriptVerb.allCases {
            let step = verb.example.replacingOccurrences(of: "id.member: value", with: "play.title: \"x\"")
                .replacingOccurrences(of: "id.property: value", with: "play.title: \"x\"")
                .replacingOccurrences(of: "id.action", with: "play.hide")
            let source = SceneSource(
                name: "verb.yaml", text: "objects:\n  play: {type: Button}\nscript:\n  - \(step)\n")
            guard case .success = runner.loader.validate(source) else {
                Issue.record("'\(step)' is not a step the compiler takes")
                continue
            }
        }
    }

    @Test func typesAsJSONDescribesEveryTypeAndProtocol() throws {
        let registry = SceneRegistry.standardWithStorage
        let records = try run(["types", "--format", "json"]).jsonRecords()
        #expect(records.count == registry.types.count + registry.protocols.count + ScriptVerb.allCases.count)
        #expect(
            records.compactMap { $0["name"] as? String }
                == registry.types.map(\.name) + registry.protocols.map(\.name) + ScriptVerb.names)
        let slider = try #require(records.first { $0["name"] as? String == "Slider" })
        #expect(slider["base"] as? String == "View")
        let properties = try #require(slider["properties"] as? [[String: Any]])
        let value = try #require(properties.first { $0["name"] as? String == "value" })
        #expect(value["default"] as? Double == 0)
        #expect((value["valueType"] as? [String: Any])?["kind"] as? String == "double")
        let host = try #require(records.first { $0["name"] as? String == "TimeoutControllerHost" })
        let outlets = try #require(host["outlets"] as? [[String: Any]])
        #expect(outlets.first?["requires"] as? String == "View")
        let one = try run(["types", "Button", "--format", "json"]).jsonRecords()
        #expect(one.count == 1)
        #expect(one.first?["conformances"] as? [String] == ["InteractionProvider", "Highlightable"])
    }

    /// Every line of every shipped scene's JSON output parses, starts with
    /// `type` then `file`, and the output ends with the totals.
    @Test func everyJSONLineOfEveryShippedSceneParses() throws {
        let scenes = try shippedScenes()
        try #require(!scenes.isEmpty)
        for command in ["check", "run"] {
            let result = run([command, "--format", "json"] + scenes)
            #expect(result.status == 0, "\(command): \(result.errors)")
            let records = try result.jsonRecords()
            for line in result.output.split(separator: "\n").dropLast() {
                #expect(line.hasPrefix("{\"type\":\""), "\(line)")
                #expect(line.contains("\",\"file\":\""), "\(line)")
            }
            let totals = try #require(records.last)
            #expect(totals["type"] as? String == "totals")
            #expect(totals["files"] as? Int == scenes.count)
            #expect(totals["valid"] as? Int == scenes.count)
            #expect(totals["status"] as? Int == 0)
            #expect(records.filter { $0["type"] as? String == "file" }.count == scenes.count)
        }
    }

    @Test func runAsJSONTypesItsValues() throws {
        let records = try run(["run", "--format", "json", packagePath("Scenes/player-controls.yaml")]).jsonRecords()
        let change = try #require(
            records.first { $0["type"] as? String == "change" && $0["property"] as? String == "value" })
        #expect(change["from"] as? Double == 0.5)
        #expect(change["to"] as? Double == 0.8)
        let expectation = try #require(records.first { $0["type"] as? String == "expect" })
        #expect(expectation["expected"] as? Bool == true)
        #expect(expectation["actual"] as? Bool == true)
        let file = try #require(records.first)
        #expect(file["type"] as? String == "file")
        #expect(file["title"] as? String == "Player controls")
        #expect(file["objects"] as? Int == 5)
        let summary = try #require(records.first { $0["type"] as? String == "summary" })
        #expect(summary["expectations"] as? Int == 6)
    }

    @Test func aRefusedBuiltInTypeStopsTheProgramWithItsReason() {
        var registry = SceneRegistry.standard
        #expect(registry.refusedBuiltIns.isEmpty)
        registry.refusedBuiltIns = [.duplicateType("View")]
        let result = run(["types"], registry: registry)
        #expect(result.status == 70)
        #expect(result.output.isEmpty)
        #expect(result.errors.hasPrefix("Error: a built-in type was refused, a bug in the module that ships it: "))
        #expect(SceneRegistry.standardWithStorage.refusedBuiltIns.isEmpty)
    }

    @Test func warningsAreShownAndCountedButRefuseNothingUnlessAsked() throws {
        let file = try scene("objects:\n  title: {type: Label}\n  play:\n    type: Button\n    on:\n      tap: []\n")
        let checked = run(["check", file])
        #expect(checked.status == 0)
        #expect(checked.output.contains("warning: 'tap' is connected to no action"))
        #expect(checked.output.hasSuffix("\(file): ok (2 objects, 1 warning)\n"))
        let ran = try run(["run", "--format", "json", file]).jsonRecords()
        #expect(ran.map { $0["type"] as? String } == ["diagnostic", "file", "summary", "totals"])
        #expect(ran[0]["severity"] as? String == "warning")
        #expect(ran[1]["valid"] as? Bool == true)
        #expect(ran[1]["warnings"] as? Int == 1)
        #expect(ran[3]["warnings"] as? Int == 1)
        #expect(ran[3]["errors"] as? Int == 0)
        #expect(ran[3]["status"] as? Int == 0)

        let strict = run(["check", "--warnings-as-errors", file])
        #expect(strict.status == 2)
        #expect(strict.output.hasSuffix("\(file): 1 warning\n"))
        let strictRun = run(["run", "--warnings-as-errors", file])
        #expect(strictRun.status == 2)
        #expect(strictRun.output.contains("\(file): not run: 1 warning\n"))
        #expect(!strictRun.output.contains("2 objects)"), "the scene does not run")
    }

    @Test func runAsJSONOfAnInvalidSceneGivesTheSameRecordsAsCheck() throws {
        let ran = try Self.normalised(run(["run", "--format", "json", packagePath("Examples/mistakes.yaml")]))
        let checked = try Self.normalised(run(["check", "--format", "json", packagePath("Examples/mistakes.yaml")]))
        #expect(ran.status == 2)
        #expect(ran.records == checked.records)
        #expect(
            ran.records.map { $0["type"] as? String }
                == Array(repeating: "diagnostic", count: 5) + ["file", "totals"])
    }

    @Test func checkAsJSONListsAValidScenesIdsInFileOrderAndAnInstancesByPath() throws {
        let files = [packagePath("Scenes/player-controls.yaml"), packagePath("Examples/mistakes.yaml")]
        let checked = try Self.normalised(run(["check", "--format", "json"] + files))
        #expect(checked.status == 2)
        let records = checked.records.filter { $0["type"] as? String == "file" }
        #expect(records.count == 2)
        #expect(records.first?["ids"] as? [String] == ["controls", "play", "volume", "spinner", "backgroundTap"])
        #expect(records.first?["objects"] as? Int == 5)
        // An invalid file has no ids.
        #expect(records.last?["ids"] == nil)
        #expect(records.last?["valid"] as? Bool == false)
        let components = try Self.normalised(
            run(["check", "--format", "json", packagePath("Scenes/two-players.yaml")]))
        let ids = components.records.first { $0["type"] as? String == "file" }?["ids"] as? [String] ?? []
        #expect(ids.contains { $0.contains(".") }, "an instance's objects are named by path: \(ids)")
    }

    @Test(arguments: ["text", "json"])
    func scenesRunInParallelPrintWhatOneAtATimePrints(format: String) throws {
        let files = try shippedScenes() + [packagePath("Examples/mistakes.yaml")] + (try shippedScenes())
        let serial = run(["run", "--format", format, "--jobs", "1"] + files)
        #expect(serial.status == 2)
        for jobs in ["2", "3", "8"] {
            let parallel = run(["run", "--format", format, "--jobs", jobs] + files)
            #expect(parallel.status == serial.status)
            #expect(parallel.output == serial.output, "--jobs \(jobs)")
        }
    }

    @Test func shardsSplitTheFilesIntoSlicesThatCoverThemOnce() throws {
        let files = try shippedScenes()
        var seen: [String] = []
        for index in 1...3 {
            let records = try run(["run", "--format", "json", "--shard", "\(index)/3"] + files).jsonRecords()
            seen += records.filter { $0["type"] as? String == "file" }.compactMap { $0["file"] as? String }
        }
        #expect(seen.sorted() == files.sorted())
        let first = try run(["run", "--format", "json", "--shard", "1/3"] + files).jsonRecords()
        #expect(
            first.compactMap { $0["type"] as? String == "file" ? $0["file"] as? String : nil }
                == stride(from: 0, to: files.count, by: 3).map { files[$0] })
        for bad in ["0/3", "4/3", "1/0", "x", "1/2/3"] {
            #expect(run(["run", "--shard", bad] + files).status == 64, "\(bad)")
        }
    }

    /// The records with the fields only `run` has (expectation counts) removed.
    private static func normalised(_ result: CommandResult) throws -> (status: Int32, records: [NSDictionary]) {
        let records = try result.jsonRecords().map { record in
            var record = record
            record["passed"] = nil
            record["failed"] = nil
            return record as NSDictionary
        }
        return (result.status, records)
    }
}

/// A behaviour that reschedules itself with no delay forever: its script
/// stops on the scheduler's runaway error, with nothing to print meanwhile.
final class Looper: SceneObject {
    private weak var scene: Scene?
    func awake(in scene: Scene) { self.scene = scene }
    func start() { scene?.scheduler.schedule(after: .zero) { [weak self] in self?.start() } }

    static func sceneDescription() -> TypeDescription {
        TypeDescription("Looper", summary: "Loops at one instant.", make: Looper.init) { type in
            type.action("start", doc: "Starts looping.") { $0.start() }
        }
    }
}

/// A behaviour that reports a failure while the scene runs, as a store
/// that cannot save does.
final class Failer: SceneObject {
    private weak var scene: Scene?
    func awake(in scene: Scene) { self.scene = scene }
    func fail() { scene?.reportFailure(of: self, "cannot save to 'x.sqlite': disk full") }

    static func sceneDescription() -> TypeDescription {
        TypeDescription("Failer", summary: "Fails on demand.", make: Failer.init) { type in
            type.action("fail", doc: "Reports a failure.") { $0.fail() }
        }
    }
}

/// docs/CommandLine.md shows one record of each kind: each has the fields,
/// in the order, of a record the commands really print, and every kind the
/// commands print is shown.
@Suite struct JSONRecordDocumentationTests {
    /// The top-level keys of a JSON object, in written order.
    static func keys(of line: Substring) -> [String] {
        var keys: [String] = []
        var depth = 0
        var inString = false
        var isEscaped = false
        var expectsKey = false
        var current = ""
        for character in line {
            if inString {
                if isEscaped {
                    isEscaped = false
                } else if character == "\\" {
                    isEscaped = true
                } else if character == "\"" {
                    inString = false
                    if expectsKey {
                        keys.append(current)
                        expectsKey = false
                    }
                    continue
                }
                if expectsKey { current.append(character) }
                continue
            }
            switch character {
            case "\"":
                inString = true
                current = ""
            case "{", "[":
                depth += 1
                if depth == 1 { expectsKey = true }
            case "}", "]": depth -= 1
            case "," where depth == 1: expectsKey = true
            default: break
            }
        }
        return keys
    }

    @Test func everyDocumentedRecordHasTheShapeOfARealOne() throws {
        var registry = SceneRegistry.standardWithStorage
        try registry.register(Looper.sceneDescription())
        try registry.register(Failer.sceneDescription())
        let folder = try temporaryFolder("records")
        let looping = try folder.write(
            "objects:\n  f: {type: Failer}\n  loop: {type: Looper}\nscript:\n  - call: f.fail\n  - call: loop.start\n  - wait: 1s\n",
            to: "looping.yaml")
        // A snapshot whose reference differs: the record with the most fields.
        try folder.write("<svg/>\n", to: "pictures/Snapshots/shake/still.svg")
        let snapshot = try folder.write(
            "objects:\n  field: {type: TextField}\nscript:\n  - snapshot: still\n", to: "pictures/shake.yaml")
        let outputs = [
            run(["run", "--format", "json", snapshot]),
            run(["check", "--format", "json", packagePath("Examples/mistakes.yaml")] + (try shippedScenes())),
            run(["run", "--format", "json", packagePath("Examples/mistakes.yaml")] + (try shippedScenes())),
            run(["run", "--format", "json", packagePath("Examples/broken-invariant.yaml")]),
            run(["run", "--format", "json", looping], registry: registry),
            run(["types", "--format", "json"]),
        ]
        var real: [String: Set<[String]>] = [:]
        for output in outputs {
            for line in output.output.split(separator: "\n") {
                let keys = Self.keys(of: line)
                let type = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])[
                    "type"]
                real[type as? String ?? "?", default: []].insert(keys)
            }
        }
        let document = try String(contentsOfFile: packagePath("docs/CommandLine.md"), encoding: .utf8)
        var documented: Set<String> = []
        var isJSON = false
        for line in document.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                isJSON = line == "```json"
                continue
            }
            guard isJSON else { continue }
            let record = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let type = try #require(record["type"] as? String)
            documented.insert(type)
            #expect(real[type]?.contains(Self.keys(of: line)) == true, "\(type): \(Self.keys(of: line))")
        }
        #expect(documented == Set(real.keys))
    }
}
