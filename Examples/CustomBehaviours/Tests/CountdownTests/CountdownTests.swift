import Countdown
import SceneTesting
import Testing

/// `Countdown` on its own, on a virtual clock: no scene file, no sleeping.
@Suite struct CountdownTests {
    @Test func countsDownOnceASecondAndFinishesOnce() throws {
        let scheduler = VirtualScheduler()
        let countdown = Countdown(scheduler: scheduler, duration: .seconds(3))
        var log: [String] = []
        countdown.ticked.connect { log.append("\($0) left at \(scheduler.now.sceneText)") }
        countdown.finished.connect { log.append("finished at \(scheduler.now.sceneText)") }
        countdown.start()
        try scheduler.advance(by: .seconds(10))
        #expect(log == ["2 left at 1s", "1 left at 2s", "0 left at 3s", "finished at 3s"])
        #expect(!countdown.isRunning)
        #expect(scheduler.isIdle)
    }

    /// Each property set through the registry reports its change, as its
    /// key-path declaration promises.
    @Test func keepsThePromisesOfItsDescription() throws {
        expectConformance(of: "Countdown", in: try .withCountdown())
    }

    @Test func pauseKeepsWhatIsLeftAndResetGoesBack() throws {
        let scheduler = VirtualScheduler()
        let countdown = Countdown(scheduler: scheduler, duration: .seconds(5))
        let label = Label()
        countdown.display = label
        countdown.start()
        try scheduler.advance(by: .milliseconds(2500))
        countdown.pause()
        try scheduler.advance(by: .seconds(60))
        #expect(countdown.remaining == .seconds(3))
        #expect(label.text == "0:03")
        countdown.reset()
        #expect(label.text == "0:05")
        #expect(scheduler.isIdle)
    }

    @Test func startingTwiceDoesNotCountTwiceAsFastAndSaysSo() throws {
        let scheduler = VirtualScheduler()
        let countdown = Countdown(scheduler: scheduler, duration: .seconds(4))
        #expect(countdown.start() == .handled)
        #expect(countdown.start() == .ignored(because: "it is already counting"))
        try scheduler.advance(by: .seconds(2))
        #expect(countdown.remaining == .seconds(2))
        #expect(countdown.pause() == .handled)
        #expect(countdown.pause() == .ignored(because: "it is not counting"))
        #expect(countdown.reset() == .handled)
        #expect(countdown.reset() == .ignored(because: "it is already stopped at its duration"))
        #expect(scheduler.isIdle)
    }

    /// The scene, from a string: its own type mixed with built-in ones.
    @Test func aButtonStartsItInAScene() throws {
        let transcript = try runScene(
            """
            objects:
              time: {type: Label}
              go: {type: Button, on: {tap: countdown.start}}
              countdown: {type: Countdown, duration: 2s, display: time}
            script:
              - tap: go
              - wait: 2s
              - expect: { time.text: "0:00", countdown.running: false }
            """, registry: try .withCountdown())
        #expect(transcript.passedCount == 2)
    }

    /// Every scene in Scenes/, one test case each.
    @Test(arguments: sceneFiles(in: "Scenes"))
    func scene(_ file: SceneFile) throws {
        try runScene(file, registry: try .withCountdown())
    }
}
