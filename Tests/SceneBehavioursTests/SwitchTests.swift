import SceneBehaviours
import SceneCore
import Testing

@Suite struct SwitchTests {
    private func loggedSwitch() -> (Switch, Log) {
        let control = Switch()
        let log = Log()
        log.observe(control, Switch.sceneDescription())
        return (control, log)
    }

    @Test func defaultsAreOff() {
        var expected = viewDefaults
        expected["isOn"] = .bool(false)
        expected["tintColor"] = .color(Color(red: 0x34, green: 0xC7, blue: 0x59))
        #expect(Switch.sceneDescription().defaultValues() == expected)
        #expect(!Switch().isOn)
    }

    @Test func registersTheViewMembersIsOnSetOnAndValueChanged() {
        #expect(
            MemberList(of: Switch.sceneDescription())
                == MemberList.view(
                    properties: ["isOn: Bool", "tintColor: Color"],
                    events: ["tintColorChanged: Color", "valueChanged"],
                    inputs: ["setOn: Bool"]))
    }

    @Test func aTapTogglesItAfterTheTouchAndSendsValueChanged() {
        let (control, log) = loggedSwitch()
        #expect(control.tap() == .handled)
        #expect(control.isOn)
        #expect(log.entries == ["interaction.began", "interaction.ended", "valueChanged"])
        #expect(control.tap() == .handled)
        #expect(!control.isOn)
        #expect(log.entries.filter { $0 == "valueChanged" }.count == 2)
    }

    @Test func aPressAloneChangesNothingUntilTheRelease() {
        let (control, log) = loggedSwitch()
        control.press()
        #expect(!control.isOn)
        #expect(log.entries == ["interaction.began"])
        control.release()
        #expect(control.isOn)
    }

    @Test func aCancelledTouchLeavesItAsItWas() {
        let (control, log) = loggedSwitch()
        control.press()
        #expect(control.cancel() == .handled)
        #expect(!control.isOn)
        #expect(log.entries == ["interaction.began", "interaction.cancelled"])
    }

    @Test func aTouchEndingAfterTheSwitchWasHiddenLeavesItAsItWas() {
        let (control, log) = loggedSwitch()
        control.press()
        control.hidden = true
        #expect(control.release() == .handled)
        #expect(!control.isOn)
        #expect(!log.entries.contains("valueChanged"))
    }

    @Test func setOnTapsOnlyWhenItWouldChangeTheState() {
        let (control, log) = loggedSwitch()
        #expect(control.setOn(false) == .ignored(because: "it is already off"))
        #expect(log.entries.isEmpty)
        #expect(control.setOn(true) == .handled)
        #expect(control.isOn)
        #expect(log.entries == ["interaction.began", "interaction.ended", "valueChanged"])
        #expect(control.setOn(true) == .ignored(because: "it is already on"))
        #expect(log.entries.count == 3)
    }

    @Test func settingIsOnSendsNoValueChanged() {
        let (control, log) = loggedSwitch()
        control.isOn = true
        #expect(log.entries.isEmpty)
        #expect(Switch.sceneDescription().property(named: "isOn")?.value(of: control) == .bool(true))
    }

    @Test func anInvisibleSwitchIgnoresTapsAndSetOn() {
        let (control, log) = loggedSwitch()
        control.alpha = 0
        #expect(control.tap().isIgnored)
        #expect(control.setOn(true).isIgnored)
        #expect(!control.isOn)
        #expect(log.entries.isEmpty)
    }

    @Test func theInputsThroughTheDescriptionToggleAndSetIt() {
        let type = Switch.sceneDescription()
        let (control, _) = loggedSwitch()
        #expect(type.input("tap", on: control) == .handled)
        #expect(control.isOn)
        #expect(type.input("setOn", on: control, .bool(false)) == .handled)
        #expect(!control.isOn)
        #expect(type.input("setOn", on: control, .string("yes")) == nil)
    }
}
