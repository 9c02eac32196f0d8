import Behaviours
import SceneBehaviours
import SceneCore
import Testing

@Suite struct PlayerTests {
    /// A 10 s player on its own clock, its events logged with their time.
    final class Fixture {
        let scheduler = VirtualScheduler()
        let player: Player
        let log = Log()

        init(duration: Duration = .seconds(10)) {
            player = Player(scheduler: scheduler, duration: duration)
            for event in Player.sceneDescription().orderedEvents {
                event.connect(player) { [log, scheduler] payload in
                    let name = payload.map { "\(event.name) \($0)" } ?? event.name
                    log.append("\(name)@\(scheduler.now.sceneText)")
                }
            }
        }

        func wait(_ duration: Duration) throws { try scheduler.advance(by: duration) }

        /// Loads and plays until playing at 0, then forgets the log.
        func playing() throws {
            player.load()
            player.startPlayback()
            try wait(player.bufferingTime)
            log.clear()
        }
    }

    @Test func registersItsKeysActionsInputsAndEvents() {
        let type = Player.sceneDescription()
        #expect(
            MemberList(of: type)
                == MemberList(
                    properties: [
                        "duration: Duration in 0.0...inf (required)", "bufferingTime: Duration in 0.0...inf",
                        "timeUpdateInterval: Duration in 0.001...inf", "currentTime: Duration (read-only)",
                        "paused: Bool (read-only)", "seeking: Bool (read-only)", "stalled: Bool (read-only)",
                        "readyState: Int (read-only)", "hasSource: Bool (read-only)",
                        "orientation: landscape|portrait (read-only)",
                        "presentationMode: inline|fullscreen (read-only)",
                    ],
                    events: [
                        "durationChanged: Duration", "bufferingTimeChanged: Duration",
                        "timeUpdateIntervalChanged: Duration", "play", "playing", "pause", "waiting", "sourceChange",
                        "readyStateChange: Int", "durationChange: Duration", "timeUpdate: Duration", "ended",
                        "presentationModeChange: inline|fullscreen",
                    ],
                    actions: ["play", "pause", "seek: Duration", "load"],
                    inputs: ["stall: Duration", "rotate: landscape|portrait"]))
        #expect(
            type.defaultValues()["bufferingTime"] == .duration(.milliseconds(500))
                && type.defaultValues()["timeUpdateInterval"] == .duration(.milliseconds(250)))
    }

    @Test func loadSendsSourceChangeAndLoadsNoData() throws {
        let fixture = Fixture()
        fixture.player.load()
        #expect(fixture.log.entries == ["sourceChange@0s"])
        #expect(fixture.player.hasSource && fixture.player.paused && fixture.player.readyState == 0)
        try fixture.wait(.seconds(60))
        #expect(fixture.log.entries == ["sourceChange@0s"])
        #expect(fixture.scheduler.isIdle)
    }

    @Test func playWithoutASourceDoesNothing() {
        let fixture = Fixture()
        #expect(fixture.player.startPlayback() == .ignored(because: "there is no source to play"))
        #expect(fixture.player.paused)
        #expect(fixture.log.entries.isEmpty)
        #expect(fixture.scheduler.isIdle)
    }

    @Test func firstPlayBuffersThenSendsDurationReadyStateAndPlaying() throws {
        let fixture = Fixture()
        fixture.player.load()
        fixture.log.clear()
        fixture.player.startPlayback()
        #expect(fixture.log.entries == ["play@0s", "waiting@0s"])
        try fixture.wait(.milliseconds(500))
        #expect(
            fixture.log.entries == [
                "play@0s", "waiting@0s", "durationChange 10s@500ms", "readyStateChange 4@500ms", "playing@500ms",
            ])
        #expect(fixture.player.isProgressing)
    }

    @Test func timeUpdatesEveryIntervalWhilePlaying() throws {
        let fixture = Fixture()
        try fixture.playing()
        try fixture.wait(.seconds(1))
        #expect(
            fixture.log.entries == [
                "timeUpdate 250ms@750ms", "timeUpdate 500ms@1s", "timeUpdate 750ms@1.25s", "timeUpdate 1s@1.5s",
            ])
        #expect(fixture.player.currentTime == .seconds(1))
    }

    @Test func currentTimeAdvancesBetweenUpdates() throws {
        let fixture = Fixture()
        try fixture.playing()
        try fixture.wait(.milliseconds(100))
        #expect(fixture.player.currentTime == .milliseconds(100))
    }

    @Test func reachingTheEndSendsTimeUpdatePauseEnded() throws {
        let fixture = Fixture(duration: .milliseconds(600))
        try fixture.playing()
        try fixture.wait(.seconds(5))
        #expect(
            fixture.log.entries == [
                "timeUpdate 250ms@750ms", "timeUpdate 500ms@1s", "timeUpdate 600ms@1.1s", "pause@1.1s", "ended@1.1s",
            ])
        #expect(fixture.player.paused)
        #expect(fixture.player.currentTime == .milliseconds(600))
        #expect(fixture.scheduler.isIdle)
    }

    @Test func playAtTheEndStartsAgainFromZero() throws {
        let fixture = Fixture(duration: .seconds(1))
        try fixture.playing()
        try fixture.wait(.seconds(1))
        fixture.log.clear()
        fixture.player.startPlayback()
        #expect(fixture.log.entries == ["timeUpdate 0s@1.5s", "play@1.5s", "playing@1.5s"])
        #expect(fixture.player.currentTime == .zero)
    }

    @Test func pauseFreezesTheTimeAndSendsPause() throws {
        let fixture = Fixture()
        try fixture.playing()
        try fixture.wait(.milliseconds(300))
        fixture.player.pausePlayback()
        #expect(fixture.log.entries == ["timeUpdate 250ms@750ms", "pause@800ms"])
        try fixture.wait(.seconds(5))
        #expect(fixture.player.currentTime == .milliseconds(300))
        #expect(fixture.scheduler.isIdle)
    }

    @Test func playWithDataSendsPlayThenPlayingAtOnce() throws {
        let fixture = Fixture()
        try fixture.playing()
        fixture.player.pausePlayback()
        fixture.log.clear()
        fixture.player.startPlayback()
        #expect(fixture.log.entries == ["play@500ms", "playing@500ms"])
        fixture.player.startPlayback()
        #expect(fixture.log.entries.count == 2)
    }

    @Test func seekWhilePlayingWaitsThenUpdatesAndPlays() throws {
        let fixture = Fixture()
        try fixture.playing()
        fixture.player.seek(to: .seconds(4))
        #expect(fixture.player.seeking)
        #expect(fixture.player.currentTime == .seconds(4))
        #expect(fixture.log.entries == ["waiting@500ms"])
        try fixture.wait(.milliseconds(500))
        #expect(fixture.log.entries == ["waiting@500ms", "timeUpdate 4s@1s", "playing@1s"])
        #expect(!fixture.player.seeking)
    }

    @Test func seekIsClampedToTheSource() throws {
        let fixture = Fixture()
        try fixture.playing()
        fixture.player.pausePlayback()
        fixture.player.seek(to: .seconds(-3))
        #expect(fixture.player.currentTime == .zero)
        fixture.player.seek(to: .seconds(30))
        #expect(fixture.player.currentTime == .seconds(10))
    }

    @Test func seekWhilePausedSendsOnlyTheTimeUpdate() throws {
        let fixture = Fixture()
        try fixture.playing()
        fixture.player.pausePlayback()
        fixture.log.clear()
        fixture.player.seek(to: .seconds(2))
        try fixture.wait(.seconds(1))
        #expect(fixture.log.entries == ["timeUpdate 2s@1s"])
        #expect(fixture.player.paused)
        #expect(fixture.scheduler.isIdle)
    }

    @Test func aSeekDuringASeekStartsTheWaitAgain() throws {
        let fixture = Fixture()
        try fixture.playing()
        fixture.player.seek(to: .seconds(2))
        try fixture.wait(.milliseconds(300))
        fixture.player.seek(to: .seconds(3))
        try fixture.wait(.milliseconds(300))
        #expect(fixture.player.seeking)
        try fixture.wait(.milliseconds(200))
        #expect(fixture.log.entries == ["waiting@500ms", "timeUpdate 3s@1.3s", "playing@1.3s"])
    }

    @Test func stallSendsWaitingThenPlayingAfterIt() throws {
        let fixture = Fixture()
        try fixture.playing()
        #expect(fixture.player.stall(for: .seconds(2)) == .handled)
        #expect(fixture.player.stalled)
        try fixture.wait(.seconds(2))
        #expect(fixture.log.entries == ["waiting@500ms", "playing@2.5s"])
        #expect(fixture.player.currentTime == .zero)
    }

    @Test func stallWhileNotPlayingIsIgnored() throws {
        let fixture = Fixture()
        fixture.player.load()
        #expect(fixture.player.stall(for: .seconds(1)).isIgnored)
        #expect(fixture.scheduler.isIdle)
    }

    @Test func pausedDuringAStallStaysPaused() throws {
        let fixture = Fixture()
        try fixture.playing()
        fixture.player.stall(for: .seconds(1))
        fixture.player.pausePlayback()
        try fixture.wait(.seconds(2))
        #expect(fixture.log.entries == ["waiting@500ms", "pause@500ms"])
        #expect(fixture.scheduler.isIdle)
    }

    @Test func rotationCouplesFullscreenToLandscape() {
        let fixture = Fixture()
        #expect(fixture.player.rotate(to: .landscape) == .handled)
        #expect(fixture.player.presentationMode == .fullscreen)
        #expect(fixture.player.rotate(to: .landscape).isIgnored)
        #expect(fixture.player.rotate(to: .portrait) == .handled)
        #expect(fixture.player.presentationMode == .inline)
        #expect(
            fixture.log.entries == ["presentationModeChange fullscreen@0s", "presentationModeChange inline@0s"])
    }

    @Test func loadWhilePlayingPausesResetsAndSendsSourceChangeLast() throws {
        let fixture = Fixture()
        try fixture.playing()
        try fixture.wait(.seconds(1))
        fixture.log.clear()
        fixture.player.load()
        #expect(fixture.log.entries == ["pause@1.5s", "readyStateChange 0@1.5s", "sourceChange@1.5s"])
        #expect(fixture.player.currentTime == .zero && fixture.player.paused && fixture.player.readyState == 0)
        #expect(fixture.scheduler.isIdle)
    }

    // MARK: Ignored actions

    @Test func playWhenNotPausedIsIgnoredAndChangesNothing() throws {
        let fixture = Fixture()
        fixture.player.load()
        fixture.player.startPlayback()
        fixture.log.clear()
        let type = Player.sceneDescription()
        // Buffering: not paused yet not playing; the first play's buffering goes on.
        #expect(type.action("play", on: fixture.player) == .ignored(because: "it is not paused"))
        #expect(!fixture.player.paused && fixture.player.readyState == 0)
        try fixture.wait(fixture.player.bufferingTime)
        #expect(type.action("play", on: fixture.player) == .ignored(because: "it is not paused"))
        #expect(fixture.log.entries == ["durationChange 10s@500ms", "readyStateChange 4@500ms", "playing@500ms"])
        #expect(fixture.player.currentTime == .zero)
    }

    @Test func pauseWhenPausedIsIgnoredWithOrWithoutASource() throws {
        let fixture = Fixture()
        let type = Player.sceneDescription()
        #expect(type.action("pause", on: fixture.player) == .ignored(because: "it is already paused"))
        try fixture.playing()
        try fixture.wait(.seconds(1))
        #expect(type.action("pause", on: fixture.player) == .handled)
        fixture.log.clear()
        #expect(type.action("pause", on: fixture.player) == .ignored(because: "it is already paused"))
        #expect(fixture.player.paused && fixture.player.currentTime == .seconds(1))
        #expect(fixture.log.entries.isEmpty)
        #expect(fixture.scheduler.isIdle)
    }

    @Test func seekWithoutASourceIsIgnored() {
        let fixture = Fixture()
        let type = Player.sceneDescription()
        #expect(
            type.action("seek", on: fixture.player, .duration(.seconds(3)))
                == .ignored(because: "there is no source to seek in"))
        #expect(fixture.player.currentTime == .zero)
        #expect(fixture.log.entries.isEmpty)
        #expect(fixture.scheduler.isIdle)
    }

    @Test func seekBeforeDataToWhereThePlayerIsIsIgnoredAndElsewhereMoves() {
        let fixture = Fixture()
        fixture.player.load()
        fixture.log.clear()
        #expect(
            fixture.player.seek(to: .seconds(-1))
                == .ignored(because: "it is already at 0s and has no data to seek in yet"))
        #expect(fixture.player.seek(to: .seconds(4)) == .handled)
        #expect(fixture.player.currentTime == .seconds(4))
        #expect(
            fixture.player.seek(to: .seconds(4))
                == .ignored(because: "it is already at 4s and has no data to seek in yet"))
        #expect(!fixture.player.seeking)
        #expect(fixture.log.entries.isEmpty)
        #expect(fixture.scheduler.isIdle)
    }

    @Test func seekWithDataToWhereThePlayerIsStillSeeks() throws {
        let fixture = Fixture()
        try fixture.playing()
        fixture.player.pausePlayback()
        fixture.log.clear()
        #expect(fixture.player.seek(to: .zero) == .handled)
        #expect(fixture.player.seeking)
        try fixture.wait(fixture.player.bufferingTime)
        #expect(fixture.log.entries == ["timeUpdate 0s@1s"])
        #expect(fixture.scheduler.isIdle)
    }

    @Test func loadIsAlwaysTaken() {
        let fixture = Fixture()
        let type = Player.sceneDescription()
        #expect(type.action("load", on: fixture.player) == .handled)
        #expect(type.action("load", on: fixture.player) == .handled)
        #expect(fixture.log.entries == ["sourceChange@0s", "sourceChange@0s"])
    }
}
