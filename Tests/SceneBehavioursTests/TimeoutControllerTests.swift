import Behaviours
import SceneBehaviours
import SceneCore
import Testing

@Suite struct TimeoutControllerTests {
    /// A controller on its own clock, logging `timedOut` with the time.
    private func makeController(
        timeout: Duration = .seconds(3), providers: [any InteractionProvider] = []
    ) -> (TimeoutController, VirtualScheduler, Log) {
        let scheduler = VirtualScheduler()
        let controller = TimeoutController(timeout: timeout, clock: scheduler.clock)
        controller.providers = providers
        let log = Log()
        controller.timedOut.connect { log.append("timedOut@\(scheduler.now.sceneText)") }
        return (controller, scheduler, log)
    }

    // MARK: Registration

    @Test func registersTimeoutProvidersStateActionsAndTimedOut() {
        let type = TimeoutController.sceneDescription()
        #expect(
            MemberList(of: type)
                == MemberList(
                    properties: [
                        "timeout: Duration in 0.0...inf", "running: Bool (read-only)", "pending: Bool (read-only)",
                        "activeInteractions: Int (read-only)",
                    ],
                    outlets: ["providers: [InteractionProvider]"],
                    events: ["timeoutChanged: Duration", "timedOut"],
                    actions: ["resume", "pause"]))
        #expect(
            type.defaultValues() == [
                "timeout": .duration(.seconds(5)), "running": .bool(false), "pending": .bool(false),
                "activeInteractions": .int(0),
            ])
    }

    @Test func theDescriptionDrivesTheControllerAsALoaderWould() throws {
        let type = TimeoutController.sceneDescription()
        let scheduler = VirtualScheduler()
        let controller = TimeoutController(clock: scheduler.clock)
        let button = Button()
        let slider = Slider()
        #expect(type.property(named: "timeout")?.set(.duration(.seconds(2)), on: controller) == true)
        let providers = try #require(type.outlets.first { $0.name == "providers" })
        #expect(providers.connect(controller, to: [button, slider]))
        #expect(
            providers.targets(of: controller).map(ObjectIdentifier.init) == [button, slider].map(ObjectIdentifier.init))
        #expect(!providers.connect(controller, to: [Label(), TimeoutController(clock: nil)]))
        let log = Log()
        log.observeEvents(of: controller, type)
        #expect(type.action("resume", on: controller) == .handled)
        #expect(type.property(named: "running")?.value(of: controller) == .bool(true))
        #expect(type.property(named: "pending")?.value(of: controller) == .bool(true))
        button.press()
        #expect(type.property(named: "activeInteractions")?.value(of: controller) == .int(1))
        button.release()
        try scheduler.advance(by: .seconds(2))
        #expect(log.entries == ["timedOut"])
        #expect(type.action("pause", on: controller) == .ignored(because: "it is not running"))
        #expect(type.action("resume", on: controller) == .handled)
        #expect(type.action("pause", on: controller) == .handled)
        #expect(scheduler.isIdle)
    }

    // MARK: resume and pause

    @Test func resumeStartsAFullTimeoutAndMarksItRunning() throws {
        let (controller, scheduler, log) = makeController()
        #expect(!controller.isRunning)
        #expect(!controller.isPending)
        controller.resume()
        #expect(controller.isRunning)
        #expect(controller.isPending)
        try scheduler.advance(by: .milliseconds(2999))
        #expect(log.entries.isEmpty)
        try scheduler.advance(by: .milliseconds(1))
        #expect(log.entries == ["timedOut@3s"])
        #expect(scheduler.isIdle)
    }

    @Test func resumeAgainRestartsTheTimeoutWithoutASecondTimer() throws {
        let (controller, scheduler, log) = makeController()
        controller.resume()
        try scheduler.advance(by: .seconds(2))
        // Restarting the timeout is an effect, though it was running.
        #expect(controller.resume() == .handled)
        #expect(controller.resume() == .handled)
        #expect(scheduler.pendingCount == 1)
        try scheduler.advance(by: .seconds(10))
        #expect(log.entries == ["timedOut@5s"])
        #expect(scheduler.isIdle)
    }

    @Test func pauseCancelsThePendingTimeoutUntilTheNextResume() throws {
        let (controller, scheduler, log) = makeController()
        controller.resume()
        try scheduler.advance(by: .seconds(1))
        controller.pause()
        #expect(!controller.isRunning)
        #expect(!controller.isPending)
        #expect(scheduler.isIdle)
        try scheduler.advance(by: .seconds(60))
        #expect(log.entries.isEmpty)
        controller.resume()
        try scheduler.advance(by: .seconds(3))
        #expect(log.entries == ["timedOut@1m4s"])
        #expect(scheduler.isIdle)
    }

    @Test func pauseWhenNotRunningIsHarmlessAndIgnored() throws {
        let (controller, scheduler, log) = makeController()
        #expect(controller.pause() == .ignored(because: "it is not running"))
        #expect(controller.resume() == .handled)
        #expect(controller.pause() == .handled)
        #expect(controller.pause() == .ignored(because: "it is not running"))
        #expect(!controller.isRunning)
        #expect(!controller.isPending)
        try scheduler.advance(by: .seconds(10))
        #expect(log.entries.isEmpty)
        #expect(scheduler.isIdle)
    }

    // MARK: Interactions

    @Test func touchBeganCancelsThePendingTimeout() throws {
        let volume = Slider()
        let (controller, scheduler, log) = makeController(providers: [volume])
        controller.resume()
        try scheduler.advance(by: .milliseconds(2900))
        volume.press()
        #expect(controller.activeInteractions == 1)
        #expect(!controller.isPending)
        #expect(controller.isRunning)
        #expect(scheduler.isIdle)
        try scheduler.advance(by: .seconds(10))
        #expect(log.entries.isEmpty)
        volume.release()
        try scheduler.advance(by: .seconds(3))
        #expect(scheduler.isIdle)
    }

    @Test func releaseOfLastTouchRestartsFullTimeout() throws {
        let volume = Slider()
        let (controller, scheduler, log) = makeController(providers: [volume])
        controller.resume()
        try scheduler.advance(to: .milliseconds(2900))
        volume.press()
        try scheduler.advance(by: .seconds(10))
        volume.release()
        #expect(controller.activeInteractions == 0)
        #expect(controller.isPending)
        try scheduler.advance(by: .milliseconds(2999))
        #expect(log.entries.isEmpty)
        try scheduler.advance(by: .milliseconds(1))
        #expect(log.entries == ["timedOut@15.9s"])
        #expect(scheduler.isIdle)
    }

    @Test func overlappingTouchesAcrossProvidersKeepControlsUp() throws {
        // The original restarted the timer on one control's release while
        // another control was still held.
        let playPause = Button()
        let volume = Slider()
        let (controller, scheduler, log) = makeController(providers: [playPause, volume])
        controller.resume()
        try scheduler.advance(to: .seconds(1))
        playPause.press()
        volume.press()
        #expect(controller.activeInteractions == 2)
        try scheduler.advance(to: .seconds(2))
        playPause.release()
        #expect(controller.activeInteractions == 1)
        #expect(!controller.isPending)
        try scheduler.advance(to: .seconds(20))
        #expect(log.entries.isEmpty)
        volume.release()
        #expect(controller.activeInteractions == 0)
        try scheduler.advance(to: .seconds(23))
        #expect(log.entries == ["timedOut@23s"])
        #expect(scheduler.isIdle)
    }

    @Test func cancelledTouchEndsInteraction() throws {
        // The original left the timer paused forever after a cancelled touch.
        let volume = Slider()
        let (controller, scheduler, log) = makeController(providers: [volume])
        controller.resume()
        try scheduler.advance(to: .seconds(1))
        volume.press()
        try scheduler.advance(to: .seconds(2))
        volume.cancel()
        #expect(controller.activeInteractions == 0)
        #expect(controller.isPending)
        try scheduler.advance(to: .seconds(5))
        #expect(log.entries == ["timedOut@5s"])
        #expect(scheduler.isIdle)
    }

    @Test func buttonTapReportsBeganAndEnded() throws {
        // The original never reported began for buttons.
        let playPause = Button()
        let (controller, scheduler, log) = makeController(providers: [playPause])
        let phases = Log()
        phases.observeInteractions(of: playPause)
        controller.resume()
        try scheduler.advance(to: .seconds(2))
        playPause.press()
        #expect(phases.entries == ["interaction.began"])
        #expect(controller.activeInteractions == 1)
        #expect(!controller.isPending)
        playPause.release()
        playPause.tap()
        #expect(phases.entries == ["interaction.began", "interaction.ended", "interaction.began", "interaction.ended"])
        #expect(controller.activeInteractions == 0)
        try scheduler.advance(to: .seconds(4))
        #expect(log.entries.isEmpty)
        try scheduler.advance(to: .seconds(5))
        #expect(log.entries == ["timedOut@5s"])
        #expect(scheduler.isIdle)
    }

    @Test func touchesOnAnyKindOfProviderCount() throws {
        let tap = TapGesture()
        let view = View()
        let pan = PanGesture()
        let (controller, scheduler, log) = makeController(providers: [tap, view, pan])
        controller.resume()
        try scheduler.advance(to: .seconds(2))
        tap.tap()
        try scheduler.advance(to: .seconds(4))
        view.press()
        pan.panBegan()
        #expect(controller.activeInteractions == 2)
        view.release()
        #expect(!controller.isPending)
        pan.panEnded()
        try scheduler.advance(to: .seconds(7))
        #expect(log.entries == ["timedOut@7s"])
        #expect(scheduler.isIdle)
    }

    @Test func interactionsWhileNotRunningArmNothing() throws {
        let volume = Slider()
        let (controller, scheduler, log) = makeController(providers: [volume])
        volume.tap(at: 0.3)
        volume.press()
        #expect(controller.activeInteractions == 1)
        volume.release()
        #expect(!controller.isPending)
        #expect(scheduler.isIdle)
        controller.resume()
        controller.pause()
        volume.slide(to: 0.9)
        #expect(!controller.isPending)
        #expect(scheduler.isIdle)
        try scheduler.advance(by: .seconds(60))
        #expect(log.entries.isEmpty)
    }

    @Test func resumeDuringATouchWaitsForItsEnd() throws {
        let volume = Slider()
        let (controller, scheduler, log) = makeController(providers: [volume])
        volume.press()
        #expect(controller.resume() == .handled)
        #expect(controller.isRunning)
        #expect(!controller.isPending)
        // Running already, and waiting for the touch: a second resume changes nothing.
        #expect(
            controller.resume()
                == .ignored(because: "it is already running and waits for the touches in progress to end"))
        #expect(controller.isRunning)
        #expect(!controller.isPending)
        try scheduler.advance(to: .seconds(10))
        volume.release()
        try scheduler.advance(to: .seconds(13))
        #expect(log.entries == ["timedOut@13s"])
        #expect(scheduler.isIdle)
    }

    @Test func ignoredInputReportsNothingAndCountsNothing() throws {
        let playPause = Button()
        playPause.enabled = false
        let controls = View()
        let volume = Slider()
        volume.parent = controls
        controls.hidden = true
        let (controller, scheduler, log) = makeController(providers: [playPause, volume])
        controller.resume()
        playPause.tap()
        volume.press()
        #expect(controller.activeInteractions == 0)
        #expect(controller.isPending)
        try scheduler.advance(to: .seconds(3))
        #expect(log.entries == ["timedOut@3s"])
        #expect(scheduler.isIdle)
    }

    @Test func aProviderListedTwiceCountsEachTouchOnce() throws {
        let volume = Slider()
        let (controller, scheduler, _) = makeController(providers: [volume, volume])
        controller.resume()
        volume.press()
        #expect(controller.activeInteractions == 1)
        volume.release()
        #expect(controller.activeInteractions == 0)
        #expect(scheduler.pendingCount == 1)
        controller.pause()
        #expect(scheduler.isIdle)
    }

    @Test func anEndHeardWithoutItsBeginningDoesNotCount() throws {
        let playPause = Button()
        let volume = Slider()
        let (controller, scheduler, _) = makeController(providers: [volume])
        playPause.press()
        controller.providers = [playPause, volume]
        volume.press()
        playPause.release()  // began before it was observed
        #expect(controller.activeInteractions == 1)
        controller.resume()
        #expect(!controller.isPending)
        volume.release()
        #expect(controller.activeInteractions == 0)
        #expect(controller.isPending)
        controller.pause()
        #expect(scheduler.isIdle)
    }

    @Test func replacingTheProvidersStopsObservingTheOldOnes() throws {
        let old = Button()
        let new = Button()
        let (controller, scheduler, log) = makeController(providers: [old])
        controller.resume()
        old.press()
        #expect(!controller.isPending)
        controller.providers = [new]
        // The touch on the old provider no longer holds the timeout off.
        #expect(controller.activeInteractions == 0)
        #expect(controller.isPending)
        old.release()
        old.tap()
        #expect(controller.activeInteractions == 0)
        try scheduler.advance(to: .seconds(3))
        #expect(log.entries == ["timedOut@3s"])
        #expect(scheduler.isIdle)
    }

    @Test func fortyThousandProvidersAreEachObservedOnceEvenWhenListedAgain() throws {
        // The providers are told apart by a set, not by searching the list,
        // so that observing them is linear (`scene-bench --scaling`, in
        // Benchmarks/, measures it).
        let buttons = (0..<40_000).map { _ in Button() }
        let (controller, scheduler, log) = makeController(providers: buttons + [buttons[0], buttons[39_999]])
        #expect(buttons.allSatisfy { $0.interaction.connectionCount == 1 })
        controller.resume()
        buttons[39_999].press()
        #expect(controller.activeInteractions == 1)
        buttons[39_999].release()
        try scheduler.advance(to: .seconds(3))
        #expect(log.entries == ["timedOut@3s"])
        #expect(scheduler.isIdle)
    }

    @Test func replacingTheProvidersTwiceLeavesOneConnectionOnEachCurrentProvider() throws {
        let first = Button()
        let second = Slider()
        let third = TapGesture()
        let (controller, scheduler, log) = makeController(providers: [first])
        controller.providers = [second, second]
        controller.providers = [third]
        #expect(first.interaction.connectionCount == 0)
        #expect(second.interaction.connectionCount == 0, "a provider listed twice is followed once")
        #expect(third.interaction.connectionCount == 1)
        controller.resume()
        first.press()
        second.press()
        #expect(controller.activeInteractions == 0)
        #expect(controller.isPending)
        try scheduler.advance(to: .seconds(2))
        third.tap()
        try scheduler.advance(to: .seconds(5))
        #expect(log.entries == ["timedOut@5s"])
        controller.providers = []
        #expect(third.interaction.connectionCount == 0)
        #expect(scheduler.isIdle)
    }

    // MARK: timeout

    @Test func changingTimeoutWhilePendingRestartsIt() throws {
        let (controller, scheduler, log) = makeController(timeout: .seconds(5))
        controller.resume()
        try scheduler.advance(to: .seconds(2))
        controller.timeout = .seconds(1)
        #expect(scheduler.pendingCount == 1)
        try scheduler.advance(to: .seconds(3))
        #expect(log.entries == ["timedOut@3s"])
        #expect(scheduler.isIdle)
    }

    @Test func changingTimeoutWhileNotPendingOnlyStoresIt() throws {
        let volume = Slider()
        let (controller, scheduler, log) = makeController(timeout: .seconds(5), providers: [volume])
        controller.timeout = .seconds(2)
        #expect(scheduler.isIdle)
        controller.resume()
        volume.press()
        controller.timeout = .seconds(1)
        #expect(scheduler.isIdle)
        try scheduler.advance(to: .seconds(4))
        volume.release()
        try scheduler.advance(to: .seconds(5))
        #expect(log.entries == ["timedOut@5s"])
        #expect(scheduler.isIdle)
    }

    @Test func timedOutFiresExactlyOnceAndLeavesTheControllerIdle() throws {
        let volume = Slider()
        let (controller, scheduler, log) = makeController(providers: [volume])
        controller.resume()
        try scheduler.advance(to: .seconds(3))
        #expect(log.entries == ["timedOut@3s"])
        #expect(!controller.isRunning)
        #expect(!controller.isPending)
        volume.tap(at: 0.5)
        try scheduler.advance(to: .seconds(60))
        #expect(log.entries == ["timedOut@3s"])
        #expect(scheduler.isIdle)
    }

    @Test func aTimedOutHandlerMayResume() throws {
        let (controller, scheduler, log) = makeController(timeout: .seconds(2))
        var rounds = 0
        controller.timedOut.connect { [unowned controller] in
            rounds += 1
            if rounds < 3 { controller.resume() }
        }
        controller.resume()
        try scheduler.advance(to: .seconds(10))
        #expect(log.entries == ["timedOut@2s", "timedOut@4s", "timedOut@6s"])
        #expect(scheduler.isIdle)
    }

    @Test func aZeroTimeoutFiresAtTheSameInstant() throws {
        let (controller, scheduler, log) = makeController(timeout: .zero)
        try scheduler.advance(to: .seconds(1))
        controller.resume()
        try scheduler.advance(by: .zero)
        #expect(log.entries == ["timedOut@1s"])
        #expect(scheduler.isIdle)
    }

    // MARK: The scene

    @Test func takesTheScenesSchedulerOnAwakeAndArmsAnEarlierResume() throws {
        let controller = TimeoutController(clock: nil)
        controller.timeout = .seconds(2)
        controller.resume()
        #expect(controller.isRunning)
        #expect(!controller.isPending)
        let scene = Scene(
            title: nil, summary: nil,
            entries: [Scene.Entry(id: "timeout", type: TimeoutController.sceneDescription(), object: controller)])
        controller.awake(in: scene)
        #expect(controller.clock === scene.scheduler.clock)
        #expect(controller.isPending)
        try scene.scheduler.advance(to: .seconds(2))
        #expect(!controller.isRunning)
        #expect(scene.scheduler.isIdle)
    }

    @Test func neitherKeepsItsProvidersAliveNorIsKeptAliveByThem() {
        weak var weakController: TimeoutController?
        weak var weakButton: Button?
        let survivor = Slider()
        do {
            let button = Button()
            weakButton = button
            let (controller, _, _) = makeController(providers: [button, survivor])
            weakController = controller
            controller.resume()
        }
        #expect(weakController == nil)
        #expect(weakButton == nil)
        survivor.tap(at: 0.5)  // its observer outlives the controller harmlessly
    }
}
