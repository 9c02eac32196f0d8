import SceneBehaviours
import Testing

@Suite struct FocusCoordinatorTests {
    @Test func startsWithNoFocusedField() {
        #expect(FocusCoordinator().focusedField == nil)
    }

    @Test func endEditingUnfocusesTheFocusedField() {
        let coordinator = FocusCoordinator()
        let field = TextField()
        field.focusCoordinator = coordinator
        let log = Log()
        log.observeEvents(of: field, TextField.sceneDescription())
        field.becomeFocused()
        coordinator.endEditing()
        #expect(!field.focused)
        #expect(coordinator.focusedField == nil)
        #expect(log.entries == ["editingBegan", "editingEnded"])
        coordinator.endEditing()
        #expect(log.entries.count == 2)
    }

    @Test func holdsTheFocusedFieldWeakly() {
        let coordinator = FocusCoordinator()
        var field: TextField? = TextField()
        field?.focusCoordinator = coordinator
        field?.becomeFocused()
        #expect(coordinator.focusedField != nil)
        field = nil
        #expect(coordinator.focusedField == nil)
    }

    @Test func atMostOneFieldIsFocusedWhenAnEditingEndedHandlerFocusesAThird() {
        let coordinator = FocusCoordinator()
        let fields = (0..<3).map { _ in TextField() }
        for field in fields { field.focusCoordinator = coordinator }
        let third = fields[2]
        fields[0].editingEnded.connect { [unowned third] in third.becomeFocused() }
        fields[0].becomeFocused()
        fields[1].becomeFocused()
        #expect(fields.filter(\.focused).map { ObjectIdentifier($0) } == [ObjectIdentifier(fields[1])])
        #expect(coordinator.focusedField === fields[1])
    }

    @Test func fieldFocusedAgainByItsOwnEditingEndedHandlerSendsEditingBeganOnce() {
        let coordinator = FocusCoordinator()
        let first = TextField()
        let second = TextField()
        first.focusCoordinator = coordinator
        second.focusCoordinator = coordinator
        let log = Log()
        log.observeEvents(of: second, TextField.sceneDescription())
        first.becomeFocused()
        first.editingEnded.connect { [unowned second] in second.becomeFocused() }
        second.becomeFocused()
        #expect(second.focused)
        #expect(!first.focused)
        #expect(log.entries == ["editingBegan"])
    }
}
