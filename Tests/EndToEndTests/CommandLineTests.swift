import Foundation
import SceneBehaviours
import SceneCore
import TestSupport
import Testing

/// End-to-end tests of the executable: output and exit statuses.
@Suite struct CheckCommandTests {
    @Test func everyExampleSceneIsValid() throws {
        let scenes = try FileManager.default.contentsOfDirectory(
            atPath: packageRoot.appendingPathComponent("Scenes").path
        )
        .filter { $0.hasSuffix(".yaml") }.sorted()
        try #require(!scenes.isEmpty)
        let result = try runSceneRunner(["check"] + scenes.map { "Scenes/" + $0 })
        #expect(result.status == 0, "\(result.output)")
    }

    @Test func aValidSceneExitsZeroAndSaysHowManyObjects() throws {
        let folder = try temporaryFolder()
        let path = try folder.write("objects:\n  a: {type: View}\n  b: {type: Button, parent: a}\n", to: "scene.yaml")
        let result = try runSceneRunner(["check", path])
        #expect(result.status == 0)
        #expect(result.output == "\(path): ok (2 objects)\n")
    }

    @Test func aFileWithSeveralMistakesPrintsAllOfThemAndExitsTwo() throws {
        let folder = try temporaryFolder()
        let path = try folder.write(
            """
            objects:
              controls: {type: View, hidden: no}
              play: {type: Buton}
              tap: {type: TapGesture, view: contrls}
            """, to: "broken.yaml")
        let result = try runSceneRunner(["check", path])
        #expect(result.status == 2)
        #expect(
            result.output == """
                \(path):2:34: error: 'hidden' takes true or false, not 'no'
                    2 |   controls: {type: View, hidden: no}
                      |                                  ^~
                      = help: scene files take booleans literally: write false
                \(path):3:16: error: unknown type 'Buton'
                    3 |   play: {type: Buton}
                      |                ^~~~~
                      = help: did you mean 'Button'?
                \(path):4:33: error: no object has the id 'contrls'
                    4 |   tap: {type: TapGesture, view: contrls}
                      |                                 ^~~~~~~
                      = help: did you mean 'controls'?
                \(path): 3 errors

                """)
    }

    @Test func jsonLinesGiveOneObjectPerDiagnosticAndPerFile() throws {
        let folder = try temporaryFolder()
        let path = try folder.write("objects:\n  a: {type: View, alpha: 2}\n", to: "scene.yaml")
        let result = try runSceneRunner(["check", "--format", "json", path])
        #expect(result.status == 2)
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == 3)
        let diagnostic = try #require(
            JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(diagnostic["type"] as? String == "diagnostic")
        #expect(diagnostic["code"] as? String == "value-out-of-range")
        #expect(diagnostic["line"] as? Int == 2)
        #expect(diagnostic["column"] as? Int == 26)
        #expect(diagnostic["message"] as? String == "'alpha' must be between 0 and 1, not 2")
        let summary = try #require(JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any])
        #expect(summary["type"] as? String == "file")
        #expect(summary["valid"] as? Bool == false)
        #expect(summary["errors"] as? Int == 1)
        let totals = try #require(JSONSerialization.jsonObject(with: Data(lines[2].utf8)) as? [String: Any])
        #expect(totals["type"] as? String == "totals")
        #expect(totals["invalid"] as? Int == 1)
        #expect(totals["status"] as? Int == 2)
    }

    /// A transcript that cannot be written is not a success: a full disk
    /// or a closed standard output exits 74 and says why on standard error.
    @Test(arguments: ["/dev/full"])
    func anOutputThatCannotBeWrittenExitsSeventyFour(device: String) throws {
        let result = try runExecutable(
            try sceneRunnerURL(), arguments: ["Scenes/player-controls.yaml"], output: .file(device))
        #expect(result.status == 74)
        #expect(result.errors == "Error: could not write the output: No space left on device\n")
    }

    @Test func anUnreadableFileExitsTwo() throws {
        let result = try runSceneRunner(["check", "/nonexistent/scene.yaml"])
        #expect(result.status == 2)
        #expect(result.output.contains("cannot read '/nonexistent/scene.yaml': No such file or directory"))
    }

    @Test func oneInvalidFileAmongValidOnesExitsTwoAndChecksTheRest() throws {
        let folder = try temporaryFolder()
        let good = try folder.write("objects:\n  a: {type: View}\n", to: "scene.yaml")
        let bad = try folder.write("objects:\n  a: {type: Nope}\n", to: "bad.yaml")
        let result = try runSceneRunner(["check", bad, good])
        #expect(result.status == 2)
        #expect(result.output.hasSuffix("\(good): ok (1 object)\n"))
    }

    @Test(arguments: [
        ["check"], ["check", "--format", "yaml", "x.yaml"], ["run"], ["--frobnicate", "x.yaml"], ["types", "Buton"],
    ])
    func usageErrorsExitSixtyFour(arguments: [String]) throws {
        let result = try runSceneRunner(arguments)
        #expect(result.status == 64, "\(result.output)")
    }
}

@Suite struct TypesCommandTests {
    @Test func listsEveryRegisteredType() throws {
        let result = try runSceneRunner(["types"])
        #expect(result.status == 0)
        let names = result.output.split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.isEmpty }.map {
            $0.split(separator: " ")[0]
        }
        // The standard types in registration order, then the storage types.
        #expect(names == SceneRegistry.standard.types.map { Substring($0.name) } + ["FocusStore"])
    }

    @Test func describesOneTypeWithItsMembers() throws {
        let result = try runSceneRunner(["types", "TapGesture"])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("TapGesture, InteractionProvider\n"))
        #expect(result.output.contains("  enabled: Bool = true\n"))
        #expect(result.output.contains("  view: View?\n"))
        #expect(result.output.contains("Events:\n  enabledChanged: Bool\n"))
        #expect(result.output.contains("\n  recognized\n      A tap was recognised.\n"))
        #expect(result.output.contains("Script inputs:\n  tap\n"))
    }

    @Test func anUnknownTypeSuggestsTheClosest() throws {
        let result = try runSceneRunner(["types", "Buton"])
        #expect(result.status == 64)
        #expect(result.output == "Error: 'Buton' is neither a registered type nor a protocol; did you mean 'Button'?\n")
    }
}

@Suite struct RunCommandTests {
    @Test func everyExampleSceneRunsGreen() throws {
        let scenes = try FileManager.default.contentsOfDirectory(
            atPath: packageRoot.appendingPathComponent("Scenes").path
        )
        .filter { $0.hasSuffix(".yaml") }.sorted()
        let result = try runSceneRunner(scenes.map { "Scenes/" + $0 })
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.hasSuffix(" passed, 0 failed\n"))
    }

    @Test func aWrongExpectationExitsOneAndSaysWhichWhereExpectedAndActual() throws {
        let original = try String(
            contentsOf: packageRoot.appendingPathComponent("Scenes/video-player.yaml"), encoding: .utf8)
        let wrong = original.replacingOccurrences(
            of: "  - expect: { controls.alpha: 0.5, controls.hidden: false }",
            with: "  - expect: { controls.alpha: 0.25, controls.hidden: false }")
        try #require(wrong != original)
        let folder = try temporaryFolder()
        let path = try folder.write(wrong, to: "video-player.yaml")
        let result = try runSceneRunner([path])
        #expect(result.status == 1)
        let line =
            try #require(
                wrong.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
                    $0.contains("controls.alpha: 0.25")
                }) + 1
        #expect(
            result.output.contains(
                """
                    3.100s  expect controls.alpha == 0.25: FAILED
                                expected 0.25, actual 0.5 (\(path):\(line):15)
                """))
        #expect(result.output.hasSuffix("33 passed, 1 failed\n"))
    }

    @Test func anInvalidSceneIsNotRunAndExitsTwo() throws {
        let folder = try temporaryFolder()
        let path = try folder.write("objects:\n  v: {type: View}\nscript:\n  - tapp: v\n", to: "scene.yaml")
        let result = try runSceneRunner(["run", path])
        #expect(result.status == 2)
        #expect(result.output.contains("error: unknown script verb 'tapp'"))
    }

    @Test func runningTwiceGivesTheSameTranscriptByteForByte() throws {
        let first = try runSceneRunner(["Scenes/video-player.yaml"])
        let second = try runSceneRunner(["Scenes/video-player.yaml"])
        #expect(first.output == second.output)
        let json = try runSceneRunner(["run", "--format", "json", "Scenes/video-player.yaml"])
        #expect(json.status == 0)
        for line in json.output.split(separator: "\n") {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) is [String: Any], "\(line)")
        }
    }
}

/// `run --watch` as a person uses it: the real program, a real file saved
/// three times (an edit, a mistake, the fix), then Ctrl-C.
@Suite struct WatchCommandTests {
    /// Waits until `path` holds `count` occurrences of `marker` (the program
    /// flushes before each wait); its text, or `nil` after `limit` (a hang
    /// guard, not a speed target).
    private func waitFor(_ marker: String, count: Int, in path: String, limit: Duration = .seconds(60)) -> String? {
        var text = ""
        let found = waitUntil(timeout: limit, poll: .milliseconds(50)) {
            text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            return text.components(separatedBy: marker).count - 1 >= count
        }
        return found ? text : nil
    }

    /// Writes `text` to `path` as an editor's save does: a whole new file,
    /// with a modification time after the last one.
    private func save(_ text: String, to path: String, second: Double) throws {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(second)], ofItemAtPath: path)
    }

    @Test func aSaveRerunsTheSceneAMistakeShowsItsDiagnosticsAndTheFixRunsAgain() throws {
        let scene = "scene: Watched\nobjects:\n  box: {type: View}\nscript:\n  - expect: {box.hidden: false}\n"
        let folder = try temporaryFolder()
        let path = try folder.write(scene, to: "scene.yaml")
        let output = path + ".out"
        let process = try RunningExecutable(
            try sceneRunnerURL(), arguments: ["run", "--watch", path], output: .file(output), mergingErrors: true)

        let watching = "== watching 1 file; Ctrl-C stops"
        let first = try #require(waitFor(watching, count: 1, in: output), "the first run was not printed")
        #expect(first.contains("-- Watched: 1 expectation, 1 passed, 0 failed"))

        try save(scene.replacingOccurrences(of: "false", with: "true"), to: path, second: 2)
        let second = try #require(waitFor(watching, count: 2, in: output), "the edit was not run")
        #expect(second.contains("== changed at "))
        #expect(second.contains("-- Watched: 1 expectation, 0 passed, 1 failed"))

        try save(scene.replacingOccurrences(of: "View", with: "Veiw"), to: path, second: 4)
        let third = try #require(waitFor(watching, count: 3, in: output), "the mistake was not shown")
        #expect(third.contains("\(path):3:15: error: unknown type 'Veiw'"))
        #expect(third.contains("\(path): not run: 1 error"))

        try save(scene, to: path, second: 6)
        let fourth = try #require(waitFor(watching, count: 4, in: output), "the fix was not run")
        #expect(fourth.components(separatedBy: "-- Watched: 1 expectation, 1 passed, 0 failed").count == 3)

        // Ctrl-C ends it (even though this test runner's threads, which
        // the program inherits its signal mask from, block SIGINT).
        process.send(SIGINT)
        let ending = try process.wait(timeout: .seconds(60))
        #expect(ending.isSignalled)
        #expect(ending.status == SIGINT)
    }

    @Test func watchingPrintsJSONLinesOnlyInJSON() throws {
        let folder = try temporaryFolder()
        let path = try folder.write("objects:\n  box: {type: View}\n", to: "scene.yaml")
        let output = path + ".out"
        let process = try RunningExecutable(
            try sceneRunnerURL(), arguments: ["run", "--watch", "--format", "json", path], output: .file(output))
        _ = try #require(waitFor("\"type\":\"totals\"", count: 1, in: output))
        try save("objects:\n  box: {type: View}\n  other: {type: View}\n", to: path, second: 2)
        let text = try #require(waitFor("\"type\":\"totals\"", count: 2, in: output))
        process.send(SIGINT)
        _ = try process.wait(timeout: .seconds(60))
        for line in text.split(separator: "\n") {
            #expect(
                (try? JSONSerialization.jsonObject(with: Data(line.utf8))) is [String: Any], "not JSON: \(line)")
        }
        #expect(text.contains("\"objects\":2"))
    }

    /// A timeline that cannot be written is said on standard error in
    /// JSON: every line of standard output stays a JSON record.
    @Test func aTimelineFailureWhileWatchingInJSONKeepsStandardOutputJSON() throws {
        let folder = try temporaryFolder()
        let path = try folder.write("objects:\n  box: {type: View}\n", to: "scene.yaml")
        let output = path + ".out"
        let errors = path + ".err"
        let process = try RunningExecutable(
            try sceneRunnerURL(),
            arguments: ["run", "--watch", "--format", "json", path, "--timeline", "/nonexistent/folder/t.html"],
            output: .file(output), errors: .file(errors))
        let text = try #require(waitFor("\"type\":\"totals\"", count: 1, in: output))
        let said = try #require(waitFor("could not write the timeline", count: 1, in: errors))
        process.send(SIGINT)
        _ = try process.wait(timeout: .seconds(60))
        for line in text.split(separator: "\n") {
            #expect(
                (try? JSONSerialization.jsonObject(with: Data(line.utf8))) is [String: Any], "not JSON: \(line)")
        }
        #expect(said.hasPrefix("Error: could not write the timeline '/nonexistent/folder/t.html': "))
    }
}
