/// An event a scene object sends, to which scenes connect actions and Swift
/// code connects closures.
///
/// Store one per event as a `let` of the object and describe it with
/// ``TypeBuilder/event(_:_:doc:)``:
///
///     public final class Button {
///         public let tap = SceneEvent<Void>()
///         func touchUpInside() { tap.send() }
///     }
///     let connection = button.tap.connect { print("tapped") }
///     connection.disconnect()   // no longer called
///
/// A behaviour that connects to the events of an outlet's target keeps the
/// ``SceneConnection``s and disconnects them when the outlet changes, so
/// that the old target no longer reaches it and holds nothing of it.
///
/// Sending calls the handlers connected when it starts, in the order they
/// were connected, except those disconnected meanwhile; it allocates
/// nothing. An event without handlers costs one small object.
public final class SceneEvent<Payload> {
    /// One connected handler; `connection` is `nil` for one connected for
    /// the event's whole life (a scene's `on:` wiring).
    @usableFromInline
    struct Entry {
        @usableFromInline let connection: SceneConnection?
        @usableFromInline let handler: (Payload) -> Void

        @usableFromInline
        init(connection: SceneConnection?, handler: @escaping (Payload) -> Void) {
            self.connection = connection
            self.handler = handler
        }
    }

    /// The current connections, in connection order.
    @usableFromInline var entries: ContiguousArray<Entry> = []

    /// An event with no handlers.
    @inlinable
    public init() {}

    /// Calls `handler` with the payload of each send from now on, after the
    /// handlers connected before it, until the returned connection is
    /// disconnected.
    @inlinable @discardableResult
    public func connect(_ handler: @escaping (Payload) -> Void) -> SceneConnection {
        let connection = SceneConnection(source: self)
        entries.append(Entry(connection: connection, handler: handler))
        return connection
    }

    /// Calls `handler` with the payload of each send for as long as the
    /// event exists: what a scene's `on:` wiring does, which nothing
    /// disconnects, without making a connection to hand back.
    @inlinable
    func connectForLife(_ handler: @escaping (Payload) -> Void) {
        entries.append(Entry(connection: nil, handler: handler))
    }

    /// How many handlers are connected.
    public var connectionCount: Int { entries.count }

    /// Calls every handler with `payload`.
    ///
    /// The handlers are those connected when the send starts: one connected
    /// by a handler hears only later sends, and one disconnected by a
    /// handler is not called afterwards.
    @inlinable
    public func send(_ payload: Payload) {
        // A copy of the array shares its storage: a disconnection during the
        // loop copies the storage instead of changing what is walked here.
        let entries = self.entries
        for entry in entries where entry.connection?.isDisconnected != true {
            entry.handler(payload)
        }
    }
}

extension SceneEvent where Payload == Void {
    /// Calls every handler.
    @inlinable
    public func send() { send(()) }
}

extension SceneEvent: SceneConnectionSource {
    @usableFromInline
    func remove(_ connection: SceneConnection) {
        guard let index = entries.firstIndex(where: { $0.connection === connection }) else { return }
        entries.remove(at: index)
    }
}
