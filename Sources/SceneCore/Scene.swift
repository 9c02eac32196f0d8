/// A loaded scene: it owns every object it declares, in declaration order.
///
/// Outlets between objects are weak, so releasing the scene frees the
/// whole graph. The scene also owns the ``VirtualScheduler`` that is the
/// only clock of its behaviours: they take it in `awake(in:)`.
public final class Scene {
    /// One declared object.
    public struct Entry {
        /// Its id in the scene file.
        public let id: String
        /// Its registered type.
        public let type: TypeDescription
        /// The object, owned by the scene.
        public let object: any SceneObject

        /// Creates an entry.
        package init(id: String, type: TypeDescription, object: any SceneObject) {
            self.id = id
            self.type = type
            self.object = object
        }
    }

    /// The `scene:` title, if any.
    public let title: String?
    /// The `description:`, if any.
    public let description: String?
    /// The size of the canvas the scene's views are drawn on, as its
    /// `canvas:` key declares it; `nil` for the default (a phone in portrait).
    package var canvas: Size?
    /// The device the `canvas:` key names (`canvas: iPhone 15`), whose
    /// size ``canvas`` then is: its safe area insets a root stack, and
    /// `render` draws its status bar and home indicator; `nil` for a
    /// canvas given as a size, or none.
    package var device: Device?
    /// The folder of the file the scene was loaded from (`.` for a file
    /// named without one), where an `ImageView` finds its image files;
    /// `nil` for a scene that was not read from a file.
    package var sourceDirectory: String?
    /// Every object, in declaration order.
    public let entries: [Entry]
    /// The scene's clock and timers, shared by all its behaviours.
    public let scheduler: VirtualScheduler
    /// The folder where behaviours keep state between runs (a relative
    /// store path resolves in it); `nil` when the run keeps nothing, in
    /// which case such a behaviour uses a fresh temporary folder of its own.
    public let stateDirectory: String?
    /// What went wrong while objects woke (a store that could not be
    /// opened, say), in the order reported; the loader turns these into
    /// diagnostics and does not hand out the scene.
    public private(set) var failures: [Failure] = []
    /// The index of each entry by id: the loader's, or made on the first
    /// look-up by id.
    private var idTable: ObjectIDTable?
    private var idByObject: [ObjectIdentifier: String]?
    /// Values the scene's objects share, by the type that asked (see ``shared(by:make:)``).
    private var sharedValues: [ObjectIdentifier: AnyObject] = [:]

    /// Creates a scene owning `entries`, whose ids must be unique.
    /// `scheduler` defaults to a new virtual clock at time zero;
    /// `stateDirectory` is where behaviours keep state between runs.
    package init(
        title: String?, summary: String?, entries: [Entry],
        scheduler: VirtualScheduler = VirtualScheduler(), stateDirectory: String? = nil
    ) {
        self.title = title
        self.description = summary
        self.entries = entries
        self.scheduler = scheduler
        self.stateDirectory = stateDirectory
        for entry in entries { (entry.object as? any SceneJoining)?.join(self) }
    }

    /// An object shared by every object of one type in this scene: `make`
    /// runs the first time `type` asks, and later calls return its result.
    /// It keeps work that concerns the whole scene (such as finding its
    /// first text field) to once per scene instead of once per object.
    ///
    ///     let coordinator = scene.shared(by: TextField.self) { FocusCoordinator() }
    public func shared<Value: AnyObject>(by type: Any.Type, make: () -> Value) -> Value {
        let key = ObjectIdentifier(type)
        if let value = sharedValues[key] as? Value { return value }
        let value = make()
        sharedValues[key] = value
        return value
    }

    /// Something an object could not do while waking, such as opening its
    /// file: the message names what failed (the file, say).
    public struct Failure: Equatable, Sendable {
        /// The id of the object that failed, when it is one of the scene's.
        public let objectID: String?
        /// What went wrong, as a sentence.
        public let message: String
    }

    /// Records that `object` failed: while waking (from `awake`), the load
    /// fails with `message`, positioned at the object; later, while the
    /// scene runs (a save that did not happen), the observers connected
    /// with ``observeFailures(_:)`` hear it (the runner shows it in the
    /// transcript and the run fails), or, when nothing listens, it is kept
    /// in ``failures``.
    public func reportFailure(of object: AnyObject, _ message: String) {
        let failure = Failure(objectID: id(of: object), message: message)
        if let failureObservers, !failureObservers.isEmpty {
            failureObservers.send(failure)
        } else {
            failures.append(failure)
        }
    }

    /// Calls `handler` with each failure reported while the scene runs
    /// (see ``reportFailure(of:_:)``), until the returned connection is
    /// disconnected. Several observers may listen, each hearing every
    /// failure in the order they connected; while one listens, failures
    /// are no longer kept in ``failures``.
    ///
    ///     let connection = scene.observeFailures { print("failed:", $0.message) }
    @discardableResult
    public func observeFailures(_ handler: @escaping (Failure) -> Void) -> SceneConnection {
        if let failureObservers { return failureObservers.connect(handler) }
        let made = ObserverList<Failure>()
        failureObservers = made
        return made.connect(handler)
    }

    private var failureObservers: ObserverList<Failure>?

    /// An action connected with `on:` that its object ignored: the object's
    /// index in ``entries``, the action, and why.
    public struct IgnoredAction {
        /// The index in ``entries`` of the object that ignored it.
        public let objectIndex: Int
        /// The action.
        public let action: ActionDescription
        /// Why, completing "ignored because ...".
        public let reason: String
    }

    /// Calls `handler` with each action that an event called through `on:`
    /// and that its object ignored (``ActionOutcome/ignored(because:)``),
    /// until the returned connection is disconnected. Several observers
    /// may listen, each hearing every one in the order they connected.
    ///
    ///     let connection = scene.observeIgnoredActions { print($0.action.name, "ignored:", $0.reason) }
    @discardableResult
    public func observeIgnoredActions(_ handler: @escaping (IgnoredAction) -> Void) -> SceneConnection {
        if let ignoredActionObservers { return ignoredActionObservers.connect(handler) }
        let made = ObserverList<IgnoredAction>()
        ignoredActionObservers = made
        return made.connect(handler)
    }

    private var ignoredActionObservers: ObserverList<IgnoredAction>?

    /// Tells the observers of ignored actions, if anyone listens; the loader's wiring calls it.
    package func reportIgnoredAction(_ action: ActionDescription, of objectIndex: Int, because reason: String) {
        ignoredActionObservers?.send(IgnoredAction(objectIndex: objectIndex, action: action, reason: reason))
    }

    /// The entry declared as `id`.
    package func entry(_ id: String) -> Entry? {
        if idTable == nil { idTable = ObjectIDTable(entries.lazy.map(\.id)) }
        return idTable?[id].map { entries[$0] }
    }

    /// Takes the loader's map of ids, which holds the index of each entry.
    package func adoptIDs(_ table: ObjectIDTable) {
        if table.count == entries.count { idTable = table }
    }

    /// The object declared as `id`.
    public func object(_ id: String) -> (any SceneObject)? {
        entry(id)?.object
    }

    /// The object declared as `id`, if it is a `T`.
    public func object<T>(_ id: String, as type: T.Type) -> T? {
        entry(id)?.object as? T
    }

    /// The id of `object` in this scene.
    package func id(of object: AnyObject) -> String? {
        if idByObject == nil {
            var map = [ObjectIdentifier: String](minimumCapacity: entries.count)
            for entry in entries { map[ObjectIdentifier(entry.object)] = entry.id }
            idByObject = map
        }
        return idByObject?[ObjectIdentifier(object)]
    }

    /// The current value of `id.member`: a property's value, or for an
    /// outlet the id of the object it holds (`null` when empty) and for a
    /// collection the list of ids. `nil` when there is no such member.
    public func value(of id: String, _ member: String) -> SceneValue? {
        guard let entry = entry(id) else { return nil }
        switch entry.type.members[member] {
        case .property(let property):
            return property.value(of: entry.object)
        case .outlet(let outlet):
            let ids = outlet.targets(of: entry.object).map { self.id(of: $0).map(SceneValue.object) ?? .null }
            if outlet.isCollection { return .list(ids) }
            return ids.first ?? .null
        case nil:
            return nil
        }
    }
}

/// An object that keeps the scene it is part of, to read what only the
/// whole scene knows (a view's solved frame, ``Scene/entries`` laid out).
/// The scene tells each of its objects that conforms when it is made; the
/// object keeps it weakly (the scene owns its objects).
package protocol SceneJoining: AnyObject {
    /// `scene` now holds the object.
    func join(_ scene: Scene)
}
