import SceneBehaviours
import SceneCore
import Testing

@Suite struct ButtonTests {
    /// A button whose interactions (with its highlight) and events are logged.
    private func loggedButton() -> (Button, Log) {
        let button = Button()
        let log = Log()
        button.interaction.connect { [unowned button] phase in
            log.append("interaction.\(phase) highlighted=\(button.isHighlighted)")
        }
        log.observeEvents(of: button, Button.sceneDescription())
        return (button, log)
    }

    @Test func defaultsAreAnEnabledUntitledUnhighlightedButton() {
        var expected = viewDefaults
        expected["title"] = .string("")
        expected["enabled"] = .bool(true)
        expected["highlighted"] = .bool(false)
        expected["style"] = .enumCase("plain")
        expected["tintColor"] = .color(Color(red: 0x00, green: 0x7A, blue: 0xFF))
        expected["titleColor"] = .null
        expected["font"] = .map([.init("size", .double(17)), .init("weight", .enumCase("regular"))])
        expected["textAlignment"] = .enumCase("center")
        #expect(Button.sceneDescription().defaultValues() == expected)
        let button = Button()
        #expect(button.title == "")
        #expect(button.enabled)
        #expect(!button.isHighlighted)
    }

    @Test func registersTheViewMembersTitleEnabledHighlightedAndThreeEvents() {
        let type = Button.sceneDescription()
        #expect(type.base?.name == "View")
        #expect(
            MemberList(of: type)
                == MemberList.view(
                    properties: [
                        "title: String", "enabled: Bool", "style: plain|gray|tinted|filled", "tintColor: Color",
                        "titleColor: Color?",
                        "font: {size: Double?, weight: ultraLight|thin|light|regular|medium|semibold|bold|heavy|black?}",
                        "textAlignment: left|center|right|natural|justified", "highlighted: Bool (read-only)",
                    ],
                    events: [
                        "titleChanged: String", "enabledChanged: Bool", "styleChanged: plain|gray|tinted|filled",
                        "tintColorChanged: Color", "titleColorChanged: Color?",
                        "fontChanged: {size: Double?, weight: ultraLight|thin|light|regular|medium|semibold|bold|heavy|black?}",
                        "textAlignmentChanged: left|center|right|natural|justified", "touchDown", "tap", "touchCancel",
                    ]))
    }

    @Test func tapHighlightsReportsBeganAndEndedThenSendsTap() {
        let (button, log) = loggedButton()
        #expect(button.tap() == .handled)
        #expect(
            log.entries == [
                "interaction.began highlighted=true", "touchDown",
                "interaction.ended highlighted=false", "tap",
            ])
        #expect(!button.isHighlighted)
    }

    @Test func buttonStaysHighlightedFromPressToRelease() {
        let (button, log) = loggedButton()
        button.press()
        #expect(button.isHighlighted)
        #expect(log.entries == ["interaction.began highlighted=true", "touchDown"])
        button.release()
        #expect(!button.isHighlighted)
        #expect(log.entries.suffix(2) == ["interaction.ended highlighted=false", "tap"])
    }

    @Test func cancelClearsTheHighlightAndSendsTouchCancel() {
        let (button, log) = loggedButton()
        button.press()
        #expect(button.cancel() == .handled)
        #expect(!button.isHighlighted)
        #expect(
            log.entries == [
                "interaction.began highlighted=true", "touchDown",
                "interaction.cancelled highlighted=false", "touchCancel",
            ])
    }

    @Test func disabledButtonIgnoresInput() {
        let (button, log) = loggedButton()
        button.enabled = false
        #expect(button.press().isIgnored)
        #expect(button.tap().isIgnored)
        #expect(button.release().isIgnored)
        #expect(button.cancel().isIgnored)
        #expect(!button.isHighlighted)
        #expect(log.entries.isEmpty)
        #expect(!button.acceptsInput)
    }

    @Test func buttonInsideAHiddenViewIgnoresInput() {
        let (button, log) = loggedButton()
        let container = View()
        button.parent = container
        container.hide()
        #expect(button.tap().isIgnored)
        #expect(log.entries.isEmpty)
        container.show()
        #expect(button.tap() == .handled)
        #expect(log.entries.last == "tap")
    }

    @Test func buttonDisabledDuringATouchEndsItWithTouchCancelInsteadOfTap() {
        let (button, log) = loggedButton()
        button.press()
        button.enabled = false
        #expect(button.release() == .handled)
        #expect(
            log.entries == [
                "interaction.began highlighted=true", "touchDown",
                "interaction.ended highlighted=false", "touchCancel",
            ])
    }

    @Test func tapInputThroughTheDescriptionSendsTheTapEvent() throws {
        let type = Button.sceneDescription()
        let (button, log) = loggedButton()
        #expect(type.input("tap", on: button) == .handled)
        #expect(log.entries.last == "tap")
        #expect(try #require(type.property(named: "highlighted")).isReadOnly)
    }
}
