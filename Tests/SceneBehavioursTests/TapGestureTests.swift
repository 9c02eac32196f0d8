import SceneBehaviours
import SceneCore
import Testing

@Suite struct TapGestureTests {
    private func loggedGesture() -> (TapGesture, Log) {
        let gesture = TapGesture()
        let log = Log()
        log.observe(gesture, TapGesture.sceneDescription())
        return (gesture, log)
    }

    @Test func defaultsAreEnabledWithNoView() {
        #expect(TapGesture.sceneDescription().defaultValues() == ["enabled": .bool(true)])
        let gesture = TapGesture()
        #expect(gesture.enabled)
        #expect(gesture.view == nil)
    }

    @Test func registersEnabledTheViewOutletTapAndRecognized() {
        let type = TapGesture.sceneDescription()
        #expect(type.base == nil)
        let registry = SceneRegistry.standard
        #expect(
            registry.type(named: "TapGesture").map { registry.conformances(of: $0).map(\.name) } == [
                "InteractionProvider"
            ])
        #expect(
            MemberList(of: type)
                == MemberList(
                    properties: ["enabled: Bool"], outlets: ["view: View?"],
                    events: ["enabledChanged: Bool", "recognized"],
                    inputs: ["tap"]))
    }

    @Test func tapReportsBeganAndEndedThenSendsRecognized() {
        let (gesture, log) = loggedGesture()
        #expect(gesture.tap() == .handled)
        #expect(log.entries == ["interaction.began", "interaction.ended", "recognized"])
    }

    @Test func disabledGestureIgnoresTaps() {
        let (gesture, log) = loggedGesture()
        gesture.enabled = false
        #expect(gesture.tap().isIgnored)
        #expect(log.entries.isEmpty)
    }

    @Test func gestureOnAnInvisibleViewIgnoresTaps() {
        let (gesture, log) = loggedGesture()
        let background = View()
        gesture.view = background
        background.hidden = true
        #expect(gesture.tap().isIgnored)
        background.hidden = false
        #expect(gesture.tap() == .handled)
        #expect(log.entries == ["interaction.began", "interaction.ended", "recognized"])
    }

    @Test func viewOutletIsWeakAndRequiresAView() throws {
        let outlet = try #require(TapGesture.sceneDescription().outlets.first)
        #expect(SceneRegistry.standard.requirement(of: outlet) == "View")
        #expect(!outlet.isHierarchy)
        let gesture = TapGesture()
        var view: View? = View()
        #expect(outlet.connect(gesture, to: [try #require(view)]))
        #expect(gesture.view === view)
        #expect(!outlet.connect(gesture, to: [TapGesture()]))
        view = nil
        #expect(gesture.view == nil)
    }

    @Test func tapInputThroughTheDescriptionIsRecognized() {
        let (gesture, log) = loggedGesture()
        #expect(TapGesture.sceneDescription().input("tap", on: gesture) == .handled)
        #expect(log.entries.last == "recognized")
    }
}
