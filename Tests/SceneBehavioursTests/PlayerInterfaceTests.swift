import Behaviours
import SceneBehaviours
import SceneCore
import Testing

@Suite struct PlayerInterfaceTests {
    /// The interface's requests, logged by name (its events other than the
    /// change events of its properties).
    static func requests(of ui: PlayerInterface) -> Log {
        let log = Log()
        for event in PlayerInterface.sceneDescription().orderedEvents where event.changedProperty == nil {
            event.connect(ui) { payload in log.append(payload.map { "\(event.name) \($0)" } ?? event.name) }
        }
        return log
    }

    @Test func registersItsOutletsStateAndRequests() {
        let type = PlayerInterface.sceneDescription()
        #expect(
            MemberList(of: type)
                == MemberList(
                    properties: [
                        "duration: Duration in 0.0...inf", "currentTime: Duration in 0.0...inf",
                        "state: initialise|buffering|playing|paused (read-only)", "controlsShown: Bool (read-only)",
                        "dragging: Bool (read-only)",
                    ],
                    outlets: [
                        "container: View", "backgroundTap: TapGesture?", "playButton: Button", "pauseButton: Button",
                        "skipForwardButton: Button", "skipBackwardButton: Button", "spinner: ActivityIndicator",
                        "slider: Slider", "progressLabel: Label", "footer: View",
                        "timeoutController: TimeoutController?",
                    ],
                    events: [
                        "durationChanged: Duration", "currentTimeChanged: Duration", "play", "pause", "skipForward",
                        "skipBackward", "seek: Duration",
                    ]))
    }

    // MARK: Components by state

    @Test func initialiseShowsThePlayButtonOnly() {
        let fixture = PlayerFixture()
        #expect(fixture.ui.state == .initialise)
        #expect(fixture.shown == ["play"])
    }

    @Test func bufferingShowsSpinnerSkipsAndFooter() {
        let fixture = PlayerFixture()
        fixture.ui.state = .buffering
        #expect(fixture.shown == ["spinner", "skipForward", "skipBackward", "footer"])
        #expect(fixture.spinner.animating)
    }

    @Test func playingShowsPauseSkipsAndFooter() {
        let fixture = PlayerFixture()
        fixture.ui.state = .playing
        #expect(fixture.shown == ["pause", "skipForward", "skipBackward", "footer"])
        #expect(!fixture.spinner.animating)
    }

    @Test func pausedShowsPlaySkipsAndFooter() {
        let fixture = PlayerFixture()
        fixture.ui.state = .buffering
        fixture.ui.state = .paused
        #expect(fixture.shown == ["play", "skipForward", "skipBackward", "footer"])
        #expect(!fixture.spinner.animating)
    }

    @Test func theTableAsData() {
        #expect(
            PlayerInterfaceState.allCases.map { state in
                PlayerInterface.Component.allCases.filter { PlayerInterface.shows($0, in: state) }
            } == [
                [.playButton], [.spinner, .skipButtons, .footer], [.pauseButton, .skipButtons, .footer],
                [.playButton, .skipButtons, .footer],
            ])
    }

    // MARK: Progress

    @Test func labelUsesMinutesUnderAnHour() {
        let fixture = PlayerFixture()
        fixture.ui.duration = .seconds(3599)
        fixture.ui.currentTime = .milliseconds(65_900)
        #expect(fixture.progressLabel.text == "01:05 / 59:59")
        #expect(fixture.slider.maximum == 3599)
        #expect(fixture.slider.value == 65.9)
    }

    @Test func labelUsesHoursForBothFromAnHour() {
        let fixture = PlayerFixture()
        fixture.ui.duration = .seconds(3600)
        fixture.ui.currentTime = .seconds(61)
        #expect(fixture.progressLabel.text == "00:01:01 / 01:00:00")
        fixture.ui.duration = .seconds(7200)
        fixture.ui.currentTime = .seconds(5025)
        #expect(fixture.progressLabel.text == "01:23:45 / 02:00:00")
    }

    @Test func whileDraggingTimeUpdatesMoveNeitherSliderNorLabel() {
        let fixture = PlayerFixture()
        fixture.ui.duration = .seconds(7200)
        fixture.ui.currentTime = .seconds(10)
        fixture.ui.state = .paused
        fixture.slider.press()
        #expect(fixture.ui.dragging)
        fixture.ui.currentTime = .seconds(20)
        #expect(fixture.slider.value == 10)
        #expect(fixture.progressLabel.text == "00:00:10 / 02:00:00")
    }

    @Test func whileDraggingTheLabelFollowsTheThumb() {
        let fixture = PlayerFixture()
        fixture.ui.duration = .seconds(7200)
        fixture.ui.state = .paused
        fixture.slider.press()
        fixture.slider.slide(to: 3723)
        #expect(fixture.progressLabel.text == "01:02:03 / 02:00:00")
    }

    @Test func releaseSeeksToTheThumb() {
        let fixture = PlayerFixture()
        let log = Self.requests(of: fixture.ui)
        fixture.ui.duration = .seconds(7200)
        fixture.ui.state = .paused
        fixture.slider.press()
        fixture.slider.slide(to: 100)
        #expect(log.entries.isEmpty)
        fixture.slider.release()
        #expect(log.entries == ["seek 1m40s"])
        #expect(!fixture.ui.dragging)
    }

    @Test func tapOnTheTrackSeeks() {
        let fixture = PlayerFixture()
        let log = Self.requests(of: fixture.ui)
        fixture.ui.duration = .seconds(7200)
        fixture.ui.state = .paused
        fixture.slider.tap(at: 0.5)
        #expect(log.entries == ["seek 1h"])
        #expect(fixture.progressLabel.text == "01:00:00 / 02:00:00")
    }

    @Test func buttonsSendTheirRequests() {
        let fixture = PlayerFixture()
        let log = Self.requests(of: fixture.ui)
        fixture.playButton.tap()
        fixture.ui.state = .playing
        fixture.pauseButton.tap()
        fixture.skipForwardButton.tap()
        fixture.skipBackwardButton.tap()
        #expect(log.entries == ["play", "pause", "skipForward", "skipBackward"])
    }

    // MARK: Re-wiring

    @Test func reassigningAButtonLeavesOneConnectionOnTheNewButtonOnly() {
        let outlets: [(outlet: ReferenceWritableKeyPath<PlayerInterface, Button?>, request: String)] = [
            (\.playButton, "play"), (\.pauseButton, "pause"), (\.skipForwardButton, "skipForward"),
            (\.skipBackwardButton, "skipBackward"),
        ]
        for (outlet, request) in outlets {
            let fixture = PlayerFixture()
            let log = Self.requests(of: fixture.ui)
            let first = fixture.ui[keyPath: outlet]
            let second = Button()
            let third = Button()
            fixture.ui[keyPath: outlet] = second
            fixture.ui[keyPath: outlet] = third
            #expect(first?.tap.connectionCount == 0, "\(request)")
            #expect(second.tap.connectionCount == 0, "\(request)")
            #expect(third.tap.connectionCount == 1, "\(request)")
            first?.hidden = false
            first?.tap()
            second.tap()
            #expect(log.entries.isEmpty)
            third.tap()
            #expect(log.entries == [request])
            fixture.ui[keyPath: outlet] = nil
            #expect(third.tap.connectionCount == 0, "\(request)")
        }
    }

    @Test func reassigningTheBackgroundTapLeavesOneConnectionOnTheNewGestureOnly() {
        let fixture = PlayerFixture()
        let first = fixture.backgroundTap
        let second = TapGesture()
        let third = TapGesture()
        fixture.ui.backgroundTap = second
        fixture.ui.backgroundTap = third
        #expect([first, second, third].map(\.recognized.connectionCount) == [0, 0, 1])
        fixture.ui.state = .playing
        first.tap()
        second.tap()
        #expect(fixture.ui.controlsShown)
        third.tap()
        #expect(!fixture.ui.controlsShown)
    }

    @Test func reassigningTheSliderLeavesOneConnectionPerEventOnTheNewSliderOnly() {
        let fixture = PlayerFixture()
        let log = Self.requests(of: fixture.ui)
        fixture.ui.duration = .seconds(7200)
        fixture.ui.state = .paused
        let first = fixture.slider
        let second = Slider()
        let third = Slider()
        fixture.ui.slider = second
        fixture.ui.slider = third
        func connections(_ slider: Slider) -> [Int] {
            [slider.editingBegan, slider.valueChanged, slider.editingEnded].map(\.connectionCount)
        }
        #expect(connections(first) == [0, 0, 0])
        #expect(connections(second) == [0, 0, 0])
        #expect(connections(third) == [1, 1, 1])
        first.tap(at: 0.25)
        second.tap(at: 0.25)
        #expect(log.entries.isEmpty)
        #expect(!fixture.ui.dragging)
        third.tap(at: 0.5)
        #expect(log.entries == ["seek 1h"])
    }

    @Test func reassigningTheTimeoutControllerLeavesOneConnectionOnTheNewControllerOnly() throws {
        let fixture = PlayerFixture()
        let first = fixture.timeout
        let second = TimeoutController(timeout: .seconds(1), clock: fixture.scheduler.clock)
        let third = TimeoutController(timeout: .seconds(5), clock: fixture.scheduler.clock)
        fixture.ui.timeoutController = second
        fixture.ui.timeoutController = third
        #expect([first, second, third].map(\.timedOut.connectionCount) == [0, 0, 1])
        fixture.ui.state = .playing
        first.resume()
        second.resume()
        try fixture.wait(.seconds(3))
        #expect(fixture.ui.controlsShown)
        try fixture.wait(.seconds(2))
        #expect(!fixture.ui.controlsShown)
        #expect(fixture.scheduler.isIdle)
    }

    // MARK: Auto-hide

    @Test func theControlsBecomeTheTimeoutsProviders() {
        let fixture = PlayerFixture()
        let providers = fixture.timeout.providers.map { $0 as AnyObject }
        let controls: [AnyObject] = [
            fixture.playButton, fixture.pauseButton, fixture.skipForwardButton, fixture.skipBackwardButton,
            fixture.slider,
        ]
        #expect(providers.count == controls.count)
        #expect(zip(providers, controls).allSatisfy { $0 === $1 })
    }

    @Test func enteringPlayingRestartsTheTimeoutAndTheControlsHide() throws {
        let fixture = PlayerFixture()
        fixture.ui.state = .playing
        #expect(fixture.timeout.isRunning)
        try fixture.wait(.seconds(3))
        #expect(!fixture.ui.controlsShown)
        #expect(fixture.shown.isEmpty)
        #expect(fixture.scheduler.isIdle)
    }

    @Test func leavingPlayingShowsTheControlsAndPausesTheTimeout() throws {
        let fixture = PlayerFixture()
        fixture.ui.state = .playing
        try fixture.wait(.seconds(3))
        fixture.ui.state = .buffering
        #expect(fixture.ui.controlsShown)
        #expect(fixture.shown == ["spinner", "skipForward", "skipBackward", "footer"])
        #expect(!fixture.timeout.isRunning)
        try fixture.wait(.seconds(60))
        #expect(fixture.ui.controlsShown)
        #expect(fixture.scheduler.isIdle)
    }

    @Test func aControlInteractionRestartsTheTimeout() throws {
        let fixture = PlayerFixture()
        fixture.ui.state = .playing
        try fixture.wait(.seconds(2))
        fixture.skipForwardButton.tap()
        try fixture.wait(.seconds(2))
        #expect(fixture.ui.controlsShown)
        try fixture.wait(.seconds(1))
        #expect(!fixture.ui.controlsShown)
    }

    @Test func aDragSuspendsTheTimeout() throws {
        let fixture = PlayerFixture()
        fixture.ui.state = .playing
        fixture.slider.press()
        #expect(!fixture.timeout.isPending)
        try fixture.wait(.seconds(60))
        #expect(fixture.ui.controlsShown)
        fixture.slider.cancel()
        try fixture.wait(.seconds(3))
        #expect(!fixture.ui.controlsShown)
    }

    @Test func backgroundTapTogglesTheControlsWhilePlaying() throws {
        let fixture = PlayerFixture()
        fixture.ui.state = .playing
        fixture.backgroundTap.tap()
        #expect(!fixture.ui.controlsShown)
        #expect(!fixture.timeout.isRunning)
        try fixture.wait(.seconds(10))
        fixture.backgroundTap.tap()
        #expect(fixture.ui.controlsShown)
        #expect(fixture.shown == ["pause", "skipForward", "skipBackward", "footer"])
        #expect(fixture.timeout.isPending)
    }

    @Test(arguments: [PlayerInterfaceState.initialise, .buffering, .paused])
    func backgroundTapDoesNothingUnlessPlaying(state: PlayerInterfaceState) throws {
        let fixture = PlayerFixture()
        fixture.ui.state = .playing
        fixture.ui.state = state
        let shown = fixture.shown
        fixture.backgroundTap.tap()
        #expect(fixture.ui.controlsShown)
        #expect(fixture.shown == shown)
        #expect(fixture.scheduler.isIdle)
    }

    @Test func withoutATimeoutTheControlsStayUp() throws {
        let fixture = PlayerFixture()
        fixture.ui.timeoutController = nil
        fixture.ui.state = .playing
        try fixture.wait(.seconds(60))
        #expect(fixture.ui.controlsShown)
    }
}
