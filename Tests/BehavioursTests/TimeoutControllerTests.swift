import Behaviours
import SceneCore
import Testing

/// A provider that reports what the test tells it to.
private final class Finger: InteractionProviding {
    let touches = BehaviourEvent<InteractionPhase>()

    func connectInteractions(_ handler: @escaping (InteractionPhase) -> Void) -> BehaviourConnection {
        touches.connect(handler)
    }
}

@Suite struct TimeoutControllerTests {
    @Test func timesOutAfterTheTimeoutOnTheVirtualClock() throws {
        let scheduler = VirtualScheduler()
        let controller = TimeoutController(timeout: .seconds(3), clock: scheduler.clock)
        var handled: [Duration] = []
        var sent = 0
        controller.timeoutHandler = { handled.append(scheduler.now) }
        let connection = controller.timedOut.connect { sent += 1 }
        #expect(controller.resume() == .handled)
        #expect(controller.isRunning && controller.isPending)
        try scheduler.advance(by: .seconds(2))
        #expect(handled.isEmpty)
        try scheduler.advance(by: .seconds(2))
        #expect(handled == [.seconds(3)])
        #expect(sent == 1)
        #expect(!controller.isRunning && !controller.isPending)
        #expect(controller.pause() == .ignored(because: "it is not running"))
        connection.disconnect()
    }

    @Test func aTouchHoldsTheTimeoutOffUntilItEnds() throws {
        let scheduler = VirtualScheduler()
        let finger = Finger()
        let controller = TimeoutController(providers: [finger], timeout: .seconds(1), clock: scheduler.clock)
        var timedOutAt: Duration?
        controller.timeoutHandler = { timedOutAt = scheduler.now }
        controller.resume()
        try scheduler.advance(by: .milliseconds(500))
        finger.touches.send(.began)
        #expect(controller.activeInteractions == 1 && !controller.isPending)
        try scheduler.advance(by: .seconds(5))
        #expect(timedOutAt == nil)
        finger.touches.send(.ended)
        try scheduler.advance(by: .seconds(2))
        #expect(timedOutAt == .milliseconds(6500))
    }

    @Test func pushedTouchesCountAsProvidersDo() throws {
        let scheduler = VirtualScheduler()
        let controller = TimeoutController(timeout: .seconds(1), clock: scheduler.clock)
        var timedOut = false
        controller.timeoutHandler = { timedOut = true }
        controller.resume()
        controller.interactionBegan()
        controller.interactionEnded()
        controller.interactionEnded()  // no beginning: not counted
        #expect(controller.activeInteractions == 0)
        controller.interactionBegan()
        #expect(controller.resume().isIgnored)
        try scheduler.advance(by: .seconds(2))
        #expect(!timedOut)
        controller.interactionEnded()
        try scheduler.advance(by: .seconds(1))
        #expect(timedOut)
    }

    @Test func aProviderListedTwiceIsFollowedOnce() {
        let finger = Finger()
        let controller = TimeoutController(providers: [finger, finger], timeout: .seconds(1), clock: nil)
        finger.touches.send(.began)
        #expect(controller.activeInteractions == 1)
        #expect(controller.providers.count == 1)
        controller.providers = []
        #expect(controller.activeInteractions == 0)
        #expect(finger.touches.connectionCount == 0)
    }

    @Test func settingTheTimeoutWhilePendingRestartsIt() throws {
        let scheduler = VirtualScheduler()
        let controller = TimeoutController(timeout: .seconds(3), clock: scheduler.clock)
        var timedOutAt: Duration?
        controller.timeoutHandler = { timedOutAt = scheduler.now }
        controller.resume()
        try scheduler.advance(by: .seconds(2))
        controller.timeout = .seconds(2)
        try scheduler.advance(by: .seconds(5))
        #expect(timedOutAt == .seconds(4))
    }
}
