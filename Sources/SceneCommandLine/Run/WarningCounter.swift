import ArgumentParser
import SceneCore
import SceneLoader
import SceneRunning

/// Counts the warnings a sink is given.
final class WarningCounter<Base: TranscriptListener>: TranscriptListener {
    private let base: Base
    private(set) var warningCount = 0

    init(_ base: Base) { self.base = base }

    func warn(_ warnings: [Diagnostic], in source: SceneSource) {
        warningCount += warnings.count
        base.warn(warnings, in: source)
    }

    func begin(_ header: Transcript.Header) { base.begin(header) }

    func record(_ entry: Transcript.Entry) { base.record(entry) }

    func end(_ summary: Transcript.Summary) { base.end(summary) }
}
