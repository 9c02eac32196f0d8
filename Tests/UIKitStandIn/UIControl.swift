/// UIKit's `UIControl`: actions run for its events (UIKit's `addAction(_:for:)`,
/// iOS 14).
///
///     let button = UIControl()
///     button.addAction(UIAction(handler: { _ in print("down") }), for: .touchDown)
///     button.sendActions(for: .touchDown)   // prints "down"
@MainActor
open class UIControl: UIView {
    /// UIKit's `UIControl.Event`, with Apple's raw values.
    ///
    ///     let events: UIControl.Event = [.touchUpInside, .touchUpOutside]
    public struct Event: OptionSet, Sendable {
        /// The events' bits.
        public let rawValue: UInt
        /// The events of `rawValue`.
        ///
        ///     UIControl.Event(rawValue: 1 << 0)
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// A finger went down in the control.
        public static let touchDown = Event(rawValue: 1 << 0)
        /// A finger was dragged out of the control.
        public static let touchDragExit = Event(rawValue: 1 << 5)
        /// A finger lifted inside the control.
        public static let touchUpInside = Event(rawValue: 1 << 6)
        /// A finger lifted outside the control.
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        /// The system cancelled the touch.
        public static let touchCancel = Event(rawValue: 1 << 8)
    }

    private var actions: [(action: UIAction, events: Event)] = []

    /// UIKit's `addAction(_:for:)`: `action` runs for `controlEvents`; an
    /// action added twice for an event runs once.
    ///
    ///     control.addAction(UIAction(handler: { _ in }), for: .touchDown)
    open func addAction(_ action: UIAction, for controlEvents: Event) {
        if let index = actions.firstIndex(where: { $0.action === action }) {
            actions[index].events.formUnion(controlEvents)
        } else {
            actions.append((action, controlEvents))
        }
    }

    /// UIKit's `removeAction(_:for:)`: `action` no longer runs for `controlEvents`.
    ///
    ///     control.removeAction(action, for: .touchDown)
    open func removeAction(_ action: UIAction, for controlEvents: Event) {
        for index in actions.indices.reversed() where actions[index].action === action {
            actions[index].events.subtract(controlEvents)
            if actions[index].events.isEmpty { actions.remove(at: index) }
        }
    }

    /// UIKit's `sendActions(for:)`: runs the actions added for any of
    /// `controlEvents`, in the order they were added. What UIKit's touch
    /// tracking calls; tests call it for a touch.
    ///
    ///     button.sendActions(for: .touchDown)
    open func sendActions(for controlEvents: Event) {
        for entry in actions where !entry.events.isDisjoint(with: controlEvents) {
            entry.action.handler(entry.action)
        }
    }

    /// How many actions are added, for any event. Stand-in only.
    ///
    ///     button.actionCount   // 0 once every connection is disconnected
    public var actionCount: Int { actions.count }
}

/// UIKit's `UIActionHandler`.
///
///     let handler: UIActionHandler = { _ in print("tapped") }
public typealias UIActionHandler = @MainActor @Sendable (UIAction) -> Void

/// UIKit's `UIAction` (iOS 14): a handler a control runs for its events.
///
///     let action = UIAction(handler: { _ in player.play() })
@MainActor
open class UIAction {
    let handler: UIActionHandler

    /// UIKit's `init(title:image:identifier:discoverabilityTitle:attributes:state:handler:)`
    /// with the one parameter the adapters pass (the others have defaults in UIKit).
    ///
    ///     let action = UIAction(handler: { _ in print("tapped") })
    public init(handler: @escaping UIActionHandler) {
        self.handler = handler
    }
}
