import SceneCore
import SceneLoader

/// Hears a run in place of the everyday entries of its transcript (the
/// steps, events, changes and ignored inputs), told by index with nothing
/// built for them: what the explorer counts its coverage from, thousands
/// of steps a second. A probed run's observers hear only the entries that
/// count in its summary (expectations, broken invariants, failures,
/// errors) and notes (see ``RunSession/load(_:of:loader:probe:focus:)``).
protocol RunEventListener: AnyObject {
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
