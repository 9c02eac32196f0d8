/// The observers of one kind of report that the runtime makes (a timer
/// fired, an action was ignored, an object failed), each connected until
/// its ``SceneConnection`` is disconnected.
///
/// Unlike a ``SceneEvent``, a report is not a scene's wiring: it passes
/// outside ``EventDelivery``, so listening never counts against a run's
/// event limits nor changes what the scene does. Observers hear each
/// report in the order they connected; one connected while a report is
/// being told hears only later ones, and one disconnected meanwhile is
/// not called afterwards.
package final class ObserverList<Report> {
    private var entries: ContiguousArray<(connection: SceneConnection, handler: (Report) -> Void)> = []

    package init() {}

    /// Whether no observer is connected.
    package var isEmpty: Bool { entries.isEmpty }

    /// How many observers are connected.
    package var count: Int { entries.count }

    /// Calls `handler` with each report from now on, until the returned
    /// connection is disconnected.
    package func connect(_ handler: @escaping (Report) -> Void) -> SceneConnection {
        let connection = SceneConnection(source: self)
        entries.append((connection, handler))
        return connection
    }

    /// Tells every observer connected now.
    package func send(_ report: Report) {
        // Once every observer disconnected, a report costs this test.
        guard !entries.isEmpty else { return }
        // A copy shares the storage: a handler that connects or disconnects
        // one changes the list, not what is walked here.
        let current = entries
        for entry in current where !entry.connection.isDisconnected {
            entry.handler(report)
        }
    }
}

extension ObserverList: SceneConnectionSource {
    // A connection disconnects through its source as a protocol, which
    // reaches this unspecialized: specialized for the reports a run's
    // recorder and watch listen to, it looks up no generic metadata.
    @_specialize(where Report == AnyKeyPath)
    @_specialize(where Report == (key: AnyKeyPath, follows: Bool))
    @_specialize(where Report == VirtualScheduler.Firing)
    @_specialize(where Report == Scene.Failure)
    @_specialize(where Report == Scene.IgnoredAction)
    package func remove(_ connection: SceneConnection) {
        if let index = entries.firstIndex(where: { $0.connection === connection }) {
            entries.remove(at: index)
        }
    }
}
