import Behaviours

#if canImport(UIKit) && !os(watchOS)
    import UIKit
#else
    import UIKitStandIn
#endif

/// A control reports the touches it tracks: what a ``TimeoutController``
/// counts when a button or a slider is one of its providers.
///
///     let controller = TimeoutController(providers: [playButton, volumeSlider], timeout: .seconds(3))
///
/// A touch down (`.touchDown`) is ``InteractionPhase/began``; lifting the
/// finger inside or outside (`.touchUpInside`, `.touchUpOutside`) is
/// ``InteractionPhase/ended``; the system taking the touch away
/// (`.touchCancel`) is ``InteractionPhase/cancelled``. A disabled or hidden
/// control tracks no touch, so it reports none. The control's actions are
/// UIKit's `UIAction`s (`addAction(_:for:)`), so no Objective-C selector
/// is involved; the control holds them until the connection is
/// disconnected. Use it on the main thread, as UIKit is.
extension UIControl: @MainActor InteractionProviding {
    /// The control's tracking events and the phase each one reports.
    static let trackingPhases: [(event: UIControl.Event, phase: InteractionPhase)] = [
        (.touchDown, .began), (.touchUpInside, .ended), (.touchUpOutside, .ended), (.touchCancel, .cancelled),
    ]

    /// Calls `handler` with the phase of each of the control's tracking
    /// events from now on, until the returned connection is disconnected
    /// (on the main thread).
    ///
    ///     let connection = playButton.connectInteractions { phase in print(phase) }
    ///     connection.disconnect()
    @discardableResult
    public func connectInteractions(_ handler: @escaping (InteractionPhase) -> Void) -> BehaviourConnection {
        let relay = PhaseRelay(handler)
        let actions = Self.trackingPhases.map { entry in
            (action: UIAction(handler: { [relay] _ in relay.send(entry.phase) }), event: entry.event)
        }
        for entry in actions { addAction(entry.action, for: entry.event) }
        return BehaviourConnection { [weak self] in
            MainActor.assumeIsolated {
                for entry in actions { self?.removeAction(entry.action, for: entry.event) }
            }
        }
    }
}

/// What a control's actions call: the handler of one connection, held on
/// the main actor so that UIKit's actions may refer to it.
@MainActor
final class PhaseRelay {
    private let handler: (InteractionPhase) -> Void

    init(_ handler: @escaping (InteractionPhase) -> Void) {
        self.handler = handler
    }

    func send(_ phase: InteractionPhase) {
        handler(phase)
    }
}
