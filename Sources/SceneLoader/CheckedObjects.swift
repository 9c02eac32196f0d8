import SceneCore
import SceneYAML

/// What checking the objects gives (``SceneValidator``), and what resolving
/// their references (``ReferenceResolver``) reads: every object read, in
/// file order, and for those declared their type, their properties, and
/// their outlets and `on:` actions as written, by id, not resolved yet.
///
/// One index space: an object's index is its place among every object
/// read, declared or not, in ``ids``, ``types``, ``objects`` and the id
/// table alike; an object that was not declared has no members.
struct CheckedObjects {
    /// Every object read, declared or not: its id by path.
    var ids: [String] = []
    /// Its type; `nil` when it was not declared (its type is unknown or
    /// missing, or it is not a mapping), and references to it are then not
    /// checked further.
    var types: [TypeDescription?] = []
    /// The index of each object by the bytes of its id (the first, for a duplicate).
    var idTable = ObjectIDTable()
    /// Where every object read is written and its members, in file order.
    var objects: [Object] = []
    /// The properties set, object by object in written order.
    var propertyValues: [SceneDeclaration.PropertyValue] = []
    /// The outlets and collections written, object by object in written order.
    var outlets: [Outlet] = []
    /// The targets the outlets name, outlet by outlet in written order.
    var targets: [TargetReference] = []
    /// The `target.action`s the `on:` entries name, object by object in written order.
    var actions: [ActionReference] = []
    /// The bytes of the ids and action names the references name, which
    /// the references hold ranges of (so that no `String` is made for them).
    var referenceText: [UInt8] = []
    /// Where each view's constraints are written, and what they name, in file order.
    var constraintSites: [ConstraintSite] = []
    /// Where each hierarchy outlet (like `parent`) is written, by owner, in file order.
    var hierarchySites: [(owner: Int, offsets: Range<Int>, file: ObjectFile)] = []

    /// One object read: its id and type are ``ids`` and ``types`` at the same index.
    struct Object {
        /// Where the scene writes it: its id, or for an object of a
        /// component, the outermost instance's id.
        let idOffsets: Range<Int>
        /// Its entries in ``CheckedObjects/propertyValues``.
        let propertyRange: Range<Int>
        /// Its entries in ``CheckedObjects/outlets``.
        let outletRange: Range<Int>
        /// Its entries in ``CheckedObjects/actions``.
        let actionRange: Range<Int>
    }

    /// An outlet or collection as written: its targets are entries of ``CheckedObjects/targets``.
    struct Outlet {
        let outlet: OutletDescription
        let targetRange: Range<Int>
    }

    /// Room for a scene of `bytes` bytes (see ``SceneValidator/reserveCapacity(forTextOf:)``).
    mutating func reserveCapacity(forTextOf bytes: Int) {
        let count = bytes / 64
        ids.reserveCapacity(count)
        types.reserveCapacity(count)
        objects.reserveCapacity(count)
        propertyValues.reserveCapacity(bytes / 24)
        outlets.reserveCapacity(count)
        targets.reserveCapacity(bytes / 32)
        actions.reserveCapacity(bytes / 48)
        referenceText.reserveCapacity(bytes / 8)
    }

    /// Keeps `prefix` then `written` in ``referenceText``: the range of
    /// the whole, and where `written` starts in it.
    mutating func keep(prefix: [UInt8], _ written: UnsafeBufferPointer<UInt8>) -> (Range<Int>, Int) {
        let start = referenceText.count
        referenceText.append(contentsOf: prefix)
        referenceText.append(contentsOf: written)
        return (start..<referenceText.count, start + prefix.count)
    }

    /// The text of `range` in ``referenceText``.
    func text(_ range: Range<Int>) -> String {
        String(decoding: referenceText[range], as: UTF8.self)
    }
}

/// An outlet's target named by id, resolved once every id is known.
struct TargetReference {
    /// The id by path (the instance's prefix, then the id as written) in ``CheckedObjects/referenceText``.
    let id: Range<Int>
    /// Where the id as written starts in ``id``.
    let writtenStart: Int
    /// Where it is written, in ``file``.
    let offsets: Range<Int>
    let outlet: OutletDescription
    let owner: Int
    /// The file it is written in.
    let file: ObjectFile
}

/// A `target.action` under `on:`, resolved once every id is known.
struct ActionReference {
    let owner: Int
    /// The event; `nil` when the type has no such event (reported already),
    /// the target and action are then still checked.
    let event: EventDescription?
    /// The target's id by path in ``CheckedObjects/referenceText``, and
    /// where the id as written starts in it.
    let target: Range<Int>
    let writtenStart: Int
    /// The action's name in ``CheckedObjects/referenceText``.
    let action: Range<Int>
    /// Where the reference is written, and how (for carets under its parts).
    let offsets: Range<Int>
    let style: ScalarStyle
    /// The file it is written in.
    let file: ObjectFile
}
