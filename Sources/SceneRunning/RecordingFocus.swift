import SceneCore
import SceneLoader

/// What a probed run of one declaration reads: only the properties its
/// invariants read, whose changes are all that checking them, and counting
/// the values they take, needs. Worked out once for the declaration and
/// shared by every run made of it, with the plan of the watch.
final class RecordingFocus {
    /// The watch's plan for the declaration's objects, keeping only the
    /// watched properties.
    let layout: PropertyChangeListener.Layout
    /// The watched properties as (flat number, object index, slot), ascending.
    let watched: [(flat: Int, object: Int, slot: Int)]
    /// The invariants' plan, shared by the runs' monitors.
    let invariants: InvariantListener.Layout?

    /// The focus on the properties that `declaration`'s invariants read.
    init(_ declaration: SceneDeclaration) {
        let types = declaration.objects.map(\.type)
        let invariants = InvariantListener.Layout(declaration)
        var isWatched = Set<Int>()
        for flat in invariants?.readers.keys ?? [:].keys { isWatched.insert(flat) }
        let layout = PropertyChangeListener.Layout(types, watching: { isWatched.contains($0) })
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
