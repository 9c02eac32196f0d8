import Behaviours
import SceneBehaviours
import SceneCore
import Testing

@Suite struct TextFieldTests {
    private func loggedField(as prefix: String = "", coordinator: FocusCoordinator? = nil) -> (TextField, Log) {
        let field = TextField()
        if let coordinator { field.focusCoordinator = coordinator }
        let log = Log()
        log.observe(field, TextField.sceneDescription(), as: prefix)
        return (field, log)
    }

    @Test func defaultsAreAnEmptyEnabledPlainUnfocusedField() {
        var expected = viewDefaults
        expected["text"] = .string("")
        expected["placeholder"] = .string("")
        expected["secure"] = .bool(false)
        expected["enabled"] = .bool(true)
        expected["invalidInput"] = .bool(false)
        expected["focused"] = .bool(false)
        expected["font"] = .map([.init("size", .double(17)), .init("weight", .enumCase("regular"))])
        expected["textAlignment"] = .enumCase("natural")
        #expect(TextField.sceneDescription().defaultValues() == expected)
        let field = TextField()
        #expect(field.text == "")
        #expect(field.placeholder == "")
        #expect(!field.secure)
        #expect(field.enabled)
        #expect(!field.invalidInput)
        #expect(!field.focused)
    }

    @Test func registersTheViewMembersTextKeysShakeFocusedEditingInputsAndEvents() {
        let type = TextField.sceneDescription()
        #expect(
            MemberList(of: type)
                == MemberList.view(
                    properties: [
                        "text: String", "placeholder: String", "secure: Bool", "enabled: Bool", "invalidInput: Bool",
                        "font: {size: Double?, weight: ultraLight|thin|light|regular|medium|semibold|bold|heavy|black?}",
                        "textAlignment: left|center|right|natural|justified", "focused: Bool (read-only)",
                    ],
                    outlets: ["shakeAnimation: ShakeAnimation?"],
                    events: [
                        "textChanged: String", "placeholderChanged: String", "secureChanged: Bool",
                        "enabledChanged: Bool",
                        "invalidInputChanged: Bool",
                        "fontChanged: {size: Double?, weight: ultraLight|thin|light|regular|medium|semibold|bold|heavy|black?}",
                        "textAlignmentChanged: left|center|right|natural|justified", "editingBegan", "editingChanged",
                        "editingEnded", "returnKey",
                    ],
                    inputs: ["focus", "type: String", "clear", "returnKey"]))
        let registry = SceneRegistry.standard
        #expect(
            registry.type(named: "TextField").map { registry.conformances(of: $0).map(\.name) } == [
                "InteractionProvider", "Highlightable",
            ])
    }

    // MARK: invalidInput and the shake

    /// A field with a shake on `scheduler`, counting the shakes that finish.
    private func shakingField() -> (TextField, ShakeAnimation, VirtualScheduler, Log) {
        let scheduler = VirtualScheduler()
        let field = TextField()
        let shake = ShakeAnimation(scheduler: scheduler)
        shake.view = field
        field.shakeAnimation = shake
        let log = Log()
        shake.finished.connect { log.append("finished@\(scheduler.now.sceneText)") }
        return (field, shake, scheduler, log)
    }

    @Test func settingInvalidInputToTruePlaysTheShakeEveryTime() throws {
        let (field, shake, scheduler, log) = shakingField()
        field.invalidInput = true
        #expect(shake.isPlaying)
        try scheduler.advance(by: .milliseconds(100))
        #expect(field.offsetX == -8)
        // Already true: set again, it plays again, from the start.
        field.invalidInput = true
        #expect(field.offsetX == 0)
        try scheduler.advance(by: .milliseconds(200))
        #expect(log.entries == ["finished@300ms"])
        #expect(field.offsetX == 0)
        #expect(scheduler.isIdle)
    }

    @Test func settingInvalidInputToFalsePlaysNothing() throws {
        let (field, shake, scheduler, log) = shakingField()
        field.invalidInput = false
        field.invalidInput = true
        field.invalidInput = false
        #expect(shake.isPlaying)  // clearing the mark does not stop a shake under way
        try scheduler.advance(by: .seconds(1))
        field.invalidInput = false
        #expect(!shake.isPlaying)
        #expect(log.entries == ["finished@200ms"])
        #expect(scheduler.isIdle)
    }

    @Test func invalidInputWithoutAShakeIsOnlyAFlag() {
        let field = TextField()
        field.invalidInput = true
        #expect(field.invalidInput)
        #expect(field.offsetX == 0)
    }

    @Test func theShakeOutletConnectsThroughTheDescription() throws {
        let type = TextField.sceneDescription()
        let outlet = try #require(type.outlets.first { $0.name == "shakeAnimation" })
        let field = TextField()
        let shake = ShakeAnimation()
        #expect(outlet.connect(field, to: shake))
        #expect(field.shakeAnimation === shake)
        #expect(!outlet.connect(field, to: View()))
        #expect(outlet.connect(field, to: []))
        #expect(field.shakeAnimation == nil)
    }

    @Test func focusIsATapThatFocusesTheField() {
        let (field, log) = loggedField()
        #expect(field.focus() == .handled)
        #expect(field.focused)
        #expect(log.entries == ["interaction.began", "interaction.ended", "editingBegan"])
    }

    @Test func focusingAFocusedFieldOnlyReportsTheTap() {
        let (field, log) = loggedField()
        field.focus()
        log.clear()
        #expect(field.focus() == .handled)
        #expect(field.focused)
        #expect(log.entries == ["interaction.began", "interaction.ended"])
    }

    @Test func typeFocusesThenAppends() {
        let (field, log) = loggedField()
        #expect(field.type("al") == .handled)
        #expect(field.type("ice") == .handled)
        #expect(field.text == "alice")
        #expect(field.focused)
        #expect(
            log.entries == [
                "interaction.began", "interaction.ended", "editingBegan", "editingChanged", "editingChanged",
            ])
    }

    @Test func typingNothingIntoTheFocusedFieldChangesNothingAndIsIgnored() {
        let (field, log) = loggedField()
        field.text = "al"
        field.focus()
        log.clear()
        #expect(field.type("") == .ignored(because: "there is no text to type and it is already focused"))
        #expect(field.text == "al")
        #expect(field.focused)
        #expect(log.entries.isEmpty)
    }

    @Test func typingNothingIntoAnUnfocusedFieldFocusesIt() {
        let (field, log) = loggedField()
        #expect(field.type("") == .handled)
        #expect(field.focused)
        #expect(log.entries == ["interaction.began", "interaction.ended", "editingBegan"])
    }

    @Test func clearEmptiesTheTextAndSendsEditingChangedOnlyWhenThereWasText() {
        let (field, log) = loggedField()
        field.text = "bob"
        #expect(log.entries.isEmpty)
        #expect(field.clear() == .handled)
        #expect(field.text == "")
        #expect(field.clear() == .ignored(because: "it is already empty"))
        #expect(
            TextField.sceneDescription().input("clear", on: field) == .ignored(because: "it is already empty"))
        #expect(field.text == "")
        #expect(log.entries == ["editingChanged"])
    }

    @Test func focusOnTheFocusedFieldIsStillATap() {
        let (field, log) = loggedField()
        field.focus()
        log.clear()
        #expect(field.focus() == .handled)
        #expect(field.focused)
        #expect(log.entries == ["interaction.began", "interaction.ended"])
    }

    @Test func returnKeyNeedsTheFocus() {
        let (field, log) = loggedField()
        #expect(field.returnKey().isIgnored)
        #expect(log.entries.isEmpty)
        field.focus()
        log.clear()
        #expect(field.returnKey() == .handled)
        #expect(log.entries == ["returnKey"])
        #expect(field.focused)
    }

    @Test func focusingAnotherFieldUnfocusesTheFirst() {
        let coordinator = FocusCoordinator()
        let (username, log) = loggedField(as: "username ", coordinator: coordinator)
        let password = TextField()
        password.focusCoordinator = coordinator
        log.observeEvents(of: password, TextField.sceneDescription(), as: "password ")

        username.focus()
        #expect(coordinator.focusedField === username)
        log.clear()
        password.type("secret")
        #expect(!username.focused)
        #expect(password.focused)
        #expect(coordinator.focusedField === password)
        #expect(log.entries == ["username editingEnded", "password editingBegan", "password editingChanged"])
    }

    @Test(arguments: ["disabled", "hidden", "parentTransparent"])
    func disabledOrInvisibleFieldIgnoresEveryInput(reason: String) {
        let (field, log) = loggedField()
        let container = View()
        field.parent = container
        field.text = "kept"
        switch reason {
        case "disabled": field.enabled = false
        case "hidden": field.hidden = true
        default: container.alpha = 0
        }
        #expect(field.focus().isIgnored)
        #expect(field.type("x").isIgnored)
        #expect(field.clear().isIgnored)
        #expect(field.returnKey().isIgnored)
        #expect(field.tap().isIgnored)
        #expect(!field.becomeFocused())
        #expect(!field.focused)
        #expect(field.text == "kept")
        #expect(log.entries.isEmpty)
    }

    @Test func disablingAFocusedFieldUnfocusesIt() {
        let coordinator = FocusCoordinator()
        let (field, log) = loggedField(coordinator: coordinator)
        field.focus()
        log.clear()
        field.enabled = false
        #expect(!field.focused)
        #expect(coordinator.focusedField == nil)
        #expect(log.entries == ["editingEnded"])
    }

    @Test func resignFocusSendsEditingEndedOnce() {
        let (field, log) = loggedField()
        field.becomeFocused()
        field.resignFocus()
        field.resignFocus()
        #expect(!field.focused)
        #expect(log.entries == ["editingBegan", "editingEnded"])
    }

    @Test func aFieldKeepsTheCoordinatorItWasFirstGiven() {
        let field = TextField()
        let first = field.focusCoordinator
        #expect(field.focusCoordinator === first)
        let other = FocusCoordinator()
        field.focusCoordinator = other
        #expect(field.focusCoordinator === other)
        field.focus()
        #expect(other.focusedField === field)
    }

    @Test func fieldsOfASceneShareOneCoordinatorAfterAwake() throws {
        let username = TextField()
        let password = TextField()
        let other = View()
        let scene = Scene(
            title: nil, summary: nil,
            entries: [
                Scene.Entry(id: "other", type: View.sceneDescription(), object: other),
                Scene.Entry(id: "password", type: TextField.sceneDescription(), object: password),
                Scene.Entry(id: "username", type: TextField.sceneDescription(), object: username),
            ])
        #expect(username.focusCoordinator !== password.focusCoordinator)
        let firstCoordinator = password.focusCoordinator
        for entry in scene.entries.reversed() { entry.object.awake(in: scene) }
        #expect(username.focusCoordinator === firstCoordinator)
        #expect(password.focusCoordinator === firstCoordinator)

        username.focus()
        password.focus()
        #expect(!username.focused)
        #expect(password.focused)
    }

    @Test func changingTheCoordinatorOfAFocusedFieldMovesItsFocus() {
        let old = FocusCoordinator()
        let new = FocusCoordinator()
        let (field, _) = loggedField(coordinator: old)
        let rival = TextField()
        rival.focusCoordinator = new
        rival.focus()
        field.focus()

        field.focusCoordinator = new
        #expect(field.focused)
        #expect(!rival.focused)
        #expect(old.focusedField == nil)
        #expect(new.focusedField === field)
    }

    @Test func inputsThroughTheDescriptionTypeAndReturn() {
        let type = TextField.sceneDescription()
        let (field, log) = loggedField()
        #expect(type.input("type", on: field, .string("alice")) == .handled)
        #expect(type.input("returnKey", on: field) == .handled)
        #expect(type.input("clear", on: field) == .handled)
        #expect(field.text == "")
        #expect(
            log.entries == [
                "interaction.began", "interaction.ended", "editingBegan", "editingChanged", "returnKey",
                "editingChanged",
            ])
    }
}
