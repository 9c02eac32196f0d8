import SceneTesting
import Testing

/// `FieldRule`s through a scene file: a form whose rules refuse a submit
/// and then let it through, and a pattern that is no regular expression,
/// refused when the scene is made, at the rule, before any step.
@Suite struct FieldRuleRunTests {
    @Test func aFormsRulesRefuseASubmitThenLetItThrough() throws {
        let outcome = SceneRunner(registry: .standard).run(
            SceneSource(
                name: "rules.yaml",
                text: """
                    objects:
                      code: {type: TextField, shakeAnimation: shake}
                      shake: {type: ShakeAnimation, view: code}
                      codeError: {type: Label, hidden: true}
                      codeRule: {type: FieldRule, field: code, errorLabel: codeError, pattern: "^[0-9]{4}$", message: Four digits}
                      form: {type: FormBehaviour, fields: [code], rules: [codeRule], on: {submitted: sent.fire}}
                      sent: {type: EventCounter}
                    script:
                      - type: { code: 12a4 }
                      - call: form.submit
                      - expect: { codeError.text: Four digits, code.invalidInput: true, shake.playing: true, sent.count: 0 }
                      - clear: code
                      - type: { code: "1234" }
                      - expect: { codeError.hidden: true, code.invalidInput: false }
                      - call: form.submit
                      - expect: { sent.count: 1 }
                    """))
        guard case .ran(let transcript) = outcome else {
            Issue.record("the scene did not load: \(outcome)")
            return
        }
        #expect(transcript.succeeded, "\(TranscriptRenderer.text(transcript))")
        #expect(
            TranscriptRenderer.text(transcript).contains(
                "      (form ignored 'submit' because 1 rule failed (Four digits))\n"))
    }

    @Test func aPatternThatIsNoRegularExpressionFailsTheSceneAtTheRule() throws {
        let source = SceneSource(
            name: "bad.yaml",
            text: """
                objects:
                  code: {type: TextField}
                  codeRule: {type: FieldRule, field: code, pattern: "[0-9"}
                script:
                  - type: { code: "1" }
                """)
        #expect(SceneLoader(registry: .standard).check(source).isEmpty, "a pattern is a string to check")
        guard case .invalid(let error) = SceneRunner(registry: .standard).run(source) else {
            Issue.record("the scene ran")
            return
        }
        #expect(
            error.rendered.hasPrefix(
                "bad.yaml:3:3: error: the pattern '[0-9' is not a regular expression: "), "\(error.rendered)")
    }
}
