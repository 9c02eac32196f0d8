import Foundation
import SceneTesting
import TestSupport
import Testing

@testable import SceneBehaviours

/// The bugs of the seeds' original implementations (``SeededBug``), put
/// back one at a time: each one breaks an invariant that its shipped scene
/// states, on a short script that a person would write to show it, and the
/// same script breaks nothing once the bug is gone. So the invariants the
/// scenes ship with are strong enough to catch each bug, and true of the
/// behaviours as they are.
@Suite struct SeededBugTests {
    /// A bug, the shipped scene whose invariants catch it, the script that
    /// shows it, and the name of the invariant it breaks.
    struct Case: CustomTestStringConvertible, Sendable {
        let bug: SeededBug
        let scene: String
        let script: String
        let invariant: String
        var testDescription: String { bug.rawValue }
    }

    static let cases: [Case] = [
        Case(
            bug: .resumeKeepsPendingTimeout, scene: "video-player",
            script: """
                  - call: timeout.resume
                  - wait: 3s
                """,
            invariant: "a timeout is pending only while the controller runs"),
        Case(
            bug: .endedTouchRearmsWhileAnotherIsDown, scene: "video-player",
            script: """
                  - press: volume
                  - press: playPause
                  - release: volume
                """,
            invariant: "a touch holds the timeout off"),
        Case(
            bug: .cancelledTouchNeverEnds, scene: "video-player",
            script: """
                  - press: volume
                  - cancel: volume
                """,
            invariant: "every touch that ended is over"),
        Case(
            bug: .tapDuringFadeIsIgnored, scene: "video-player",
            script: """
                  - wait: 3.1s
                  - tap: backgroundTap
                  - wait: 0.2s
                """,
            invariant: "a running timeout has the controls up"),
        Case(
            bug: .expiredWindowKeepsWrongCodes, scene: "passcode-lock",
            script: """
                  - type: { code: "1111" }
                  - returnKey: code
                  - wait: 60s
                """,
            invariant: "a wrong code counts only within its window"),
    ]

    /// The shipped scene `name` with its script replaced by `script`.
    static func scene(_ name: String, script: String) throws -> SceneSource {
        let url = packageRoot.appendingPathComponent("Scenes/\(name).yaml")
        let text = try String(contentsOf: url, encoding: .utf8)
        let head = try #require(text.range(of: "\nscript:\n"), "\(name).yaml has a script")
        return SceneSource(name: "Scenes/\(name).yaml", text: text[..<head.upperBound] + script)
    }

    /// The names of the invariants that broke when `source` ran.
    static func brokenInvariants(_ source: SceneSource) throws -> [String] {
        guard case .ran(let transcript) = SceneRunner(registry: .standard).run(source) else {
            Issue.record("\(source.name) did not load")
            return []
        }
        return transcript.entries.compactMap { entry in
            guard case .invariant(let check, _, _, _, _) = entry.kind else { return nil }
            guard let open = check.lastIndex(of: "("), check.hasSuffix(")") else { return check }
            return String(check[check.index(after: open)..<check.index(before: check.endIndex)])
        }
    }

    @Test(arguments: cases) func theBugBreaksItsInvariant(_ test: Case) throws {
        let source = try Self.scene(test.scene, script: test.script)
        let broken = try SeededBug.$current.withValue(test.bug) { try Self.brokenInvariants(source) }
        #expect(broken.first == test.invariant, "broken: \(broken)")
    }

    @Test(arguments: cases) func withoutTheBugTheSameScriptBreaksNothing(_ test: Case) throws {
        let source = try Self.scene(test.scene, script: test.script)
        #expect(try Self.brokenInvariants(source) == [])
    }

    @Test func everySeededBugHasACase() {
        #expect(Set(Self.cases.map(\.bug)) == Set(SeededBug.allCases))
    }
}
