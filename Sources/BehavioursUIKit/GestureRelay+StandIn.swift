// Where UIKit is absent: the stand-in's closure target in the place of
// UIKit's `addTarget(_:action:)` (GestureRelay+ObjectiveC.swift).
#if !(canImport(UIKit) && !os(watchOS))
    import UIKitStandIn

    extension UIGestureRecognizer {
        /// Adds a target that tells `relay` each state change; what keeps it.
        func addBehaviourTarget(calling relay: GestureRelay) -> AnyObject {
            addStandInTarget { [relay] recognizer in relay.recognizerChanged(to: recognizer.state) }
        }
    }
#endif
