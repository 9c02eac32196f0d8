import Behaviours

#if canImport(UIKit) && !os(watchOS)
    import UIKit
#else
    import UIKitStandIn
#endif

/// What a gesture recogniser's target calls on each state change: it turns
/// UIKit's states into a touch's phases and recognitions, for every
/// connection to that recogniser. One per recogniser, made on the first
/// connection, kept while the recogniser lives.
///
/// A continuous gesture's `.began` is ``InteractionPhase/began``, its
/// `.ended` ``InteractionPhase/ended`` and its `.cancelled` (or `.failed`)
/// ``InteractionPhase/cancelled``. A discrete gesture (a tap) reports only
/// its recognition, `.ended`: that is a touch that began and ended at once.
/// Each `.ended` is a recognition, sent after the touch's phases.
@MainActor
final class GestureRelay {
    let phases = BehaviourEvent<InteractionPhase>()
    let recognitions = BehaviourEvent<Void>()
    /// Whether a continuous gesture began and has not ended.
    private(set) var inGesture = false

    func recognizerChanged(to state: UIGestureRecognizer.State) {
        switch state {
        case .began:
            guard !inGesture else { return }
            inGesture = true
            phases.send(.began)
        case .ended:
            if inGesture {
                inGesture = false
            } else {
                phases.send(.began)
            }
            phases.send(.ended)
            recognitions.send()
        case .cancelled, .failed:
            guard inGesture else { return }
            inGesture = false
            phases.send(.cancelled)
        default:
            break
        }
    }

    // MARK: One relay per recogniser

    /// A recogniser's relay, and the target that calls it (what keeps the
    /// target alive: UIKit does not retain a recogniser's targets).
    private struct Entry {
        weak var recognizer: UIGestureRecognizer?
        let relay: GestureRelay
        let target: AnyObject
    }

    private static var entries: [ObjectIdentifier: Entry] = [:]

    /// The relay of `recognizer`: the one made before while it lives, or a
    /// new one whose target is added to it. Attaching one stops the
    /// recogniser cancelling its view's touches, so that the controls under
    /// it still see theirs.
    static func relay(of recognizer: UIGestureRecognizer) -> GestureRelay {
        let key = ObjectIdentifier(recognizer)
        if let entry = entries[key], entry.recognizer === recognizer { return entry.relay }
        entries = entries.filter { $0.value.recognizer != nil }
        let relay = GestureRelay()
        let target = recognizer.addBehaviourTarget(calling: relay)
        recognizer.cancelsTouchesInView = false
        entries[key] = Entry(recognizer: recognizer, relay: relay, target: target)
        return relay
    }
}

/// A gesture recogniser reports each gesture it recognises as a touch:
/// what a ``TimeoutController`` counts when a gesture is one of its
/// providers.
///
///     let controller = TimeoutController(providers: [playButton, trackPan], timeout: .seconds(3))
///
/// A continuous gesture (a pan, a long press) begins at `.began` and ends at
/// `.ended` or `.cancelled`; a discrete one (a tap) is a touch that begins
/// and ends when it is recognised. Connecting sets `cancelsTouchesInView`
/// to `false`: the gesture cancels nothing, so the controls under it keep
/// their touches. Use it on the main thread, as UIKit is.
extension UIGestureRecognizer: @MainActor InteractionProviding {
    /// Calls `handler` with the phases of each gesture recognised from now
    /// on, until the returned connection is disconnected.
    ///
    ///     let connection = trackPan.connectInteractions { phase in print(phase) }
    @discardableResult
    public func connectInteractions(_ handler: @escaping (InteractionPhase) -> Void) -> BehaviourConnection {
        GestureRelay.relay(of: self).phases.connect(handler)
    }
}

/// A tap gesture recogniser reports its taps: what a
/// ``TimeoutControllerHost`` toggles its view on.
///
///     let host = TimeoutControllerHost(viewToHide: controls, tapGesture: backgroundTap, clock: MainClock.shared)
///
/// The handler is called once per tap recognised, after the tap's touch
/// was reported to the recogniser's ``InteractionProviding`` connections.
/// Connecting sets `cancelsTouchesInView` to `false`, as for those.
extension UITapGestureRecognizer: @MainActor TapRecognizing {
    /// Calls `handler` after each tap recognised from now on, until the
    /// returned connection is disconnected.
    ///
    ///     let connection = backgroundTap.connectTaps { host.toggle() }
    @discardableResult
    public func connectTaps(_ handler: @escaping () -> Void) -> BehaviourConnection {
        GestureRelay.relay(of: self).recognitions.connect(handler)
    }
}
