import Behaviours
import SceneCore

/// One phase of a touch that an ``InteractionProvider`` reports: the
/// portable library's (`Behaviours.InteractionPhase`), so that a headless
/// control and a UIKit one report the same phases.
public typealias InteractionPhase = Behaviours.InteractionPhase

/// Something the user touches, which reports every touch it accepts as an
/// event.
///
/// Who implements it: every ``View`` (so every control), ``TapGesture`` and
/// ``PanGesture``, and any custom type that registers the
/// `InteractionProvider` conformance in its ``TypeDescription``. An
/// implementer stores the event (`public let interaction =
/// SceneEvent<InteractionPhase>()`) and sends each phase through it.
///
/// Who calls it: behaviours that react to the user's activity, such as a
/// `TimeoutController` (outlet collection `providers: [InteractionProvider]`),
/// which connects to each provider's ``interaction`` when its providers are
/// set, counts touches across all of them, and disconnects from the old
/// providers when the list changes:
///
///     let connection = provider.interaction.connect { [weak self] phase in
///         self?.interaction(phase)
///     }
///     ...
///     connection.disconnect()
///
/// The contract, for each provider: every touch it accepts is reported as
/// one ``InteractionPhase/began`` followed, later or at the same instant, by
/// exactly one ``InteractionPhase/ended`` or ``InteractionPhase/cancelled``.
/// Input it ignores (a hidden view, a disabled control) is not reported at
/// all. A handler connected during a touch hears its end without its
/// beginning, so a counter should not go below zero. The event holds its
/// handlers strongly until they are disconnected, so a handler that refers
/// to its owner captures it weakly. It is not a scene event: scenes wire
/// the types' own events (`tap`, `touchDown`...).
public protocol InteractionProvider: InteractionProviding {
    /// Sent with each phase of every touch the provider accepts, to the
    /// handlers connected at the time, in the order they were connected.
    var interaction: SceneEvent<InteractionPhase> { get }
}

extension InteractionProvider {
    /// Connects `handler` to ``interaction``: how a headless control is
    /// one of the portable behaviours' providers (a `TimeoutController`'s).
    ///
    ///     let connection = button.connectInteractions { phase in print(phase) }
    @discardableResult
    public func connectInteractions(_ handler: @escaping (InteractionPhase) -> Void) -> BehaviourConnection {
        let connection = interaction.connect(handler)
        return BehaviourConnection { connection.disconnect() }
    }
}
