/// An event a scene object sends, to which scenes connect actions and Swift
/// code connects closures.
///
/// Store one per event as a `let` of the object and describe it with
/// ``TypeBuilder/event(_:_:doc:)``:
///
///     public final class Button {
///         public let tap = SceneEvent<Void>()
///         func didEndTouch() { tap.send() }
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
/// nothing. An event is one small object: a type that scenes declare by the
/// thousand stores its events as `public private(set) lazy var`, so that
/// one nobody connects to or sends is never made (the built-in controls do).
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

    /// The first connection, kept in the object itself: most events have
    /// one handler, which then costs no array. `nil` only when there is
    /// no connection at all.
    @usableFromInline var first: Entry?
    /// The connections after the first, in connection order.
    @usableFromInline var rest: ContiguousArray<Entry> = []

    /// An event with no handlers.
    @inlinable
    public init() {}

    /// Calls `handler` with the payload of each send from now on, after the
    /// handlers connected before it, until the returned connection is
    /// disconnected.
    @inlinable @discardableResult
    public func connect(_ handler: @escaping (Payload) -> Void) -> SceneConnection {
        let connection = SceneConnection(source: self)
        add(Entry(connection: connection, handler: handler))
        return connection
    }

    /// Calls `handler` with the payload of each send for as long as the
    /// event exists: what a scene's `on:` wiring does, which nothing
    /// disconnects, without making a connection to hand back.
    @inlinable
    func connectForLife(_ handler: @escaping (Payload) -> Void) {
        add(Entry(connection: nil, handler: handler))
    }

    @inlinable
    func add(_ entry: Entry) {
        if first == nil {
            first = entry
        } else {
            rest.append(entry)
        }
    }

    /// How many handlers are connected.
    public var connectionCount: Int { (first == nil ? 0 : 1) + rest.count }

    /// Calls every handler with `payload`.
    ///
    /// The handlers are those connected when the send starts: one connected
    /// by a handler hears only later sends, and one disconnected by a
    /// handler is not called afterwards.
    ///
    /// A handler may send the event again (the nested send reaches every
    /// handler before the outer one goes on), but a send nested deeper than
    /// ``EventDelivery`` allows calls no handler: ``EventDelivery`` records
    /// it, and the runner stops the run with an error at the step.
    @inlinable
    public func send(_ payload: Payload) {
        guard let first else { return }
        let delivery = EventDelivery.state()
        guard delivery.pointee.admitsSend else {
            EventDelivery.refuse(delivery)
            return
        }
        guard EventDelivery.admitsAnotherDelivery(delivery) else { return }
        delivery.pointee.depth += 1
        defer { delivery.pointee.depth -= 1 }
        // Taken before any handler runs: a copy of the array shares its
        // storage, so a handler that connects or disconnects one changes
        // the event's array, not what is walked here.
        let rest = self.rest
        if first.connection?.isDisconnected != true { first.handler(payload) }
        for entry in rest where entry.connection?.isDisconnected != true {
            // After a runaway under supervision, the rest of the handlers are skipped too.
            guard !delivery.pointee.isHalted else { return }
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
        if first?.connection === connection {
            first = rest.isEmpty ? nil : rest.removeFirst()
        } else if let index = rest.firstIndex(where: { $0.connection === connection }) {
            rest.remove(at: index)
        }
    }
}
