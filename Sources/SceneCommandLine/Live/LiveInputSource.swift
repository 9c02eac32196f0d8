import SceneLoader

/// Where a live session's input comes from: standard input
/// (``TerminalInput``), or the preview's page. The session waits on it
/// between timers, so that an input is performed as soon as it arrives.
package protocol LiveInputSource: AnyObject {
    /// Waits at most `timeout` for input; what arrived, in order (empty
    /// when nothing did).
    func next(waitingUpTo timeout: Duration) -> [LiveInput]
    /// Whether no more input can come (the end of standard input): the
    /// session then ends once nothing is pending.
    var isAtEnd: Bool { get }
    /// What the typed steps are called in diagnostics and the transcript
    /// (`<stdin>:3:6`, `<page>:3:6`: the third step typed, its column).
    var inputName: String { get }
}

extension LiveInputSource {
    /// Standard input's name, `<stdin>`.
    package var inputName: String { LiveStepCompiler.inputName }
}
