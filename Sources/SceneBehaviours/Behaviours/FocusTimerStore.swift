/// Keeps a ``FocusTimer``'s settings, state and history of finished
/// intervals between runs. Implemented by `FocusStore` (module
/// `SceneStorage`, SQLite); called by the timer when it wakes and whenever
/// its state changes. A store reports its own failures; the timer carries on.
package protocol FocusTimerStore: AnyObject {
    /// The state saved last, if any.
    func restoreFocusState() -> FocusTimer.SavedState?

    /// Saves `state` and, when an activity just ended, adds `finished` to
    /// the history, both in one transaction.
    func saveFocusState(_ state: FocusTimer.SavedState, finishing finished: FocusTimer.FinishedInterval?)
}
