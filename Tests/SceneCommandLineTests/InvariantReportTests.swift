import Foundation
import TestSupport
import Testing

/// A broken invariant in the reports of `run`: a JSON record, a GitHub
/// annotation and a JUnit failure at the line of the expectation that
/// broke, and exit status 1, as a failed `expect:` gives.
@Suite struct InvariantReportTests {
    static let scene = packagePath("Examples/broken-invariant.yaml")

    @Test func aBrokenInvariantFailsTheRunAndIsARecordAtItsLine() throws {
        let json = run(["run", "--format", "json", Self.scene])
        #expect(json.status == 1)
        let broken = try json.jsonRecords().filter { $0["type"] as? String == "invariant" }
        #expect(broken.count == 1)
        let record = try #require(broken.first)
        #expect(record["check"] as? String == "controls.hidden == false (the controls never hide)")
        #expect(record["after"] as? String == "when a timer fired during 'wait 5s'")
        #expect(record["time"] as? Double == 1.2)
        #expect(record["line"] as? Int == 33 && record["column"] as? Int == 15)
        let summary = try #require(try json.jsonRecords().first { $0["type"] as? String == "summary" })
        #expect(summary["failed"] as? Int == 1 && summary["passed"] as? Int == 1)
    }

    @Test func aBrokenInvariantIsAnAnnotationAtItsLine() throws {
        let github = run(["run", "--format", "github", Self.scene])
        #expect(github.status == 1)
        let errors = github.output.split(separator: "\n").filter { $0.hasPrefix("::error ") }
        #expect(
            errors == [
                "::error file=\(Self.scene),line=33,col=15,title=invariant broken%3A controls.hidden == false (the controls never hide)::invariant controls.hidden == false (the controls never hide) broke when a timer fired during 'wait 5s': expected false, actual true (at 1.200s)"
            ])
    }

    @Test func aBrokenInvariantIsAFailedJUnitCase() throws {
        let folder = try temporaryFolder("invariant-junit")
        let report = folder.path("report.xml")
        let result = run(["run", Self.scene, "--junit", report])
        #expect(result.status == 1)
        let xml = try String(contentsOfFile: report, encoding: .utf8)
        #expect(
            xml.contains(
                #"<testcase name="invariant controls.hidden == false (the controls never hide) (line 33)""#))
        #expect(
            xml.contains(
                #"<failure type="invariant" message="broke when a timer fired during &#39;wait 5s&#39;: expected false, actual true">"#
            ))
    }
}
