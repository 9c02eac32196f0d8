import Observation

/// An object whose ``Reported`` properties report every change: to
/// Observation (so SwiftUI and `withObservationTracking` follow them) and,
/// after the new value is stored, to the listeners of its
/// ``changeReports`` (how the scene runtime's transcript and invariants
/// hear them).
///
/// Conform, store the reports, and mark each observable property
/// `@Reported`: the property is declared once, and no code of the type
/// names it again to report it.
///
///     public final class Counter: ReportsChanges {
///         public let changeReports = ChangeReports()
///         @Reported public var count = 0
///         public init() {}
///     }
///     let counter = Counter()
///     let listening = counter.changeReports.listen { key, _ in print(key == \Counter.count) }
///     counter.count = 1    // prints true
///     counter.count = 1    // the same value: no report
public protocol ReportsChanges: AnyObject, Observable {
    /// Where the object's changes are reported; store it as
    /// `public let changeReports = ChangeReports()`.
    var changeReports: ChangeReports { get }
}

/// The listeners of one object's changes, and its Observation registrar
/// (see ``ReportsChanges``).
public final class ChangeReports {
    /// What a report says of a property.
    public enum Kind: Sendable, Hashable {
        /// It changed: its new value differs from the old one.
        case changed
        /// It is worked out from others that changed, so it may have.
        case mayHaveChanged
    }

    /// The Observation registrar of the object that stores these reports.
    public let registrar = ObservationRegistrar()

    private var listeners: [(connection: BehaviourConnection, handler: (AnyKeyPath, Kind) -> Void)] = []

    /// Something the scene runtime keeps beside the reports (its own
    /// observers of the object); `nil` until it does.
    public var attachment: AnyObject?

    /// Reports with no listeners.
    ///
    ///     public let changeReports = ChangeReports()
    public init() {}

    /// Calls `handler` with the key path of each property reported from now
    /// on, after its new value is stored, until the connection is
    /// disconnected.
    ///
    ///     let connection = controller.changeReports.listen { key, kind in print(key, kind) }
    @discardableResult
    public func listen(_ handler: @escaping (AnyKeyPath, Kind) -> Void) -> BehaviourConnection {
        let connection = BehaviourConnection { [weak self] in self?.removeDisconnected() }
        listeners.append((connection, handler))
        return connection
    }

    /// How many listeners are connected.
    ///
    ///     controller.changeReports.listenerCount   // 0 until someone listens
    public var listenerCount: Int { listeners.count }

    /// Tells the listeners that the property at `key` changed: what
    /// ``Reported`` does after each change. One test of an empty list when
    /// nobody listens.
    ///
    ///     changeReports.report(\Counter.count)
    public func report(_ key: AnyKeyPath, _ kind: Kind = .changed) {
        guard !listeners.isEmpty else { return }
        let listeners = self.listeners
        for listener in listeners where !listener.connection.isDisconnected {
            listener.handler(key, kind)
        }
    }

    private func removeDisconnected() {
        listeners.removeAll { $0.connection.isDisconnected }
    }
}

/// A property of a ``ReportsChanges`` object that reports each change:
/// Observation hears the access and the mutation, and the object's
/// ``ChangeReports`` hear the key path after the new value is stored, when
/// it differs from the old one (NaN to NaN is no change).
///
///     @Reported public var timeout: Duration = .seconds(5) {
///         didSet { if isPending { restart() } }   // observers still run, after the report
///     }
///
/// It works on classes only: the report needs the object, which the
/// property reaches through Swift's enclosing-instance subscript.
@propertyWrapper
public struct Reported<Value: Equatable> {
    @usableFromInline var value: Value

    /// A property whose first value is `wrappedValue`.
    ///
    ///     @Reported public var count = 0
    public init(wrappedValue: Value) {
        value = wrappedValue
    }

    /// Unavailable: a reported property belongs to a class that reports
    /// changes.
    @available(*, unavailable, message: "@Reported is for properties of a class that conforms to ReportsChanges")
    public var wrappedValue: Value {
        get { value }
        set { value = newValue }
    }

    /// Reads and writes the property of `object`, reporting each change.
    public static subscript<Object: ReportsChanges>(
        _enclosingInstance object: Object,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Object, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Object, Reported<Value>>
    ) -> Value {
        get {
            object.changeReports.registrar.access(object, keyPath: wrappedKeyPath)
            return object[keyPath: storageKeyPath].value
        }
        set {
            let old = object[keyPath: storageKeyPath].value
            guard Reported.differ(old, newValue) else {
                object[keyPath: storageKeyPath].value = newValue
                return
            }
            let reports = object.changeReports
            reports.registrar.withMutation(of: object, keyPath: wrappedKeyPath) {
                object[keyPath: storageKeyPath].value = newValue
            }
            reports.report(wrappedKeyPath)
        }
    }

    /// Whether two values differ: `!=`, except that NaN to NaN is the
    /// same (a number that is not a number stays so).
    @usableFromInline
    static func differ(_ old: Value, _ new: Value) -> Bool {
        // Only a value unequal to itself (a NaN) is unequal to the same value.
        old != new && (old == old || new == new)
    }
}
