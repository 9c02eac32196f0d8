import Behaviours
import SceneCore
import Testing

@Suite struct PortablePlayerTests {
    /// A 10 s player on a virtual clock, its events logged with their time.
    final class Fixture {
        let scheduler = VirtualScheduler()
        let player: Player
        var log: [String] = []
        private var connections: [BehaviourConnection] = []

        init(duration: Duration = .seconds(10)) {
            player = Player(duration: duration, clock: scheduler.clock)
            connections = [
                player.play.connect { [unowned self] in self.note("play") },
                player.playing.connect { [unowned self] in self.note("playing") },
                player.pause.connect { [unowned self] in self.note("pause") },
                player.waiting.connect { [unowned self] in self.note("waiting") },
                player.sourceChange.connect { [unowned self] in self.note("sourceChange") },
                player.readyStateChange.connect { [unowned self] in self.note("readyStateChange \($0)") },
                player.durationChange.connect { [unowned self] in self.note("durationChange \($0.compactText)") },
                player.timeUpdate.connect { [unowned self] in self.note("timeUpdate \($0.compactText)") },
                player.ended.connect { [unowned self] in self.note("ended") },
            ]
        }

        func note(_ name: String) { log.append("\(name)@\(scheduler.now.compactText)") }
    }

    @Test func buffersOnTheFirstPlayThenUpdatesTheTimeOnTheClock() throws {
        let fixture = Fixture()
        let player = fixture.player
        player.load()
        #expect(player.startPlayback() == .handled)
        try fixture.scheduler.advance(by: .seconds(1))
        #expect(
            fixture.log == [
                "sourceChange@0s", "play@0s", "waiting@0s", "durationChange 10s@500ms", "readyStateChange 4@500ms",
                "playing@500ms", "timeUpdate 250ms@750ms", "timeUpdate 500ms@1s",
            ])
        #expect(player.readyState == 4 && !player.paused && player.isProgressing)
        try fixture.scheduler.advance(by: .milliseconds(100))
        #expect(player.currentTime == .milliseconds(600))
        #expect(player.pausePlayback() == .handled)
        try fixture.scheduler.advance(by: .seconds(5))
        #expect(player.currentTime == .milliseconds(600))
        #expect(player.pausePlayback() == .ignored(because: "it is already paused"))
        #expect(fixture.scheduler.isIdle)
    }

    @Test func playsToTheEndThenPausesAndEnds() throws {
        let fixture = Fixture(duration: .milliseconds(600))
        fixture.player.load()
        fixture.player.startPlayback()
        try fixture.scheduler.advance(by: .seconds(2))
        #expect(fixture.log.suffix(4) == ["timeUpdate 500ms@1s", "timeUpdate 600ms@1.1s", "pause@1.1s", "ended@1.1s"])
        #expect(fixture.player.paused && fixture.player.currentTime == .milliseconds(600))
        #expect(fixture.scheduler.isIdle)
    }

    @Test func ignoresWhatItCannotDoAndSaysWhy() {
        let player = Player(clock: nil)
        #expect(player.startPlayback() == .ignored(because: "there is no source to play"))
        #expect(player.seek(to: .seconds(1)) == .ignored(because: "there is no source to seek in"))
        #expect(player.stall(for: .seconds(1)) == .ignored(because: "it is not playing"))
        player.load()
        #expect(player.seek(to: .zero) == .ignored(because: "it is already at 0s and has no data to seek in yet"))
        #expect(player.rotate(to: .portrait) == .ignored(because: "it is already in that orientation"))
    }

    @Test func aSeekWithDataWaitsTheBufferingTime() throws {
        let fixture = Fixture()
        let player = fixture.player
        player.load()
        player.startPlayback()
        try fixture.scheduler.advance(by: player.bufferingTime)
        fixture.log.removeAll()
        #expect(player.seek(to: .seconds(20)) == .handled)
        #expect(player.seeking && player.currentTime == .seconds(10))
        try fixture.scheduler.advance(by: .milliseconds(500))
        #expect(fixture.log.prefix(3) == ["waiting@500ms", "timeUpdate 10s@1s", "playing@1s"])
        #expect(!player.seeking)
    }

    @Test func rotatingCouplesThePresentationMode() {
        let player = Player(clock: nil)
        var modes: [PresentationMode] = []
        let connection = player.presentationModeChange.connect { modes.append($0) }
        player.rotate(to: .landscape)
        player.rotate(to: .portrait)
        #expect(modes == [.fullscreen, .inline])
        #expect(player.orientation == .portrait && player.presentationMode == .inline)
        connection.disconnect()
    }

    @Test func reportsItsStateAndThatTheTimeMayHaveChanged() throws {
        let scheduler = VirtualScheduler()
        let player = Player(duration: .seconds(10), clock: scheduler.clock)
        var reports: [String] = []
        player.changeReports.listen { key, kind in
            let name =
                switch key {
                case \Player.paused: "paused"
                case \Player.isProgressing: "isProgressing"
                case \Player.currentTime: "currentTime"
                case \Player.duration: "duration"
                default: "other"
                }
            reports.append(kind == .changed ? name : "\(name)?")
        }
        player.duration = .seconds(-3)
        #expect(player.duration == .zero)
        #expect(reports.contains("duration") && reports.contains("currentTime?"))
        reports.removeAll()
        player.duration = .seconds(10)
        player.load()
        player.startPlayback()
        try scheduler.advance(by: .milliseconds(500))
        #expect(reports.contains("paused") && reports.contains("isProgressing"))
    }
}
