import SceneCore
import SceneLoader
import SceneOutput
import SceneRunning
import SceneYAML

/// Makes a ``JUnitSuite`` from a run as it happens (see docs/CI.md, "The
/// JUnit report"): a test case per expectation and per snapshot step,
/// passed or with a `<failure>`; a case with an `<error>` per failure of
/// an object and for an error that stopped the script; a passing case
/// "runs to the end" when the scene has none of these. Each failure and
/// error carries its `file:line:column`, what was expected and what was
/// found, and the last lines of the text transcript to just after it (a
/// case waits, in ``pending``, for the lines of its time that the text
/// transcript holds back while an animation may go on).
///
/// Memory stays flat: the cases go to the suite's ``ScratchFile`` as they
/// are made, and the writer keeps only the last ``excerptLines`` lines of
/// the transcript, each cut to ``excerptWidth`` characters.
final class JUnitSuiteWriter: TranscriptListener {
    private var suite: JUnitSuite
    private let className: String
    /// The attributes every case of the scene has, escaped once: `classname` and `file`.
    private let caseAttributes: String
    private var transcript: TextTranscriptWriter?
    /// The last lines of the text transcript, oldest first.
    private var excerpt: [String] = []
    /// The virtual time of the last case, for the next case's `virtual-time`.
    private var lastCaseTime: Duration = .zero
    /// When the last case was made (or the writer, for the first): the
    /// next case's `time` is the wall time since.
    private var lastCaseInstant = ContinuousClock.now
    /// The warnings, rendered as the text output shows them.
    private var warnings = ""
    private var summaryLine = ""

    /// How many transcript lines a failure shows, and how wide each may be.
    static let excerptLines = 12
    static let excerptWidth = 240
    /// How long a failure's `message` attribute may be.
    static let messageWidth = 1000

    /// A writer for the scene file `file`.
    init(file: String) {
        suite = JUnitSuite(file: file, title: file, body: ScratchFile())
        className = Self.className(of: file)
        caseAttributes =
            " classname=\"\(MarkupText.attribute(className))\" file=\"\(MarkupText.attribute(file))\""
        transcript = nil
        transcript = TextTranscriptWriter { [weak self] text in self?.keep(text) }
    }

    /// `dir/name` for `dir/name.yaml`: the case's `classname` (CI pages
    /// read it as a class, and a `.yaml` would read as one called `yaml`).
    static func className(of file: String) -> String {
        for suffix in [".yaml", ".yml"] where file.hasSuffix(suffix) && file.count > suffix.count {
            return String(file.dropLast(suffix.count))
        }
        return file
    }

    private func keep(_ text: String) {
        for line in text.split(separator: "\n") {
            excerpt.append(JUnitXML.bounded(String(line), Self.excerptWidth))
            if excerpt.count > Self.excerptLines { excerpt.removeFirst() }
        }
    }

    func warn(_ warnings: [Diagnostic], in source: SceneSource) {
        self.warnings += DiagnosticRenderer.render(warnings, in: source)
    }

    func begin(_ header: Transcript.Header) {
        suite.title = header.title
        transcript?.begin(header)
    }

    func record(_ entry: Transcript.Entry) {
        transcript?.record(entry)
        // The text transcript holds a line back while an animation may
        // still extend; by a later entry, the lines of the cases waiting
        // are out, so their excerpts show them.
        if let first = pending.first, entry.time > first.time { writePending() }
        let at = entry.time.transcriptText
        switch entry.kind {
        case .expectation(let path, let expected, let actual, let passed, let position):
            let name = "expect \(path) \(expected.text)"
            addCase(
                name, at: entry.time, position: position,
                problem: passed
                    ? nil
                    : Problem(
                        element: "failure", type: "expectation",
                        message: "expected \(expected), actual \(actual)",
                        details: "\(name)\nexpected \(expected), actual \(actual) (at \(at))"))
        case .invariant(let check, let expected, let actual, let after, let position):
            let name = "invariant \(check)"
            addCase(
                name, at: entry.time, position: position,
                problem: Problem(
                    element: "failure", type: "invariant",
                    message: "broke \(after): expected \(expected), actual \(actual)",
                    details: "\(name)\nbroke \(after): expected \(expected), actual \(actual) (at \(at))"))
        case .snapshot(let name, let result, let position):
            var details = "snapshot \(name)\n\(result.explanation) (at \(at))\nreference: \(result.reference)"
            switch result {
            case .differs(_, let picture, let comparison):
                details += "\npicture: \(picture)\nside by side: \(comparison)"
            case .unavailable(_, let reason):
                details += "\nreason: \(reason)"
            case .matched, .updated, .recorded:
                break
            }
            addCase(
                "snapshot \(name)", at: entry.time, position: position,
                problem: result.passed
                    ? nil
                    : Problem(
                        element: "failure", type: "snapshot-\(result.kindName)", message: result.explanation,
                        details: details))
        case .failure(let object, let message):
            addCase(
                "\(object) failed", at: entry.time, position: nil,
                problem: Problem(
                    element: "error", type: "object-failure", message: message,
                    details: "\(object) failed: \(message) (at \(at))"))
        case .error(let message, let position):
            addCase(
                "the script runs to the end", at: entry.time, position: position,
                problem: Problem(
                    element: "error", type: "script-error", message: message,
                    details: "error: \(message) (at \(at))"))
        case .step, .ignored, .event, .change, .note:
            break
        }
    }

    func end(_ summary: Transcript.Summary) {
        transcript?.end(summary)
        transcript = nil
        writePending()
        summaryLine = TranscriptRenderer.summary(summary)
        suite.virtualTime = summary.endTime
        if suite.tests == 0 {
            addCase("runs to the end", at: summary.endTime, position: nil, problem: nil)
            writePending()
        }
    }

    /// The suite, once the run has ended (or stopped), with its wall time.
    func finish(wallTime: Duration) -> JUnitSuite {
        if !summaryLine.isEmpty {
            let line = VisibleText.lines(summaryLine) + "\n"
            suite.body.write("    <system-out>\(MarkupText.content(line))</system-out>\n")
        }
        if !warnings.isEmpty { suite.body.write("    <system-err>\(MarkupText.content(warnings))</system-err>\n") }
        suite.wallTime = wallTime
        return suite
    }

    /// The suite of a scene that did not load: one case, "loads", with an
    /// `<error>` that lists its diagnostics as the text output does.
    static func invalid(_ error: SceneLoadError, file: String, wallTime: Duration) -> JUnitSuite {
        let suite = JUnitSuite(file: file, title: file, tests: 1, errors: 1, wallTime: wallTime, body: ScratchFile())
        let errors = Records.errorCount(error.diagnostics)
        let warnings = Records.warningCount(error.diagnostics)
        let first = error.diagnostics.first { $0.severity == .error } ?? error.diagnostics.first
        let place = first.map { ($0.file ?? error.source).name + ":" + $0.position.description }
        var message = Records.tally(errors: errors, warnings: warnings)
        if let first, let place { message += "; first: \(place): \(first.message)" }
        var attributes = "name=\"loads\" classname=\"\(MarkupText.attribute(className(of: file)))\""
        attributes += " file=\"\(MarkupText.attribute(file))\""
        if let first, first.file == nil { attributes += " line=\"\(first.position.line)\"" }
        // The case's time is the wall time it took to find the scene invalid.
        suite.body.write("    <testcase \(attributes) time=\"\(JUnitXML.seconds(wallTime))\">\n")
        suite.body.write(
            "      <error type=\"invalid-scene\" message=\"\(MarkupText.attribute(JUnitXML.bounded(message, messageWidth)))\">"
                + MarkupText.content(VisibleText.lines(DiagnosticRenderer.render(error.diagnostics, in: error.source)))
                + "</error>\n")
        suite.body.write("    </testcase>\n")
        return suite
    }

    /// What makes a case fail: a `<failure>` (an expectation that did not
    /// hold) or an `<error>` (something that went wrong).
    private struct Problem {
        var element: String
        var type: String
        var message: String
        var details: String
    }

    /// A case made, waiting for the transcript's lines up to it.
    private struct PendingCase {
        var name: String
        var time: Duration
        /// The wall time since the case before it.
        var wallTime: Duration
        var position: SourcePosition?
        var problem: Problem?
    }

    /// The cases waiting, in order: those of one virtual time, at most ``maximumPending``.
    private var pending: [PendingCase] = []
    static let maximumPending = 64

    private func addCase(_ name: String, at time: Duration, position: SourcePosition?, problem: Problem?) {
        let now = ContinuousClock.now
        pending.append(
            PendingCase(
                name: name, time: time, wallTime: now - lastCaseInstant, position: position, problem: problem))
        lastCaseInstant = now
        if pending.count >= Self.maximumPending { writePending() }
    }

    private func writePending() {
        for pendingCase in pending {
            write(
                pendingCase.name, at: pendingCase.time, wallTime: pendingCase.wallTime, position: pendingCase.position,
                problem: pendingCase.problem)
        }
        pending.removeAll(keepingCapacity: true)
    }

    /// Writes a case: its `time` is the wall time since the case before
    /// it, its `virtual-time` property the scene's time since then.
    private func write(
        _ name: String, at time: Duration, wallTime: Duration, position: SourcePosition?, problem: Problem?
    ) {
        suite.tests += 1
        let place = position.map { " (line \($0.line))" } ?? ""
        var attributes = "name=\"\(MarkupText.attribute(name + place))\"" + caseAttributes
        if let position { attributes += " line=\"\(position.line)\"" }
        attributes += " time=\"\(JUnitXML.seconds(max(.zero, wallTime)))\""
        let virtualTime = JUnitXML.seconds(max(.zero, time - lastCaseTime))
        lastCaseTime = time
        suite.body.write("    <testcase \(attributes)>\n")
        suite.body.write(
            "      <properties><property name=\"virtual-time\" value=\"\(virtualTime)\"/></properties>\n")
        guard let problem else {
            suite.body.write("    </testcase>\n")
            return
        }
        if problem.element == "failure" { suite.failures += 1 } else { suite.errors += 1 }
        var details = (position.map { "\(suite.file):\($0): " } ?? "\(suite.file): ") + problem.details
        if !excerpt.isEmpty {
            details += "\n\nthe transcript to just after it (its last \(excerpt.count) lines):\n"
            details += excerpt.joined(separator: "\n")
        }
        let message = JUnitXML.bounded(VisibleText.line(problem.message), Self.messageWidth)
        suite.body.write(
            "      <\(problem.element) type=\"\(problem.type)\" message=\"\(MarkupText.attribute(message))\">"
                + MarkupText.content(VisibleText.lines(details)) + "</\(problem.element)>\n")
        suite.body.write("    </testcase>\n")
    }
}
