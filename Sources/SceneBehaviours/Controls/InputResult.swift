import SceneCore

/// Whether a script input reached the object or was ignored, as a hidden
/// view or a disabled control ignores touches (the transcript says so).
public typealias InputResult = InputOutcome
