import SceneCore
import SceneLoader

/// Writes transcripts for people (aligned lines, animation frames summarised)
/// and for tools (JSON Lines).
public enum TranscriptRenderer {
    /// The transcript as text. Animation frames are summarised as the
    /// animation's start and end unless `verbose`.
    public static func text(_ transcript: Transcript, verbose: Bool = false) -> String {
        var lines: [String] = []
        let objects = transcript.objectCount == 1 ? "1 object" : "\(transcript.objectCount) objects"
        lines.append("== \(transcript.title) (\(transcript.file), \(objects))")
        let runs = verbose ? [:] : animationRuns(transcript.entries)
        for (index, entry) in transcript.entries.enumerated() {
            let time = pad(entry.time.transcriptTime, 10)
            switch entry.kind {
            case .step(let verb, let text):
                lines.append("\(time)  \(verb)\(text.isEmpty ? "" : " " + text)")
            case .ignored(let verb, let target, let reason):
                lines.append("\(time)      (\(target) ignored '\(verb)' because \(reason))")
            case .event(let object, let event, let payload):
                lines.append("\(time)      \(object) sent \(event)\(payload.map { " \($0)" } ?? "")")
            case .change(let object, let property, let from, let to, _):
                let path = "\(object).\(property)"
                guard let run = runs[index] else {
                    lines.append("\(time)      \(path): \(from) -> \(to)")
                    continue
                }
                if run.isStart { lines.append("\(time)      \(path): \(from) -> animating") }
                if let summary = run.end {
                    let frames = "\(summary.frames) frame\(summary.frames == 1 ? "" : "s")"
                    lines.append("\(time)      \(path): -> \(to) (animated, \(frames))")
                }
            case .expectation(let path, let expected, let actual, let passed, let position):
                if passed {
                    lines.append("\(time)  expect \(path) == \(expected): ok")
                } else {
                    lines.append("\(time)  expect \(path) == \(expected): FAILED")
                    lines.append(
                        "\(pad("", 10))      expected \(expected), actual \(actual) (\(transcript.file):\(position))")
                }
            case .note(let text):
                lines.append("\(time)  note: \(text)")
            case .error(let message, let position):
                lines.append("\(time)  error: \(message)\(position.map { " (\(transcript.file):\($0))" } ?? "")")
            }
        }
        lines.append(summary(transcript))
        return lines.joined(separator: "\n") + "\n"
    }

    /// `-- title: N expectations, N passed, N failed, virtual time T`.
    public static func summary(_ transcript: Transcript) -> String {
        let total = transcript.passedCount + transcript.failedCount
        var text = "-- \(transcript.title): \(total) expectation\(total == 1 ? "" : "s"), "
        text += "\(transcript.passedCount) passed, \(transcript.failedCount) failed"
        if transcript.hasError { text += ", stopped by an error" }
        return text + ", virtual time \(transcript.endTime.transcriptTime)"
    }

    /// Where a frame change stands in its animation: whether it starts it,
    /// and for the last frame, how many frames the animation had.
    struct RunPosition {
        var isStart = false
        var end: (frames: Int, Void)?
    }

    /// Groups the animation frames of each numeric or colour property into
    /// runs: consecutive frames (no more than two frame intervals apart)
    /// moving in one direction. A change of any other kind, or a lone frame,
    /// is printed as it is.
    static func animationRuns(_ entries: [Transcript.Entry]) -> [Int: RunPosition] {
        struct Run {
            var indices: [Int]
            var lastTime: Duration
            var direction: Double
        }
        let maximumGap = Duration.milliseconds(34)
        var open: [String: Run] = [:]
        var closed: [Run] = []
        for (index, entry) in entries.enumerated() {
            guard case .change(let object, let property, let from, let to, let isFrame) = entry.kind else { continue }
            let path = "\(object).\(property)"
            guard isFrame, let delta = numericDelta(from, to) else {
                if let run = open.removeValue(forKey: path) { closed.append(run) }
                continue
            }
            let direction = delta == 0 ? 0 : delta > 0 ? 1.0 : -1.0
            if var run = open[path], entry.time - run.lastTime <= maximumGap,
                run.direction == 0 || direction == 0 || run.direction == direction
            {
                run.indices.append(index)
                run.lastTime = entry.time
                if run.direction == 0 { run.direction = direction }
                open[path] = run
            } else {
                if let run = open.removeValue(forKey: path) { closed.append(run) }
                open[path] = Run(indices: [index], lastTime: entry.time, direction: direction)
            }
        }
        closed += open.values
        var positions: [Int: RunPosition] = [:]
        for run in closed where run.indices.count > 1 {
            guard let first = run.indices.first, let last = run.indices.last else { continue }
            positions[first, default: RunPosition()].isStart = true
            positions[last, default: RunPosition()].end = (run.indices.count, ())
            for index in run.indices.dropFirst().dropLast() { positions[index] = RunPosition() }
        }
        return positions
    }

    /// How far a number moved (a colour: its channels' total), or `nil` for
    /// values that do not animate.
    private static func numericDelta(_ from: SceneValue, _ to: SceneValue) -> Double? {
        switch (from, to) {
        case (.double(let a), .double(let b)): return b - a
        case (.int(let a), .int(let b)): return Double(b - a)
        case (.color(let a), .color(let b)):
            func sum(_ color: Color) -> Double {
                Double(color.red) + Double(color.green) + Double(color.blue) + Double(color.alpha)
            }
            return sum(b) - sum(a)
        default: return nil
        }
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
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
        for entry in transcript.entries { text += json(entry, file: transcript.file) + "\n" }
        return text + jsonSummary(transcript) + "\n"
    }

    /// One entry as a JSON object, without a line break.
    public static func json(_ entry: Transcript.Entry, file: String) -> String {
        func record(_ type: String, _ fields: [(String, String)]) -> String {
            JSON.object(
                [("type", JSON.string(type)), ("file", JSON.string(file)), ("time", JSON.number(entry.time.seconds))]
                    + fields)
        }
        switch entry.kind {
        case .step(let verb, let text):
            return record("step", [("verb", JSON.string(verb)), ("text", JSON.string(text))])
        case .ignored(let verb, let target, let reason):
            return record(
                "ignored",
                [("verb", JSON.string(verb)), ("object", JSON.string(target)), ("reason", JSON.string(reason))])
        case .event(let object, let event, let payload):
            var fields = [("object", JSON.string(object)), ("event", JSON.string(event))]
            if let payload { fields.append(("payload", JSON.value(payload))) }
            return record("event", fields)
        case .change(let object, let property, let from, let to, let isFrame):
            return record(
                "change",
                [
                    ("object", JSON.string(object)), ("property", JSON.string(property)), ("from", JSON.value(from)),
                    ("to", JSON.value(to)), ("animationFrame", JSON.bool(isFrame)),
                ])
        case .expectation(let path, let expected, let actual, let passed, let position):
            return record(
                "expect",
                [
                    ("path", JSON.string(path)), ("expected", JSON.value(expected)), ("actual", JSON.value(actual)),
                    ("passed", JSON.bool(passed)), ("line", String(position.line)),
                    ("column", String(position.column)),
                ])
        case .note(let text):
            return record("note", [("text", JSON.string(text))])
        case .error(let message, let position):
            var fields = [("message", JSON.string(message))]
            if let position { fields += [("line", String(position.line)), ("column", String(position.column))] }
            return record("error", fields)
        }
    }

    /// The `summary` record that ends a transcript, without a line break.
    public static func jsonSummary(_ transcript: Transcript) -> String {
        JSON.object([
            ("type", JSON.string("summary")), ("file", JSON.string(transcript.file)),
            ("title", JSON.string(transcript.title)),
            ("expectations", String(transcript.passedCount + transcript.failedCount)),
            ("passed", String(transcript.passedCount)), ("failed", String(transcript.failedCount)),
            ("error", JSON.bool(transcript.hasError)), ("endTime", JSON.number(transcript.endTime.seconds)),
        ])
    }
}
