/// A handler connected to a ``SceneEvent``: disconnect it and the event no
/// longer calls it or holds it.
///
///     let connection = control.valueChanged.connect { [weak self] in self?.apply() }
///     connection.disconnect()
///
/// The event holds the connection, so dropping it leaves the handler
/// connected (``SceneEvent/connect(_:)`` is `@discardableResult`).
/// Disconnecting twice, or after the event is gone, does nothing; a
/// handler disconnected while its event is being sent is not called
/// afterwards. Several connections combine into one with
/// ``init(combining:)``.
public final class SceneConnection {
    /// Set once by ``disconnect()``; what a send checks before calling the
    /// handler.
    @usableFromInline internal var isDisconnected = false
    /// The event that holds the handler, until it is gone or disconnected.
    private weak var source: (any SceneConnectionSource)?
    /// The connections a combined connection stands for.
    private var parts: [SceneConnection] = []

    @usableFromInline
    init(source: some SceneConnectionSource) {
        self.source = source
    }

    /// One connection that stands for `connections`: disconnecting it
    /// disconnects them all.
    ///
    ///     return SceneConnection(combining: [
    ///         editingBegan.connect { observer(true) },
    ///         editingEnded.connect { observer(false) },
    ///     ])
    public init(combining connections: [SceneConnection]) {
        parts = connections
    }

    /// Whether the handler may still be called: not disconnected, and its
    /// event still exists (for a combined connection, one of its parts is
    /// connected).
    public var isConnected: Bool {
        !isDisconnected && (source != nil || parts.contains { $0.isConnected })
    }

    /// Stops the handler being called and lets the event release it;
    /// harmless when it is disconnected already or the event is gone.
    public func disconnect() {
        guard !isDisconnected else { return }
        isDisconnected = true
        source?.remove(self)
        source = nil
        for part in parts { part.disconnect() }
        parts = []
    }
}

/// What holds connected handlers: a ``SceneEvent``, of any payload.
@usableFromInline
protocol SceneConnectionSource: AnyObject {
    /// Forgets the handler of `connection`.
    func remove(_ connection: SceneConnection)
}
