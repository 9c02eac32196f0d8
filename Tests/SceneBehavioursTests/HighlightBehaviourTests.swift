import Behaviours
import SceneBehaviours
import SceneCore
import Testing

@Suite struct HighlightBehaviourTests {
    private static let blue = Color(red: 0x2F, green: 0x6F, blue: 0xDE)
    private static let darkBlue = Color(red: 0x1F, green: 0x4F, blue: 0xA8)

    /// A behaviour on its own clock highlighting `view` (blue) in dark blue over 0.25 s.
    private func makeHighlight<V: Highlightable>(
        _ view: V, background: Color? = blue, highlighted: Color? = darkBlue
    ) -> (HighlightBehaviour, VirtualScheduler) {
        let scheduler = VirtualScheduler()
        let highlight = HighlightBehaviour(scheduler: scheduler)
        view.backgroundColor = background
        highlight.highlightedColor = highlighted
        highlight.view = view
        return (highlight, scheduler)
    }

    // MARK: Registration

    @Test func registersTheViewOutletTheTwoColoursAndTheDuration() {
        let type = HighlightBehaviour.sceneDescription()
        #expect(
            MemberList(of: type)
                == MemberList(
                    properties: [
                        "normalColor: Color?", "highlightedColor: Color?", "animationDuration: Duration in 0.0...inf",
                    ],
                    outlets: ["view: Highlightable"],
                    events: [
                        "normalColorChanged: Color?", "highlightedColorChanged: Color?",
                        "animationDurationChanged: Duration",
                    ]))
        #expect(type.requiredOutlets.map(\.name) == ["view"])
        #expect(
            type.defaultValues() == [
                "normalColor": .null, "highlightedColor": .null, "animationDuration": .duration(.milliseconds(250)),
            ])
    }

    @Test func theViewOutletTakesAButtonOrATextFieldAndNothingElse() throws {
        let type = HighlightBehaviour.sceneDescription()
        let outlet = try #require(type.outlets.first { $0.name == "view" })
        let highlight = HighlightBehaviour()
        #expect(outlet.connect(highlight, to: Button()))
        #expect(outlet.connect(highlight, to: TextField()))
        #expect(!outlet.connect(highlight, to: Label()))
        #expect(!outlet.connect(highlight, to: View()))
    }

    // MARK: Buttons

    @Test func pressingAButtonAnimatesItsBackgroundToTheHighlightedColour() throws {
        let button = Button()
        let (highlight, scheduler) = makeHighlight(button)
        button.press()
        #expect(highlight.isAnimating)
        #expect(button.backgroundColor == Self.blue)
        // 100 ms is frame 6 of 15.
        try scheduler.advance(by: .milliseconds(100))
        #expect(button.backgroundColor == Self.blue.interpolated(to: Self.darkBlue, fraction: 0.4))
        try scheduler.advance(by: .milliseconds(150))
        #expect(button.backgroundColor == Self.darkBlue)
        #expect(!highlight.isAnimating)
        #expect(scheduler.isIdle)
    }

    @Test func releasingAButtonAnimatesItBackToTheNormalColour() throws {
        let button = Button()
        let (highlight, scheduler) = makeHighlight(button)
        button.press()
        try scheduler.advance(by: .seconds(1))
        button.release()
        #expect(button.backgroundColor == Self.darkBlue)
        try scheduler.advance(by: .milliseconds(249))
        #expect(button.backgroundColor != Self.blue)
        try scheduler.advance(by: .milliseconds(1))
        #expect(button.backgroundColor == Self.blue)
        #expect(!highlight.isAnimating && scheduler.isIdle)
    }

    @Test func aCancelledTouchAnimatesBackToo() throws {
        let button = Button()
        let (highlight, scheduler) = makeHighlight(button)
        button.press()
        try scheduler.advance(by: .seconds(1))
        button.cancel()
        try scheduler.advance(by: .seconds(1))
        #expect(button.backgroundColor == Self.blue)
        #expect(!highlight.isAnimating && scheduler.isIdle)
    }

    @Test func aTapAtOneInstantChangesNothing() throws {
        let button = Button()
        let (highlight, scheduler) = makeHighlight(button)
        button.tap()
        #expect(!highlight.isAnimating)
        #expect(button.backgroundColor == Self.blue)
        #expect(scheduler.isIdle)
    }

    @Test func aChangeDuringAnAnimationStartsFromTheCurrentColourForTheFullDuration() throws {
        let button = Button()
        let (highlight, scheduler) = makeHighlight(button)
        button.press()
        try scheduler.advance(by: .milliseconds(100))
        let partWay = Self.blue.interpolated(to: Self.darkBlue, fraction: 0.4)
        #expect(button.backgroundColor == partWay)
        button.release()
        #expect(button.backgroundColor == partWay)
        try scheduler.advance(by: .milliseconds(100))
        #expect(button.backgroundColor == partWay.interpolated(to: Self.blue, fraction: 0.4))
        try scheduler.advance(by: .milliseconds(149))
        #expect(button.backgroundColor != Self.blue)  // the full 0.25 s, not what was left
        try scheduler.advance(by: .milliseconds(1))
        #expect(button.backgroundColor == Self.blue)
        #expect(!highlight.isAnimating && scheduler.isIdle)
    }

    // MARK: Text fields

    @Test func focusingATextFieldAnimatesItAndUnfocusingAnimatesItBack() throws {
        let field = TextField()
        let (highlight, scheduler) = makeHighlight(field)
        field.focus()
        try scheduler.advance(by: .milliseconds(250))
        #expect(field.backgroundColor == Self.darkBlue)
        field.resignFocus()
        try scheduler.advance(by: .milliseconds(250))
        #expect(field.backgroundColor == Self.blue)
        #expect(!highlight.isAnimating && scheduler.isIdle)
    }

    @Test func aPressOnAFieldWithoutFocusHighlightsNothingUntilItIsFocused() throws {
        let field = TextField()
        let (highlight, scheduler) = makeHighlight(field)
        field.press()
        #expect(!highlight.isAnimating)
        field.release()  // a touch that ends on the field focuses it
        #expect(highlight.isAnimating)
        try scheduler.advance(by: .seconds(1))
        #expect(field.backgroundColor == Self.darkBlue)
        #expect(scheduler.isIdle)
    }

    // MARK: The normal colour

    @Test func theNormalColourDefaultsToTheViewsBackgroundWhenAHighlightBegins() throws {
        let button = Button()
        let (highlight, scheduler) = makeHighlight(button)
        button.backgroundColor = .white  // changed after the outlet was set: still the normal colour
        button.press()
        try scheduler.advance(by: .seconds(1))
        button.release()
        try scheduler.advance(by: .seconds(1))
        #expect(button.backgroundColor == .white)
        #expect(!highlight.isAnimating && scheduler.isIdle)
    }

    @Test func anExplicitNormalColourWins() throws {
        let button = Button()
        let (highlight, scheduler) = makeHighlight(button)
        highlight.normalColor = .lightGray
        button.press()
        try scheduler.advance(by: .seconds(1))
        #expect(button.backgroundColor == Self.darkBlue)
        button.release()
        try scheduler.advance(by: .seconds(1))
        #expect(button.backgroundColor == .lightGray)
        #expect(scheduler.isIdle)
    }

    @Test func aHighlightBeginningDuringTheWayBackKeepsTheNormalColour() throws {
        let button = Button()
        let (highlight, scheduler) = makeHighlight(button)
        button.press()
        try scheduler.advance(by: .seconds(1))
        button.release()
        try scheduler.advance(by: .milliseconds(100))
        button.press()  // mid-way back: the colour now is not the normal one
        try scheduler.advance(by: .seconds(1))
        button.release()
        try scheduler.advance(by: .seconds(1))
        #expect(button.backgroundColor == Self.blue)
        #expect(!highlight.isAnimating && scheduler.isIdle)
    }

    // MARK: Missing colours

    @Test func doesNothingWhenTheHighlightedColourIsMissing() throws {
        let button = Button()
        let (highlight, scheduler) = makeHighlight(button, highlighted: nil)
        button.press()
        #expect(!highlight.isAnimating)
        try scheduler.advance(by: .seconds(1))
        button.release()
        #expect(button.backgroundColor == Self.blue)
        #expect(scheduler.isIdle)
    }

    @Test func doesNothingWhenTheNormalColourIsMissing() throws {
        let button = Button()
        let (highlight, scheduler) = makeHighlight(button, background: nil)
        button.press()
        #expect(!highlight.isAnimating)
        #expect(button.backgroundColor == nil)
        button.release()
        #expect(button.backgroundColor == nil)
        #expect(scheduler.isIdle)
    }

    // MARK: Timing and wiring

    @Test func aZeroDurationChangesTheColourAtOnce() {
        let button = Button()
        let (highlight, scheduler) = makeHighlight(button)
        highlight.animationDuration = .zero
        button.press()
        #expect(button.backgroundColor == Self.darkBlue)
        button.release()
        #expect(button.backgroundColor == Self.blue)
        #expect(scheduler.isIdle)
    }

    @Test func withoutASchedulerTheColourChangesAtOnce() {
        let button = Button()
        button.backgroundColor = Self.blue
        let highlight = HighlightBehaviour()
        highlight.highlightedColor = Self.darkBlue
        highlight.view = button
        button.press()
        #expect(button.backgroundColor == Self.darkBlue)
    }

    @Test func changingTheViewStopsFollowingTheOldOne() throws {
        let first = Button()
        let (highlight, scheduler) = makeHighlight(first)
        let second = Button()
        second.backgroundColor = .white
        highlight.view = second
        first.press()
        #expect(!highlight.isAnimating)
        second.press()
        try scheduler.advance(by: .seconds(1))
        #expect(first.backgroundColor == Self.blue)
        #expect(second.backgroundColor == Self.darkBlue)
        #expect(scheduler.isIdle)
    }

    @Test func reassigningTheButtonLeavesOneConnectionOnTheNewButtonOnly() throws {
        let first = Button()
        let (highlight, scheduler) = makeHighlight(first)
        let second = Button()
        let third = Button()
        second.backgroundColor = Self.blue
        third.backgroundColor = Self.blue
        highlight.view = second
        highlight.view = third
        #expect([first, second, third].map(\.interaction.connectionCount) == [0, 0, 1])
        first.press()
        second.press()
        #expect(!highlight.isAnimating)
        #expect(!highlight.isShowingHighlight)
        third.press()
        try scheduler.advance(by: .seconds(1))
        #expect([first, second, third].map(\.backgroundColor) == [Self.blue, Self.blue, Self.darkBlue])
        highlight.view = nil
        #expect(third.interaction.connectionCount == 0)
        #expect(scheduler.isIdle)
    }

    @Test func reassigningTheTextFieldLeavesOneConnectionOnTheNewFieldOnly() throws {
        let coordinator = FocusCoordinator()
        let fields = [TextField(), TextField(), TextField()]
        for field in fields {
            field.focusCoordinator = coordinator
            field.backgroundColor = Self.blue
        }
        let (highlight, scheduler) = makeHighlight(fields[0])
        highlight.view = fields[1]
        highlight.view = fields[2]
        #expect(fields.map(\.editingBegan.connectionCount) == [0, 0, 1])
        #expect(fields.map(\.editingEnded.connectionCount) == [0, 0, 1])
        fields[0].focus()
        fields[1].focus()
        #expect(!highlight.isAnimating)
        fields[2].focus()
        #expect(highlight.isAnimating)
        fields[0].focus()
        try scheduler.advance(by: .seconds(1))
        #expect(!highlight.isShowingHighlight)
        #expect(fields.map(\.backgroundColor) == [Self.blue, Self.blue, Self.blue])
        #expect(scheduler.isIdle)
    }

    @Test func awakeTakesTheScenesScheduler() {
        let highlight = HighlightBehaviour()
        let scene = Scene(title: nil, summary: nil, entries: [])
        highlight.awake(in: scene)
        #expect(highlight.scheduler === scene.scheduler)
    }
}
