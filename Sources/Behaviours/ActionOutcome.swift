/// What an action did: acted, or had no effect and why.
///
///     switch controller.pause() {
///     case .handled: print("paused")
///     case .ignored(let reason): print("ignored because", reason)
///     }
public enum ActionOutcome: Sendable, Hashable {
    /// The object acted on it.
    case handled
    /// It had no effect: the object could not take it now (a hidden view,
    /// a disabled control, nothing to do). The reason completes "ignored
    /// because ...", written for the scene author.
    case ignored(because: String)

    /// Whether it was ignored.
    ///
    ///     controller.pause().isIgnored   // true when it was not running
    public var isIgnored: Bool {
        if case .ignored = self { return true }
        return false
    }

    /// Why it was ignored; `nil` when it was handled.
    ///
    ///     controller.pause().reason   // "it is not running"
    public var reason: String? {
        if case .ignored(let reason) = self { return reason }
        return nil
    }
}
