import SceneBehaviours
import SceneLoader
import SceneRunning
import TestSupport
import Testing

/// `expect:` with `{ not: value }` and ranges, run: whether each holds, and
/// how the text and JSON transcripts say what was asked.
@Suite struct ExpectComparisonRunTests {
    static let scene = """
        objects:
          volume: { type: Slider, value: 0.3 }
          label: { type: Label, text: Ready }
        script:
          - expect: { volume.value: { min: 0, max: 0.25 }, label.text: { not: "" } }
          - expect: { volume.value: { min: 0.3 }, label.text: { not: Ready } }
        """

    func comparisonTranscript() throws -> Transcript {
        guard
            case .ran(let transcript) = SceneRunner(registry: .standard).run(
                SceneSource(name: "c.yaml", text: Self.scene))
        else { throw InvalidScene() }
        return transcript
    }

    struct InvalidScene: Error {}

    @Test func eachComparisonHoldsOrFailsAsWritten() throws {
        let results = try comparisonTranscript().entries.compactMap { entry -> String? in
            guard case .expectation(let path, let expected, let actual, let passed, _) = entry.kind else { return nil }
            return "\(path) \(expected) \(actual) \(passed)"
        }
        #expect(
            results == [
                "volume.value 0...0.25 0.3 false", #"label.text not "" "Ready" true"#,
                "volume.value >= 0.3 0.3 true", #"label.text not "Ready" "Ready" false"#,
            ])
    }

    @Test func theTextTranscriptSaysTheComparison() throws {
        let text = try transcript(of: Self.scene, name: "c.yaml")
        #expect(text.contains("expect volume.value in 0...0.25: FAILED"))
        #expect(text.contains("expected 0...0.25, actual 0.3 (c.yaml:5:15)"))
        #expect(text.contains(#"expect label.text != "": ok"#))
        #expect(text.contains("expect volume.value >= 0.3: ok"))
        #expect(text.contains(#"expected not "Ready", actual "Ready" (c.yaml:6:43)"#))
    }

    @Test func theJSONTranscriptWritesTheComparisonAsTheSceneDoes() throws {
        let lines = TranscriptRenderer.jsonLines(try comparisonTranscript()).split(separator: "\n").filter {
            $0.contains(#""type":"expect""#)
        }
        #expect(lines.count == 4)
        #expect(lines.first?.contains(#""expected":{"min":0,"max":0.25}"#) == true)
        #expect(lines.dropFirst().first?.contains(#""expected":{"not":""}"#) == true)
        #expect(lines.dropFirst(2).first?.contains(#""expected":{"min":0.3}"#) == true)
    }
}
