// With UIKit: a gesture's target is an Objective-C object and a selector.
// A thin shell over GestureRelay, compiled only where UIKit and the
// Objective-C runtime are (not in this repository's CI).
#if canImport(UIKit) && !os(watchOS) && canImport(ObjectiveC)
    import ObjectiveC
    import UIKit

    /// The target UIKit calls on each state change of a recogniser.
    @MainActor
    final class GestureTarget: NSObject {
        let relay: GestureRelay

        init(relay: GestureRelay) {
            self.relay = relay
            super.init()
        }

        @objc func recognizerChanged(_ recognizer: UIGestureRecognizer) {
            relay.recognizerChanged(to: recognizer.state)
        }
    }

    extension UIGestureRecognizer {
        /// Adds a target that tells `relay` each state change; what keeps it.
        func addBehaviourTarget(calling relay: GestureRelay) -> AnyObject {
            let target = GestureTarget(relay: relay)
            addTarget(target, action: #selector(GestureTarget.recognizerChanged(_:)))
            return target
        }
    }
#endif
