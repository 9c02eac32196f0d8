// The adapters against the UIKit stand-in, where UIKit is absent.
#if canImport(UIKitStandIn)
    import Behaviours
    import BehavioursUIKit
    import SceneCore
    import Testing
    import UIKitStandIn

    /// UIControl and the gesture recognisers as InteractionProviding and
    /// TapRecognizing, with the portable TimeoutController on the virtual clock.
    @Suite @MainActor struct ControlAndGestureTests {
        @Test func aButtonsTouchDownReachesTheControllerAsABeganTouchAndTouchUpEndsIt() throws {
            let scheduler = VirtualScheduler()
            let button = UIControl()
            let controller = TimeoutController(providers: [button], timeout: .seconds(3), clock: scheduler.clock)
            controller.resume()
            #expect(controller.isPending)
            button.sendActions(for: .touchDown)
            #expect(controller.activeInteractions == 1)
            #expect(!controller.isPending)
            try scheduler.advance(by: .seconds(10))
            #expect(controller.isRunning)
            button.sendActions(for: .touchUpInside)
            #expect(controller.activeInteractions == 0)
            #expect(controller.isPending)
            try scheduler.advance(by: .seconds(3))
            #expect(!controller.isRunning)
            #expect(scheduler.isIdle)
        }

        @Test(arguments: [
            (UIControl.Event.touchUpInside, InteractionPhase.ended), (.touchUpOutside, .ended),
            (.touchCancel, .cancelled),
        ])
        func eachTrackingEventIsItsPhase(event: UIControl.Event, phase: InteractionPhase) {
            let control = UIControl()
            var phases: [InteractionPhase] = []
            let connection = control.connectInteractions { phases.append($0) }
            control.sendActions(for: .touchDown)
            control.sendActions(for: .touchDragExit)
            control.sendActions(for: event)
            #expect(phases == [.began, phase])
            connection.disconnect()
        }

        @Test func disconnectingRemovesTheControlsActions() {
            let control = UIControl()
            var phases: [InteractionPhase] = []
            let connection = control.connectInteractions { phases.append($0) }
            #expect(control.actionCount == 4)
            connection.disconnect()
            #expect(control.actionCount == 0)
            control.sendActions(for: .touchDown)
            #expect(phases.isEmpty)
        }

        @Test func aContinuousGestureReportsItsPhasesAndCancelsNothing() {
            let pan = UIGestureRecognizer()
            var phases: [InteractionPhase] = []
            let connection = pan.connectInteractions { phases.append($0) }
            #expect(!pan.cancelsTouchesInView)
            pan.state = .began
            pan.state = .changed
            pan.state = .ended
            pan.state = .began
            pan.state = .cancelled
            #expect(phases == [.began, .ended, .began, .cancelled])
            connection.disconnect()
            pan.state = .began
            #expect(phases.count == 4)
        }

        @Test func aTapIsATouchReportedBeforeTheTap() {
            let tap = UITapGestureRecognizer()
            var heard: [String] = []
            let taps = tap.connectTaps { heard.append("tap") }
            let touches = tap.connectInteractions { heard.append("\($0)") }
            tap.state = .recognized
            #expect(heard == ["began", "ended", "tap"])
            // One target, however many connections.
            #expect(tap.targetCount == 1)
            taps.disconnect()
            touches.disconnect()
        }

        @Test func aTapOnAProvidingGestureRestartsTheTimeout() throws {
            let scheduler = VirtualScheduler()
            let trackTap = UITapGestureRecognizer()
            let controller = TimeoutController(providers: [trackTap], timeout: .seconds(3), clock: scheduler.clock)
            controller.resume()
            try scheduler.advance(by: .seconds(2))
            trackTap.state = .recognized
            #expect(controller.activeInteractions == 0)
            try scheduler.advance(by: .seconds(2))
            #expect(controller.isRunning)
            try scheduler.advance(by: .seconds(1))
            #expect(!controller.isRunning)
            #expect(scheduler.isIdle)
        }
    }
#endif
