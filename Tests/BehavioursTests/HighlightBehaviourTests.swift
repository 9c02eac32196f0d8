import Behaviours
import SceneCore
import Testing

/// A button of the app's own: pressed by the test, coloured by the
/// library's default stepped animation.
private final class Key: HighlightReporting, BackgroundColorable {
    var backgroundColor: Color?
    private(set) var isHighlighted = false
    private let highlightChanged = BehaviourEvent<Bool>()

    init(backgroundColor: Color?) {
        self.backgroundColor = backgroundColor
    }

    func connectHighlightChanges(_ handler: @escaping (Bool) -> Void) -> BehaviourConnection {
        highlightChanged.connect(handler)
    }

    func setHighlighted(_ highlighted: Bool) {
        guard highlighted != isHighlighted else { return }
        isHighlighted = highlighted
        highlightChanged.send(highlighted)
    }
}

@Suite struct PortableHighlightBehaviourTests {
    private static let blue = Color(red: 0x2F, green: 0x6F, blue: 0xDE)
    private static let dark = Color(red: 0x1F, green: 0x4F, blue: 0xA8)

    private struct Fixture {
        let scheduler = VirtualScheduler()
        let key = Key(backgroundColor: blue)
        let highlight: HighlightBehaviour

        init(duration: Duration = .milliseconds(250)) {
            highlight = HighlightBehaviour(clock: scheduler.clock)
            highlight.highlightedColor = dark
            highlight.animationDuration = duration
            highlight.view = key
        }
    }

    @Test func aPressAnimatesToTheHighlightedColourAndAReleaseBack() throws {
        let fixture = Fixture()
        fixture.key.setHighlighted(true)
        #expect(fixture.highlight.isAnimating)
        try fixture.scheduler.advance(to: .milliseconds(125))
        let halfway = try #require(fixture.key.backgroundColor)
        #expect(halfway.blue < Self.blue.blue && halfway.blue > Self.dark.blue)
        try fixture.scheduler.advance(to: .milliseconds(260))
        #expect(fixture.key.backgroundColor == Self.dark)
        #expect(!fixture.highlight.isAnimating && fixture.highlight.isShowingHighlight)
        fixture.key.setHighlighted(false)
        try fixture.scheduler.advance(to: .milliseconds(520))
        #expect(fixture.key.backgroundColor == Self.blue)
        #expect(!fixture.highlight.isShowingHighlight)
        #expect(fixture.scheduler.isIdle)
    }

    @Test func aReleaseDuringThePressAnimationTurnsBackFromTheCurrentColour() throws {
        let fixture = Fixture()
        fixture.key.setHighlighted(true)
        try fixture.scheduler.advance(to: .milliseconds(100))
        let reached = fixture.key.backgroundColor
        fixture.key.setHighlighted(false)
        #expect(fixture.key.backgroundColor == reached)
        try fixture.scheduler.advance(to: .milliseconds(360))
        #expect(fixture.key.backgroundColor == Self.blue)
        #expect(fixture.scheduler.isIdle)
    }

    @Test func aZeroDurationOrNoClockChangesTheColourAtOnce() {
        let instant = Fixture(duration: .zero)
        instant.key.setHighlighted(true)
        #expect(instant.key.backgroundColor == Self.dark && !instant.highlight.isAnimating)
        let unclocked = Fixture()
        unclocked.highlight.clock = nil
        unclocked.key.setHighlighted(true)
        #expect(unclocked.key.backgroundColor == Self.dark)
        unclocked.key.setHighlighted(false)
        #expect(unclocked.key.backgroundColor == Self.blue)
    }

    @Test func aNormalColourIsTheOneToComeBackTo() throws {
        let fixture = Fixture(duration: .zero)
        fixture.highlight.normalColor = .white
        fixture.key.setHighlighted(true)
        fixture.key.setHighlighted(false)
        #expect(fixture.key.backgroundColor == .white)
    }

    @Test func withoutAHighlightedColourItDoesNothing() {
        let fixture = Fixture(duration: .zero)
        fixture.highlight.highlightedColor = nil
        fixture.key.setHighlighted(true)
        #expect(fixture.key.backgroundColor == Self.blue)
        #expect(!fixture.highlight.isShowingHighlight)
    }

    @Test func anotherViewIsFollowedInsteadOfTheFirst() {
        let fixture = Fixture(duration: .zero)
        let other = Key(backgroundColor: .white)
        fixture.highlight.view = other
        fixture.key.setHighlighted(true)
        #expect(fixture.key.backgroundColor == Self.blue)
        other.setHighlighted(true)
        #expect(other.backgroundColor == Self.dark)
    }

    @Test func itsSettingsAreReported() {
        let fixture = Fixture()
        var keys: [AnyKeyPath] = []
        fixture.highlight.changeReports.listen { key, _ in keys.append(key) }
        fixture.highlight.normalColor = .white
        fixture.highlight.highlightedColor = .black
        fixture.highlight.animationDuration = .seconds(1)
        fixture.highlight.animationDuration = .seconds(1)
        #expect(
            keys == [
                \HighlightBehaviour.normalColor, \HighlightBehaviour.highlightedColor,
                \HighlightBehaviour.animationDuration,
            ])
    }

    @Test func aColourHalfwayIsEachChannelBlendedAndRounded() {
        #expect(Color.black.interpolated(to: .white, fraction: 0.5) == Color(red: 128, green: 128, blue: 128))
        #expect(Color.black.interpolated(to: .clear, fraction: 0.5).alpha == 128)
    }
}
