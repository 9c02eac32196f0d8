import SceneBehaviours
import SceneCore
import Testing

@Suite struct PanGestureTests {
    private func loggedGesture() -> (PanGesture, Log) {
        let gesture = PanGesture()
        let log = Log()
        log.observe(gesture, PanGesture.sceneDescription())
        return (gesture, log)
    }

    @Test func hasNoPropertiesAndStartsIdle() {
        #expect(PanGesture.sceneDescription().defaultValues().isEmpty)
        #expect(!PanGesture().isPanning)
    }

    @Test func registersThreeInputsAndThreeEvents() {
        let type = PanGesture.sceneDescription()
        let registry = SceneRegistry.standard
        #expect(
            registry.type(named: "PanGesture").map { registry.conformances(of: $0).map(\.name) } == [
                "InteractionProvider"
            ])
        #expect(
            MemberList(of: type)
                == MemberList(
                    events: ["began", "changed", "ended"], inputs: ["panBegan", "panMoved", "panEnded"]))
    }

    @Test func panBeganMovedEndedSendBeganChangedEndedAndReportTheTouch() {
        let (gesture, log) = loggedGesture()
        #expect(gesture.panBegan() == .handled)
        #expect(gesture.isPanning)
        #expect(gesture.panMoved() == .handled)
        #expect(gesture.panMoved() == .handled)
        #expect(gesture.panEnded() == .handled)
        #expect(!gesture.isPanning)
        #expect(
            log.entries == ["interaction.began", "began", "changed", "changed", "interaction.ended", "ended"])
    }

    @Test func moveOrEndWithoutAPanAndASecondBeginAreIgnored() {
        let (gesture, log) = loggedGesture()
        #expect(gesture.panMoved().isIgnored)
        #expect(gesture.panEnded().isIgnored)
        gesture.panBegan()
        #expect(gesture.panBegan().isIgnored)
        #expect(log.entries == ["interaction.began", "began"])
    }

    @Test func inputsThroughTheDescriptionDriveThePan() {
        let type = PanGesture.sceneDescription()
        let (gesture, log) = loggedGesture()
        for input in ["panBegan", "panMoved", "panEnded"] { #expect(type.input(input, on: gesture) == .handled) }
        #expect(log.entries == ["interaction.began", "began", "changed", "interaction.ended", "ended"])
    }
}
