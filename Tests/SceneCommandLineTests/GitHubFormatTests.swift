import Foundation
import SceneCore
import SceneRunning
import TestSupport
import Testing

@testable import SceneCommandLine

/// `--format github`: each diagnostic and failed expectation as a workflow
/// command on its line, each transcript in a group, escaped as the runner
/// reads it, and chosen by itself under GitHub Actions.
@Suite struct GitHubFormatTests {
    /// An annotation read back: the command, its properties (unescaped) and message (unescaped).
    struct Annotation: Equatable {
        var level: String
        var properties: [String: String]
        var message: String
    }

    /// Undoes the runner's escapes: `%0D`, `%0A`, `%3A`, `%2C`, then `%25`.
    static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "%0D", with: "\r").replacingOccurrences(of: "%0A", with: "\n")
            .replacingOccurrences(of: "%3A", with: ":").replacingOccurrences(of: "%2C", with: ",")
            .replacingOccurrences(of: "%25", with: "%")
    }

    /// The annotations among `output`'s lines, read as the runner reads them.
    static func annotations(_ output: String) -> [Annotation] {
        output.split(separator: "\n").compactMap { line -> Annotation? in
            guard line.hasPrefix("::error ") || line.hasPrefix("::warning ") else { return nil }
            let body = line.dropFirst(2)
            guard let separator = body.range(of: "::") else { return nil }
            let head = body[..<separator.lowerBound]
            let level = String(head.prefix { $0 != " " })
            var properties: [String: String] = [:]
            for pair in head.dropFirst(level.count + 1).split(separator: ",") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                if parts.count == 2 { properties[String(parts[0])] = unescape(String(parts[1])) }
            }
            return Annotation(
                level: level, properties: properties, message: unescape(String(body[separator.upperBound...])))
        }
    }

    @Test func escapingFollowsTheRunnersRules() {
        let hostile = "100% done\r\nfile: a,b::c"
        #expect(WorkflowCommands.data(hostile) == "100%25 done%0D%0Afile: a,b::c")
        #expect(WorkflowCommands.property("a:b,c%d\ne") == "a%3Ab%2Cc%25d%0Ae")
        #expect(Self.unescape(WorkflowCommands.property("x%3A,:%")) == "x%3A,:%")
        // A control character is shown by its code, never raw.
        #expect(WorkflowCommands.data("a\u{1B}[2Kb") == "a\\u{1B}[2Kb")
        var place = WorkflowCommands.Place(file: "dir,1/a:b.yaml")
        place.line = 3
        place.column = 5
        let annotation = WorkflowCommands.annotation(
            .error, at: place, title: "t: 1, 2", message: "line one\nline: two, 50%")
        #expect(
            annotation
                == "::error file=dir%2C1/a%3Ab.yaml,line=3,col=5,title=t%3A 1%2C 2::line one%0Aline: two, 50%25\n")
        #expect(
            Self.annotations(annotation) == [
                Annotation(
                    level: "error",
                    properties: ["file": "dir,1/a:b.yaml", "line": "3", "col": "5", "title": "t: 1, 2"],
                    message: "line one\nline: two, 50%")
            ])
    }

    @Test func checkPutsEachDiagnosticOnItsLine() throws {
        let mistakes = packagePath("Examples/mistakes.yaml")
        let github = run(["check", "--format", "github", mistakes])
        let json = run(["check", "--format", "json", mistakes])
        #expect(github.status == 2)
        let diagnostics = try json.jsonRecords().filter { $0["type"] as? String == "diagnostic" }
        let annotations = Self.annotations(github.output)
        #expect(annotations.count == diagnostics.count)
        #expect(!annotations.isEmpty)
        for (annotation, diagnostic) in zip(annotations, diagnostics) {
            #expect(annotation.level == diagnostic["severity"] as? String)
            #expect(annotation.properties["file"] == diagnostic["file"] as? String)
            #expect(annotation.properties["line"] == (diagnostic["line"] as? Int).map(String.init))
            #expect(annotation.properties["col"] == (diagnostic["column"] as? Int).map(String.init))
            #expect(annotation.properties["title"] == diagnostic["code"] as? String)
            #expect(annotation.message.hasPrefix(diagnostic["message"] as? String ?? "?"))
            if let hint = diagnostic["hint"] as? String { #expect(annotation.message.contains("\nhelp: \(hint)")) }
        }
        // The compiler-like text folds in a group; the file's line follows it.
        #expect(github.output.contains("::group::\(mistakes): "))
        #expect(github.output.contains("::endgroup::\n\(mistakes): "))
        let valid = run(["check", "--format", "github", packagePath("Scenes/video-player.yaml")])
        #expect(valid.status == 0)
        #expect(valid.output.contains("video-player.yaml: ok ("))
        #expect(!valid.output.contains("::"))
    }

    @Test func runFoldsTranscriptsAndAnnotatesEachFailure() throws {
        let failing = packagePath("Examples/failing-expectation.yaml")
        let github = run(["run", "--format", "github", failing])
        let json = run(["run", "--format", "json", failing])
        #expect(github.status == 1)
        let failed = try json.jsonRecords().filter {
            $0["type"] as? String == "expect" && $0["passed"] as? Bool == false
        }
        let annotations = Self.annotations(github.output)
        #expect(annotations.count == failed.count)
        #expect(!annotations.isEmpty)
        for (annotation, record) in zip(annotations, failed) {
            #expect(annotation.level == "error")
            #expect(annotation.properties["file"] == failing)
            #expect(annotation.properties["line"] == (record["line"] as? Int).map(String.init))
            #expect(annotation.properties["title"] == "expectation failed: \(record["path"] as? String ?? "?")")
            #expect(annotation.message.contains("expected "))
        }
        let lines = github.output.split(separator: "\n", omittingEmptySubsequences: false)
        let groups = lines.filter { $0.hasPrefix("::group::") }
        #expect(groups == ["::group::Fading controls, made to fail (\(failing), 5 objects)"])
        let end = try #require(lines.firstIndex(of: "::endgroup::"))
        // After the group: the annotations, then the summary line.
        #expect(lines[end + 1].hasPrefix("::error file="))
        #expect(lines.contains { $0.hasPrefix("-- Fading controls, made to fail: ") })
        #expect(!lines[..<end].contains { $0.hasPrefix("-- Fading controls") })
        #expect(lines[..<end].contains { $0.contains(": FAILED") })
        let totals = try #require(try json.jsonRecords().last)
        let passed = try #require(totals["passed"] as? Int)
        #expect(github.output.hasSuffix("== 1 scene\n\(passed) passed, \(failed.count) failed\n"))
    }

    @Test func githubIsTheDefaultUnderGitHubActionsUnlessAFormatIsGiven() throws {
        let scene = packagePath("Examples/failing-expectation.yaml")
        let actions = runCommand(["run", scene], environment: ["GITHUB_ACTIONS": "true"])
        #expect(actions.output.contains("::group::"))
        #expect(actions.output.contains("::error file="))
        let explicit = runCommand(["run", "--format", "text", scene], environment: ["GITHUB_ACTIONS": "true"])
        #expect(!explicit.output.contains("::"))
        let elsewhere = runCommand(["run", scene], environment: ["GITHUB_ACTIONS": "false"])
        #expect(!elsewhere.output.contains("::group::"))
        let check = runCommand(
            ["check", packagePath("Examples/mistakes.yaml")], environment: ["GITHUB_ACTIONS": "true"])
        #expect(check.output.hasPrefix("::error file="))
        let json = runCommand(
            ["check", "--format", "json", packagePath("Examples/mistakes.yaml")],
            environment: ["GITHUB_ACTIONS": "true"])
        #expect(try json.jsonRecords().count > 1)
    }

    @Test func aSceneCannotIssueACommand() throws {
        let folder = try temporaryFolder("junit")
        let scene = try JUnitReportTests.write(
            """
            scene: "::error::title%0A,: ##[warning]w"
            objects:
              label: {type: Label}
            script:
              - note: "x\\n::add-mask::secret\\n  ::error file=a::injected\\r\\n::endgroup:: ##[error]old form"
              - set: { label.text: "a,b:c%" }
              - expect: { label.text: "%0A\\n::warning::x" }
            """, "hostile.yaml", in: folder)
        let result = run(["run", "--format", "github", scene])
        #expect(result.status == 1)
        let commands = result.output.split(separator: "\n").filter {
            $0.drop { $0 == " " || $0 == "\t" }.hasPrefix("::")
        }
        // Only the writer's own: the group, its end and the one failure.
        #expect(commands.count == 3, "\(commands)")
        #expect(commands[0] == "::group::::error::title%250A,: ##[warning]w (\(scene), 1 object)")
        #expect(commands[1] == "::endgroup::")
        let annotation = try #require(Self.annotations(String(commands[2])).first)
        #expect(annotation.properties["file"] == scene)
        #expect(annotation.properties["line"] == "7")
        #expect(annotation.message.hasPrefix("expect label.text == \"%0A\\n::warning::x\": expected "))
        #expect(result.output.contains("\n\\u{3A}:add-mask::secret\n"))
        #expect(result.output.contains("\\u{3A}:endgroup:: #\\u{23}[error]old form"))
        // The older form of command, `##[name]`, is read anywhere in a plain line.
        let plain = result.output.split(separator: "\n").filter { !$0.hasPrefix("::") }
        #expect(!plain.contains { $0.contains("##[") }, "\(plain)")
    }

    @Test func everyKindOfProblemIsAnnotatedAsDocsCISays() throws {
        let output = CapturedText()
        let writer = GitHubRunWriter(output, verbose: false)
        let header = Transcript.Header(title: "Every", file: "every.yaml", objectCount: 2)
        writer.begin(header)
        let kinds: [Transcript.Kind] = [
            .step(verb: "tap", text: "button"), .ignored(verb: "tap", target: "button", reason: "it is hidden"),
            .event(object: "button", event: "tapped", payload: nil),
            .change(object: "v", property: "alpha", from: .double(0), to: .double(1), isAnimationFrame: true),
            .note("a note"),
            .expectation(
                path: "v.alpha", expected: .equal(.double(1)), actual: .double(1), passed: true, position: .start),
            .expectation(
                path: "v.alpha", expected: .equal(.double(0)), actual: .double(1), passed: false, position: .start),
            .snapshot(name: "same", result: .matched(reference: "S/same.svg"), position: .start),
            .snapshot(name: "new", result: .updated(reference: "S/new.svg"), position: .start),
            .snapshot(name: "first", result: .recorded(reference: "S/first.svg"), position: .start),
            .snapshot(
                name: "moved", result: .differs(reference: "S/moved.svg", picture: "p.svg", comparison: "c.html"),
                position: .start),
            .snapshot(name: "lost", result: .unavailable(reference: "S/lost.svg", reason: "no disk"), position: .start),
            .failure(object: "store", message: "could not save"),
            .error("a runaway timer loop", position: nil),
        ]
        var summary = Transcript.Summary(header: header)
        for kind in kinds {
            writer.record(Transcript.Entry(time: .seconds(1), kind: kind))
            summary.count(kind)
        }
        writer.end(summary)
        let annotations = Self.annotations(output.text)
        #expect(
            annotations.map { $0.properties["title"] ?? "" } == [
                "expectation failed: v.alpha", "snapshot failed: first", "snapshot failed: moved",
                "snapshot failed: lost", "store failed", "the script stopped",
            ])
        #expect(annotations.allSatisfy { $0.level == "error" && $0.properties["file"] == "every.yaml" })
        #expect(annotations.map { $0.properties["line"] } == ["1", "1", "1", "1", nil, nil])
        #expect(annotations[0].message == "expect v.alpha == 0: expected 0, actual 1 (at 1.000s)")
        // docs/CI.md's table gives each form.
        let document = try String(contentsOfFile: packagePath("docs/CI.md"), encoding: .utf8)
        for form in [
            "title=expectation failed: PATH::", "title=snapshot failed: NAME::", "title=OBJECT failed::",
            "title=the script stopped::",
        ] {
            #expect(document.contains(form), "\(form)")
        }
    }

    @Test func aSceneWithManyFailuresAnnotatesTenAndSaysHowManyMore() throws {
        let folder = try temporaryFolder("junit")
        let steps = (1...14).map { _ in "  - expect: { label.text: other }" }.joined(separator: "\n")
        let scene = try JUnitReportTests.write(
            "objects:\n  label: {type: Label, text: one}\nscript:\n\(steps)\n", "many.yaml", in: folder)
        let result = run(["run", "--format", "github", scene])
        #expect(Self.annotations(result.output).count == 10)
        #expect(result.output.contains("\(scene): 4 more failures not annotated"))
    }
}

/// Runs `arguments` in this process with `environment` as the process's environment.
func runCommand(_ arguments: [String], environment: [String: String]) -> CommandResult {
    let output = CapturedText()
    let errors = CapturedText()
    let status = SceneCommandLine(programName: "scene-runner", registry: .standardWithStorage).run(
        arguments, output: output, errors: errors, environment: environment)
    return CommandResult(status: status, output: output.text, errors: errors.text)
}
