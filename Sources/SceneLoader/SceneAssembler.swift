import SceneCore
import SceneYAML

/// Builds the objects of a validated declaration and wires them.
///
/// ``SceneLoader/load(_:)`` starts while the file is still being read: as
/// long as no mistake has been found, each object is created as soon as it
/// is validated, its properties are set, and its outlets and `on:`
/// connections that name objects declared before it are connected. What
/// names later objects waits for ``complete(_:source:stateDirectory:)``,
/// and so does a hierarchy outlet (like `parent`) that names the object
/// itself: hierarchy outlets made early all point to earlier objects, so
/// they cannot form a cycle before the whole file has been checked for one.
/// A file with a mistake is never handed out, so objects made before it
/// was found are simply released.
///
/// Whatever the timing, each object's properties are set before its
/// outlets are connected and before any outlet points at it, and `awake`
/// runs last, with dependencies first, on the objects whose type wakes
/// (``TypeDescription/wakes``).
final class SceneAssembler {
    /// The objects made so far, in declaration order, as the scene will hold them.
    private(set) var entries: [Scene.Entry] = []
    /// The outlet connections left for `complete`, in declaration order:
    /// where each is in the declaration, and its object.
    private var waitingOutlets: [(position: Int, object: Int)] = []
    /// The objects whose `on:` connections are left for `complete`, in order.
    private var objectsWithWaitingEvents: [Int] = []
    /// Members that could not be set or connected: a message and the object's index.
    private var failures: [(message: String, object: Int)] = []
    /// The scene, once made: `on:` connections made before it existed
    /// tell it of the actions their targets ignore.
    private let sceneReference = SceneReference()

    final class SceneReference {
        weak var scene: Scene?
        /// For each `on:` connection (by its place in the declaration), the
        /// ``EventDelivery/depth`` at which it is delivering, or 0: a
        /// connection entered again while it is not 0 is a loop.
        var deliveryLevels: [Int] = []
    }

    /// Told of every event, connected to each object as it is made, before
    /// any of its `on:` connections.
    private let eventObserver: SceneLoader.EventObserver?

    init(eventObserver: SceneLoader.EventObserver? = nil) {
        self.eventObserver = eventObserver
    }

    /// Reserves room for the objects of a scene of `bytes` bytes (a
    /// generous guess, as ``SceneValidator/reserveCapacity(forTextOf:)``).
    func reserveCapacity(forTextOf bytes: Int) {
        entries.reserveCapacity(bytes / 64)
    }

    /// Creates the object at `index` of `declaration` and sets its
    /// properties; when `wiring`, also connects what it can already.
    /// Objects must be added in declaration order.
    func add(_ index: Int, of declaration: borrowing SceneDeclaration, wiring: Bool, eventsAreFinal: Bool) {
        let object = declaration.objects[index]
        let instance = object.type.makeInstance()
        entries.append(Scene.Entry(id: object.id, type: object.type, object: instance))
        if let eventObserver {
            // A change event is heard as the change itself, which the observer samples.
            for event in object.type.orderedEvents where event.changedProperty == nil {
                event.connect(instance) { eventObserver(index, event, $0) }
            }
        }
        for entry in declaration.propertyValues[object.propertyRange]
        where !entry.property.set(entry.value, on: instance) {
            failures.append(("could not set '\(entry.property.name)' of '\(object.id)'", index))
        }
        for position in object.outletRange {
            let connection = declaration.outletConnections[position]
            let isHierarchy = connection.outlet.isHierarchy
            let isReady =
                wiring
                && !declaration.outletTargets[connection.targetRange].contains {
                    $0 < 0 || (isHierarchy && $0 >= index)
                }
            if isReady {
                connect(connection, of: index, in: declaration)
            } else {
                waitingOutlets.append((position, index))
            }
        }
        if wiring && eventsAreFinal {
            connectEvents(of: index, in: declaration)
        } else {
            objectsWithWaitingEvents.append(index)
        }
    }

    /// Makes the connections that waited, then the scene, then wakes every
    /// object with its dependencies first.
    func complete(
        _ declaration: SceneDeclaration, source: SceneSource, stateDirectory: String?,
        limits: SceneLimits = SceneLimits()
    ) throws(SceneLoadError) -> Scene {
        guard entries.count == declaration.objects.count else {
            throw SceneLoadError(
                source: source,
                diagnostics: [SceneProblem.sceneIncomplete.diagnostic(at: SourceSpan(at: .start))])
        }
        for (position, index) in waitingOutlets {
            connect(declaration.outletConnections[position], of: index, in: declaration)
        }
        for index in objectsWithWaitingEvents { connectEvents(of: index, in: declaration) }
        if !failures.isEmpty {
            throw SceneLoadError(
                source: source,
                diagnostics: failures.map { failure in
                    SceneProblem.memberNotApplied(message: failure.message).diagnostic(
                        at: declaration.span(of: failure.object))
                })
        }

        // The scene takes the entries as they are; the local copy shares
        // their storage and keeps the calls below free of reference counting.
        let entries = self.entries
        self.entries = []
        let scene = Scene(
            title: declaration.title, summary: declaration.summary, entries: entries, stateDirectory: stateDirectory)
        scene.adoptIDs(declaration.idTable)
        sceneReference.scene = scene
        for index in SceneLoader.awakeOrder(declaration) where entries[index].type.wakes {
            // An event loop while waking fails the load at the object, as the runner stops a run at the step.
            let runaway = limits.supervisingEvents {
                entries[index].object.awake(in: scene)
            }
            if let runaway {
                throw SceneLoadError(
                    source: source,
                    diagnostics: [
                        SceneProblem.objectFailed(
                            message:
                                "while '\(entries[index].id)' woke, \(runaway); look for a loop in the 'on:' wiring"
                        ).diagnostic(at: declaration.span(of: index))
                    ])
            }
        }
        if !scene.failures.isEmpty {
            let diagnostics = scene.failures.map { failure in
                let index = failure.objectID.flatMap { declaration.index(ofID: $0) }
                return SceneProblem.objectFailed(message: failure.message).diagnostic(
                    at: index.map { declaration.span(of: $0) } ?? SourceSpan(at: .start))
            }
            throw SceneLoadError(source: source, diagnostics: diagnostics)
        }
        return scene
    }

    private func connect(
        _ connection: SceneDeclaration.OutletConnection, of index: Int, in declaration: borrowing SceneDeclaration
    ) {
        let instance = entries[index].object
        let isConnected: Bool
        if connection.targetRange.count == 1 && !connection.outlet.isCollection {
            isConnected = connection.outlet.connect(
                instance, to: entries[declaration.outletTargets[connection.targetRange.lowerBound]].object)
        } else {
            let targets: [AnyObject] = declaration.outletTargets[connection.targetRange].map { entries[$0].object }
            isConnected = connection.outlet.connect(instance, to: targets)
        }
        if !isConnected {
            failures.append(
                ("could not connect outlet '\(connection.outlet.name)' of '\(declaration.objects[index].id)'", index))
        }
    }

    private func connectEvents(of index: Int, in declaration: borrowing SceneDeclaration) {
        let instance = entries[index].object
        let range = declaration.objects[index].connectionRange
        let reference = sceneReference
        if reference.deliveryLevels.count < range.upperBound {
            reference.deliveryLevels.append(
                contentsOf: repeatElement(0, count: declaration.eventConnections.count - reference.deliveryLevels.count)
            )
        }
        for (slot, connection) in zip(range, declaration.eventConnections[range]) {
            let targetIndex = connection.target
            let target = entries[targetIndex].object
            let action = connection.action
            let takesArgument = action.argument != nil
            let isConnected = connection.event.connect(instance) { [weak target] payload in
                guard let target, EventDelivery.admitsDelivery else { return }
                // Entered again while delivering: its action sent its event again, directly or through others.
                let level = reference.deliveryLevels[slot]
                guard level == 0 else {
                    EventDelivery.refuseLoop(startedAt: level)
                    return
                }
                reference.deliveryLevels[slot] = max(1, EventDelivery.depth)
                defer { reference.deliveryLevels[slot] = 0 }
                if case .ignored(let reason) = action.perform(on: target, with: takesArgument ? payload : nil) {
                    reference.scene?.reportIgnoredAction(action, of: targetIndex, because: reason)
                }
            }
            if !isConnected {
                failures.append(
                    ("could not connect event '\(connection.event.name)' of '\(declaration.objects[index].id)'", index))
            }
        }
    }
}
