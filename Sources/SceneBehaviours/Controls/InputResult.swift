/// Whether a script input reached the object or was ignored, as a hidden
/// view or a disabled control ignores touches (the transcript says so).
public enum InputResult: Sendable, Hashable {
    /// The input was delivered and acted on.
    case handled
    /// The input had no effect: the target could not take it.
    case ignored
}
