import Behaviours
import SceneBehaviours
import SceneCore
import Testing

@Suite struct FormBehaviourTests {
    /// A form over `count` text fields sharing one coordinator, logging
    /// `submitted` and `cancelled`.
    private func makeForm(fields count: Int = 3) -> (FormBehaviour, [TextField], Log) {
        let coordinator = FocusCoordinator()
        let fields = (0..<count).map { _ in TextField() }
        for field in fields { field.focusCoordinator = coordinator }
        let form = FormBehaviour()
        form.fields = WeakList(fields)
        let log = Log()
        log.observeEvents(of: form, FormBehaviour.sceneDescription())
        return (form, fields, log)
    }

    private func focusedIndex(_ fields: [TextField]) -> Int? {
        fields.firstIndex { $0.focused }
    }

    // MARK: Registration

    @Test func registersFieldsRulesNextSubmitValidateCancelAndTheirEvents() {
        #expect(
            MemberList(of: FormBehaviour.sceneDescription())
                == MemberList(
                    outlets: ["fields: [View]", "rules: [FieldRule]", "shake: ShakeAnimation?"],
                    events: ["submitted", "cancelled", "invalid"], actions: ["next", "submit", "validate", "cancel"]))
    }

    @Test func theDescriptionDrivesTheFormAsALoaderWould() throws {
        let type = FormBehaviour.sceneDescription()
        let form = FormBehaviour()
        let username = TextField()
        let password = TextField()
        let coordinator = FocusCoordinator()
        username.focusCoordinator = coordinator
        password.focusCoordinator = coordinator
        let fields = try #require(type.outlets.first { $0.name == "fields" })
        #expect(fields.connect(form, to: [username, password]))
        #expect(!fields.connect(form, to: [username, TapGesture()]))
        let log = Log()
        log.observeEvents(of: form, type)
        username.focus()
        #expect(type.action("next", on: form) == .handled)
        #expect(password.focused)
        #expect(type.action("submit", on: form) == .handled)
        #expect(type.action("cancel", on: form) == .handled)
        #expect(log.entries == ["submitted", "cancelled"])
    }

    // MARK: next

    @Test func nextMovesTheFocusToTheFollowingField() {
        let (form, fields, _) = makeForm()
        fields[0].focus()
        #expect(form.focusNextField() === fields[1])
        #expect(focusedIndex(fields) == 1)
        form.focusNextField()
        #expect(focusedIndex(fields) == 2)
    }

    @Test func nextWrapsFromTheLastFieldToTheFirst() {
        let (form, fields, _) = makeForm()
        fields[2].focus()
        #expect(form.focusNextField() === fields[0])
        #expect(focusedIndex(fields) == 0)
    }

    @Test(arguments: ["disabled", "hidden", "notATextField"])
    func nextSkipsFieldsThatCannotBeFocused(reason: String) {
        let coordinator = FocusCoordinator()
        let first = TextField()
        let last = TextField()
        let middle: View
        switch reason {
        case "disabled":
            let field = TextField()
            field.enabled = false
            middle = field
        case "hidden":
            let field = TextField()
            field.hidden = true
            middle = field
        default:
            middle = Button()
        }
        for case let field as TextField in [first, middle, last] { field.focusCoordinator = coordinator }
        let form = FormBehaviour()
        form.fields = WeakList([first, middle, last])
        first.focus()
        #expect(form.focusNextField() === last)
        #expect(last.focused)
        #expect(form.focusNextField() === first)
    }

    @Test func nextDoesNothingWithNoFocusedField() {
        let (form, fields, _) = makeForm()
        #expect(form.focusNextField() == nil)
        #expect(form.next() == .ignored(because: "none of its fields is focused"))
        #expect(focusedIndex(fields) == nil)
        // A focused field outside the form is not the form's.
        let outsider = TextField()
        outsider.focusCoordinator = fields[0].focusCoordinator
        outsider.focus()
        #expect(form.focusNextField() == nil)
        #expect(
            FormBehaviour.sceneDescription().action("next", on: form)
                == .ignored(because: "none of its fields is focused"))
        #expect(outsider.focused)
    }

    @Test func nextDoesNothingWithFewerThanTwoFields() {
        let (form, fields, _) = makeForm(fields: 1)
        fields[0].focus()
        #expect(form.focusNextField() == nil)
        #expect(form.next() == .ignored(because: "it has fewer than two fields"))
        #expect(fields[0].focused)
        // One field listed twice is still one field.
        form.fields = WeakList([fields[0], fields[0]])
        #expect(form.next() == .ignored(because: "it has fewer than two fields"))
        #expect(fields[0].focused)
    }

    @Test func nextDoesNothingWhenNoOtherFieldCanBeFocused() {
        let (form, fields, log) = makeForm()
        fields[1].enabled = false
        fields[2].hidden = true
        fields[0].focus()
        #expect(form.focusNextField() == nil)
        #expect(
            FormBehaviour.sceneDescription().action("next", on: form)
                == .ignored(because: "no other field can take the focus"))
        #expect(focusedIndex(fields) == 0)
        #expect(log.entries.isEmpty)
    }

    // MARK: Return

    @Test func returnOnAFieldThatIsNotTheLastGoesNext() {
        let (form, fields, log) = makeForm()
        fields[0].focus()
        fields[0].returnKey()
        #expect(focusedIndex(fields) == 1)
        fields[1].returnKey()
        #expect(form.focusedField === fields[2])
        #expect(log.entries.isEmpty)
    }

    @Test func returnOnTheLastFieldSubmits() {
        let (form, fields, log) = makeForm()
        fields[2].focus()
        fields[2].returnKey()
        #expect(log.entries == ["submitted"])
        #expect(form.focusedField === fields[2])  // a plain form leaves the focus alone
    }

    @Test func returnIsHandledOnceForAFieldListedTwice() {
        let coordinator = FocusCoordinator()
        let username = TextField()
        let password = TextField()
        username.focusCoordinator = coordinator
        password.focusCoordinator = coordinator
        let form = FormBehaviour()
        form.fields = WeakList([username, username, password])
        let log = Log()
        form.submitted.connect { log.append("submitted") }
        password.focus()
        password.returnKey()
        #expect(log.entries == ["submitted"])
    }

    @Test func replacingTheFieldsStopsFollowingTheOldOnesReturnKey() {
        let (form, fields, log) = makeForm()
        let other = TextField()
        other.focusCoordinator = fields[0].focusCoordinator
        form.fields = WeakList([other])
        fields[2].focus()
        fields[2].returnKey()
        #expect(log.entries.isEmpty)
        other.focus()
        other.returnKey()
        #expect(log.entries == ["submitted"])
    }

    @Test func replacingTheFieldsTwiceLeavesOneConnectionOnEachCurrentField() {
        let (form, first, log) = makeForm(fields: 2)
        let coordinator = first[0].focusCoordinator
        let second = [TextField(), TextField()]
        let third = [TextField(), TextField()]
        for field in second + third { field.focusCoordinator = coordinator }
        form.fields = WeakList(second)
        form.fields = WeakList(third + [third[0]])
        #expect((first + second).map(\.returnKeyPressed.connectionCount) == [0, 0, 0, 0])
        #expect(third.map(\.returnKeyPressed.connectionCount) == [1, 1], "a field listed twice is followed once")
        for field in first + second {
            field.focus()
            field.returnKey()
        }
        #expect(log.entries.isEmpty)
        third[0].focus()
        third[0].returnKey()
        #expect(log.entries == ["submitted"], "third[0] is also the last field")
        form.fields = WeakList()
        #expect(third.map(\.returnKeyPressed.connectionCount) == [0, 0])
    }

    // MARK: submit and cancel

    @Test func submitSendsSubmittedAndCancelSendsCancelled() {
        let (form, _, log) = makeForm()
        form.submit()
        form.cancel()
        form.submit()
        #expect(log.entries == ["submitted", "cancelled", "submitted"])
    }
}
