import Behaviours
import SceneBehaviours
import SceneCore
import Testing

/// The headless text field through the portable protocols a form uses.
@Suite struct TextFieldPortableTests {
    @Test func focusingThroughFocusableMovesTheFocusBetweenPeers() {
        let coordinator = FocusCoordinator()
        let username = TextField()
        let password = TextField()
        username.focusCoordinator = coordinator
        password.focusCoordinator = coordinator
        let fields: [any Focusable] = [username, password]
        #expect(fields[0].becomeFocused())
        #expect(fields[0].isFocused)
        #expect(fields[1].becomeFocused())
        #expect(!fields[0].isFocused && fields[1].isFocused)
        fields[1].resignFocus()
        #expect(!password.focused)
    }

    @Test func aDisabledFieldCannotBecomeFocused() {
        let field = TextField()
        field.enabled = false
        let focusable: any Focusable = field
        #expect(!focusable.canBecomeFocused)
        #expect(!focusable.becomeFocused())
        #expect(!field.focused)
    }

    @Test func editingIsReportedInOrderUntilTheConnectionEnds() {
        let field = TextField()
        var events: [TextEditingEvent] = []
        let connection = (field as any TextEditing).connectEditing { events.append($0) }
        field.type("al")
        field.returnKey()
        field.resignFocus()
        #expect(events == [.began, .changed, .returned, .ended])
        #expect((field as any TextEditing).text == "al")
        connection.disconnect()
        field.type("ice")
        #expect(events.count == 4)
    }
}
