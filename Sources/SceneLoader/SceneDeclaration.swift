import SceneCore
import SceneYAML

/// A scene file after validation: every object with its type, resolved
/// property values, outlet targets and event connections, ready to be
/// instantiated. Produced by ``SceneLoader/validate(_:)``: its objects and
/// wiring by ``ReferenceResolver`` from what ``SceneValidator`` checked,
/// once, when every id is known.
///
/// Members are kept in flat arrays shared by all objects (each object holds
/// ranges into them), so that a scene of 100,000 objects costs a few large
/// arrays rather than three small ones per object.
package struct SceneDeclaration {
    /// One object of the file.
    package struct Object {
        /// Its id.
        package let id: String
        /// The byte offsets of its id in the file (see ``SceneDeclaration/span(of:)``).
        package let idOffsets: Range<Int>
        /// Its registered type.
        package let type: TypeDescription
        /// Its entries in ``SceneDeclaration/propertyValues``.
        package let propertyRange: Range<Int>
        /// Its entries in ``SceneDeclaration/outletConnections``.
        package let outletRange: Range<Int>
        /// Its entries in ``SceneDeclaration/eventConnections``.
        package let connectionRange: Range<Int>
    }

    /// A property set in the file.
    package struct PropertyValue {
        /// The property.
        package let property: PropertyDescription
        /// Its resolved value.
        package let value: SceneValue
    }

    /// An outlet or collection connected in the file.
    package struct OutletConnection {
        /// The outlet.
        package let outlet: OutletDescription
        /// Its targets' entries in ``SceneDeclaration/outletTargets``.
        package let targetRange: Range<Int>
    }

    /// An `on:` connection: an event of one object to an action of another.
    package struct EventConnection {
        /// The event.
        package let event: EventDescription
        /// The index of the object whose action it calls.
        package let target: Int
        /// The action.
        package let action: ActionDescription
    }

    /// The `canvas:` size, if the file declares one (a device's size, for
    /// a canvas that names a device).
    package internal(set) var canvas: Size?
    /// The device the `canvas:` names, if it names one.
    package internal(set) var device: Device?
    /// The `scene:` title.
    package internal(set) var title: String?
    /// The `description:`.
    package internal(set) var summary: String?
    /// Every object, in declaration order.
    package internal(set) var objects: [Object] = []
    /// The properties set, object by object in written order.
    package internal(set) var propertyValues: [PropertyValue] = []
    /// The outlets connected, object by object in written order.
    package internal(set) var outletConnections: [OutletConnection] = []
    /// The indices in ``objects`` of every outlet's targets.
    package internal(set) var outletTargets: [Int] = []
    /// The event connections, object by object in written order.
    package internal(set) var eventConnections: [EventConnection] = []
    /// What is worth a look but does not stop the scene from loading.
    package internal(set) var warnings: [Diagnostic] = []
    /// The `script:` steps, checked against the objects.
    package internal(set) var steps: [ScriptStep] = []
    /// The `invariants:`, checked against the objects: what must hold
    /// after every step, timer firing and event of a run.
    package internal(set) var invariants: [Invariant] = []
    /// The index of each object by the bytes of its id (the first, for a
    /// duplicate): the one map from ids to objects, which the scene keeps.
    package internal(set) var idTable = ObjectIDTable()
    /// The index in ``objects`` of the object declared as `id`.
    package func index(ofID id: String) -> Int? { idTable[id] }
    /// Finds positions in the file; positions are only worked out when needed.
    package internal(set) var locator: SourceLocator?
    /// The component files the scene includes, directly or through others,
    /// in the order they are first included: what
    /// ``SceneLoader/includedFiles(of:)`` lists, kept from the load so that
    /// a command that loaded the scene need not read it again.
    package internal(set) var includedFiles: [String] = []

    /// Where the id of the object at `index` is written.
    package func span(of index: Int) -> SourceSpan {
        locator?.span(objects[index].idOffsets) ?? SourceSpan(at: .start)
    }

    /// The properties set on the object at `index`.
    package func properties(of index: Int) -> ArraySlice<PropertyValue> {
        propertyValues[objects[index].propertyRange]
    }
}

extension SceneDeclaration {
    /// The declaration of a scene whose references all resolved, its
    /// script compiled; `warnings` are what it does not load despite.
    init(_ resolved: ResolvedScene, _ compiled: CompiledScript, warnings: [Diagnostic]) {
        self.init()
        let declared = resolved.declared
        let topLevel = declared.topLevel
        (canvas, device, title, summary) = (topLevel.canvas, topLevel.device, topLevel.title, topLevel.summary)
        objects = resolved.wiring.objects
        propertyValues = declared.checked.propertyValues
        outletConnections = resolved.wiring.outletConnections
        outletTargets = resolved.wiring.outletTargets
        eventConnections = resolved.wiring.eventConnections
        self.warnings = warnings
        (steps, invariants) = (compiled.steps, compiled.invariants)
        idTable = declared.checked.idTable
        locator = declared.expanded.parsed.document.locator
        includedFiles = declared.expanded.includedFiles
    }
}
