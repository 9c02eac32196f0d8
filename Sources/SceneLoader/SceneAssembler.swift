import SceneCore
import SceneYAML

/// The last phase of a load: a checked declaration in, a wired, awake
/// scene out, and the only place a scene's objects are made.
///
/// It runs in one pass per step: every object is made and its properties
/// set, in declaration order; then every outlet and collection is
/// connected; then every `on:` connection is made; then the scene is made
/// and `awake` runs on the objects whose type wakes
/// (``TypeDescription/wakes``), dependencies first
/// (``SceneLoader/awakeOrder(_:)``). So each object's properties are set
/// before its outlets are connected and before any outlet points at it.
/// It starts only once the whole file is checked: a file with a mistake
/// never reaches it, and nothing is made for it.
struct SceneAssembler {
    /// Told of every event, connected to each object as it is made, before
    /// any of its `on:` connections.
    let eventObserver: SceneLoader.EventObserver?
    /// The scene's ``Scene/stateDirectory``.
    let stateDirectory: String?
    /// The limits `awake` runs under (event depth and deliveries).
    let limits: SceneLimits

    init(eventObserver: SceneLoader.EventObserver?, stateDirectory: String?, limits: SceneLimits) {
        self.eventObserver = eventObserver
        self.stateDirectory = stateDirectory
        self.limits = limits
    }

    /// The first step: each object of `declaration` made, told to the
    /// event observer and given its properties; the members that could not
    /// be set, with their object's index.
    private func make(
        _ declaration: SceneDeclaration, into entries: inout [Scene.Entry],
        failures: inout [(message: String, object: Int)]
    ) {
        entries.reserveCapacity(declaration.objects.count)
        for (index, object) in declaration.objects.enumerated() {
            let instance = object.type.makeInstance()
            entries.append(Scene.Entry(id: object.id, type: object.type, object: instance))
            if let eventObserver {
                // A change event is heard as the change itself, which the
                // observer samples; one the scene wires is heard as well
                // (once, before its actions), so that a loop through it is named.
                for event in object.type.orderedEvents where event.changedProperty == nil {
                    event.connect(instance) { eventObserver(index, event, $0) }
                }
                let connections = declaration.eventConnections[object.connectionRange]
                for (offset, connection) in zip(object.connectionRange, connections)
                where connection.event.changedProperty != nil
                    && !connections[..<offset].contains(where: { $0.event === connection.event })
                {
                    let event = connection.event
                    event.connect(instance) { eventObserver(index, event, $0) }
                }
            }
            for entry in declaration.propertyValues[object.propertyRange]
            where !entry.property.set(entry.value, on: instance) {
                failures.append(("could not set '\(entry.property.name)' of '\(object.id)'", index))
            }
        }
    }

    /// What the `on:` connections share with the scene they are part of.
    private final class SceneReference {
        /// The scene, once made: connections made before it existed tell
        /// it of the actions their targets ignore.
        weak var scene: Scene?
        /// For each `on:` connection (by its place in the declaration), the
        /// ``EventDelivery/depth`` at which it is delivering, or 0: a
        /// connection entered again while it is not 0 is a loop.
        var deliveryLevels: [Int]

        init(connections: Int) {
            deliveryLevels = [Int](repeating: 0, count: connections)
        }
    }

    /// The scene `declaration` declares, made, wired and awake; a load
    /// error for `source` when a member cannot be applied or an object
    /// fails as it wakes.
    func assemble(_ declaration: SceneDeclaration, source: SceneSource) throws(SceneLoadError) -> Scene {
        var made: [Scene.Entry] = []
        var failures: [(message: String, object: Int)] = []
        make(declaration, into: &made, failures: &failures)
        let entries = made
        for index in declaration.objects.indices {
            for connection in declaration.outletConnections[declaration.objects[index].outletRange]
            where !connect(connection, of: entries[index].object, entries, declaration) {
                failures.append(
                    (
                        "could not connect outlet '\(connection.outlet.name)' of '\(declaration.objects[index].id)'",
                        index
                    ))
            }
        }
        let reference = SceneReference(connections: declaration.eventConnections.count)
        for index in declaration.objects.indices {
            for event in connectEvents(of: index, entries, declaration, reference) {
                failures.append(("could not connect event '\(event)' of '\(declaration.objects[index].id)'", index))
            }
        }
        if !failures.isEmpty {
            throw SceneLoadError(
                source: source,
                diagnostics: failures.map { failure in
                    SceneProblem.memberNotApplied(message: failure.message).diagnostic(
                        at: declaration.span(of: failure.object))
                })
        }
        let scene = Scene(
            title: declaration.title, summary: declaration.summary, entries: entries, stateDirectory: stateDirectory)
        scene.adoptIDs(declaration.idTable)
        scene.canvas = declaration.canvas
        scene.device = declaration.device
        scene.sourceDirectory = Self.directory(of: source.name)
        reference.scene = scene
        try awake(scene, entries, declaration, source: source)
        return scene
    }

    /// The folder of the scene file named `name`: what comes before its
    /// last `/`, `.` for a bare file name, `nil` for a name that is no
    /// path (`<stdin>`, `<page>`, empty).
    static func directory(of name: String) -> String? {
        guard !name.isEmpty, !name.hasPrefix("<") else { return nil }
        guard let slash = name.lastIndex(of: "/") else { return "." }
        let folder = name[..<slash]
        return folder.isEmpty ? "/" : String(folder)
    }

    /// Wakes the objects whose type wakes, dependencies first.
    private func awake(
        _ scene: Scene, _ entries: [Scene.Entry], _ declaration: SceneDeclaration, source: SceneSource
    ) throws(SceneLoadError) {
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
    }

    /// Connects one outlet or collection of `instance`; false when the outlet refuses.
    private func connect(
        _ connection: SceneDeclaration.OutletConnection, of instance: AnyObject, _ entries: [Scene.Entry],
        _ declaration: SceneDeclaration
    ) -> Bool {
        if connection.targetRange.count == 1 && !connection.outlet.isCollection {
            return connection.outlet.connect(
                instance, to: entries[declaration.outletTargets[connection.targetRange.lowerBound]].object)
        }
        let targets: [AnyObject] = declaration.outletTargets[connection.targetRange].map { entries[$0].object }
        return connection.outlet.connect(instance, to: targets)
    }

    /// Makes the `on:` connections of the object at `index`; returns the
    /// names of the events that refused one.
    private func connectEvents(
        of index: Int, _ entries: [Scene.Entry], _ declaration: SceneDeclaration, _ reference: SceneReference
    ) -> [String] {
        let instance = entries[index].object
        let range = declaration.objects[index].connectionRange
        var refused: [String] = []
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
            if !isConnected { refused.append(connection.event.name) }
        }
        return refused
    }
}
