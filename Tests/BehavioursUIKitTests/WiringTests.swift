// The adapters against the UIKit stand-in, where UIKit is absent.
#if canImport(UIKitStandIn)
    import Behaviours
    import BehavioursUIKit
    import SceneCore
    import Testing
    import UIKitStandIn

    /// The plain Swift under the storyboard objects: what their outlets and
    /// inspectables set, wired as the TimeoutController seed's Main.storyboard
    /// wires them.
    @Suite @MainActor struct WiringTests {
        @Test func theControllersProvidersAreTheControlsAndGesturesOfItsOutlets() {
            let scheduler = VirtualScheduler()
            let wiring = TimeoutControllerWiring(clock: scheduler.clock)
            let playButton = UIControl()
            let trackTap = UITapGestureRecognizer()
            let other = UIView()
            wiring.interactionProviders = [playButton, other, trackTap]
            #expect(wiring.controller.providers.count == 2)
            #expect(wiring.ignoredProviders.count == 1)
            #expect(wiring.ignoredProviders.first === other)
            wiring.timeout = 3
            #expect(wiring.controller.timeout == .seconds(3))
            #expect(wiring.timeout == 3)
        }

        @Test func theSeedsStoryboardHidesTheControlsOnTimeoutAndShowsThemOnATap() throws {
            let scheduler = VirtualScheduler()
            let controls = UIView()
            let playButton = UIControl()
            let trackTap = UITapGestureRecognizer()
            let backgroundTap = UITapGestureRecognizer()
            let controller = TimeoutControllerWiring(clock: scheduler.clock)
            controller.interactionProviders = [playButton, trackTap]
            controller.timeout = 3
            let host = TimeoutControllerHostWiring(clock: scheduler.clock)
            host.viewToHide = controls
            host.tapGesture = backgroundTap
            host.timeoutController = controller.controller
            host.animationDuration = 0
            host.autoStart = true
            host.awake()
            #expect(controller.controller.isRunning)
            playButton.sendActions(for: .touchDown)
            try scheduler.advance(by: .seconds(5))
            #expect(!controls.isHidden)
            playButton.sendActions(for: .touchUpInside)
            try scheduler.advance(by: .seconds(3))
            #expect(controls.isHidden)
            backgroundTap.state = .recognized
            #expect(!controls.isHidden)
            #expect(controller.controller.isRunning)
            #expect(!backgroundTap.cancelsTouchesInView && !trackTap.cancelsTouchesInView)
        }

        @Test func withoutAutoStartTheControllerWaits() {
            let scheduler = VirtualScheduler()
            let controller = TimeoutControllerWiring(clock: scheduler.clock)
            let host = TimeoutControllerHostWiring(clock: scheduler.clock)
            host.timeoutController = controller.controller
            host.autoStart = false
            host.autoHide = false
            host.awake()
            #expect(!controller.controller.isRunning)
            #expect(!host.host.autoHide)
            #expect(scheduler.isIdle)
        }
    }
#endif
