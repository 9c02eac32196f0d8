import SceneCore
import SceneLoader
import SceneYAML

/// What happened while a scene ran, in time order: the data behind the
/// text and JSON transcripts, collected whole.
///
/// A long run need not be held in memory: ``SceneRunner/run(_:streamingTo:)``
/// hands each entry to a ``TranscriptListener`` as it happens, and only the
/// ``Summary`` is kept.
public struct Transcript: Sendable {
    /// One thing that happened.
    public struct Entry: Sendable, Hashable {
        /// The virtual time.
        public var time: Duration
        /// What happened.
        public var kind: Kind

        /// Creates an entry.
        package init(time: Duration, kind: Kind) {
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
        /// An expectation was checked: `expected` is what it asks (a value,
        /// not a value, or a range), `actual` the value it found.
        case expectation(
            path: String, expected: ExpectedValue, actual: SceneValue, passed: Bool, position: SourcePosition)
        /// An expectation of the scene's `invariants:` broke: `check` is
        /// what it states (`controls.hidden == false`), `expected` what the
        /// value should have been (`false`, `not ""`, `0...1`), and `after`
        /// what it broke after (`after 'tap play'`, `when a timer fired
        /// during 'wait 5s'`).
        case invariant(check: String, expected: String, actual: SceneValue, after: String, position: SourcePosition)
        /// A `note:` step.
        case note(String)
        /// A `snapshot:` step compared the scene's picture with its reference.
        case snapshot(name: String, result: SnapshotResult, position: SourcePosition)
        /// An object failed while the scene ran (a store that could not
        /// save): the run goes on, but does not succeed.
        case failure(object: String, message: String)
        /// The run stopped early (a runaway timer loop, a limit, a failing action).
        case error(String, position: SourcePosition?)
    }

    /// The scene a transcript is about, known before anything runs.
    package struct Header: Sendable, Hashable {
        /// The scene's title, or its file name.
        package var title: String
        /// The file it came from.
        package var file: String
        /// How many objects it declares.
        package var objectCount: Int

        /// Creates a header.
        package init(title: String, file: String, objectCount: Int) {
            self.title = title
            self.file = file
            self.objectCount = objectCount
        }
    }

    /// How a run ended: what a streamed transcript keeps.
    package struct Summary: Sendable, Hashable {
        /// The scene.
        package var header: Header
        /// How many expectations (and snapshots) held.
        package var passedCount = 0
        /// How many expectations (and snapshots) failed, and how many times
        /// an invariant broke.
        package var failedCount = 0
        /// How many failures objects reported while the scene ran.
        package var failureCount = 0
        /// Whether the run stopped on an error.
        package var hasError = false
        /// The virtual time when the script ended.
        package var endTime: Duration = .zero

        /// An empty summary of the scene `header` describes.
        package init(header: Header) {
            self.header = header
        }

        /// Counts `kind` in.
        package mutating func count(_ kind: Kind) {
            switch kind {
            case .expectation(_, _, _, let passed, _):
                if passed { passedCount += 1 } else { failedCount += 1 }
            case .invariant: failedCount += 1
            case .snapshot(_, let result, _):
                if result.passed { passedCount += 1 } else { failedCount += 1 }
            case .failure: failureCount += 1
            case .error: hasError = true
            default: break
            }
        }

        /// Whether every expectation held, no object failed and nothing went wrong.
        package var succeeded: Bool { failedCount == 0 && failureCount == 0 && !hasError }
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
    package init(title: String, file: String, objectCount: Int) {
        self.title = title
        self.file = file
        self.objectCount = objectCount
    }

    /// The scene this transcript is about.
    package var header: Header { Header(title: title, file: file, objectCount: objectCount) }

    /// The counts and end time of the entries.
    package var summary: Summary {
        var summary = Summary(header: header)
        for entry in entries { summary.count(entry.kind) }
        summary.endTime = endTime
        return summary
    }

    /// How many expectations held.
    public var passedCount: Int { summary.passedCount }

    /// How many expectations failed.
    public var failedCount: Int { summary.failedCount }

    /// Whether the run stopped on an error.
    public var hasError: Bool { summary.hasError }

    /// Whether every expectation held, no object failed and nothing went wrong.
    public var succeeded: Bool { summary.succeeded }
}

/// Collects a whole ``Transcript``.
package final class TranscriptCollector: TranscriptListener {
    /// What was collected so far.
    package private(set) var transcript = Transcript(title: "", file: "", objectCount: 0)

    /// An empty collector.
    package init() {}

    package func begin(_ header: Transcript.Header) {
        transcript = Transcript(title: header.title, file: header.file, objectCount: header.objectCount)
    }

    package func record(_ entry: Transcript.Entry) { transcript.entries.append(entry) }

    package func end(_ summary: Transcript.Summary) { transcript.endTime = summary.endTime }
}

extension Duration {
    /// Seconds with three decimals, rounded to the millisecond: `2.900s`,
    /// `3600.000s`; exact for any duration.
    var transcriptTime: String {
        let (seconds, attoseconds) = components
        // Rounded to the nearest millisecond, half away from zero, in
        // integers: no conversion through Double can overflow.
        var wholeSeconds = seconds
        var milliseconds =
            (attoseconds + (attoseconds >= 0 ? 500_000_000_000_000 : -500_000_000_000_000))
            / 1_000_000_000_000_000
        if milliseconds >= 1000 {
            wholeSeconds += 1
            milliseconds -= 1000
        } else if milliseconds <= -1000 {
            wholeSeconds -= 1
            milliseconds += 1000
        }
        let isNegative = wholeSeconds < 0 || milliseconds < 0
        let fraction = String(abs(milliseconds))
        let whole = wholeSeconds == .min ? "9223372036854775808" : String(abs(wholeSeconds))
        return "\(isNegative ? "-" : "")\(whole).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)s"
    }
}
