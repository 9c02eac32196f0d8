import Behaviours
import SceneCore
import Testing

/// A text field of the app's own: focus among its peers, its text, the
/// return key the test presses, and the mark of rejected input.
private final class Field: Focusable, TextEditing, InvalidInputMarking {
    var text = ""
    var invalidInput = false
    var isEnabled = true
    private(set) var isFocused = false
    private let focus: Focus
    private let editing = BehaviourEvent<TextEditingEvent>()

    /// The peers' focus: which field has it.
    final class Focus {
        weak var field: Field?
    }

    init(_ focus: Focus) {
        self.focus = focus
    }

    var canBecomeFocused: Bool { isEnabled }

    @discardableResult
    func becomeFocused() -> Bool {
        if isFocused { return true }
        guard canBecomeFocused else { return false }
        focus.field?.resignFocus()
        focus.field = self
        isFocused = true
        editing.send(.began)
        return true
    }

    func resignFocus() {
        guard isFocused else { return }
        isFocused = false
        if focus.field === self { focus.field = nil }
        editing.send(.ended)
    }

    func connectEditing(_ handler: @escaping (TextEditingEvent) -> Void) -> BehaviourConnection {
        editing.connect(handler)
    }

    func pressReturn() { editing.send(.returned) }
}

/// A rule of the app's own: the field must not be empty.
private final class Required: FieldValidating {
    weak var field: Field?
    private(set) var error: String?
    private(set) var checks = 0

    init(_ field: Field) {
        self.field = field
    }

    var checkedField: (any InvalidInputMarking)? { field }

    func validate() -> Bool {
        checks += 1
        error = (field?.text ?? "").isEmpty ? "Required" : nil
        return error == nil
    }
}

/// What the form's shake moves.
private final class Box: Offsettable {
    var offsetX = 0.0
    var offsetY = 0.0
}

@Suite struct PortableFormBehaviourTests {
    private struct Fixture {
        let focus: Field.Focus
        let fields: [Field]
        let form = FormBehaviour()
        let log = Log()

        final class Log {
            var events: [String] = []
        }

        init(count: Int = 3) {
            let focus = Field.Focus()
            self.focus = focus
            fields = (0..<count).map { _ in Field(focus) }
            form.fields = WeakList(fields)
            let log = self.log
            form.submitted.connect { log.events.append("submitted") }
            form.cancelled.connect { log.events.append("cancelled") }
            form.invalid.connect { log.events.append("invalid") }
        }
    }

    @Test func returnMovesTheFocusToTheNextFieldAndOnTheLastSubmits() {
        let fixture = Fixture()
        fixture.fields[0].becomeFocused()
        fixture.fields[0].pressReturn()
        #expect(fixture.fields[1].isFocused && !fixture.fields[0].isFocused)
        #expect(fixture.form.focusedField === fixture.fields[1])
        fixture.fields[1].pressReturn()
        #expect(fixture.fields[2].isFocused)
        #expect(fixture.log.events.isEmpty)
        fixture.fields[2].pressReturn()
        #expect(fixture.log.events == ["submitted"])
    }

    @Test func nextWrapsRoundAndSkipsAFieldThatCannotBeFocused() {
        let fixture = Fixture()
        fixture.fields[0].isEnabled = false
        fixture.fields[2].becomeFocused()
        #expect(fixture.form.next() == .handled)
        #expect(fixture.fields[1].isFocused)
    }

    @Test func nextIsIgnoredWithoutAFocusOrASecondField() {
        let fixture = Fixture()
        #expect(fixture.form.next() == .ignored(because: "none of its fields is focused"))
        let lone = Fixture(count: 1)
        lone.fields[0].becomeFocused()
        #expect(lone.form.next() == .ignored(because: "it has fewer than two fields"))
        let blocked = Fixture(count: 2)
        blocked.fields[1].isEnabled = false
        blocked.fields[0].becomeFocused()
        #expect(blocked.form.next() == .ignored(because: "no other field can take the focus"))
    }

    @Test func aFailingRuleMarksItsFieldShakesAndRefusesTheSubmit() throws {
        let fixture = Fixture(count: 2)
        let scheduler = VirtualScheduler()
        let shake = ShakeAnimation(clock: scheduler.clock)
        let box = Box()
        shake.view = box
        fixture.form.shake = shake
        let first = Required(fixture.fields[0])
        let second = Required(fixture.fields[1])
        fixture.form.rules = WeakList([first, second])
        fixture.fields[0].text = "alice"
        #expect(fixture.form.submit() == .ignored(because: "1 rule failed (Required)"))
        #expect(!fixture.fields[0].invalidInput && fixture.fields[1].invalidInput)
        #expect(fixture.log.events == ["invalid"])
        #expect(shake.isPlaying)
        fixture.fields[1].text = "wonderland"
        #expect(fixture.form.submit() == .handled)
        #expect(!fixture.fields[1].invalidInput)
        #expect(fixture.log.events == ["invalid", "submitted"])
        #expect(first.checks == 2 && second.checks == 2)
    }

    @Test func cancelSendsCancelled() {
        let fixture = Fixture()
        fixture.form.cancel()
        #expect(fixture.log.events == ["cancelled"])
    }

    @Test func aFieldNoLongerListedIsNoLongerFollowed() {
        let fixture = Fixture()
        let dropped = fixture.fields[2]
        fixture.form.fields = WeakList(Array(fixture.fields.prefix(2)))
        dropped.becomeFocused()
        dropped.pressReturn()
        #expect(fixture.log.events.isEmpty)
        #expect(fixture.form.focusedField == nil)
    }
}
