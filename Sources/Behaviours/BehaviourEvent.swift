/// An event a behaviour sends, to which an app connects closures and the
/// scene runtime connects a scene's `on:` wiring.
///
///     let controller = TimeoutController(providers: [], timeout: .seconds(3), clock: clock)
///     let connection = controller.timedOut.connect { controls.isHidden = true }
///     connection.disconnect()   // no longer called
///
/// Sending calls the handlers connected when the send starts, in the order
/// they were connected, except those disconnected meanwhile. A handler
/// connected during a send hears only later sends. The event holds its
/// handlers strongly until they are disconnected, so a handler that refers
/// to its owner captures it weakly.
public final class BehaviourEvent<Payload> {
    private struct Entry {
        let connection: BehaviourConnection
        let handler: (Payload) -> Void
    }

    private var entries: [Entry] = []

    /// An event with no handlers.
    ///
    ///     public let timedOut = BehaviourEvent<Void>()
    public init() {}

    /// Calls `handler` with the payload of each send from now on, until the
    /// returned connection is disconnected.
    ///
    ///     let connection = slider.valueChanged.connect { print("now", $0) }
    @discardableResult
    public func connect(_ handler: @escaping (Payload) -> Void) -> BehaviourConnection {
        let connection = BehaviourConnection()
        connection.onDisconnect = { [weak self, unowned connection] in self?.remove(connection) }
        entries.append(Entry(connection: connection, handler: handler))
        return connection
    }

    /// How many handlers are connected.
    ///
    ///     controller.timedOut.connectionCount   // 0 before anyone connects
    public var connectionCount: Int { entries.count }

    /// Calls every connected handler with `payload`.
    ///
    ///     valueChanged.send(0.5)
    public func send(_ payload: Payload) {
        // A copy: a handler that connects or disconnects changes the event's
        // array, not the one walked here.
        let entries = self.entries
        for entry in entries where !entry.connection.isDisconnected {
            entry.handler(payload)
        }
    }

    private func remove(_ connection: BehaviourConnection) {
        entries.removeAll { $0.connection === connection }
    }
}

extension BehaviourEvent where Payload == Void {
    /// Calls every connected handler.
    ///
    ///     timedOut.send()
    public func send() { send(()) }
}

/// A handler's connection to what it observes: a ``BehaviourEvent``, a
/// provider's touches, a property's changes. Disconnecting stops the
/// handler being called and lets go of it.
///
///     let connection = provider.connectInteractions { phase in print(phase) }
///     connection.disconnect()
public final class BehaviourConnection {
    /// Whether ``disconnect()`` was called.
    public private(set) var isDisconnected = false
    fileprivate var onDisconnect: (() -> Void)?

    fileprivate init() {}

    /// A connection that runs `disconnect` once, on the first
    /// ``disconnect()``: how an adapter hands back another system's
    /// connection (a target-action pair, a scene's connection).
    ///
    ///     BehaviourConnection { control.removeTarget(relay, action: nil, for: .allEvents) }
    public init(disconnect: @escaping () -> Void) {
        onDisconnect = disconnect
    }

    /// Stops the handler being called; the second time does nothing.
    ///
    ///     connection.disconnect()
    public func disconnect() {
        guard !isDisconnected else { return }
        isDisconnected = true
        let onDisconnect = self.onDisconnect
        self.onDisconnect = nil
        onDisconnect?()
    }
}
