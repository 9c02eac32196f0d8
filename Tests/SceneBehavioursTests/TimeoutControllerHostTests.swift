import Behaviours
import SceneBehaviours
import SceneCore
import Testing

@Suite struct TimeoutControllerHostTests {
    // MARK: Registration

    @Test func registersThreeOutletsAndItsSwitches() {
        let type = TimeoutControllerHost.sceneDescription()
        #expect(
            MemberList(of: type)
                == MemberList(
                    properties: ["autoStart: Bool", "autoHide: Bool", "animationDuration: Duration in 0.0...inf"],
                    outlets: ["viewToHide: View", "tapGesture: TapGesture?", "timeoutController: TimeoutController"],
                    events: ["autoStartChanged: Bool", "autoHideChanged: Bool", "animationDurationChanged: Duration"]))
        #expect(type.requiredOutlets.map(\.name) == ["viewToHide", "timeoutController"])
        #expect(
            type.defaultValues() == [
                "autoStart": .bool(true), "autoHide": .bool(true), "animationDuration": .duration(.milliseconds(200)),
            ])
    }

    @Test func theStandardRegistryHasBothAfterTheControls() throws {
        let registry = SceneRegistry.standard
        let names = registry.types.map(\.name)
        let controller = try #require(names.firstIndex(of: "TimeoutController"))
        #expect(names[controller...].prefix(2) == ["TimeoutController", "TimeoutControllerHost"])
        #expect(
            registry.types.indices.filter { registry.type(registry.types[$0], satisfies: "View") }.allSatisfy {
                $0 < controller
            })
        let host = try #require(registry.type(named: "TimeoutControllerHost"))
        #expect(host.makeInstance() is TimeoutControllerHost)
        #expect(registry.type(named: "TimeoutController")?.makeInstance() is TimeoutController)
    }

    @Test func theOutletsConnectThroughTheDescriptionAsALoaderWould() throws {
        let type = TimeoutControllerHost.sceneDescription()
        let host = TimeoutControllerHost()
        let view = View()
        let tap = TapGesture()
        let controller = TimeoutController(clock: nil)
        let outlets = Dictionary(uniqueKeysWithValues: type.outlets.map { ($0.name, $0) })
        #expect(outlets["viewToHide"]?.connect(host, to: view) == true)
        #expect(outlets["tapGesture"]?.connect(host, to: tap) == true)
        #expect(outlets["timeoutController"]?.connect(host, to: controller) == true)
        #expect(outlets["viewToHide"]?.connect(host, to: tap) == false)
        #expect(host.viewToHide === view)
        #expect(host.tapGesture === tap)
        #expect(host.timeoutController === controller)
        #expect(type.property(named: "animationDuration")?.set(.duration(.zero), on: host) == true)
        tap.tap()
        #expect(view.hidden)
    }

    // MARK: Re-wiring

    @Test func reassigningTheTapGestureLeavesOneConnectionOnTheNewGestureOnly() {
        let fixture = AutoHideFixture()
        let first = fixture.backgroundTap
        let second = TapGesture()
        let third = TapGesture()
        fixture.host.tapGesture = second
        fixture.host.tapGesture = third
        #expect([first, second, third].map(\.recognized.connectionCount) == [0, 0, 1])
        first.tap()
        second.tap()
        #expect(!fixture.controls.hidden)
        third.tap()
        #expect(fixture.controls.hidden)
        fixture.host.tapGesture = nil
        #expect(third.recognized.connectionCount == 0)
    }

    @Test func reassigningTheControllerLeavesOneConnectionOnTheNewControllerOnly() throws {
        let fixture = AutoHideFixture(autoStart: false)
        let second = TimeoutController(timeout: .seconds(1), clock: fixture.scheduler.clock)
        let third = TimeoutController(timeout: .seconds(5), clock: fixture.scheduler.clock)
        fixture.host.timeoutController = second
        fixture.host.timeoutController = third
        #expect(fixture.timeout.timedOut.connectionCount == 1, "the fixture's log only")
        #expect(second.timedOut.connectionCount == 0)
        #expect(third.timedOut.connectionCount == 1)
        fixture.timeout.resume()
        second.resume()
        third.resume()
        try fixture.at(.seconds(3))
        #expect(fixture.log.entries == ["timedOut@3s"])
        #expect(!fixture.controls.hidden)
        try fixture.at(.seconds(5))
        #expect(fixture.controls.hidden)
        fixture.host.timeoutController = nil
        #expect(third.timedOut.connectionCount == 0)
        #expect(fixture.scheduler.isIdle)
    }

    // MARK: Awake

    @Test func awakeWithAutoStartResumesTheController() throws {
        let fixture = AutoHideFixture()
        #expect(fixture.timeout.isRunning)
        #expect(fixture.timeout.isPending)
        #expect(fixture.host.clock === fixture.scheduler.clock)
        try fixture.at(.seconds(3))
        #expect(fixture.controls.hidden)
        #expect(fixture.log.entries == ["timedOut@3s"])
        #expect(fixture.scheduler.isIdle)
    }

    @Test func awakeWithoutAutoStartLeavesTheControllerIdle() throws {
        let fixture = AutoHideFixture(autoStart: false)
        #expect(!fixture.timeout.isRunning)
        #expect(fixture.scheduler.isIdle)
        try fixture.at(.seconds(60))
        #expect(!fixture.controls.hidden)
    }

    // MARK: Taps

    @Test func tapWhileShownHidesTheViewAndPausesTheController() throws {
        let fixture = AutoHideFixture()
        try fixture.at(.seconds(1))
        fixture.backgroundTap.tap()
        #expect(fixture.controls.hidden)
        #expect(!fixture.timeout.isRunning)
        #expect(fixture.scheduler.isIdle)
        try fixture.at(.seconds(60))
        #expect(fixture.log.entries.isEmpty)
    }

    @Test func tapWhileHiddenShowsTheViewAndResumesTheController() throws {
        let fixture = AutoHideFixture()
        try fixture.at(.seconds(3))
        #expect(fixture.controls.hidden)
        try fixture.at(.seconds(10))
        fixture.backgroundTap.tap()
        #expect(!fixture.controls.hidden)
        #expect(fixture.controls.alpha == 1)
        #expect(fixture.timeout.isRunning)
        try fixture.at(.seconds(13))
        #expect(fixture.controls.hidden)
        #expect(fixture.log.entries == ["timedOut@3s", "timedOut@13s"])
        #expect(fixture.scheduler.isIdle)
    }

    @Test func hostTapGestureDoesNotRearmTimeout() throws {
        for tapIsAlsoAProvider in [false, true] {
            let fixture = AutoHideFixture(tapIsAlsoAProvider: tapIsAlsoAProvider)
            var observers = 0
            fixture.backgroundTap.interaction.connect { _ in observers += 1 }
            try fixture.at(.seconds(1))
            fixture.backgroundTap.tap()
            #expect(fixture.controls.hidden)
            #expect(!fixture.timeout.isPending, "tap is a provider: \(tapIsAlsoAProvider)")
            #expect(fixture.scheduler.isIdle)
            try fixture.at(.seconds(60))
            #expect(fixture.controls.hidden)
            fixture.backgroundTap.tap()
            #expect(!fixture.controls.hidden)
            #expect(fixture.scheduler.pendingCount == 1)
            #expect(observers == 4)
            try fixture.at(.seconds(63))
            #expect(fixture.log.entries == ["timedOut@1m3s"])
            #expect(fixture.scheduler.isIdle)
        }
        // The host never makes its gesture a provider.
        let fixture = AutoHideFixture()
        #expect(!fixture.timeout.providers.contains { $0 === fixture.backgroundTap })
    }

    // MARK: Timeout

    @Test func timedOutWithAutoHideHidesTheView() throws {
        let fixture = AutoHideFixture()
        try fixture.at(.milliseconds(2999))
        #expect(!fixture.controls.hidden)
        try fixture.at(.seconds(3))
        #expect(fixture.controls.hidden)
        #expect(!fixture.controls.visible)
        #expect(!fixture.timeout.isRunning)
        #expect(fixture.scheduler.isIdle)
    }

    @Test func timedOutWithoutAutoHideLeavesTheViewShown() throws {
        let fixture = AutoHideFixture(autoHide: false)
        try fixture.at(.seconds(3))
        #expect(fixture.log.entries == ["timedOut@3s"])
        #expect(!fixture.controls.hidden)
        #expect(fixture.controls.alpha == 1)
        // Shown, so a tap hides it.
        fixture.backgroundTap.tap()
        #expect(fixture.controls.hidden)
        #expect(fixture.scheduler.isIdle)
    }

    @Test func aTapWhileAControlIsHeldLeavesTheViewUp() throws {
        // A finger on the slider and another on the video: hiding would
        // leave the first on a view that is gone.
        let fixture = AutoHideFixture()
        fixture.volume.press()
        fixture.backgroundTap.tap()
        #expect(!fixture.controls.hidden && fixture.timeout.isRunning && !fixture.timeout.isPending)
        try fixture.wait(.seconds(10))
        #expect(!fixture.controls.hidden)
        fixture.volume.release()
        fixture.backgroundTap.tap()
        #expect(!fixture.timeout.isRunning)
        try fixture.wait(.seconds(1))
        #expect(fixture.controls.hidden && !fixture.timeout.isRunning)
    }

    @Test func touchingAControlKeepsTheViewUpUntilAFullTimeoutAfterRelease() throws {
        // The scene format's example script, in Swift.
        let fixture = AutoHideFixture()
        #expect(!fixture.controls.hidden)
        try fixture.wait(.milliseconds(2900))
        fixture.volume.press()
        try fixture.wait(.seconds(10))
        #expect(!fixture.controls.hidden)
        fixture.volume.release()
        try fixture.wait(.seconds(3))
        #expect(fixture.controls.hidden)
        fixture.backgroundTap.tap()
        #expect(!fixture.controls.hidden)
        #expect(fixture.log.entries == ["timedOut@15.9s"])
        fixture.timeout.pause()
        #expect(fixture.scheduler.isIdle)
    }

    @Test func controlsInsideTheHiddenViewIgnoreTouches() throws {
        let fixture = AutoHideFixture()
        try fixture.at(.seconds(3))
        #expect(fixture.playPause.tap().isIgnored)
        #expect(fixture.timeout.activeInteractions == 0)
        #expect(fixture.scheduler.isIdle)
    }

    // MARK: Fades

    @Test func hidingFadesAlphaToZeroThenSetsHidden() throws {
        let fixture = AutoHideFixture(animationDuration: .milliseconds(200))
        try fixture.at(.seconds(3))
        #expect(fixture.host.isFading)
        #expect(!fixture.host.isShown)
        #expect(fixture.controls.alpha == 1)
        #expect(!fixture.controls.hidden)
        try fixture.at(.milliseconds(3100))
        #expect(abs(fixture.controls.alpha - 0.5) < 1e-9)
        #expect(!fixture.controls.hidden)
        try fixture.at(.milliseconds(3199))
        #expect(!fixture.controls.hidden)
        try fixture.at(.milliseconds(3200))
        #expect(fixture.controls.alpha == 0)
        #expect(fixture.controls.hidden)
        #expect(!fixture.host.isFading)
        #expect(fixture.scheduler.isIdle)
    }

    @Test func showingClearsHiddenThenFadesAlphaToOne() throws {
        let fixture = AutoHideFixture(animationDuration: .milliseconds(200))
        try fixture.at(.seconds(5))
        #expect(fixture.controls.hidden)
        fixture.backgroundTap.tap()
        #expect(!fixture.controls.hidden)
        #expect(fixture.controls.alpha == 0)
        #expect(fixture.host.isShown)
        try fixture.at(.milliseconds(5050))
        #expect(abs(fixture.controls.alpha - 0.25) < 1e-9)
        try fixture.at(.milliseconds(5200))
        #expect(fixture.controls.alpha == 1)
        #expect(!fixture.host.isFading)
        #expect(fixture.scheduler.pendingCount == 1)  // the controller's timeout
        try fixture.at(.milliseconds(8200))
        try fixture.at(.milliseconds(8400))
        #expect(fixture.controls.hidden)
        #expect(fixture.scheduler.isIdle)
    }

    @Test func aViewHiddenBySomeoneElseFadesInFromTransparent() throws {
        let fixture = AutoHideFixture(animationDuration: .milliseconds(200), autoStart: false)
        fixture.controls.hidden = true
        #expect(fixture.controls.alpha == 1)
        fixture.backgroundTap.tap()
        #expect(!fixture.controls.hidden)
        #expect(fixture.controls.alpha == 0)
        try fixture.wait(.milliseconds(200))
        #expect(fixture.controls.alpha == 1)
        fixture.timeout.pause()
        #expect(fixture.scheduler.isIdle)
    }

    @Test func zeroDurationHidesAndShowsImmediately() throws {
        let fixture = AutoHideFixture(animationDuration: .zero)
        try fixture.at(.seconds(3))
        #expect(fixture.controls.hidden)
        #expect(fixture.controls.alpha == 0)
        #expect(!fixture.host.isFading)
        #expect(fixture.scheduler.isIdle)
        fixture.backgroundTap.tap()
        #expect(!fixture.controls.hidden)
        #expect(fixture.controls.alpha == 1)
        #expect(fixture.scheduler.pendingCount == 1)
        fixture.backgroundTap.tap()
        #expect(fixture.controls.hidden)
        #expect(fixture.scheduler.isIdle)
    }

    @Test func tapDuringFadeReversesIt() throws {
        let fixture = AutoHideFixture(animationDuration: .milliseconds(200))
        try fixture.at(.seconds(3))
        try fixture.at(.milliseconds(3100))
        #expect(abs(fixture.controls.alpha - 0.5) < 1e-9)
        // Hiding, so the tap shows: the fade turns round (back to 1 in the
        // 100 ms it ran) and the controller resumes.
        fixture.backgroundTap.tap()
        #expect(fixture.host.isShown)
        #expect(fixture.timeout.isRunning)
        try fixture.at(.milliseconds(3150))
        #expect(abs(fixture.controls.alpha - 0.75) < 1e-9)
        #expect(!fixture.controls.hidden)
        try fixture.at(.milliseconds(3199))
        #expect(fixture.host.isFading)
        try fixture.at(.milliseconds(3200))
        #expect(fixture.controls.alpha == 1)
        #expect(!fixture.controls.hidden)
        #expect(!fixture.host.isFading)
        #expect(fixture.scheduler.pendingCount == 1)
        try fixture.at(.milliseconds(6100))
        #expect(fixture.log.entries == ["timedOut@3s", "timedOut@6.1s"])
        try fixture.at(.seconds(7))
        #expect(fixture.controls.hidden)
        #expect(fixture.scheduler.isIdle)
    }

    @Test func tapDuringAShowingFadeReversesItAndHides() throws {
        let fixture = AutoHideFixture(animationDuration: .milliseconds(200))
        fixture.backgroundTap.tap()  // hide
        try fixture.at(.seconds(1))
        #expect(fixture.controls.hidden)
        fixture.backgroundTap.tap()  // show
        try fixture.at(.milliseconds(1150))
        #expect(abs(fixture.controls.alpha - 0.75) < 1e-9)
        fixture.backgroundTap.tap()  // hide again: back to 0 in 150 ms
        #expect(!fixture.host.isShown)
        #expect(!fixture.timeout.isRunning)
        #expect(fixture.scheduler.pendingCount == 1)  // the fade's next frame only
        try fixture.at(.milliseconds(1299))
        #expect(!fixture.controls.hidden)
        try fixture.at(.milliseconds(1300))
        #expect(fixture.controls.alpha == 0)
        #expect(fixture.controls.hidden)
        #expect(fixture.scheduler.isIdle)
    }

    @Test func aTimeoutDuringAShowingFadeTurnsItRound() throws {
        let fixture = AutoHideFixture(timeout: .milliseconds(100), animationDuration: .milliseconds(200))
        fixture.backgroundTap.tap()
        try fixture.at(.seconds(1))
        fixture.backgroundTap.tap()  // show from 1 s; the timeout fires at 1.1 s
        try fixture.at(.milliseconds(1100))
        #expect(!fixture.host.isShown)
        try fixture.at(.milliseconds(1200))
        #expect(fixture.controls.alpha == 0)
        #expect(fixture.controls.hidden)
        #expect(fixture.scheduler.isIdle)
    }

    // MARK: Ownership

    @Test func releasingTheSceneFreesEveryObject() throws {
        weak var weakHost: TimeoutControllerHost?
        weak var weakController: TimeoutController?
        weak var weakView: View?
        weak var weakScheduler: VirtualScheduler?
        do {
            let fixture = AutoHideFixture(animationDuration: .milliseconds(200))
            weakHost = fixture.host
            weakController = fixture.timeout
            weakView = fixture.controls
            weakScheduler = fixture.scheduler
            try fixture.at(.milliseconds(3100))  // mid-fade, with a frame pending
            #expect(fixture.host.isFading)
        }
        #expect(weakHost == nil)
        #expect(weakController == nil)
        #expect(weakView == nil)
        #expect(weakScheduler == nil)
    }
}
