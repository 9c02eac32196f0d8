import Foundation
import TestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Under GitHub Actions (`GITHUB_ACTIONS=true`), nothing a scene says (its
/// title, a note, a label's text, a type name in a diagnostic) becomes a
/// workflow command in the log, whatever the command or format, and
/// whether it is printed or written to an output file that is standard
/// output or error: the only command lines are the runner's own.
@Suite struct WorkflowCommandEscapingTests {
    /// A valid scene whose every text tries to issue commands, and an
    /// invalid one whose diagnostics quote a hostile type name.
    static func scenes() throws -> HostileScenes {
        let folder = try temporaryFolder()
        let valid = try folder.write(
            #"""
            scene: "::warning::title\n  ::add-mask::x\r::stop-commands::t ##[error]v1"
            objects:
              label:
                type: Label
                text: "::error::label\n::group::g\n\u00a0::warning::nbsp ##[set-env]"
            script:
              - note: "::warning::note\n::add-mask::secret\r\n\t::notice::tab ##[warning]w"
              - set: { label.text: "::error::set\n  ::warning::x\r::debug::y" }
              - expect: { label.text: "::error::expected\n::warning::y" }
            """#, to: "hostile.yaml")
        let invalid = try folder.write(
            #"""
            scene: "::warning::invalid"
            objects:
              label: { type: "::warning::type\n::add-mask::t" }
              "::add-mask::id\n::warning::id": { type: Label }
            """#, to: "invalid.yaml")
        return HostileScenes(folder: folder, valid: valid, invalid: invalid)
    }

    /// The two scenes' paths, in a folder of their own.
    struct HostileScenes {
        let folder: TemporaryFolder
        let valid: String
        let invalid: String
    }

    /// Runs the built `scene-runner` with `GITHUB_ACTIONS=true`; what it
    /// wrote to standard output and error together.
    static func runUnderActions(_ arguments: [String], input: String = "") throws -> String {
        try runSceneRunner(arguments, input: input, environment: ["GITHUB_ACTIONS": "true"]).output
    }

    /// The lines the runner would read as commands (split at LF, CR and
    /// CRLF, after the white space .NET trims), other than the runner's own
    /// groups and annotations.
    static func foreignCommands(_ output: String) -> [String] {
        let lines = output.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        return lines.map(String.init).filter { line in
            let trimmed = line.drop { $0.isWhitespace }
            let isCommand = trimmed.hasPrefix("::") || line.contains("##[")
            let isOwn =
                line.hasPrefix("::group::") || line == "::endgroup::" || line.hasPrefix("::error file=")
                || line.hasPrefix("::warning file=")
            return isCommand && !isOwn
        }
    }

    static let commands: [[String]] = [
        ["run", "VALID"], ["run", "--format", "text", "VALID", "INVALID"],
        ["run", "--format", "github", "VALID", "INVALID"],
        ["run", "--format", "json", "VALID", "INVALID"], ["run", "--jobs", "2", "VALID", "INVALID", "VALID"],
        ["check", "VALID", "INVALID"], ["check", "--format", "text", "VALID", "INVALID"],
        ["check", "--format", "json", "VALID", "INVALID"], ["render", "VALID"], ["render", "INVALID"],
        ["graph", "VALID"], ["graph", "--format", "svg", "VALID"], ["types"], ["types", "Label"],
        ["types", "--format", "json"], ["schema"], ["live", "--with-script", "VALID"],
        ["live", "--format", "json", "--with-script", "VALID"],
        ["preview", "--port", "0", "--duration", "1s", "--with-script", "VALID"],
        ["run", "--junit", "/dev/stdout", "VALID", "INVALID"], ["run", "--junit", "/dev/stderr", "VALID"],
        ["run", "--timeline", "/dev/stdout", "VALID"], ["render", "VALID", "--output", "/dev/stdout"],
        ["graph", "VALID", "--output", "/dev/stderr"], ["live", "--with-script", "VALID", "--record", "/dev/stdout"],
    ]

    @Test(arguments: commands) func noSceneTextBecomesAWorkflowCommand(arguments: [String]) throws {
        let scenes = try Self.scenes()
        let resolved = arguments.map { $0 == "VALID" ? scenes.valid : $0 == "INVALID" ? scenes.invalid : $0 }
        let output = try Self.runUnderActions(resolved, input: "note: \"::warning::typed\"\n")
        #expect(!output.isEmpty)
        #expect(Self.foreignCommands(output) == [], "\(arguments)")
    }

    @Test func theRunnersOwnAnnotationsStillReachTheLogFromParallelRuns() throws {
        let scenes = try Self.scenes()
        let output = try Self.runUnderActions(["run", "--jobs", "2", scenes.valid, scenes.invalid, scenes.valid])
        let lines = output.split(separator: "\n")
        // A failed expectation in each valid scene, two mistakes in the invalid one.
        #expect(lines.filter { $0.hasPrefix("::error file=") }.count == 4, "\(output)")
        #expect(lines.filter { $0.hasPrefix("::group::") }.count == 3)
        #expect(lines.filter { $0 == "::endgroup::" }.count == 3)
    }

    @Test func aReportToStandardOutputStaysValidXMLWithTheTextItsSceneSays() throws {
        let scenes = try Self.scenes()
        let output = try Self.runUnderActions(["run", "--format", "json", "--junit", "/dev/stdout", scenes.valid])
        let start = try #require(output.range(of: "<?xml"))
        let document = try XMLDocument(xmlString: String(output[start.lowerBound...]), options: [])
        let title = try document.nodes(forXPath: "//property[@name='title']/@value").first?.stringValue
        #expect(title?.hasPrefix("::warning::title") == true, "\(title ?? "")")
        #expect(title?.contains("##[error]v1") == true)
    }
}
