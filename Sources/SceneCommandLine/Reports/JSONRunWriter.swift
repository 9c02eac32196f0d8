import ArgumentParser
import SceneCore
import SceneLoader
import SceneRunning

/// A run's JSON Lines: the scene's warnings, the `file` record, then the
/// transcript's.
final class JSONRunWriter: TranscriptListener {
    private let output: any TextSink
    private let transcript: JSONTranscriptWriter
    /// The warnings written, for the `file` record.
    private(set) var warningCount = 0

    init(_ output: any TextSink) {
        self.output = output
        transcript = JSONTranscriptWriter { output.write($0) }
    }

    func warn(_ warnings: [Diagnostic], in source: SceneSource) {
        warningCount += warnings.count
        transcript.warn(warnings, in: source)
    }

    func begin(_ header: Transcript.Header) {
        let record = Records.file(
            header.file, valid: true, title: header.title, objects: header.objectCount, errors: 0,
            warnings: warningCount)
        output.write(record + "\n")
        transcript.begin(header)
    }

    func record(_ entry: Transcript.Entry) { transcript.record(entry) }

    func end(_ summary: Transcript.Summary) { transcript.end(summary) }
}
