import Behaviours
import SceneCore
import Testing

/// A view of the app's own: hidden and alpha, fading with the library's
/// default stepped fade.
private final class Panel: Hideable {
    var isHidden = false
    var alpha = 1.0
}

/// A tap gesture the test taps.
private final class Tap: TapRecognizing {
    let taps = BehaviourEvent<Void>()

    func connectTaps(_ handler: @escaping () -> Void) -> BehaviourConnection {
        taps.connect(handler)
    }
}

@Suite struct PortableHostTests {
    private struct Fixture {
        let scheduler = VirtualScheduler()
        let panel = Panel()
        let tap = Tap()
        let controller: TimeoutController
        let host: TimeoutControllerHost

        init(fade: Duration = .milliseconds(200)) {
            controller = TimeoutController(timeout: .seconds(3), clock: scheduler.clock)
            host = TimeoutControllerHost(viewToHide: panel, tapGesture: tap, clock: scheduler.clock)
            host.animationDuration = fade
            host.timeoutController = controller
            host.start()
        }
    }

    @Test func aTimeoutFadesTheViewOutThenHidesIt() throws {
        let fixture = Fixture()
        #expect(fixture.controller.isRunning)
        try fixture.scheduler.advance(to: .seconds(3) + .milliseconds(100))
        #expect(fixture.host.isFading)
        #expect(fixture.panel.alpha > 0.3 && fixture.panel.alpha < 0.7)
        #expect(!fixture.panel.isHidden)
        try fixture.scheduler.advance(to: .seconds(4))
        #expect(fixture.panel.alpha == 0)
        #expect(fixture.panel.isHidden)
        #expect(!fixture.host.isShown)
        #expect(fixture.scheduler.isIdle)
    }

    @Test func aTapShowsAHiddenViewAndResumesTheController() throws {
        let fixture = Fixture(fade: .zero)
        fixture.tap.taps.send()
        #expect(fixture.panel.isHidden)
        #expect(!fixture.controller.isRunning)
        fixture.tap.taps.send()
        #expect(!fixture.panel.isHidden && fixture.panel.alpha == 1)
        #expect(fixture.controller.isRunning && fixture.controller.isPending)
    }

    @Test func aTapDuringAFadeTurnsItRound() throws {
        let fixture = Fixture()
        try fixture.scheduler.advance(to: .seconds(3) + .milliseconds(100))
        fixture.tap.taps.send()
        #expect(fixture.host.isShown)
        try fixture.scheduler.advance(to: .seconds(3) + .milliseconds(300))
        #expect(fixture.panel.alpha == 1)
        #expect(!fixture.panel.isHidden)
        #expect(!fixture.host.isFading)
    }

    @Test func aTapIsIgnoredWhileAControlIsHeld() {
        let fixture = Fixture(fade: .zero)
        fixture.controller.interactionBegan()
        fixture.tap.taps.send()
        #expect(!fixture.panel.isHidden)
        #expect(fixture.controller.isRunning)
    }

    @Test func anEventCounterRecordsTheClocksTime() throws {
        let scheduler = VirtualScheduler()
        let counter = EventCounter(clock: scheduler.clock)
        var reported: [AnyKeyPath] = []
        let connection = counter.changeReports.listen { key, _ in reported.append(key) }
        try scheduler.advance(by: .seconds(2))
        counter.fire()
        #expect(counter.count == 1 && counter.lastFiredAt == .seconds(2))
        #expect(reported == [\EventCounter.count, \EventCounter.lastFiredAt])
        connection.disconnect()
    }
}
