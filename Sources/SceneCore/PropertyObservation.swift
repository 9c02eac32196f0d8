/// An object that tells observers when its declared properties change,
/// whoever changes them: a scene's `set:`, an action, a timer, or Swift code.
///
/// Conform, store the observers, and tell them in each declared
/// property's `didSet`, naming the property by its key path (checked by
/// the compiler; the name scenes use is written once, in the
/// registration):
///
///     open class Label: View {                    // View stores `propertyObservers`
///         public final var text = "" {
///             didSet { propertyDidChange(\.text, from: oldValue, to: text) }
///         }
///     }
///     type.property("text", \.text, changeEvent: true, doc: "The text shown.")
///
/// A property registered with a key path on such an object promises to
/// report every change: the run's recorder reads it only after a report
/// (see ``TypeBuilder``). A read-only property worked out from others
/// reports with ``propertyMayHaveChanged(_:)`` when what it depends on
/// changed.
///
/// Swift code observes with ``observe(_:_:)`` and keeps the connection:
///
///     connection = field.observe(\.text) { [weak self] text in self?.count = text.count }
///     connection.disconnect()
///
/// Nothing is made until the first observer.
/// ``propertyDidChange(_:from:to:)`` tests `propertyObservers` before
/// comparing with `oldValue` (and takes NaN to NaN for no change): while nobody observes, a
/// change then costs one `nil` check. Changes are delivered like events, through
/// ``EventDelivery``: an observer that changes what it observes, round and
/// round, stops the run with an error instead of overflowing the stack.
public protocol PropertyNotifying: AnyObject {
    /// The object's observers; `nil` until the first one. Store it as
    /// `public final var propertyObservers: PropertyObservers?` and leave
    /// it to ``observe(_:_:)``.
    var propertyObservers: PropertyObservers? { get set }
}

/// The observers of one object's properties (see ``PropertyNotifying``).
public final class PropertyObservers {
    /// Sent with the key path of each property that changed.
    @usableFromInline let changed = SceneEvent<AnyKeyPath>()
    /// Told of each change before ``changed`` is sent, outside
    /// ``EventDelivery`` (see ``PropertyNotifying/watchAll(_:)``); `nil`
    /// until the first watcher.
    var watchers: ObserverList<AnyKeyPath>?
    /// Told when a property starts or stops following the clock; `nil`
    /// until the first watcher.
    var clockWatchers: ObserverList<(key: AnyKeyPath, follows: Bool)>?
    /// The properties that change with the scene's clock now (see
    /// ``PropertyNotifying/propertyFollowsClock(_:_:)``).
    package private(set) var keysFollowingClock: [AnyKeyPath] = []

    /// No observers.
    public init() {}

    /// Tells the watchers, then the observers, that the property at `key` changed.
    @usableFromInline
    func didChange(_ key: AnyKeyPath) {
        if let watchers { watchers.send(key) }
        changed.send(key)
    }

    /// Tells the watchers, and only them, that the property at `key` may
    /// have changed (see ``PropertyNotifying/propertyMayHaveChanged(_:)``).
    @usableFromInline
    func mayHaveChanged(_ key: AnyKeyPath) {
        watchers?.send(key)
    }

    /// Notes that the property at `key` follows the clock, or no longer
    /// does, and tells the watchers when that is news.
    func setFollowsClock(_ key: AnyKeyPath, _ follows: Bool) {
        let index = keysFollowingClock.firstIndex(of: key)
        guard follows != (index != nil) else { return }
        if let index { keysFollowingClock.remove(at: index) } else { keysFollowingClock.append(key) }
        clockWatchers?.send((key, follows))
    }

    /// How many observers are connected, all properties together.
    public var changedConnectionCount: Int { changed.connectionCount }
}

extension PropertyNotifying {
    /// Tells the observers of the property at `key` that it changed; one
    /// `nil` check when nobody observes.
    ///
    ///     propertyDidChange(\.value)
    @inlinable
    public func propertyDidChange<Value>(_ key: KeyPath<Self, Value>) {
        propertyObservers?.didChange(key)
    }

    /// Tells the observers of the property at `key` that it changed, when
    /// someone observes and `newValue` differs from `oldValue`: what a
    /// declared property's `didSet` calls, `nil` check first.
    ///
    ///     public final var title = "" { didSet { propertyDidChange(\.title, from: oldValue, to: title) } }
    @inlinable
    public func propertyDidChange<Value: Equatable>(
        _ key: KeyPath<Self, Value>, from oldValue: Value, to newValue: Value
    ) {
        if let observers = propertyObservers, oldValue != newValue { observers.didChange(key) }
    }

    /// Tells the observers of the property at `key` that it changed, when
    /// someone observes and `newValue` differs from `oldValue`; NaN to NaN
    /// is no change.
    @inlinable
    public func propertyDidChange(_ key: KeyPath<Self, Double>, from oldValue: Double, to newValue: Double) {
        if let observers = propertyObservers, oldValue != newValue, !(oldValue.isNaN && newValue.isNaN) {
            observers.didChange(key)
        }
    }

    /// Calls `handler` with the new value after each change of the
    /// property at `keyPath`, until the returned connection is disconnected.
    ///
    ///     field.observe(\.text) { print("now", $0) }
    @discardableResult
    public func observe<Value>(_ keyPath: KeyPath<Self, Value>, _ handler: @escaping (Value) -> Void)
        -> SceneConnection
    {
        observe(key: keyPath) { [weak self] in
            if let self { handler(self[keyPath: keyPath]) }
        }
    }

    /// Calls `handler` after each change of the property whose key path
    /// is `key` (what a change event connects).
    @discardableResult
    package func observe(key: AnyKeyPath, _ handler: @escaping () -> Void) -> SceneConnection {
        observers.changed.connect { changed in
            if changed == key { handler() }
        }
    }

    /// Calls `handler` with the key path of every property that changes,
    /// until the returned connection is disconnected: one handler for a
    /// whole object (a view of it that redraws on any change, say).
    @discardableResult
    public func observeAll(_ handler: @escaping (AnyKeyPath) -> Void) -> SceneConnection {
        observers.changed.connect(handler)
    }

    /// Calls `handler` with the key path of every property that changes,
    /// or may have changed, before the observers connected with
    /// ``observeAll(_:)`` hear it and outside ``EventDelivery``: a watcher
    /// is not the scene's wiring, so it counts against no event limit and
    /// is heard even after a runaway stopped the deliveries. What a run's
    /// recorder uses to learn which properties to read.
    /// `clock` hears each property that starts (`true`) or stops following
    /// the clock (``propertyFollowsClock(_:_:)``); those that follow it
    /// when the watch begins are ``PropertyObservers/keysFollowingClock``.
    package func watchAll(
        _ handler: @escaping (AnyKeyPath) -> Void, clock: @escaping (AnyKeyPath, Bool) -> Void
    ) -> [SceneConnection] {
        let observers = self.observers
        let watchers = observers.watchers ?? ObserverList<AnyKeyPath>()
        observers.watchers = watchers
        let clockWatchers = observers.clockWatchers ?? ObserverList<(key: AnyKeyPath, follows: Bool)>()
        observers.clockWatchers = clockWatchers
        return [watchers.connect(handler), clockWatchers.connect { clock($0.key, $0.follows) }]
    }

    /// Calls `handler` with the key path of every property that changes, or
    /// may have changed, outside ``EventDelivery`` as ``watchAll(_:clock:)``:
    /// how an object follows another's properties without being a scene's
    /// wiring (a table view, its data's sections).
    package func watchChanges(_ handler: @escaping (AnyKeyPath) -> Void) -> SceneConnection {
        let observers = self.observers
        let watchers = observers.watchers ?? ObserverList<AnyKeyPath>()
        observers.watchers = watchers
        return watchers.connect(handler)
    }

    /// Says that the read-only property at `key` changes with the scene's
    /// clock from now on (`follows`: a player's `currentTime` while it
    /// plays), or no longer does: while it follows the clock, a run's
    /// recorder reads it at every look, and only then. The object says it
    /// when it starts and stops; what the property depends on otherwise
    /// it reports as usual.
    public func propertyFollowsClock<Value>(_ key: KeyPath<Self, Value>, _ follows: Bool) {
        if !follows && propertyObservers == nil { return }
        observers.setFollowsClock(key, follows)
    }

    /// Tells the watchers (a run's recorder), and only them, that the
    /// read-only property at `key` may have changed: what a property worked
    /// out from others (a view's `visible`) says when what it depends on
    /// changed, without working itself out again. It has no change event.
    @inlinable
    public func propertyMayHaveChanged<Value>(_ key: KeyPath<Self, Value>) {
        propertyObservers?.mayHaveChanged(key)
    }

    private var observers: PropertyObservers {
        if let propertyObservers { return propertyObservers }
        let made = PropertyObservers()
        propertyObservers = made
        return made
    }
}
