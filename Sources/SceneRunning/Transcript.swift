import SceneCore
import SceneLoader
import SceneYAML

/// What happened while a scene ran, in time order: the data behind the
/// text and JSON transcripts.
public struct Transcript: Sendable {
    /// One thing that happened.
    public struct Entry: Sendable, Hashable {
        /// The virtual time.
        public var time: Duration
        /// What happened.
        public var kind: Kind

        /// Creates an entry.
        public init(time: Duration, kind: Kind) {
            self.time = time
            self.kind = kind
        }
    }

    /// The kinds of entries.
    public enum Kind: Sendable, Hashable {
        /// A script step began (`wait 2s`, `press volume`, `set ...`).
        case step(verb: String, text: String)
        /// An input or an action was ignored by its object, and why (a
        /// hidden view, a disabled control, nothing to do).
        case ignored(verb: String, target: String, reason: String)
        /// An object sent an event.
        case event(object: String, event: String, payload: SceneValue?)
        /// A declared property changed; `isAnimationFrame` when an
        /// animation frame changed it.
        case change(object: String, property: String, from: SceneValue, to: SceneValue, isAnimationFrame: Bool)
        /// An expectation was checked.
        case expectation(path: String, expected: SceneValue, actual: SceneValue, passed: Bool, position: SourcePosition)
        /// A `note:` step.
        case note(String)
        /// The run stopped early (a runaway timer loop, a failing action).
        case error(String, position: SourcePosition?)
    }

    /// The scene's title, or its file name.
    public var title: String
    /// The file it came from.
    public var file: String
    /// How many objects it declares.
    public var objectCount: Int
    /// Everything that happened.
    public var entries: [Entry] = []
    /// The virtual time when the script ended.
    public var endTime: Duration = .zero

    /// An empty transcript.
    public init(title: String, file: String, objectCount: Int) {
        self.title = title
        self.file = file
        self.objectCount = objectCount
    }

    /// How many expectations held.
    public var passedCount: Int {
        entries.filter { if case .expectation(_, _, _, true, _) = $0.kind { true } else { false } }.count
    }

    /// How many expectations failed.
    public var failedCount: Int {
        entries.filter { if case .expectation(_, _, _, false, _) = $0.kind { true } else { false } }.count
    }

    /// Whether the run stopped on an error.
    public var hasError: Bool {
        entries.contains { if case .error = $0.kind { true } else { false } }
    }

    /// Whether every expectation held and nothing went wrong.
    public var succeeded: Bool { failedCount == 0 && !hasError }
}

extension Duration {
    /// Seconds with three decimals: `2.900s`, `3600.000s`.
    var transcriptTime: String {
        let milliseconds = Int((seconds * 1000).rounded())
        let whole = milliseconds / 1000
        let fraction = String(milliseconds % 1000)
        return "\(whole).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)s"
    }
}
