import SceneCore
import SceneLoader

/// Hears a run in place of the everyday entries of its transcript (the
/// steps, events, changes and ignored inputs), told by index with nothing
/// built for them: what the explorer counts its coverage from, thousands
/// of steps a second. A probed run's observers hear only the entries that
/// count in its summary (expectations, broken invariants, failures,
/// errors) and notes (see ``RunSession/load(_:of:loader:probe:focus:)``).
protocol RunProbe: AnyObject {
    /// The object at `object` sent `event` (never a change event: its
    /// change is told instead).
    func sent(_ event: EventDescription, by object: Int)
    /// The property in `slot` of the type's ``TypeDescription/properties``
    /// of the object at `object` changed to `value`; only the properties
    /// the run's ``RecordingFocus`` watches are told.
    func changed(_ slot: Int, of object: Int, to value: SceneValue)
    /// The object at `object` ignored the input or action named `verb`.
    func ignored(_ verb: String, by object: Int)
}

/// What a probed run of one declaration reads: only the properties its
/// invariants read, whose changes are all that checking them, and counting
/// the values they take, needs. Worked out once for the declaration and
/// shared by every run made of it, with the plan of the watch.
final class RecordingFocus {
    /// The watch's plan for the declaration's objects, keeping only the
    /// watched properties.
    let layout: PropertyWatch.Layout
    /// The watched properties as (flat number, object index, slot), ascending.
    let watched: [(flat: Int, object: Int, slot: Int)]
    /// The invariants' plan, shared by the runs' monitors.
    let invariants: InvariantMonitor.Layout?

    /// The focus on the properties that `declaration`'s invariants read.
    init(_ declaration: SceneDeclaration) {
        let types = declaration.objects.map(\.type)
        let invariants = InvariantMonitor.Layout(declaration)
        var isWatched = Set<Int>()
        for flat in invariants?.readers.keys ?? [:].keys { isWatched.insert(flat) }
        let layout = PropertyWatch.Layout(types, watching: { isWatched.contains($0) })
        var watched: [(flat: Int, object: Int, slot: Int)] = []
        for (object, type) in types.enumerated() {
            for slot in type.properties.indices where isWatched.contains(layout.offsets[object] + slot) {
                watched.append((layout.offsets[object] + slot, object, slot))
            }
        }
        self.layout = layout
        self.watched = watched
        self.invariants = invariants
    }
}
