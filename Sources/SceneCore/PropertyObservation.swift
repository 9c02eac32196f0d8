/// An object that tells observers when its declared properties change,
/// whoever changes them: a scene's `set:`, an action, or Swift code.
///
/// Conform, store the observers, and tell them in each observable
/// property's `didSet`; then declare the property's change event with
/// ``TypeBuilder/changeEvent(of:)`` so that scenes can wire it
/// (`on: { textChanged: counter.count }`):
///
///     open class Label: View {                    // View stores `propertyObservers`
///         public final var text = "" {
///             didSet { propertyDidChange("text", from: oldValue, to: text) }
///         }
///     }
///
/// Swift code observes with ``observe(_:_:)`` and keeps the connection:
///
///     connection = field.observe(\.text, named: "text") { [weak self] text in self?.count = text.count }
///     connection.disconnect()
///
/// Nothing is made until the first observer.
/// ``propertyDidChange(_:from:to:)`` tests `propertyObservers` before
/// comparing with `oldValue` (and takes NaN to NaN for no change): while nobody observes, a
/// change then costs one `nil` check (a `String` set measured 9-12 ns
/// either way, against 37 ns when the values are compared first). Changes are delivered like events, through
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
    /// Sent with the scene name of each property that changed.
    @usableFromInline let changed = SceneEvent<String>()
    /// Told of each change before ``changed`` is sent, outside
    /// ``EventDelivery`` (see ``PropertyNotifying/watchAll(_:)``); `nil`
    /// until the first watcher.
    var watchers: ObserverList<String>?

    /// No observers.
    public init() {}

    /// Tells the watchers, then the observers, that `name` changed.
    @usableFromInline
    func didChange(_ name: String) {
        if let watchers { watchers.send(name) }
        changed.send(name)
    }

    /// How many observers are connected, all properties together.
    public var changedConnectionCount: Int { changed.connectionCount }
}

extension PropertyNotifying {
    /// Tells the observers of `name` (its name in scenes) that it changed;
    /// one `nil` check when nobody observes.
    @inlinable
    public func propertyDidChange(_ name: String) {
        propertyObservers?.didChange(name)
    }

    /// Tells the observers of `name` that it changed, when someone observes
    /// and `newValue` differs from `oldValue`: what an observable
    /// property's `didSet` calls, `nil` check first.
    ///
    ///     public final var title = "" { didSet { propertyDidChange("title", from: oldValue, to: title) } }
    @inlinable
    public func propertyDidChange<Value: Equatable>(_ name: String, from oldValue: Value, to newValue: Value) {
        if let observers = propertyObservers, oldValue != newValue { observers.didChange(name) }
    }

    /// Tells the observers of `name` that it changed, when someone observes
    /// and `newValue` differs from `oldValue`; NaN to NaN is no change.
    @inlinable
    public func propertyDidChange(_ name: String, from oldValue: Double, to newValue: Double) {
        if let observers = propertyObservers, oldValue != newValue, !(oldValue.isNaN && newValue.isNaN) {
            observers.didChange(name)
        }
    }

    /// Calls `handler` after each change of the property called `name` in
    /// scenes, until the returned connection is disconnected.
    @discardableResult
    public func observe(_ name: String, _ handler: @escaping () -> Void) -> SceneConnection {
        observers.changed.connect { changed in
            if changed == name { handler() }
        }
    }

    /// Calls `handler` with the new value after each change of the
    /// property called `name` in scenes, read at `keyPath`.
    ///
    ///     field.observe(\.text, named: "text") { print("now", $0) }
    @discardableResult
    public func observe<Value>(
        _ keyPath: KeyPath<Self, Value>, named name: String, _ handler: @escaping (Value) -> Void
    ) -> SceneConnection {
        observe(name) { [weak self] in
            if let self { handler(self[keyPath: keyPath]) }
        }
    }

    /// Calls `handler` with the name of every property that changes, until
    /// the returned connection is disconnected: one handler for a whole
    /// object (a view of it that redraws on any change, say).
    @discardableResult
    public func observeAll(_ handler: @escaping (String) -> Void) -> SceneConnection {
        observers.changed.connect(handler)
    }

    /// Calls `handler` with the name of every property that changes, before
    /// the observers connected with ``observeAll(_:)`` hear it and outside
    /// ``EventDelivery``: a watcher is not the scene's wiring, so it counts
    /// against no event limit and is heard even after a runaway stopped
    /// the deliveries. What a run's recorder uses to learn which
    /// properties to read.
    @discardableResult
    package func watchAll(_ handler: @escaping (String) -> Void) -> SceneConnection {
        let observers = self.observers
        if let watchers = observers.watchers { return watchers.connect(handler) }
        let made = ObserverList<String>()
        observers.watchers = made
        return made.connect(handler)
    }

    /// Tells the watchers (``watchAll(_:)``), and only them, that the
    /// property `name` may have changed: what a read-only property worked
    /// out from others, with no change event, says when what it depends
    /// on changed (see ``DerivedPropertiesTelling``).
    package func propertyMayHaveChanged(_ name: String) {
        propertyObservers?.watchers?.send(name)
    }

    private var observers: PropertyObservers {
        if let propertyObservers { return propertyObservers }
        let made = PropertyObservers()
        propertyObservers = made
        return made
    }
}

/// An object with read-only properties worked out from others (a view's
/// `visible`, from its and its ancestors' `hidden` and `alpha`) that have
/// no change event but say when they may have changed, with
/// ``PropertyNotifying/propertyMayHaveChanged(_:)``: a run's recorder
/// then reads them only after such a word, not at every look.
package protocol DerivedPropertiesTelling: PropertyNotifying {
    /// The scene names of the properties that say when they may have changed.
    static var propertiesTellingChanges: [String] { get }
}
