import SceneBehaviours
import SceneCore
import Testing

@Suite struct ProgressViewTests {
    @Test func defaultsAreEmpty() {
        var expected = viewDefaults
        expected["progress"] = .double(0)
        #expect(ProgressView.sceneDescription().defaultValues() == expected)
        #expect(ProgressView().progress == 0)
    }

    @Test func registersTheViewMembersAndProgressInZeroToOne() {
        #expect(
            MemberList(of: ProgressView.sceneDescription())
                == MemberList.view(
                    properties: ["progress: Double in 0.0...1.0"], events: ["progressChanged: Double"]))
    }

    @Test(arguments: [(0.25, 0.25), (-1.0, 0.0), (7.0, 1.0), (Double.nan, 0.0), (Double.infinity, 1.0)])
    func progressSetInSwiftIsStoredClamped(value: Double, expected: Double) {
        let bar = ProgressView()
        bar.progress = 0.5
        bar.progress = value
        #expect(bar.progress == expected)
    }

    @Test func theChangeEventTellsTheClampedValueOnce() throws {
        let bar = ProgressView()
        var heard: [SceneValue?] = []
        let event = try #require(ProgressView.sceneDescription().events["progressChanged"])
        #expect(event.connect(bar) { heard.append($0) })
        bar.progress = 3
        bar.progress = 1
        bar.progress = 0.5
        #expect(heard == [.double(1), .double(0.5)])
    }
}
