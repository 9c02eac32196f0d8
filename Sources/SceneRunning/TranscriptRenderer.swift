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
            case .ignored(let verb, let target):
                lines.append("\(time)      (\(target) ignored '\(verb)')")
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
    public static func jsonLines(_ transcript: Transcript) -> String {
        var lines: [String] = []
        let file = ("file", JSON.string(transcript.file))
        for entry in transcript.entries {
            var fields: [(String, String)] = [file, ("time", JSON.number(entry.time.seconds))]
            switch entry.kind {
            case .step(let verb, let text):
                fields += [("type", JSON.string("step")), ("verb", JSON.string(verb)), ("text", JSON.string(text))]
            case .ignored(let verb, let target):
                fields += [
                    ("type", JSON.string("ignored")), ("verb", JSON.string(verb)), ("object", JSON.string(target)),
                ]
            case .event(let object, let event, let payload):
                fields += [
                    ("type", JSON.string("event")), ("object", JSON.string(object)), ("event", JSON.string(event)),
                ]
                if let payload { fields.append(("payload", JSON.string(payload.description))) }
            case .change(let object, let property, let from, let to, let isFrame):
                fields += [
                    ("type", JSON.string("change")), ("object", JSON.string(object)),
                    ("property", JSON.string(property)), ("from", JSON.string(from.description)),
                    ("to", JSON.string(to.description)), ("animationFrame", isFrame ? "true" : "false"),
                ]
            case .expectation(let path, let expected, let actual, let passed, let position):
                fields += [
                    ("type", JSON.string("expect")), ("path", JSON.string(path)),
                    ("expected", JSON.string(expected.description)), ("actual", JSON.string(actual.description)),
                    ("passed", passed ? "true" : "false"), ("line", String(position.line)),
                    ("column", String(position.column)),
                ]
            case .note(let text):
                fields += [("type", JSON.string("note")), ("text", JSON.string(text))]
            case .error(let message, let position):
                fields += [("type", JSON.string("error")), ("message", JSON.string(message))]
                if let position { fields += [("line", String(position.line)), ("column", String(position.column))] }
            }
            lines.append(JSON.object(fields))
        }
        lines.append(
            JSON.object([
                file, ("type", JSON.string("summary")), ("title", JSON.string(transcript.title)),
                ("passed", String(transcript.passedCount)), ("failed", String(transcript.failedCount)),
                ("error", transcript.hasError ? "true" : "false"), ("endTime", JSON.number(transcript.endTime.seconds)),
            ]))
        return lines.joined(separator: "\n") + "\n"
    }
}
