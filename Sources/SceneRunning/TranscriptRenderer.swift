import SceneCore
import SceneLoader
import SceneOutput

/// Writes transcripts for people (aligned lines, animation frames summarised)
/// and for tools (JSON Lines), whole or as they happen.
public enum TranscriptRenderer {
    /// The transcript as text. Animation frames are summarised as the
    /// animation's start and end unless `verbose`.
    public static func text(_ transcript: Transcript, verbose: Bool = false) -> String {
        var text = ""
        replay(transcript, into: TextTranscriptWriter(verbose: verbose) { text += $0 })
        return text
    }

    /// `-- title: N expectations, N passed, N failed, virtual time T`.
    package static func summary(_ summary: Transcript.Summary) -> String {
        let total = summary.passedCount + summary.failedCount
        var text = "-- \(summary.header.title): \(total) expectation\(total == 1 ? "" : "s"), "
        text += "\(summary.passedCount) passed, \(summary.failedCount) failed"
        if summary.failureCount > 0 {
            text += ", \(summary.failureCount) failure\(summary.failureCount == 1 ? "" : "s") of an object"
        }
        if summary.hasError { text += ", stopped by an error" }
        return text + ", virtual time \(summary.endTime.transcriptTime)"
    }

    /// The transcript as JSON Lines: one object per entry, then a summary.
    /// Every record starts with `type` and `file`; entries then give `time`
    /// (virtual seconds). Values are typed as ``JSON/value(_:)`` writes them.
    ///
    ///     {"type":"step","file":"x.yaml","time":2,"verb":"slide","text":"volume 0.8"}
    ///     {"type":"change","file":"x.yaml","time":2,"object":"volume","property":"value","from":0.5,"to":0.8,"animationFrame":false}
    ///     {"type":"summary","file":"x.yaml","title":"X","expectations":6,"passed":6,"failed":0,"error":false,"endTime":2}
    public static func jsonLines(_ transcript: Transcript) -> String {
        var text = ""
        replay(transcript, into: JSONTranscriptWriter { text += $0 })
        return text
    }

    private static func replay(_ transcript: Transcript, into sink: some TranscriptListener) {
        sink.begin(transcript.header)
        for entry in transcript.entries { sink.record(entry) }
        sink.end(transcript.summary)
    }

    /// One entry as a JSON object, without a line break.
    package static func json(_ entry: Transcript.Entry, file: String) -> String {
        func record(_ type: String, _ fields: [(String, JSONValue)]) -> String {
            JSONValue.object(
                [("type", .string(type)), ("file", .string(file)), ("time", .number(entry.time.seconds))] + fields
            ).compact
        }
        switch entry.kind {
        case .step(let verb, let text):
            return record("step", [("verb", .string(verb)), ("text", .string(text))])
        case .ignored(let verb, let target, let reason):
            return record(
                "ignored", [("verb", .string(verb)), ("object", .string(target)), ("reason", .string(reason))])
        case .event(let object, let event, let payload):
            var fields: [(String, JSONValue)] = [("object", .string(object)), ("event", .string(event))]
            if let payload { fields.append(("payload", JSONValue(payload))) }
            return record("event", fields)
        case .change(let object, let property, let from, let to, let isFrame):
            return record(
                "change",
                [
                    ("object", .string(object)), ("property", .string(property)), ("from", JSONValue(from)),
                    ("to", JSONValue(to)), ("animationFrame", .bool(isFrame)),
                ])
        case .expectation(let path, let expected, let actual, let passed, let position):
            return record(
                "expect",
                [
                    ("path", .string(path)), ("expected", Self.json(expected)), ("actual", JSONValue(actual)),
                    ("passed", .bool(passed)), ("line", .int(position.line)), ("column", .int(position.column)),
                ])
        case .invariant(let check, let expected, let actual, let after, let position):
            return record(
                "invariant",
                [
                    ("check", .string(check)), ("expected", .string(expected)), ("actual", JSONValue(actual)),
                    ("after", .string(after)), ("passed", .bool(false)), ("line", .int(position.line)),
                    ("column", .int(position.column)),
                ])
        case .note(let text):
            return record("note", [("text", .string(text))])
        case .snapshot(let name, let result, let position):
            var fields: [(String, JSONValue)] = [
                ("name", .string(name)), ("passed", .bool(result.passed)), ("result", .string(result.kindName)),
                ("reference", .string(result.reference)),
            ]
            switch result {
            case .differs(_, let picture, let comparison):
                fields += [("picture", .string(picture)), ("comparison", .string(comparison))]
            case .unavailable(_, let reason):
                fields.append(("reason", .string(reason)))
            case .matched, .updated, .recorded:
                break
            }
            fields += [("line", .int(position.line)), ("column", .int(position.column))]
            return record("snapshot", fields)
        case .failure(let object, let message):
            return record("failure", [("object", .string(object)), ("message", .string(message))])
        case .error(let message, let position):
            var fields: [(String, JSONValue)] = [("message", .string(message))]
            if let position { fields += [("line", .int(position.line)), ("column", .int(position.column))] }
            return record("error", fields)
        }
    }

    /// What an `expect` asks, as JSON: the value itself, `{"not": value}`
    /// or `{"min": a, "max": b}` (as the scene writes it).
    static func json(_ expected: ExpectedValue) -> JSONValue {
        switch expected {
        case .equal(let value): return JSONValue(value)
        case .notEqual(let value): return .object([("not", JSONValue(value))])
        case .range(let low, let high):
            var bounds: [(String, JSONValue)] = []
            if let low { bounds.append(("min", JSONValue(low))) }
            if let high { bounds.append(("max", JSONValue(high))) }
            return .object(bounds)
        }
    }

    /// The `summary` record that ends a transcript, without a line break.
    package static func json(_ summary: Transcript.Summary) -> String {
        JSONValue.object([
            ("type", .string("summary")), ("file", .string(summary.header.file)),
            ("title", .string(summary.header.title)),
            ("expectations", .int(summary.passedCount + summary.failedCount)),
            ("passed", .int(summary.passedCount)), ("failed", .int(summary.failedCount)),
            ("failures", .int(summary.failureCount)), ("error", .bool(summary.hasError)),
            ("endTime", .number(summary.endTime.seconds)),
        ]).compact
    }
}

/// Writes a transcript as JSON Lines while it happens: each entry as one
/// line, then the summary.
package final class JSONTranscriptWriter: TranscriptListener {
    private let write: (String) -> Void
    private var file = ""

    /// A writer handing each line, with its line break, to `write`.
    package init(write: @escaping (String) -> Void) {
        self.write = write
    }

    package func warn(_ warnings: [Diagnostic], in source: SceneSource) {
        for warning in warnings { write(DiagnosticRenderer.json(warning, in: source) + "\n") }
    }

    package func begin(_ header: Transcript.Header) { file = header.file }

    package func record(_ entry: Transcript.Entry) { write(TranscriptRenderer.json(entry, file: file) + "\n") }

    package func end(_ summary: Transcript.Summary) { write(TranscriptRenderer.json(summary) + "\n") }
}

/// Writes a transcript as text while it happens: a header, a line per entry
/// with its virtual time, and the summary.
///
/// Unless `verbose`, the frames of an animation are summarised: a run of
/// frames of one numeric or colour property, each no more than two frame
/// intervals after the one before, moving in one direction, prints as
/// `path: from -> animating` at its first frame and `path: -> to (animated,
/// N frames)` at its last; a lone frame prints as a change. Whether a frame
/// starts or ends a run is known from the next frame of that property, or
/// once the clock has passed the gap with none: until then the lines after
/// it wait, so the writer holds at most the lines of that short gap,
/// however long the run.
package final class TextTranscriptWriter: TranscriptListener {
    private let write: (String) -> Void
    private let verbose: Bool

    /// Lines waiting to be written, in order; `nil` text while the frame
    /// they stand for is undecided, and once decided a frame in the middle
    /// of a run writes nothing.
    private var waiting: [(time: Duration, text: String?, isDecided: Bool)] = []
    /// The sequence number of `waiting[start]`, and the first slot still
    /// in use (slots before it have been written).
    private var firstSequence = 0
    private var start = 0
    /// The runs of frames that may still grow, by `object.property`.
    private var runs: [String: Run] = [:]
    /// The file the transcript is about, for the positions of failed expectations.
    private var file = ""

    /// An open run of frames: where its first and last frames wait, and
    /// what they print.
    private struct Run {
        var path: String
        var first: Int
        var firstTime: Duration
        var firstFrom: SceneValue
        var firstTo: SceneValue
        var last: Int
        var lastTime: Duration
        var lastTo: SceneValue
        var frames: Int
        var direction: Double
    }

    /// Frames further apart than this belong to different runs (two frame
    /// intervals at 60 frames a second).
    static let maximumGap = Duration.milliseconds(34)

    /// A writer handing each line, with its line break, to `write`. What
    /// a scene wrote (titles, notes, strings, messages) reaches `write` with
    /// its control characters shown by their codes (`\u{1B}`), never raw.
    package init(verbose: Bool = false, write: @escaping (String) -> Void) {
        self.verbose = verbose
        self.write = { write(VisibleText.lines($0)) }
    }

    package func warn(_ warnings: [Diagnostic], in source: SceneSource) {
        write(DiagnosticRenderer.render(warnings, in: source))
    }

    package func begin(_ header: Transcript.Header) {
        file = header.file
        let objects = header.objectCount == 1 ? "1 object" : "\(header.objectCount) objects"
        write("== \(header.title) (\(header.file), \(objects))\n")
    }

    package func record(_ entry: Transcript.Entry) {
        closeRuns(endedBefore: entry.time)
        let time = column(entry.time)
        switch entry.kind {
        case .step(let verb, let text):
            append(entry.time, "\(time)  \(verb)\(text.isEmpty ? "" : " " + text)")
        case .ignored(let verb, let target, let reason):
            append(entry.time, "\(time)      (\(target) ignored '\(verb)' because \(reason))")
        case .event(let object, let event, let payload):
            append(entry.time, "\(time)      \(object) sent \(event)\(payload.map { " \($0)" } ?? "")")
        case .change(let object, let property, let from, let to, let isFrame):
            change(entry.time, "\(object).\(property)", from, to, isFrame)
        case .expectation(let path, let expected, let actual, let passed, let position):
            if passed {
                append(entry.time, "\(time)  expect \(path) \(expected.text): ok")
            } else {
                append(entry.time, "\(time)  expect \(path) \(expected.text): FAILED")
                append(
                    entry.time,
                    "\(Self.pad("", 10))      expected \(expected), actual \(actual) (\(file):\(position))")
            }
        case .invariant(let check, let expected, let actual, let after, let position):
            append(entry.time, "\(time)  invariant \(check): BROKEN \(after)")
            append(
                entry.time, "\(Self.pad("", 10))      expected \(expected), actual \(actual) (\(file):\(position))")
        case .note(let text):
            append(entry.time, "\(time)  note: \(text)")
        case .snapshot(let name, let result, let position):
            switch result {
            case .matched:
                append(entry.time, "\(time)  snapshot \(name): ok")
            case .updated(let reference):
                append(entry.time, "\(time)  snapshot \(name): updated \(reference)")
            case .recorded, .differs, .unavailable:
                append(entry.time, "\(time)  snapshot \(name): FAILED")
                append(entry.time, "\(Self.pad("", 10))      \(result.explanation) (\(file):\(position))")
            }
        case .failure(let object, let message):
            append(entry.time, "\(time)      \(object) failed: \(message)")
        case .error(let message, let position):
            append(entry.time, "\(time)  error: \(message)\(position.map { " (\(file):\($0))" } ?? "")")
        }
        flush()
    }

    package func end(_ summary: Transcript.Summary) {
        for path in runs.keys.sorted() {
            if let run = runs.removeValue(forKey: path) { close(run) }
        }
        flush()
        write(TranscriptRenderer.summary(summary) + "\n")
    }

    /// Tells the writer that the clock reached `time` with nothing new:
    /// the animation runs it can no longer extend are closed and their
    /// lines written (a live session calls it as real time passes).
    package func clockReached(_ time: Duration) {
        closeRuns(endedBefore: time)
        flush()
    }

    /// Writes `text` (whole lines) in its place among the lines of the
    /// transcript: after the lines still waiting for an animation to be
    /// decided, never before them.
    package func writeInOrder(_ text: String, at time: Duration) {
        append(time, text.hasSuffix("\n") ? String(text.dropLast()) : text)
        flush()
    }

    /// Runs `body` with the positions of failed expectations named as in
    /// `file` (a live session's `<stdin>`) instead of the scene's file.
    package func positions(in file: String, _ body: () -> Void) {
        let sceneFile = self.file
        self.file = file
        body()
        self.file = sceneFile
    }

    // MARK: Animation runs

    private func change(_ time: Duration, _ path: String, _ from: SceneValue, _ to: SceneValue, _ isFrame: Bool) {
        guard !verbose, isFrame, let delta = Self.numericDelta(from, to) else {
            if let run = runs.removeValue(forKey: path) { close(run) }
            append(time, "\(column(time))      \(path): \(from) -> \(to)")
            return
        }
        let direction = delta == 0 ? 0 : delta > 0 ? 1.0 : -1.0
        if var run = runs[path], time - run.lastTime <= Self.maximumGap,
            run.direction == 0 || direction == 0 || run.direction == direction
        {
            if run.frames == 1 {
                // A second frame: the first starts a run.
                decide(
                    run.first,
                    "\(column(run.firstTime))      \(path): \(run.firstFrom) -> animating")
            } else {
                decide(run.last, nil)
            }
            run.last = appendUndecided(time)
            run.lastTime = time
            run.lastTo = to
            run.frames += 1
            if run.direction == 0 { run.direction = direction }
            runs[path] = run
        } else {
            if let run = runs.removeValue(forKey: path) { close(run) }
            let slot = appendUndecided(time)
            runs[path] = Run(
                path: path, first: slot, firstTime: time, firstFrom: from, firstTo: to, last: slot, lastTime: time,
                lastTo: to, frames: 1, direction: direction)
        }
    }

    private func close(_ run: Run) {
        if run.frames == 1 {
            decide(
                run.first,
                "\(column(run.firstTime))      \(run.path): \(run.firstFrom) -> \(run.firstTo)")
        } else {
            decide(
                run.last,
                "\(column(run.lastTime))      \(run.path): -> \(run.lastTo) (animated, \(run.frames) frames)"
            )
        }
    }

    /// Closes the runs that can no longer grow: the clock is past their gap.
    private func closeRuns(endedBefore time: Duration) {
        guard !runs.isEmpty else { return }
        for (path, run) in runs where time - run.lastTime > Self.maximumGap {
            runs[path] = nil
            close(run)
        }
    }

    // MARK: The waiting lines

    private func append(_ time: Duration, _ text: String) {
        waiting.append((time, text, true))
    }

    private func appendUndecided(_ time: Duration) -> Int {
        waiting.append((time, nil, false))
        return firstSequence + waiting.count - 1
    }

    private func decide(_ sequence: Int, _ text: String?) {
        let index = sequence - firstSequence
        waiting[index].text = text
        waiting[index].isDecided = true
    }

    /// How many lines wait for a frame to be decided.
    var waitingCount: Int { waiting.count - start }

    /// Writes the decided lines at the front; drops written slots now and then.
    private func flush() {
        while start < waiting.count, waiting[start].isDecided {
            if let text = waiting[start].text { write(text + "\n") }
            start += 1
        }
        if start == waiting.count {
            firstSequence += waiting.count
            waiting.removeAll(keepingCapacity: true)
            start = 0
        } else if start > 4096 && start * 2 > waiting.count {
            waiting.removeFirst(start)
            firstSequence += start
            start = 0
        }
    }

    /// How far a number moved (a colour: its channels' total), or `nil` for
    /// values that do not animate.
    static func numericDelta(_ from: SceneValue, _ to: SceneValue) -> Double? {
        switch (from, to) {
        case (.double(let a), .double(let b)): return b - a
        case (.int(let a), .int(let b)): return Double(b) - Double(a)
        case (.color(let a), .color(let b)):
            func sum(_ color: Color) -> Double {
                Double(color.red) + Double(color.green) + Double(color.blue) + Double(color.alpha)
            }
            return sum(b) - sum(a)
        default: return nil
        }
    }

    /// The time column of a line: `    2.900s`. Consecutive lines share
    /// their time, so the last one is kept.
    private func column(_ time: Duration) -> String {
        if time == lastColumnTime, let lastColumn { return lastColumn }
        let column = Self.pad(time.transcriptTime, 10)
        lastColumnTime = time
        lastColumn = column
        return column
    }

    private var lastColumnTime = Duration.zero
    private var lastColumn: String?

    static func pad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
