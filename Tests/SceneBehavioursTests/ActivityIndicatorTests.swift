import SceneBehaviours
import SceneCore
import SceneDrawing
import Testing

@Suite struct ActivityIndicatorTests {
    @Test func defaultsAreAStoppedSpinner() {
        var expected = viewDefaults
        expected["animating"] = .bool(false)
        expected["startsAnimating"] = .bool(false)
        expected["style"] = .enumCase("medium")
        expected["color"] = .color(Color(red: 0x8E, green: 0x8E, blue: 0x93))
        #expect(ActivityIndicator.sceneDescription().defaultValues() == expected)
        #expect(!ActivityIndicator().animating)
    }

    @Test func registersTheViewMembersAnimatingStartAndStop() {
        #expect(
            MemberList(of: ActivityIndicator.sceneDescription())
                == MemberList.view(
                    properties: [
                        "animating: Bool (read-only)", "startsAnimating: Bool", "style: medium|large", "color: Color",
                    ],
                    events: ["startsAnimatingChanged: Bool", "styleChanged: medium|large", "colorChanged: Color"],
                    actions: ["start", "stop"]))
    }

    @Test func startsAnimatingStartsItWhenTheSceneWakesAndOnlyThen() {
        let scene = Scene(title: nil, summary: nil, entries: [])
        let starting = ActivityIndicator()
        starting.startsAnimating = true
        #expect(!starting.animating, "not before the scene wakes it")
        starting.awake(in: scene)
        #expect(starting.animating)
        let plain = ActivityIndicator()
        plain.awake(in: scene)
        #expect(!plain.animating)
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
        spinner.start()
        #expect(type.action("start", on: spinner) == .ignored(because: "it is already animating"))
        #expect(spinner.animating)
    }

    @Test func actionsWorkOnAHiddenSpinner() {
        let spinner = ActivityIndicator()
        spinner.hide()
        #expect(spinner.start() == .handled)
        #expect(spinner.animating)
    }
}

@Suite struct ActivityIndicatorTurningTests {
    @Test func aSpinnerTurnsOneSpokeAnEighthOfASecondOnItsClock() throws {
        let scheduler = VirtualScheduler()
        try scheduler.advance(by: .milliseconds(300))
        let spinner = ActivityIndicator(scheduler: scheduler)
        #expect(spinner.spokePhase == 0)
        spinner.start()
        #expect(spinner.spokePhase == 0)
        try scheduler.advance(by: .milliseconds(124))
        #expect(spinner.spokePhase == 0)
        try scheduler.advance(by: .milliseconds(1))
        #expect(spinner.spokePhase == 1)
        try scheduler.advance(by: .milliseconds(250))
        #expect(spinner.spokePhase == 3)
        // A whole turn later it is where it was.
        try scheduler.advance(by: .seconds(1))
        #expect(spinner.spokePhase == 3)
        try scheduler.advance(by: .seconds(86_400 * 365))
        #expect(spinner.spokePhase == 3)
        spinner.stop()
        #expect(spinner.spokePhase == 0)
    }

    @Test func restartingTurnsFromTheTopAgain() throws {
        let scheduler = VirtualScheduler()
        let spinner = ActivityIndicator(scheduler: scheduler)
        spinner.start()
        try scheduler.advance(by: .milliseconds(500))
        #expect(spinner.spokePhase == 4)
        spinner.stop()
        spinner.start()
        #expect(spinner.spokePhase == 0)
    }

    @Test func theBrightestSpokeIsDrawnWhereThePhaseIs() throws {
        let scheduler = VirtualScheduler()
        let spinner = ActivityIndicator(scheduler: scheduler)
        spinner.frame = Rect(x: 0, y: 0, width: 40, height: 40)
        spinner.start()
        func picture() -> String {
            Picture.svg(
                [
                    PictureItem(node: LayoutNode(frame: spinner.frame), id: "s", typeName: "ActivityIndicator") {
                        spinner.draw(in: $0)
                    }
                ], canvas: Size(width: 40, height: 40))
        }
        let atTop = picture()
        try scheduler.advance(by: .milliseconds(250))
        let atRight = picture()
        #expect(atTop != atRight)
        // The brightest spoke (opaque grey, no alpha) ends at the top at
        // first and at the right a quarter of a turn later: the medium
        // spinner is 20 points wide in the middle of the 40-point frame,
        // its 2-point spokes reaching 9 points from the centre.
        let brightest = #/x1="([0-9.]+)" y1="([0-9.]+)" x2="([0-9.]+)" y2="([0-9.]+)" stroke="#8e8e93" stroke-width/#
        let top = try #require(atTop.firstMatch(of: brightest))
        #expect(top.output.3 == "20" && top.output.4 == "11")
        let right = try #require(atRight.firstMatch(of: brightest))
        #expect(right.output.3 == "29" && right.output.4 == "20")
    }
}
