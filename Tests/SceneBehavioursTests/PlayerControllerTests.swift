import Behaviours
import SceneBehaviours
import SceneCore
import Testing

@Suite struct PlayerControllerTests {
    @Test func registersFourOutletsAndFiveActions() {
        let type = PlayerController.sceneDescription()
        #expect(
            MemberList(of: type)
                == MemberList(
                    outlets: ["player: Player", "interface: PlayerInterface", "inlineContainer: View", "window: View"],
                    actions: ["play", "pause", "skipForward", "skipBackward", "seek: Duration"]))
        #expect(type.requiredOutlets.count == 4)
    }

    // MARK: Re-wiring

    /// How many handlers each event of `player` that the controller follows has.
    private func connections(_ player: Player) -> [Int] {
        [
            player.play.connectionCount, player.playing.connectionCount, player.pause.connectionCount,
            player.waiting.connectionCount, player.sourceChange.connectionCount,
            player.readyStateChange.connectionCount, player.durationChange.connectionCount,
            player.timeUpdate.connectionCount, player.presentationModeChange.connectionCount,
        ]
    }

    /// How many handlers each request of `interface` has.
    private func connections(_ interface: PlayerInterface) -> [Int] {
        [
            interface.play.connectionCount, interface.pause.connectionCount, interface.skipForward.connectionCount,
            interface.skipBackward.connectionCount, interface.seek.connectionCount,
        ]
    }

    @Test func reassigningThePlayerLeavesOneConnectionPerEventOnTheNewPlayerOnly() {
        let fixture = PlayerFixture()
        let second = Player(scheduler: fixture.scheduler, duration: .seconds(60))
        let third = Player(scheduler: fixture.scheduler, duration: .seconds(60))
        fixture.controller.player = second
        fixture.controller.player = third
        #expect(connections(fixture.player) == Array(repeating: 1, count: 9), "the fixture's log only")
        #expect(connections(second) == Array(repeating: 0, count: 9))
        #expect(connections(third) == Array(repeating: 1, count: 9))
        fixture.player.playing.send()
        second.playing.send()
        second.durationChange.send(.seconds(60))
        #expect(fixture.ui.state == .initialise)
        #expect(fixture.ui.duration == .zero)
        third.playing.send()
        #expect(fixture.ui.state == .playing)
        fixture.controller.player = nil
        #expect(connections(third) == Array(repeating: 0, count: 9))
    }

    @Test func reassigningTheInterfaceLeavesOneConnectionPerRequestOnTheNewInterfaceOnly() throws {
        let fixture = PlayerFixture()
        let second = PlayerInterface()
        let third = PlayerInterface()
        fixture.controller.interface = second
        fixture.controller.interface = third
        #expect(connections(fixture.ui) == [0, 0, 0, 0, 0])
        #expect(connections(second) == [0, 0, 0, 0, 0])
        #expect(connections(third) == [1, 1, 1, 1, 1])
        fixture.player.load()
        fixture.ui.play.send()
        second.play.send()
        second.seek.send(.seconds(30))
        #expect(fixture.player.paused)
        #expect(fixture.player.currentTime == .zero)
        third.play.send()
        #expect(!fixture.player.paused)
        fixture.controller.interface = nil
        #expect(connections(third) == [0, 0, 0, 0, 0])
    }

    // MARK: Player events to states

    @Test func playIsBuffering() {
        let fixture = PlayerFixture()
        fixture.player.load()
        fixture.player.play.send()
        #expect(fixture.ui.state == .buffering)
    }

    @Test func playingIsPlaying() {
        let fixture = PlayerFixture()
        fixture.player.playing.send()
        #expect(fixture.ui.state == .playing)
    }

    @Test func pauseIsPaused() {
        let fixture = PlayerFixture()
        fixture.player.pause.send()
        #expect(fixture.ui.state == .paused)
    }

    @Test func waitingIsBuffering() throws {
        let fixture = PlayerFixture()
        try fixture.startPlaying()
        fixture.player.stall(for: .seconds(1))
        #expect(fixture.ui.state == .buffering)
        try fixture.wait(.seconds(1))
        #expect(fixture.ui.state == .playing)
    }

    @Test func sourceChangeIsInitialise() throws {
        let fixture = PlayerFixture()
        try fixture.startPlaying()
        try fixture.wait(.seconds(5))
        fixture.player.load()
        #expect(fixture.ui.state == .initialise)
        #expect(fixture.ui.currentTime == .zero)
        #expect(fixture.shown == ["play"])
    }

    @Test func readyStateChangeIsPausedWhenThePlayerIsPaused() {
        let fixture = PlayerFixture()
        fixture.player.readyStateChange.send(4)
        #expect(fixture.ui.state == .paused)
    }

    @Test func readyStateChangeIsPlayingWhenThePlayerIsNot() throws {
        let fixture = PlayerFixture()
        fixture.player.load()
        fixture.player.startPlayback()
        var states: [PlayerInterfaceState] = []
        fixture.player.readyStateChange.connect { [ui = fixture.ui] _ in states.append(ui.state) }
        try fixture.wait(.milliseconds(500))
        #expect(states == [.playing])
    }

    @Test func durationChangeSetsTheInterfaceDuration() throws {
        let fixture = PlayerFixture()
        try fixture.startPlaying()
        #expect(fixture.ui.duration == .seconds(7200))
        #expect(fixture.progressLabel.text == "00:00:00 / 02:00:00")
    }

    @Test func timeUpdateSetsTheInterfaceTime() throws {
        let fixture = PlayerFixture()
        try fixture.startPlaying()
        try fixture.wait(.milliseconds(1250))
        #expect(fixture.ui.currentTime == .milliseconds(1250))
        #expect(fixture.slider.value == 1.25)
    }

    @Test func timeUpdateIsIgnoredWhileSeeking() throws {
        let fixture = PlayerFixture()
        try fixture.startPlaying()
        fixture.controller.seek(to: .seconds(100))
        #expect(fixture.player.seeking)
        fixture.player.timeUpdate.send(.seconds(3))
        #expect(fixture.ui.currentTime == .seconds(100))
        try fixture.wait(.milliseconds(500))
        fixture.player.timeUpdate.send(.seconds(3))
        #expect(fixture.ui.currentTime == .seconds(3))
    }

    // MARK: Actions

    @Test func skipForwardSeeksTenSeconds() throws {
        let fixture = PlayerFixture()
        try fixture.startPlaying()
        fixture.controller.skipForward()
        #expect(fixture.player.currentTime == .seconds(10))
        #expect(fixture.ui.currentTime == .seconds(10))
    }

    @Test func skipForwardIsClampedToTheDuration() throws {
        let fixture = PlayerFixture()
        try fixture.startPlaying()
        fixture.controller.seek(to: .seconds(7195))
        fixture.controller.skipForward()
        #expect(fixture.player.currentTime == .seconds(7200))
        #expect(fixture.progressLabel.text == "02:00:00 / 02:00:00")
    }

    @Test func skipBackwardSeeksTenSeconds() throws {
        let fixture = PlayerFixture()
        try fixture.startPlaying()
        fixture.controller.seek(to: .seconds(30))
        fixture.controller.skipBackward()
        #expect(fixture.player.currentTime == .seconds(20))
    }

    @Test func skipBackwardIsClampedToZero() throws {
        let fixture = PlayerFixture()
        try fixture.startPlaying()
        try fixture.wait(.seconds(4))
        fixture.controller.skipBackward()
        #expect(fixture.player.currentTime == .zero)
        #expect(fixture.ui.currentTime == .zero)
    }

    @Test func seekIsClampedAndShownAtOnce() throws {
        let fixture = PlayerFixture()
        try fixture.startPlaying()
        fixture.controller.seek(to: .seconds(9000))
        #expect(fixture.ui.currentTime == .seconds(7200))
        fixture.controller.seek(to: .seconds(-1))
        #expect(fixture.ui.currentTime == .zero)
    }

    @Test func playAndPauseReachThePlayer() throws {
        let fixture = PlayerFixture()
        fixture.player.load()
        fixture.controller.play()
        #expect(!fixture.player.paused)
        fixture.controller.pause()
        #expect(fixture.player.paused)
    }

    @Test func theInterfacesButtonsAndSliderReachThePlayerThroughTheActions() throws {
        let fixture = PlayerFixture()
        fixture.player.load()
        fixture.playButton.tap()
        #expect(!fixture.player.paused)
        try fixture.wait(.milliseconds(500))
        fixture.skipForwardButton.tap()
        #expect(fixture.player.currentTime == .seconds(10))
        fixture.skipBackwardButton.tap()
        #expect(fixture.player.currentTime == .zero)
        try fixture.wait(.milliseconds(500))
        fixture.slider.tap(at: 0.5)
        #expect(fixture.player.currentTime == .seconds(3600))
        try fixture.wait(.milliseconds(500))
        fixture.pauseButton.tap()
        #expect(fixture.player.paused)
    }

    @Test func anInterfaceWithoutAControllerDoesNotReachThePlayer() {
        let fixture = PlayerFixture()
        fixture.controller.interface = nil
        fixture.player.load()
        fixture.playButton.tap()
        #expect(fixture.player.paused)
    }

    // MARK: Presentation

    @Test func fullscreenMovesTheContainerUnderTheWindow() {
        let fixture = PlayerFixture()
        fixture.player.rotate(to: .landscape)
        #expect(fixture.container.parent === fixture.window)
    }

    @Test func inlineMovesTheContainerBack() {
        let fixture = PlayerFixture()
        fixture.player.rotate(to: .landscape)
        fixture.player.rotate(to: .portrait)
        #expect(fixture.container.parent === fixture.videoArea)
    }

    @Test func aWholePlaybackEndsPausedAndLeavesNothingPending() throws {
        let fixture = PlayerFixture(duration: .seconds(2))
        try fixture.startPlaying()
        try fixture.wait(.seconds(3))
        #expect(fixture.ui.state == .paused)
        #expect(fixture.progressLabel.text == "00:02 / 00:02")
        #expect(fixture.player.paused)
        #expect(fixture.scheduler.isIdle)
    }

    // MARK: Ignored actions

    @Test(arguments: ["play", "pause", "skipForward", "skipBackward"])
    func everyActionIsIgnoredWithoutAPlayer(action: String) {
        let controller = PlayerController()
        #expect(
            PlayerController.sceneDescription().action(action, on: controller)
                == .ignored(because: "it has no player"))
        #expect(
            PlayerController.sceneDescription().action("seek", on: controller, .duration(.seconds(5)))
                == .ignored(because: "it has no player"))
    }

    @Test func playAndPauseSayWhatThePlayerSaid() throws {
        let fixture = PlayerFixture()
        let type = PlayerController.sceneDescription()
        #expect(type.action("play", on: fixture.controller) == .ignored(because: "there is no source to play"))
        #expect(type.action("pause", on: fixture.controller) == .ignored(because: "it is already paused"))
        #expect(fixture.ui.state == .initialise)
        #expect(fixture.log.entries.isEmpty)
        try fixture.startPlaying()
        #expect(type.action("play", on: fixture.controller) == .ignored(because: "it is not paused"))
        #expect(type.action("pause", on: fixture.controller) == .handled)
        #expect(type.action("pause", on: fixture.controller) == .ignored(because: "it is already paused"))
        #expect(fixture.ui.state == .paused)
        #expect(fixture.scheduler.isIdle)
    }

    @Test func aSeekWithoutASourceIsIgnoredOnlyWhenTheInterfaceShowsTheTimeAlready() {
        let fixture = PlayerFixture()
        let type = PlayerController.sceneDescription()
        #expect(
            type.action("skipBackward", on: fixture.controller) == .ignored(because: "there is no source to seek in"))
        #expect(fixture.ui.currentTime == .zero)
        // The interface still shows the target: an effect, though the player took nothing.
        #expect(type.action("seek", on: fixture.controller, .duration(.seconds(5))) == .handled)
        #expect(fixture.ui.currentTime == .seconds(5))
        #expect(fixture.player.currentTime == .zero)
        #expect(
            type.action("seek", on: fixture.controller, .duration(.seconds(5)))
                == .ignored(because: "there is no source to seek in"))
        #expect(fixture.log.entries.isEmpty)
        #expect(fixture.scheduler.isIdle)
    }
}
