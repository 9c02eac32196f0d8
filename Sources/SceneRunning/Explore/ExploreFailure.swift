import SceneCore
import SceneLoader
import SceneYAML

/// What broke in an explored run: an invariant's expectation, an error
/// that stopped the run (a runaway timer, an event loop, a step that could
/// not be performed), or an object's reported failure.
package struct ExploreFailure: Sendable, Hashable {
    /// What broke.
    package enum Kind: Sendable, Hashable {
        /// An expectation of the scene's `invariants:` (see ``Transcript/Kind/invariant(check:expected:actual:after:position:)``).
        case invariant(check: String, expected: String, actual: SceneValue, after: String, position: SourcePosition)
        /// The run stopped on an error.
        case error(String)
        /// An object failed while the scene ran.
        case failure(object: String, message: String)
    }

    /// What broke.
    package var kind: Kind
    /// When, on the run's virtual clock.
    package var time: Duration
    /// What makes two failures the same one, for shrinking: the same
    /// invariant expectation (by its place in the file), the same kind of
    /// error, the same object's failure.
    package var identity: String {
        switch kind {
        case .invariant(_, _, _, _, let position): "invariant \(position.line):\(position.column)"
        case .error(let message): "error " + message.split(separator: " ").prefix(2).joined(separator: " ")
        case .failure(let object, _): "failure \(object)"
        }
    }

    /// The failure a transcript entry tells of; `nil` for any other entry.
    init?(_ entry: Transcript.Entry) {
        switch entry.kind {
        case .invariant(let check, let expected, let actual, let after, let position):
            kind = .invariant(check: check, expected: expected, actual: actual, after: after, position: position)
        case .error(let message, _): kind = .error(message)
        case .failure(let object, let message): kind = .failure(object: object, message: message)
        default: return nil
        }
        time = entry.time
    }

    /// An error that stopped a run at its start.
    init(error message: String) {
        kind = .error(message)
        time = .zero
    }

    /// The place in the scene file the failure is about: the invariant's
    /// expectation; `nil` for an error or an object's failure.
    package var position: SourcePosition? {
        if case .invariant(_, _, _, _, let position) = kind { return position }
        return nil
    }

    /// One line saying what broke: `invariant 'controls.hidden == false'
    /// broke after 'press view' (it was true)`.
    package var message: String {
        let line =
            switch kind {
            case .invariant(let check, _, let actual, let after, _):
                "invariant '\(check)' broke \(after) (it was \(actual))"
            case .error(let message): "the run stopped: \(message)"
            case .failure(let object, let message): "\(object) failed: \(message)"
            }
        return VisibleText.bounded(line)
    }
}
