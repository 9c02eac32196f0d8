import SceneBehaviours
import SceneCore
import Testing

@Suite struct HighlightableTests {
    @Test func buttonAndTextFieldConform() throws {
        let registry = SceneRegistry.standard
        let conformances = { (name: String) in
            registry.type(named: name).map { registry.conformances(of: $0).map(\.name) }
        }
        #expect(conformances("Button") == ["InteractionProvider", "Highlightable"])
        #expect(conformances("TextField") == ["InteractionProvider", "Highlightable"])
        #expect(conformances("Label") == ["InteractionProvider"])
        #expect(conformances("View") == ["InteractionProvider"])
    }

    @Test func aButtonIsHighlightedWhilePressed() {
        let button = Button()
        let log = Log()
        button.connectHighlight { [unowned button] in
            log.append("highlighted=\($0) isHighlighted=\(button.isHighlighted)")
        }
        button.press()
        #expect(button.isHighlighted)
        button.release()
        #expect(!button.isHighlighted)
        button.press()
        button.cancel()
        #expect(
            log.entries == [
                "highlighted=true isHighlighted=true", "highlighted=false isHighlighted=false",
                "highlighted=true isHighlighted=true", "highlighted=false isHighlighted=false",
            ])
    }

    @Test func aDisabledButtonIsNeverHighlighted() {
        let button = Button()
        button.enabled = false
        let log = Log()
        button.connectHighlight { log.append("highlighted=\($0)") }
        button.tap()
        #expect(!button.isHighlighted)
        #expect(log.entries.isEmpty)
    }

    @Test func aTextFieldIsHighlightedWhileFocused() {
        let field = TextField()
        let log = Log()
        field.connectHighlight { [unowned field] in log.append("highlighted=\($0) isHighlighted=\(field.isHighlighted)")
        }
        field.focus()
        #expect(field.isHighlighted)
        field.resignFocus()
        #expect(!field.isHighlighted)
        #expect(log.entries == ["highlighted=true isHighlighted=true", "highlighted=false isHighlighted=false"])
    }

    @Test func disconnectingAHighlightConnectionStopsEveryReport() {
        let field = TextField()
        let button = Button()
        let log = Log()
        let connections = [
            field.connectHighlight { log.append("field \($0)") },
            button.connectHighlight { log.append("button \($0)") },
        ]
        #expect([field.editingBegan.connectionCount, field.editingEnded.connectionCount] == [1, 1])
        #expect(button.interaction.connectionCount == 1)
        for connection in connections { connection.disconnect() }
        #expect([field.editingBegan.connectionCount, field.editingEnded.connectionCount] == [0, 0])
        #expect(button.interaction.connectionCount == 0)
        field.focus()
        field.resignFocus()
        button.tap()
        #expect(log.entries.isEmpty)
    }
}
