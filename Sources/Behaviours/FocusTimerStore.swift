/// Keeps a ``FocusTimer``'s settings, state and history of finished
/// intervals between runs. Implemented by a store of the app's own (in a
/// scene, `FocusStore`, module `SceneStorage`, SQLite); called by the timer
/// when it is activated and whenever its state changes. A store reports
/// its own failures; the timer carries on.
///
///     final class MemoryStore: FocusTimerStore {
///         var saved: FocusTimer.SavedState?
///         func restoreFocusState() -> FocusTimer.SavedState? { saved }
///         func saveFocusState(_ state: FocusTimer.SavedState, finishing finished: FocusTimer.FinishedInterval?) {
///             saved = state
///         }
///     }
public protocol FocusTimerStore: AnyObject {
    /// The state saved last, if any.
    func restoreFocusState() -> FocusTimer.SavedState?

    /// Saves `state` and, when an activity just ended, adds `finished` to
    /// the history, both in one transaction.
    func saveFocusState(_ state: FocusTimer.SavedState, finishing finished: FocusTimer.FinishedInterval?)
}
