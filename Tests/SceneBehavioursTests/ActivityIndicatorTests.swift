import SceneBehaviours
import SceneCore
import Testing

@Suite struct ActivityIndicatorTests {
    @Test func defaultsAreAStoppedSpinner() {
        var expected = viewDefaults
        expected["animating"] = .bool(false)
        #expect(ActivityIndicator.sceneDescription().defaultValues() == expected)
        #expect(!ActivityIndicator().animating)
    }

    @Test func registersTheViewMembersAnimatingStartAndStop() {
        #expect(
            MemberList(of: ActivityIndicator.sceneDescription())
                == MemberList.view(properties: ["animating: Bool (read-only)"], actions: ["start", "stop"]))
    }

    @Test func startAndStopActionsToggleAnimating() {
        let type = ActivityIndicator.sceneDescription()
        let spinner = ActivityIndicator()
        #expect(type.action("start", on: spinner) == .handled)
        #expect(spinner.animating)
        #expect(type.action("stop", on: spinner) == .handled)
        #expect(!spinner.animating)
    }

    @Test func startWhileAnimatingAndStopWhileStoppedAreIgnored() {
        let type = ActivityIndicator.sceneDescription()
        let spinner = ActivityIndicator()
        #expect(type.action("stop", on: spinner) == .ignored(because: "it is not animating"))
        #expect(!spinner.animating)
        spinner.startAnimating()
        #expect(type.action("start", on: spinner) == .ignored(because: "it is already animating"))
        #expect(spinner.animating)
    }

    @Test func actionsWorkOnAHiddenSpinner() {
        let spinner = ActivityIndicator()
        spinner.hide()
        #expect(spinner.startAnimating() == .handled)
        #expect(spinner.animating)
    }
}
