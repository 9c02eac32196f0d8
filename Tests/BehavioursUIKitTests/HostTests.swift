// The adapters against the UIKit stand-in, where UIKit is absent.
#if canImport(UIKitStandIn)
    import Behaviours
    import BehavioursUIKit
    import SceneCore
    import Testing
    import UIKitStandIn

    /// UIView as Hideable, and TimeoutControllerHost hiding the view it was
    /// given, through UIView.animate.
    @Suite @MainActor struct HostTests {
        init() {
            // No animation of another test is left to finish here.
            UIView.finishAnimations(finished: false)
        }

        @Test func aRecognisedTapTogglesTheHostWhichHidesTheViewItWasGiven() {
            let view = UIView()
            let tap = UITapGestureRecognizer()
            let host = TimeoutControllerHost(viewToHide: view, tapGesture: tap, clock: nil)
            host.animationDuration = .zero
            tap.state = .recognized
            #expect(view.isHidden)
            tap.state = .recognized
            #expect(!view.isHidden)
            #expect(view.alpha == 1)
            #expect(!tap.cancelsTouchesInView)
        }

        @Test func theHostHidesTheViewOnTimeoutThroughUIViewAnimate() throws {
            let scheduler = VirtualScheduler()
            let view = UIView()
            let button = UIControl()
            let controller = TimeoutController(providers: [button], timeout: .seconds(3), clock: scheduler.clock)
            let host = TimeoutControllerHost(viewToHide: view, clock: scheduler.clock)
            host.timeoutController = controller
            host.start()
            try scheduler.advance(by: .seconds(3))
            // The animation set the target; the view hides when it completes.
            #expect(view.alpha == 0)
            #expect(!view.isHidden)
            let animation = try #require(UIView.pendingAnimations.last)
            #expect(UIView.pendingAnimations.count == 1)
            #expect(animation.duration == 0.2)
            #expect(animation.options == [.allowUserInteraction, .beginFromCurrentState])
            UIView.finishAnimations()
            #expect(view.isHidden)
            #expect(!host.isShown)
        }

        @Test func aTapDuringAFadeTurnsItRoundForAsLongAsItHadRun() throws {
            let scheduler = VirtualScheduler()
            let view = UIView()
            let tap = UITapGestureRecognizer()
            let host = TimeoutControllerHost(viewToHide: view, tapGesture: tap, clock: scheduler.clock)
            tap.state = .recognized
            #expect(host.isFading && !host.isShown)
            try scheduler.advance(by: .milliseconds(50))
            tap.state = .recognized
            #expect(view.alpha == 1)
            #expect(UIView.pendingAnimations.map(\.duration) == [0.2, 0.05])
            // The first leg completes too, as UIKit completes an interrupted
            // animation; only the last one ends the fade.
            UIView.finishAnimations()
            #expect(!view.isHidden)
            #expect(host.isShown && !host.isFading)
        }

        @Test func aFadeWithNoDurationSetsAlphaAtOnce() {
            let view = UIView()
            let scheduler = VirtualScheduler()
            var finished: [Bool] = []
            let fade = view.animateAlpha(to: 0.25, duration: .zero, clock: scheduler.clock) { finished.append($0) }
            #expect(view.alpha == 0.25)
            #expect(finished == [true])
            #expect(!fade.isRunning)
            #expect(UIView.pendingAnimations.isEmpty)
        }

        @Test func cancellingAFadeCompletesItUnfinished() {
            let view = UIView()
            let scheduler = VirtualScheduler()
            var finished: [Bool] = []
            let fade = view.animateAlpha(to: 0, duration: .seconds(1), clock: scheduler.clock) { finished.append($0) }
            #expect(fade.isRunning)
            fade.cancel()
            #expect(finished == [false])
            #expect(!fade.isRunning && !fade.reverse())
            #expect(UIView.pendingAnimations.isEmpty)
        }

        @Test func theViewsAlphaStaysUIKitsCGFloat() {
            let view = UIView()
            let hideable: any Hideable = view
            hideable.alpha = 0.5
            let alpha = view.alpha
            #expect(type(of: alpha) == CGFloat.self)
            #expect(alpha == 0.5)
            view.alpha = 0.75
            #expect(hideable.alpha == 0.75)
        }
    }
#endif
