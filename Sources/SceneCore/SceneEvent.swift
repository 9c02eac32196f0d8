/// An event a scene object sends, to which scenes connect actions and Swift
/// code connects closures.
///
/// Store one per event as a `var` of the object and describe it with
/// ``TypeBuilder/event(_:_:doc:)``:
///
///     public final class Button {
///         public var tap = SceneEvent<Void>()
///         func touchUpInside() { tap.send() }
///     }
///     button.tap.connect { print("tapped") }
///
/// An event without handlers costs one empty array.
public struct SceneEvent<Payload> {
    @usableFromInline var handlers: [(Payload) -> Void] = []

    /// An event with no handlers.
    @inlinable
    public init() {}

    /// Adds a handler; handlers run in the order they were connected.
    @inlinable
    public mutating func connect(_ handler: @escaping (Payload) -> Void) {
        handlers.append(handler)
    }

    /// Whether any handler is connected.
    public var isConnected: Bool { !handlers.isEmpty }

    /// Calls every handler with `payload`.
    @inlinable
    public func send(_ payload: Payload) {
        for handler in handlers { handler(payload) }
    }
}

extension SceneEvent where Payload == Void {
    /// Calls every handler.
    public func send() { send(()) }
}
