import Behaviours
import SceneBehaviours
import SceneCore
import Testing

/// `FieldRule` on its own, and a `FormBehaviour` with rules: what each
/// check refuses, the label, the marks and shakes, and the submit refused.
@Suite struct FieldRuleTests {
    /// A rule over a new field with `text`, its label hidden.
    private func makeRule(_ text: String = "") -> (FieldRule, TextField, Label) {
        let field = TextField()
        field.text = text
        let label = Label()
        label.hidden = true
        let rule = FieldRule()
        rule.field = field
        rule.errorLabel = label
        return (rule, field, label)
    }

    @Test func registersItsFieldLabelChecksAndValidate() {
        #expect(
            MemberList(of: FieldRule.sceneDescription())
                == MemberList(
                    properties: [
                        "required: Bool", "minimumLength: Int in 0.0...10000.0", "pattern: String",
                        "message: String", "error: String? (read-only)", "valid: Bool (read-only)",
                    ],
                    outlets: ["field: TextField", "errorLabel: Label?", "matches: TextField?"],
                    events: [
                        "requiredChanged: Bool", "minimumLengthChanged: Int", "patternChanged: String",
                        "messageChanged: String",
                    ],
                    actions: ["validate"]))
    }

    @Test func eachCheckRefusesWhatItShouldWithItsOwnMessage() {
        let rule = FieldRule()
        #expect(rule.check("") == nil, "an empty text that is not required passes")
        rule.required = true
        #expect(rule.check("") == "Required")
        rule.minimumLength = 3
        #expect(rule.check("ab") == "At least 3 characters")
        #expect(rule.check("abc") == nil)
        #expect(rule.check("é🇫🇷c") == nil, "characters, not bytes")
        rule.pattern = "^[a-z]+$"
        #expect(rule.check("abC") == "Not in the expected form")
        #expect(rule.check("abcd") == nil)
        let other = TextField()
        other.text = "abcd"
        rule.matches = other
        #expect(rule.check("abce") == "Does not match")
        #expect(rule.check("abcd") == nil)
        rule.message = "Wrong"
        #expect(rule.check("") == "Wrong" && rule.check("ab") == "Wrong")
    }

    @Test func validateShowsTheLabelWhileItFailsAndHidesAndEmptiesItAfter() {
        let (rule, field, label) = makeRule("ab")
        rule.minimumLength = 8
        rule.message = "At least 8 characters"
        #expect(rule.isValid && rule.error == nil, "valid before the first check")
        #expect(!rule.validate())
        #expect(rule.error == "At least 8 characters" && !rule.isValid)
        #expect(!label.hidden && label.text == "At least 8 characters")
        field.text = "abcdefgh"
        #expect(rule.validate())
        #expect(rule.error == nil && label.hidden && label.text == "")
    }

    @Test func onceCheckedItChecksAgainAsItsFieldsChangeWithoutMarkingThem() {
        let (rule, field, label) = makeRule()
        let password = TextField()
        password.text = "secret"
        rule.matches = password
        rule.required = true
        field.type("secre")
        #expect(rule.error == nil, "not checked before the first validate")
        rule.validate()
        #expect(rule.error == "Does not match")
        field.invalidInput = true
        field.type("t")
        #expect(rule.isValid && label.hidden && !field.invalidInput, "a field put right is unmarked")
        password.type("!")
        #expect(!rule.isValid && !label.hidden && !field.invalidInput, "a check while typing does not mark")
    }

    @Test func aPatternThatDoesNotCompileOrIsTooLongIsSaid() {
        let rule = FieldRule()
        rule.pattern = "a(b"
        #expect(rule.patternProblem == "the pattern 'a(b' is not a regular expression: expected ')'")
        rule.pattern = String(repeating: "a", count: FieldRule.maxPatternLength + 1)
        #expect(
            rule.patternProblem
                == "the pattern '\(String(repeating: "a", count: 40))…' is 201 characters long, more than the 200 a rule takes; shorten it"
        )
        rule.pattern = "^a+$"
        #expect(rule.patternProblem == nil)
        rule.pattern = ""
        #expect(rule.patternProblem == nil && rule.check("b") == nil)
    }

    // MARK: A form with rules

    @Test func aFormWithAFailingRuleMarksShakesSaysInvalidAndDoesNotSubmit() {
        let (first, firstField, _) = makeRule()
        first.required = true
        first.message = "Required"
        let (second, secondField, _) = makeRule("long enough")
        second.minimumLength = 4
        let shake = ShakeAnimation()
        let view = View()
        shake.view = view
        let form = FormBehaviour()
        form.fields = WeakList([firstField, secondField])
        form.rules = WeakList([first, second])
        form.shake = shake
        let log = Log()
        log.observeEvents(of: form, FormBehaviour.sceneDescription())
        secondField.invalidInput = true
        #expect(form.submit() == .ignored(because: "1 rule failed (Required)"))
        #expect(log.entries == ["invalid"])
        #expect(firstField.invalidInput && !secondField.invalidInput)
        firstField.text = "x"
        #expect(form.submit() == .handled)
        #expect(log.entries == ["invalid", "submitted"])
        #expect(!firstField.invalidInput)
    }

    @Test func aFormWithoutRulesSubmitsAsBefore() {
        let form = FormBehaviour()
        let log = Log()
        log.observeEvents(of: form, FormBehaviour.sceneDescription())
        #expect(form.validate() == nil)
        #expect(form.submit() == .handled)
        #expect(log.entries == ["submitted"])
    }
}
