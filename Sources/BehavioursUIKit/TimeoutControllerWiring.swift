import Behaviours

/// What a storyboard's timeout controller object sets, applied to a
/// ``TimeoutController``: the plain Swift under `TimeoutControllerObject`
/// (whose outlets and inspectables need the Objective-C runtime), so that
/// the wiring is the same code on every system.
///
///     let wiring = TimeoutControllerWiring(clock: MainClock.shared)
///     wiring.timeout = 3                              // seconds, as Interface Builder gives it
///     wiring.interactionProviders = [playButton, volumeSlider, trackTap]
///     wiring.controller.resume()
///
/// Of the providers, those that are ``InteractionProviding`` (UIKit's
/// controls and gesture recognisers) are followed; any other object is
/// left out, and listed in ``ignoredProviders``.
@MainActor
public final class TimeoutControllerWiring {
    /// The controller the object stands for.
    ///
    ///     host.timeoutController = wiring.controller
    public let controller: TimeoutController

    /// The objects whose touches hold the timeout off, as the storyboard's
    /// outlet collection lists them; setting it sets the controller's
    /// ``TimeoutController/providers``.
    ///
    ///     wiring.interactionProviders = [playButton, volumeSlider]
    public var interactionProviders: [AnyObject] = [] {
        didSet {
            var followed: [any InteractionProviding] = []
            var ignored: [AnyObject] = []
            for object in interactionProviders {
                if let provider = object as? any InteractionProviding {
                    followed.append(provider)
                } else {
                    ignored.append(object)
                }
            }
            ignoredProviders = ignored
            controller.providers = followed
        }
    }

    /// The objects of ``interactionProviders`` that report no touches, so
    /// are not followed.
    ///
    ///     wiring.ignoredProviders.isEmpty   // every outlet is a control or a gesture
    public private(set) var ignoredProviders: [AnyObject] = []

    /// The controller's ``TimeoutController/timeout`` in seconds, as a
    /// storyboard's number attribute gives it; a negative value counts as zero.
    ///
    ///     wiring.timeout = 3
    public var timeout: Double {
        get {
            let components = controller.timeout.components
            return Double(components.seconds) + Double(components.attoseconds) * 1e-18
        }
        set { controller.timeout = .seconds(max(0, newValue)) }
    }

    /// A wiring of a controller on `clock` with the controller's default timeout.
    ///
    ///     let wiring = TimeoutControllerWiring(clock: scheduler.clock)
    public init(clock: any BehaviourClock) {
        controller = TimeoutController(clock: clock)
    }
}
