import Foundation
import SceneCore
import SceneOutput
import SceneRunning
import TestSupport
import Testing

@testable import SceneCommandLine

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `run --junit FILE`: the report parses as XML, counts what the run
/// counted, carries each failure's place, values and transcript, keeps the
/// files' order whatever `--jobs` is, and follows the output-file rules.
@Suite struct JUnitReportTests {
    /// Writes `text` as `name` in `folder`; its path.
    static func write(_ text: String, _ name: String, in folder: TemporaryFolder) throws -> String {
        try folder.write(text, to: name)
    }

    static func document(at path: String) throws -> XMLDocument {
        try XMLDocument(contentsOf: URL(fileURLWithPath: path), options: [])
    }

    static func attribute(_ name: String, of node: XMLNode) -> String? {
        (node as? XMLElement)?.attribute(forName: name)?.stringValue
    }

    static func int(_ name: String, of node: XMLNode) -> Int? { attribute(name, of: node).flatMap(Int.init) }

    /// A report with its wall times (each `time` and the `wall-time`
    /// properties) taken out: what differs from run to run.
    static func withoutWallTimes(_ report: String) -> String {
        report.replacingOccurrences(
            of: #"name="wall-time" value="[0-9.]+""#, with: "name=\"wall-time\"", options: .regularExpression
        ).replacingOccurrences(of: #" time="[0-9.]+""#, with: " time=\"\"", options: .regularExpression)
    }

    /// A scene with two expectations that hold and one that does not.
    static let failing = """
        scene: Counter
        objects:
          label: {type: Label, text: one}
        script:
          - expect: { label.text: one }
          - wait: 1.5s
          - set: { label.text: two }
          - note: about to fail
          - expect: { label.text: three }
          - expect: { label.text: two }
        """

    @Test func aSuitePerFileACasePerExpectationAndAnErrorForAnInvalidScene() throws {
        let folder = try temporaryFolder("junit")
        let failing = try Self.write(Self.failing, "failing.yaml", in: folder)
        let quiet = try Self.write(
            "objects:\n  label: {type: Label}\nscript:\n  - wait: 2s\n", "quiet.yaml", in: folder)
        let mistakes = packagePath("Examples/mistakes.yaml")
        let report = folder.path("reports/report.xml")
        let result = run(["run", failing, quiet, mistakes, "--junit", report])
        #expect(result.status == 2, "\(result.errors)")
        let document = try Self.document(at: report)
        let root = try #require(document.rootElement())
        #expect(root.name == "testsuites")
        let suites = try root.nodes(forXPath: "testsuite")
        #expect(suites.map { Self.attribute("name", of: $0) } == [failing, quiet, mistakes])
        // The totals are the suites'.
        #expect(Self.int("tests", of: root) == 3 + 1 + 1)
        #expect(Self.int("failures", of: root) == 1)
        #expect(Self.int("errors", of: root) == 1)

        // The failing scene: three cases, one failure with its place, values and transcript.
        let first = suites[0]
        #expect(Self.int("tests", of: first) == 3)
        #expect(Self.int("failures", of: first) == 1)
        // `time` is the wall time (a run of virtual seconds takes milliseconds),
        // the virtual time a property.
        let properties = try first.nodes(forXPath: "properties/property")
        let names = properties.compactMap { Self.attribute("name", of: $0) }
        #expect(names == ["title", "virtual-time", "wall-time"])
        #expect(Self.attribute("value", of: properties[0]) == "Counter")
        #expect(Self.attribute("value", of: properties[1]) == "1.500")
        #expect(Self.attribute("time", of: first) == Self.attribute("value", of: properties[2]))
        let wallTime = try #require(Self.attribute("time", of: first).flatMap(Double.init))
        #expect(wallTime < 1.5)
        let cases = try first.nodes(forXPath: "testcase")
        #expect(
            cases.map { Self.attribute("name", of: $0) } == [
                "expect label.text == \"one\" (line 5)", "expect label.text == \"three\" (line 9)",
                "expect label.text == \"two\" (line 10)",
            ])
        #expect(cases.map { Self.attribute("line", of: $0) } == ["5", "9", "10"])
        #expect(cases.allSatisfy { Self.attribute("classname", of: $0) == String(failing.dropLast(5)) })
        let caseVirtualTimes = try cases.map {
            try $0.nodes(forXPath: "properties/property[@name='virtual-time']").first.flatMap {
                Self.attribute("value", of: $0)
            }
        }
        #expect(caseVirtualTimes == ["0.000", "1.500", "0.000"])
        let caseWallTimes = cases.compactMap { Self.attribute("time", of: $0).flatMap(Double.init) }
        #expect(caseWallTimes.count == 3 && caseWallTimes.reduce(0, +) <= wallTime + 0.0015)
        #expect(caseWallTimes[1] < 1.5)
        let failure = try #require(try cases[1].nodes(forXPath: "failure").first)
        #expect(Self.attribute("type", of: failure) == "expectation")
        #expect(Self.attribute("message", of: failure) == #"expected "three", actual "two""#)
        let details = try #require(failure.stringValue)
        #expect(details.hasPrefix("\(failing):9:"))
        #expect(details.contains(#"expected "three", actual "two" (at 1.500s)"#))
        #expect(details.contains("the transcript to just after it (its last 10 lines):\n"))
        #expect(details.contains("expect label.text == \"three\": FAILED"))
        #expect(details.contains("note: about to fail"))
        #expect(try cases[0].nodes(forXPath: "failure").isEmpty)
        #expect(try first.nodes(forXPath: "system-out").first?.stringValue?.contains("1 failed") == true)

        // A scene with no expectation is one passing case.
        let quietCases = try suites[1].nodes(forXPath: "testcase")
        #expect(quietCases.map { Self.attribute("name", of: $0) } == ["runs to the end"])
        let quietProperty = try suites[1].nodes(forXPath: "properties/property[@name='virtual-time']").first
        #expect(quietProperty.flatMap { Self.attribute("value", of: $0) } == "2.000")
        #expect(Self.attribute("time", of: suites[1]).flatMap(Double.init).map { $0 < 2 } == true)

        // The invalid scene: an error case with its diagnostics.
        let load = try #require(try suites[2].nodes(forXPath: "testcase").first)
        #expect(Self.attribute("name", of: load) == "loads")
        let error = try #require(try load.nodes(forXPath: "error").first)
        #expect(Self.attribute("type", of: error) == "invalid-scene")
        #expect(Self.attribute("message", of: error)?.contains("errors; first: \(mistakes):") == true)
        #expect(error.stringValue?.contains("unknown type 'Buton'") == true)
        #expect(error.stringValue?.contains("did you mean 'Button'?") == true)
        // Written whole, with no temporary file left beside it.
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path("reports"))
        #expect(left == ["report.xml"])
    }

    @Test func everyKindOfEntryHasItsCase() throws {
        let writer = JUnitSuiteWriter(file: "every.yaml")
        writer.begin(Transcript.Header(title: "Every", file: "every.yaml", objectCount: 2))
        let kinds: [Transcript.Kind] = [
            .step(verb: "tap", text: "button"), .ignored(verb: "tap", target: "button", reason: "it is hidden"),
            .event(object: "button", event: "tapped", payload: nil),
            .change(object: "v", property: "alpha", from: .double(0), to: .double(1), isAnimationFrame: true),
            .note("a note"),
            .snapshot(name: "same", result: .matched(reference: "S/same.svg"), position: .start),
            .snapshot(name: "new", result: .updated(reference: "S/new.svg"), position: .start),
            .snapshot(name: "first", result: .recorded(reference: "S/first.svg"), position: .start),
            .snapshot(
                name: "moved", result: .differs(reference: "S/moved.svg", picture: "p.svg", comparison: "c.html"),
                position: .start),
            .snapshot(name: "lost", result: .unavailable(reference: "S/lost.svg", reason: "no disk"), position: .start),
            .failure(object: "store", message: "could not save"),
            .error("a runaway timer loop", position: .start),
        ]
        var summary = Transcript.Summary(header: Transcript.Header(title: "Every", file: "every.yaml", objectCount: 2))
        for kind in kinds {
            writer.record(Transcript.Entry(time: .seconds(1), kind: kind))
            summary.count(kind)
        }
        writer.end(summary)
        let suite = writer.finish(wallTime: .milliseconds(3))
        #expect(suite.tests == 7)
        #expect(suite.failures == 3)
        #expect(suite.errors == 2)
        let document = try XMLDocument(xmlString: "<testsuite>\(try Self.text(of: suite.body))</testsuite>")
        let cases = try document.nodes(forXPath: "/testsuite/testcase")
        #expect(
            cases.map { Self.attribute("name", of: $0) } == [
                "snapshot same (line 1)", "snapshot new (line 1)", "snapshot first (line 1)", "snapshot moved (line 1)",
                "snapshot lost (line 1)", "store failed", "the script runs to the end (line 1)",
            ])
        let problems = try document.nodes(forXPath: "/testsuite/testcase/*[name() != 'properties']").map {
            "\($0.name ?? "") \(Self.attribute("type", of: $0) ?? "")"
        }
        #expect(
            problems == [
                "failure snapshot-recorded", "failure snapshot-differs", "failure snapshot-unavailable",
                "error object-failure", "error script-error",
            ])
        let differs = try document.nodes(forXPath: "/testsuite/testcase[4]/failure").first?.stringValue ?? ""
        #expect(differs.contains("picture: p.svg\nside by side: c.html"))
    }

    @Test func docsCIShowsTheRealReportAndNamesEveryKindOfProblem() throws {
        let document = try String(contentsOfFile: packagePath("docs/CI.md"), encoding: .utf8)
        // Every type a failure or an error can have is in the mapping's table.
        let types = [
            "expectation", "snapshot-differs", "snapshot-recorded", "snapshot-unavailable", "object-failure",
            "script-error", "invalid-scene",
        ]
        for type in types {
            #expect(document.contains("`type=\"\(type)\"`") || document.contains("(`\(type)`)"), "\(type)")
        }
        // The example is the start of the real report (its wall time aside).
        let start = try #require(document.range(of: "```xml\n"))
        let end = try #require(document.range(of: "\n```", range: start.upperBound..<document.endIndex))
        let shown = document[start.upperBound..<end.lowerBound].split(separator: "\n").filter { $0 != "    ..." }
        let folder = try temporaryFolder("junit")
        let path = folder.path("failing.xml")
        let result = run(["run", packagePath("Examples/failing-expectation.yaml"), "--junit", path])
        #expect(result.status == 1)
        let real = try Self.withoutWallTimes(String(contentsOfFile: path, encoding: .utf8))
            .replacingOccurrences(of: packagePath("") + "/", with: "")
            .split(separator: "\n")
        #expect(shown.count > 20)
        #expect(shown.map { Self.withoutWallTimes(String($0)) } == real.prefix(shown.count).map(String.init))
    }

    @Test func hostileTextIsEscapedAndCharactersXMLForbidsAreShownByTheirCodes() throws {
        // The escaping rule itself is MarkupTextTests' (SceneOutputTests);
        // here, a whole report of hostile text reads back as it was.
        let folder = try temporaryFolder("junit")
        let scene = try Self.write(
            """
            scene: "Title <&> \\"'\\e[2K\\x01"
            objects:
              label: {type: Label}
            script:
              - note: "</testcase><injected/>\\e\\r"
              - set: { label.text: "<&>\\"'\\x02" }
              - expect: { label.text: "]]></failure>\\x03\\r\\n" }
            """, "hostile.yaml", in: folder)
        let report = folder.path("hostile.xml")
        let result = run(["run", scene, "--junit", report])
        #expect(result.status == 1)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: report))
        // No character XML 1.0 forbids.
        #expect(!bytes.contains { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D })
        let document = try Self.document(at: report)
        #expect(try document.nodes(forXPath: "//injected").isEmpty)
        let suite = try #require(try document.nodes(forXPath: "/testsuites/testsuite").first)
        let title = try suite.nodes(forXPath: "properties/property[@name='title']").first
        #expect(title.flatMap { Self.attribute("value", of: $0) } == "Title <&> \"'\\u{1B}[2K\\u{1}")
        let failure = try #require(try document.nodes(forXPath: "//failure").first)
        #expect(Self.attribute("message", of: failure) == #"expected "]]></failure>\u{3}\r\n", actual "<&>\"'\u{2}""#)
        #expect(failure.stringValue?.contains("note: </testcase><injected/>\\u{1B}\\u{D}") == true)
    }

    @Test func eachFailureIsAtItsExpectationsLineAndAnInvalidSceneShowsEveryDiagnostic() throws {
        let failing = packagePath("Examples/failing-expectation.yaml")
        let mistakes = packagePath("Examples/mistakes.yaml")
        let report = try temporaryFolder("junit").path("failing.xml")
        let result = run(["run", "--format", "json", failing, mistakes, "--junit", report])
        #expect(result.status == 2, "\(result.errors)")
        let records = try result.jsonRecords()
        let failed = records.filter { $0["type"] as? String == "expect" && $0["passed"] as? Bool == false }
        let document = try Self.document(at: report)
        let failures = try document.nodes(forXPath: "/testsuites/testsuite[1]/testcase[failure]")
        #expect(failures.count == failed.count && !failed.isEmpty)
        for (testCase, record) in zip(failures, failed) {
            let line = try #require(record["line"] as? Int), column = try #require(record["column"] as? Int)
            let path = try #require(record["path"] as? String)
            #expect(Self.attribute("file", of: testCase) == failing)
            #expect(Self.int("line", of: testCase) == line)
            let failure = try #require(try testCase.nodes(forXPath: "failure").first)
            #expect(Self.attribute("type", of: failure) == "expectation")
            #expect(Self.attribute("message", of: failure)?.hasPrefix("expected ") == true)
            let text = failure.stringValue ?? ""
            #expect(text.hasPrefix("\(failing):\(line):\(column): expect \(path) == "), "\(text)")
            // The transcript's excerpt shows the failed step.
            let excerpt = text.components(separatedBy: "the transcript to just after it").dropFirst().joined()
            #expect(excerpt.contains("expect \(path) == ") && excerpt.contains(": FAILED"), "\(text)")
        }
        let errors = try document.nodes(forXPath: "/testsuites/testsuite[2]/testcase/error")
        #expect(errors.count == 1)
        #expect(errors.first.flatMap { Self.attribute("type", of: $0) } == "invalid-scene")
        let diagnostics = records.filter { $0["type"] as? String == "diagnostic" && $0["file"] as? String == mistakes }
        #expect(!diagnostics.isEmpty)
        for diagnostic in diagnostics {
            let place =
                "\(mistakes):\(diagnostic["line"] ?? "?"):\(diagnostic["column"] ?? "?"): "
                + "\(diagnostic["severity"] ?? "?"): \(diagnostic["message"] ?? "?")"
            #expect(errors.first?.stringValue?.contains(place) == true, "the error does not show \(place)")
        }
    }

    @Test func theReportIsTheSameWithJobsAndShardsSplitIt() throws {
        let scenes = try shippedScenes() + [packagePath("Examples/failing-expectation.yaml")]
        let folder = try temporaryFolder("junit")
        func report(_ arguments: [String], _ name: String) throws -> String {
            let path = folder.path(name)
            let result = run(["run"] + scenes + arguments + ["--junit", path])
            #expect(result.status == 0 || result.status == 1, "\(result.errors)")
            // Wall times differ from run to run; everything else is the same.
            return try Self.withoutWallTimes(String(contentsOfFile: path, encoding: .utf8))
        }
        let one = try report(["--jobs", "1"], "one.xml")
        let four = try report(["--jobs", "4"], "four.xml")
        #expect(one == four)
        func suites(_ text: String) -> [String] {
            text.components(separatedBy: "  <testsuite ").dropFirst().map { "  <testsuite " + $0 }
                .map { $0.components(separatedBy: "</testsuite>")[0] }
        }
        let first = try report(["--shard", "1/2"], "shard-1.xml")
        let second = try report(["--shard", "2/2"], "shard-2.xml")
        #expect(Set(suites(first)).isDisjoint(with: suites(second)))
        #expect(Set(suites(first) + suites(second)) == Set(suites(one)))
        #expect(suites(one).count == scenes.count)
    }

    @Test func aReportThatWouldOverwriteAnInputIsRefusedBeforeAnythingRuns() throws {
        let folder = try temporaryFolder("junit")
        let scene = try Self.write(Self.failing, "scene.yaml", in: folder)
        let before = try String(contentsOfFile: scene, encoding: .utf8)
        let result = run(["run", scene, "--junit", folder.path + "/./scene.yaml"])
        #expect(result.status == 64)
        #expect(result.errors.contains("--junit \(folder.path)/./scene.yaml would overwrite a file this command reads"))
        #expect(result.output.isEmpty)
        #expect(try String(contentsOfFile: scene, encoding: .utf8) == before)
        let page = run(["run", scene, "--timeline", folder.path + "/out.html", "--junit", folder.path + "/out.html"])
        #expect(page.status == 64)
        #expect(page.errors.contains("is also where --timeline writes"))
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/out.html"))
        let watched = run(["run", scene, "--watch", "--junit", folder.path + "/report.xml"])
        #expect(watched.status == 64)
        #expect(watched.errors.contains("--watch does not end"))
        // A report that cannot be written is an error after the run, not a lost report.
        let missing = run(["run", scene, "--junit", folder.path + "/no/such/folder/report.xml"])
        #expect(missing.status == 74)
        #expect(missing.errors.contains("could not write the JUnit report"))
    }

    /// The text a scratch file holds.
    static func text(of file: ScratchFile) throws -> String {
        var bytes: [UInt8] = []
        let failure = file.read { bytes += $0 }
        #expect(failure == nil)
        return String(decoding: bytes, as: UTF8.self)
    }
}
