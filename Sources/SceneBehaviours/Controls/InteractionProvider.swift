/// One phase of a touch that an ``InteractionProvider`` reports.
public enum InteractionPhase: Sendable, Hashable {
    /// A finger went down on the provider.
    case began
    /// The finger lifted: the touch is over.
    case ended
    /// The system took the touch away: the touch is over without completing.
    case cancelled
}

/// Identifies an observer added to one ``InteractionProvider``, so that it
/// can be removed; it means nothing to any other provider.
public struct InteractionObserverID: Sendable, Hashable {
    let rawValue: Int
}

/// Something the user touches, which reports every touch it accepts to its
/// observers.
///
/// Who implements it: every ``View`` (so every control), ``TapGesture`` and
/// ``PanGesture``, and any custom type that registers the
/// `InteractionProvider` conformance in its ``TypeDescription``; an
/// implementer keeps an ``InteractionObservers`` and calls its
/// ``InteractionObservers/report(_:)``.
///
/// Who calls it: behaviours that react to the user's activity, such as a
/// `TimeoutController` (outlet collection `providers: [InteractionProvider]`),
/// which adds one observer to each provider in `awake(in:)` and counts touches
/// across all of them:
///
///     provider.addInteractionObserver { [weak self] phase in
///         self?.interaction(phase)
///     }
///
/// The contract, for each provider: every touch it accepts is reported as
/// one ``InteractionPhase/began`` followed, later or at the same instant, by
/// exactly one ``InteractionPhase/ended`` or ``InteractionPhase/cancelled``.
/// Input it ignores (a hidden view, a disabled control) is not reported at
/// all. An observer added during a touch hears its end without its
/// beginning, so a counter should not go below zero. A provider holds its
/// observers strongly, so an observer that refers to its owner captures it
/// weakly.
public protocol InteractionProvider: AnyObject {
    /// Calls `observer` with each phase the provider reports from now on;
    /// observers run in the order they were added.
    @discardableResult
    func addInteractionObserver(_ observer: @escaping (InteractionPhase) -> Void) -> InteractionObserverID

    /// Stops calling the observer `id`; removing one twice is harmless.
    func removeInteractionObserver(_ id: InteractionObserverID)
}

/// The observers of one ``InteractionProvider``: what an implementer stores
/// and reports through.
///
///     private var observers = InteractionObservers()
///     public func addInteractionObserver(
///         _ observer: @escaping (InteractionPhase) -> Void
///     ) -> InteractionObserverID {
///         observers.add(observer)
///     }
///     public func removeInteractionObserver(_ id: InteractionObserverID) {
///         observers.remove(id)
///     }
public struct InteractionObservers {
    private var entries: [(id: InteractionObserverID, observer: (InteractionPhase) -> Void)] = []
    private var nextID = 0

    /// No observers.
    public init() {}

    /// Whether no observer is registered.
    public var isEmpty: Bool { entries.isEmpty }

    /// How many observers are registered.
    public var count: Int { entries.count }

    /// Adds `observer` after the others and returns its id.
    @discardableResult
    public mutating func add(_ observer: @escaping (InteractionPhase) -> Void) -> InteractionObserverID {
        let id = InteractionObserverID(rawValue: nextID)
        nextID += 1
        entries.append((id, observer))
        return id
    }

    /// Removes the observer `id`, if it is still registered.
    public mutating func remove(_ id: InteractionObserverID) {
        entries.removeAll { $0.id == id }
    }

    /// Calls every observer with `phase`, in the order they were added.
    ///
    /// The observers registered when the report starts are the ones called.
    public func report(_ phase: InteractionPhase) {
        for entry in entries { entry.observer(phase) }
    }
}
