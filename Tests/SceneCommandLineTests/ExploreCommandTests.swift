import Foundation
import TestSupport
import Testing

/// `scene-runner explore`: the report, the exit statuses, the formats, the
/// reproducer `-o` writes (which `run` fails on), and an invalid scene.
@Suite struct ExploreCommandTests {
    static let scene = packagePath("Examples/broken-invariant.yaml")

    /// A fresh folder, removed after `body`.
    func inFolder(_ body: (URL) throws -> Void) throws {
        let temporary = try temporaryFolder("explore")
        let folder = temporary.url
        try body(folder)
    }

    @Test func aBrokenInvariantIsReportedWithItsLineAndMinimalScriptAndExits1() {
        let result = run(["explore", "--from-start", Self.scene])
        #expect(result.status == 1)
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(
            lines.first
                == "\(Self.scene):33:15: invariant 'controls.hidden == false (the controls never hide)' broke when a timer fired during 'wait 1.2s' (it was true)"
        )
        let script = lines.drop { $0 != "minimal script:" }.dropFirst().prefix { $0.hasPrefix("  - ") }
        #expect(Array(script) == ["  - wait: 1.2s", "  - expect: { controls.hidden: false }"])
        #expect(result.output.contains("coverage:\n  controls (View)\n"))
        #expect(lines.last?.hasPrefix("== \(Self.scene): 1 failure (seed 0, ") == true)
    }

    @Test func aFailureInTheScenesOwnSetupIsReportedAsSuch() {
        // Its script's `wait: 5s`, before its first `expect`, hides the controls.
        let result = run(["explore", Self.scene])
        #expect(result.status == 1)
        #expect(result.output.contains("  in the scene's own setup, before any explored step\n"))
        #expect(result.output.contains("minimal script:\n  - slide: { volume: 0.8 }\n  - wait: 5s\n"))
    }

    @Test func aSceneWhoseInvariantsHoldExits0AfterTheWholeBudget() throws {
        try inFolder { folder in
            let path = folder.appendingPathComponent("holds.yaml").path
            try """
            objects:
              volume: { type: Slider, value: 0.5 }
            invariants:
              - { volume.value: { min: 0, max: 1 } }
            """.write(toFile: path, atomically: true, encoding: .utf8)
            let result = run(["explore", "--runs", "5", "--steps", "8", "--format", "json", path])
            #expect(result.status == 0)
            let records = try result.jsonRecords()
            #expect(!records.contains { $0["type"] as? String == "failure" })
            let explored = try #require(records.last)
            #expect(explored["type"] as? String == "explored")
            #expect(explored["runs"] as? Int == 5 && explored["steps"] as? Int == 40)
            #expect(explored["failures"] as? Int == 0 && explored["status"] as? Int == 0)
            let coverage = try #require(records.first { $0["type"] as? String == "coverage" })
            #expect(coverage["object"] as? String == "volume")
            let inputs = try #require(coverage["inputs"] as? [String: Int])
            #expect(inputs.values.reduce(0, +) > 0 && inputs["slide"] != nil)
            let values = try #require(coverage["values"] as? [String: [Any]])
            #expect((values["value"]?.count ?? 0) > 1)
        }
    }

    @Test func jsonHasAFailureRecordWithTheMinimalSteps() throws {
        let result = run(["explore", "--from-start", "--format", "json", Self.scene])
        #expect(result.status == 1)
        let records = try result.jsonRecords()
        let failure = try #require(records.first)
        #expect(failure["type"] as? String == "failure" && failure["kind"] as? String == "invariant")
        #expect(failure["line"] as? Int == 33 && failure["column"] as? Int == 15)
        #expect(failure["steps"] as? [String] == ["wait: 1.2s"])
        #expect(failure["script"] as? [String] == ["wait: 1.2s", "expect: { controls.hidden: false }"])
        #expect(records.last?["status"] as? Int == 1)
    }

    @Test func githubPutsAnAnnotationOnTheInvariantsLine() {
        let result = run(["explore", "--from-start", "--format", "github", Self.scene])
        #expect(result.status == 1)
        let errors = result.output.split(separator: "\n").filter { $0.hasPrefix("::error ") }
        #expect(errors.count == 1)
        #expect(
            errors.first?.hasPrefix("::error file=\(Self.scene),line=33,col=15,title=explore%3A invariant broke::")
                == true)
        #expect(errors.first?.contains("%0Aminimal script:%0A  - wait: 1.2s") == true)
    }

    @Test func theSameSeedPrintsTheSameReport() {
        let first = run(["explore", "--from-start", "--seed", "42", Self.scene])
        let again = run(["explore", "--from-start", "--seed", "42", Self.scene])
        #expect(first.output == again.output && first.status == again.status)
    }

    @Test func aTeamsRunnersReproducerNamesThatRunner() throws {
        try inFolder { folder in
            let path = folder.appendingPathComponent("found.yaml").path
            let result = run(["explore", "--from-start", "-o", path, Self.scene], name: "my-runner")
            #expect(result.status == 1)
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(text.contains("  - note: \"found by my-runner explore --seed 0 of \(Self.scene)\"\n"))
        }
    }

    @Test func theReproducerFailsWhenRunAtTheExpectsLine() throws {
        try inFolder { folder in
            let path = folder.appendingPathComponent("found.yaml").path
            let result = run(["explore", "--from-start", "-o", path, Self.scene])
            #expect(result.status == 1)
            #expect(result.output.contains("written to \(path)\n"))
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(text.contains("invariants:"))
            #expect(
                text.hasSuffix(
                    "script:\n  - note: \"found by scene-runner explore --seed 0 of \(Self.scene)\"\n  - wait: 1.2s\n  - expect: { controls.hidden: false }\n"
                ))
            let replay = run(["run", "--format", "json", path])
            #expect(replay.status == 1)
            let expectations = try replay.jsonRecords().filter { $0["type"] as? String == "expect" }
            #expect(expectations.count == 1 && expectations.first?["passed"] as? Bool == false)
            let expectLine = text.split(separator: "\n", omittingEmptySubsequences: false)
                .firstIndex { $0.contains("- expect: { controls.hidden: false }") }
            #expect(expectations.first?["line"] as? Int == expectLine.map { $0 + 1 })
        }
    }

    @Test func theReproducerMayNotOverwriteTheScene() {
        let result = run(["explore", "-o", Self.scene, Self.scene])
        #expect(result.status == 64)
        #expect(result.errors.contains("would overwrite a file this command reads"))
    }

    @Test func theReproducerMayNotOverwriteAComponentTheSceneIncludes() throws {
        try inFolder { folder in
            let component = folder.appendingPathComponent("control.yaml").path
            let scene = folder.appendingPathComponent("scene.yaml").path
            let componentText = """
                objects:
                  volume: { type: Slider, value: 0.5 }
                """
            try componentText.write(toFile: component, atomically: true, encoding: .utf8)
            try """
            objects:
              panel: { include: control.yaml }
            invariants:
              - { panel.volume.value: { max: 0.8 } }
            """.write(toFile: scene, atomically: true, encoding: .utf8)
            let result = run(["explore", "-o", component, scene])
            #expect(result.status == 64)
            #expect(result.errors.contains("would overwrite a file this command reads"))
            #expect(try String(contentsOfFile: component, encoding: .utf8) == componentText)
        }
    }

    @Test func anInvalidSceneGetsChecksDiagnosticsAndExits2() throws {
        try inFolder { folder in
            let path = folder.appendingPathComponent("bad.yaml").path
            try "objects:\n  b: { type: Buton }\n".write(toFile: path, atomically: true, encoding: .utf8)
            let explored = run(["explore", path])
            let checked = run(["check", path])
            #expect(explored.status == 2 && checked.status == 2)
            #expect(explored.output.contains("did you mean 'Button'?"))
        }
    }

    @Test(arguments: [
        (["--runs", "0"], "--runs takes a number of at least 1, not 0."),
        (["--steps", "-1"], "--steps takes a number of at least 1, not -1."),
        (["--runs", "-5"], "--runs takes a number of at least 1, not -5."),
        (["--seed", "-1"], "The value '-1' is invalid for '--seed <n>'"),
        (["--budget", "soon"], "--budget takes a duration such as 10s, 1m30s or 2h, not 'soon'."),
        (["--budget", "1e9s"], "--budget takes a duration such as 10s, 1m30s or 2h, not '1e9s'."),
        (["--budget", "0s"], "--budget takes a positive duration, such as 10s or 1m30s, not 0s."),
    ])
    func badBudgetsAreUsageErrorsThatSayWhatIsWrong(arguments: [String], message: String) {
        let result = run(["explore"] + arguments + [Self.scene])
        #expect(result.status == 64)
        #expect(result.errors.contains(message), "\(result.errors)")
        #expect(!result.errors.contains("Missing value"))
    }
}
