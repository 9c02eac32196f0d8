import SceneCore
import SceneLoader
import SceneRunning

/// A run as `--format github` prints it: the scene's warnings as
/// `::warning` annotations, the text transcript folded in a group named
/// after the scene, then an `::error` annotation for each failed
/// expectation, failed snapshot, object failure and error (on its line
/// when it has one), and the transcript's summary line outside the group.
///
/// GitHub shows at most ten error annotations a step, so the writer keeps
/// at most ``maximumAnnotations`` a scene (memory stays flat however many
/// fail) and says how many more there were; the transcript in the group
/// has every one.
final class GitHubRunWriter: TranscriptListener {
    private let output: any TextSink
    private var transcript: TextTranscriptWriter?
    private var file = ""
    /// The annotations to write after the group.
    private var annotations: [String] = []
    /// Those past ``maximumAnnotations``.
    private var unwritten = 0
    /// The summary line, once the run has ended: written after the group, not in it.
    private var summaryLine: String?
    /// The warnings written, for the totals.
    private(set) var warningCount = 0

    /// How many annotations a scene writes.
    static let maximumAnnotations = 10

    init(_ output: any TextSink, verbose: Bool) {
        self.output = output
        transcript = nil
        transcript = TextTranscriptWriter(verbose: verbose) { [weak self] text in self?.writeTranscript(text) }
    }

    private func writeTranscript(_ text: String) {
        if let summaryLine, text == summaryLine { return }
        output.write(WorkflowCommands.inert(text))
    }

    func warn(_ warnings: [Diagnostic], in source: SceneSource) {
        warningCount += warnings.count
        WorkflowCommands.write(
            warnings, in: source, groupName: "\(source.name): \(Records.tally(errors: 0, warnings: warnings.count))",
            to: output)
    }

    func begin(_ header: Transcript.Header) {
        file = header.file
        let objects = header.objectCount == 1 ? "1 object" : "\(header.objectCount) objects"
        output.writeWorkflowCommand(WorkflowCommands.group("\(header.title) (\(header.file), \(objects))"))
        transcript?.begin(header)
    }

    func record(_ entry: Transcript.Entry) {
        transcript?.record(entry)
        let time = entry.time.transcriptText
        switch entry.kind {
        case .expectation(let path, let expected, let actual, let passed, let position):
            guard !passed else { return }
            annotate(
                position, title: "expectation failed: \(path)",
                message: "expect \(path) \(expected.text): expected \(expected), actual \(actual) (at \(time))")
        case .invariant(let check, let expected, let actual, let after, let position):
            annotate(
                position, title: "invariant broken: \(check)",
                message: "invariant \(check) broke \(after): expected \(expected), actual \(actual) (at \(time))")
        case .snapshot(let name, let result, let position):
            guard !result.passed else { return }
            annotate(position, title: "snapshot failed: \(name)", message: "\(result.explanation) (at \(time))")
        case .failure(let object, let message):
            annotate(nil, title: "\(object) failed", message: "\(object) failed: \(message) (at \(time))")
        case .error(let message, let position):
            annotate(position, title: "the script stopped", message: "error: \(message) (at \(time))")
        case .step, .ignored, .event, .change, .note:
            break
        }
    }

    private func annotate(_ position: SourcePosition?, title: String, message: String) {
        guard annotations.count < Self.maximumAnnotations else {
            unwritten += 1
            return
        }
        annotations.append(
            WorkflowCommands.annotation(
                .error, at: WorkflowCommands.Place(file: file, position: position), title: title, message: message))
    }

    func end(_ summary: Transcript.Summary) {
        let line = VisibleText.lines(TranscriptRenderer.summary(summary) + "\n")
        summaryLine = line
        transcript?.end(summary)
        summaryLine = nil
        output.writeWorkflowCommand(WorkflowCommands.endGroup)
        for annotation in annotations { output.writeWorkflowCommand(annotation) }
        if unwritten > 0 {
            output.write(
                WorkflowCommands.inert(
                    "\(VisibleText.line(file)): \(unwritten) more failure\(unwritten == 1 ? "" : "s") not annotated (GitHub shows \(Self.maximumAnnotations) a step); the transcript above has them all\n"
                ))
        }
        annotations.removeAll()
        unwritten = 0
        output.write(WorkflowCommands.inert(line))
    }
}
