import SceneCore
import SceneYAML

/// The ``SceneModel`` of a scene that loads, as the assembler reads it:
/// every object with its type, resolved property values, outlet targets
/// and event connections, ready to be instantiated. ``SceneModel/declaration``
/// reads it from the phases' outputs the model holds (its objects and wiring
/// from ``ReferenceResolver``, its values from ``SceneValidator``), sharing
/// their storage.
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
    /// Copied from the model, which the declaration does not keep: a run
    /// holds its declaration to the end, and the model's document need not
    /// stay in memory that long.
    package let warnings: [Diagnostic]
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
    /// Where each view's constraints are written, in file order.
    var constraintSites: [ConstraintSite] = []

    /// Where the constraint at `element` of the `constraints:` of the
    /// object at `index` is written, if the file writes it.
    ///
    /// - Complexity: O(log c) in the constraints of the file.
    package func span(ofConstraint element: Int, object index: Int) -> SourceSpan? {
        var (low, high) = (0, constraintSites.count)
        while low < high {
            let middle = (low + high) / 2
            let site = constraintSites[middle]
            if (site.owner, site.element) < (index, element) { low = middle + 1 } else { high = middle }
        }
        guard constraintSites.indices.contains(low), constraintSites[low].owner == index,
            constraintSites[low].element == element
        else { return nil }
        return constraintSites[low].span
    }
    /// The component files the scene includes, directly or through others,
    /// in the order they are first included: what
    /// ``SceneLoader/includedFiles(of:)`` lists, kept from the load so that
    /// a command that loaded the scene need not read it again.
    package let includedFiles: [String]

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
    /// The declaration of `model`, a scene whose references all resolved
    /// into `resolved`, its script compiled.
    init(_ model: SceneModel, _ resolved: ResolvedScene) {
        warnings = model.diagnostics
        includedFiles = model.includedFiles
        let declared = resolved.declared
        let topLevel = declared.topLevel
        (canvas, device, title, summary) = (topLevel.canvas, topLevel.device, topLevel.title, topLevel.summary)
        objects = resolved.wiring.objects
        propertyValues = declared.checked.propertyValues
        outletConnections = resolved.wiring.outletConnections
        outletTargets = resolved.wiring.outletTargets
        eventConnections = resolved.wiring.eventConnections
        (steps, invariants) = (model.compiled.steps, model.compiled.invariants)
        idTable = declared.checked.idTable
        locator = declared.expanded.parsed.document.locator
        constraintSites = declared.checked.constraintSites
    }
}
