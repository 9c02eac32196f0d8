import SceneCore
import SceneLoader
import SceneOutput
import SceneRunning

/// Writes a run as a timeline: one self-contained HTML page (inline CSS,
/// SVG drawn by inline JavaScript, no network) that shows virtual time
/// across and a lane per object, with the properties that changed (steps
/// for discrete values, ramps for animation frames), events and inputs as
/// marks, and every expectation as a pass or fail mark whose hover text
/// gives its `file:line:column` and the expected and actual values.
///
/// The page is written as the run goes: ``begin(_:)`` writes the head
/// (styles and the scene's title), ``record(_:)`` one data row per entry,
/// and ``end(_:)`` the summary and the script that draws the rows. The
/// writer keeps the paths it has seen (one per declared property that
/// changed, to write its value before the first change) and at most
/// ``maximumListedProblems`` failed expectations for the page's summary,
/// so memory stays flat however long the run.
///
/// Every string from the scene reaches the page either HTML-escaped or as
/// a JavaScript string literal with `<`, `>` and `&` escaped, so no value
/// can end the script or open an element.
final class TimelineWriter: TranscriptListener {
    private let write: (String) -> Void
    /// The scene's pictures, when the writer watches the scene.
    private var pictures: TimelinePictures?
    private var file = ""
    /// `object.property` paths whose value before their first change is written.
    private var seenPaths: Set<String> = []
    /// The failed expectations, errors and object failures the summary lists.
    private var problems: [Problem] = []
    /// Those not listed, past the first ``maximumListedProblems``.
    private var unlistedProblems = 0
    private var isFirstRow = true

    /// How many problems the page's summary lists; the marks show every one.
    static let maximumListedProblems = 100

    /// A problem for the summary: when, what, and where in the scene file.
    private struct Problem {
        var time: Duration
        var text: String
        var position: String?
    }

    /// A writer handing the page, piece by piece, to `write`.
    init(write: @escaping (String) -> Void) {
        self.write = write
    }

    /// Draws `scene` as it runs, so that the page shows it at the time
    /// under the pointer (see ``TimelinePictures``).
    func watch(_ scene: Scene) {
        let pictures = TimelinePictures { [weak self] time, kind, fields in
            self?.row(time, kind, fields)
        }
        pictures.watch(scene)
        self.pictures = pictures
    }

    func begin(_ header: Transcript.Header) {
        file = header.file
        let objects = header.objectCount == 1 ? "1 object" : "\(header.objectCount) objects"
        write(
            TimelinePage.head(
                title: MarkupText.content(header.title), subtitle: MarkupText.content("\(header.file) · \(objects)")))
        write("const D = [\n")
        pictures?.drawIfChanged(at: .zero)
    }

    func record(_ entry: Transcript.Entry) {
        let time = entry.time
        switch entry.kind {
        case .change: pictures?.didChange()
        case .step, .note, .expectation, .invariant, .snapshot: pictures?.drawIfChanged(at: entry.time)
        default: break
        }
        switch entry.kind {
        case .step(let verb, let text):
            switch verb {
            case "wait", "at", "set":
                row(time, "s", [.string(verb), .string(text)])
            case "call":
                // `object.action argument`
                let (target, rest) = Self.split(text, at: ".")
                row(time, "u", [.string(verb), .string(target), .string(rest)])
            default:
                // An input: `object argument`.
                let (target, rest) = Self.split(text, at: " ")
                row(time, "u", [.string(verb), .string(target), .string(rest)])
            }
        case .ignored(let verb, let target, let reason):
            row(time, "g", [.string(verb), .string(target), .string(reason)])
        case .event(let object, let event, let payload):
            row(time, "e", [.string(object), .string(event), .optional(payload.map { .string($0.description) })])
        case .change(let object, let property, let from, let to, let isFrame):
            if seenPaths.insert(object + "\u{0}" + property).inserted {
                row(time, "i", [.string(object), .string(property), Self.value(from)])
            }
            row(time, isFrame ? "f" : "c", [.string(object), .string(property), Self.value(to)])
        case .expectation(let path, let expected, let actual, let passed, let position):
            let place = "\(file):\(position)"
            row(
                time, "x",
                [
                    .string(path), .int(passed ? 1 : 0), .string(expected.description), .string(actual.description),
                    .string(place),
                ])
            if !passed {
                list(
                    Problem(
                        time: entry.time, text: "\(path): expected \(expected), actual \(actual)",
                        position: place))
            }
        case .invariant(let check, let expected, let actual, let after, let position):
            // A failed expectation's mark, named by the invariant.
            let place = "\(file):\(position)"
            let path = "invariant \(check)"
            row(
                time, "x",
                [.string(path), .int(0), .string(expected), .string(actual.description), .string(place)])
            list(Problem(time: entry.time, text: "\(path) broke \(after): actual \(actual)", position: place))
        case .note(let text):
            row(time, "n", [.string(text)])
        case .snapshot(let name, let result, let position):
            // In the script's lane: the name, whether it held, the reference, what it found.
            let place = "\(file):\(position)"
            row(
                time, "k",
                [
                    .string(name), .int(result.passed ? 1 : 0), .string(result.reference),
                    .string(result.explanation), .string(place),
                ])
            if !result.passed {
                list(Problem(time: entry.time, text: "snapshot \(name): \(result.explanation)", position: place))
            }
        case .failure(let object, let message):
            row(time, "F", [.string(object), .string(message)])
            list(Problem(time: entry.time, text: "\(object) failed: \(message)", position: nil))
        case .error(let message, let position):
            let place = position.map { "\(file):\($0)" }
            row(time, "E", [.string(message), .optional(place.map(JSONValue.string))])
            list(Problem(time: entry.time, text: "error: \(message)", position: place))
        }
    }

    func end(_ summary: Transcript.Summary) {
        pictures?.drawIfChanged(at: summary.endTime)
        pictures?.finish()
        pictures = nil
        let total = summary.passedCount + summary.failedCount
        write("];\n")
        let totals = JSONValue.object([
            ("end", .number(summary.endTime.seconds)), ("expectations", .int(total)),
            ("passed", .int(summary.passedCount)), ("failed", .int(summary.failedCount)),
            ("failures", .int(summary.failureCount)), ("error", .bool(summary.hasError)),
        ])
        write("const SUMMARY = \(totals.scriptText);\n</script>\n")
        // The summary, readable without JavaScript: the page's styles show it first.
        var html = "<section id=\"summary\" class=\"summary \(summary.succeeded ? "ok" : "failing")\">\n<p>"
        html += "<span class=\"chip\">\(total) expectation\(total == 1 ? "" : "s")</span> "
        html += "<span class=\"chip pass\">\(summary.passedCount) passed</span> "
        html += "<span class=\"chip\(summary.failedCount > 0 ? " fail" : "")\">\(summary.failedCount) failed</span> "
        if summary.failureCount > 0 {
            let failures = summary.failureCount == 1 ? "1 failure" : "\(summary.failureCount) failures"
            html += "<span class=\"chip fail\">\(failures) of an object</span> "
        }
        if summary.hasError { html += "<span class=\"chip fail\">stopped by an error</span> " }
        html += "<span class=\"chip\">virtual time \(summary.endTime.transcriptText)</span></p>\n"
        if !problems.isEmpty {
            html += "<ol class=\"problems\">\n"
            for problem in problems {
                html += "<li data-t=\"\(JSON.number(problem.time.seconds))\"><span class=\"time\">"
                html += problem.time.transcriptText + "</span> " + MarkupText.content(problem.text)
                if let position = problem.position {
                    html += " <span class=\"place\">" + MarkupText.content(position) + "</span>"
                }
                html += "</li>\n"
            }
            if unlistedProblems > 0 { html += "<li class=\"more\">and \(unlistedProblems) more</li>\n" }
            html += "</ol>\n"
        }
        html += "</section>\n"
        write(html + TimelinePage.script)
    }

    // MARK: Rows

    /// One data row: `[time,"kind",fields...],`.
    private func row(_ time: Duration, _ kind: String, _ fields: [JSONValue]) {
        write(JSONValue.array([.number(time.seconds), .string(kind)] + fields).scriptText + ",\n")
    }

    private func list(_ problem: Problem) {
        if problems.count < Self.maximumListedProblems {
            problems.append(problem)
        } else {
            unlistedProblems += 1
        }
    }

    /// `text` split at the first `separator`: `("slider", "0.25")`; all of
    /// it and an empty rest when there is none.
    static func split(_ text: String, at separator: Character) -> (String, String) {
        guard let index = text.firstIndex(of: separator) else { return (text, "") }
        return (String(text[..<index]), String(text[text.index(after: index)...]))
    }

    // MARK: Values

    /// A value as JSON the page's script reads: a number, `true`/`false`
    /// or `null` as itself; a string as `{"s": text}`; a colour as
    /// `{"k": "#RRGGBBAA", "t": scene text}`; a duration as
    /// `{"d": seconds, "t": scene text}`; anything else as `{"t": scene text}`.
    static func value(_ value: SceneValue) -> JSONValue {
        switch value {
        case .null: return .null
        case .bool(let value): return .bool(value)
        case .int(let value): return .int(value)
        case .double(let value):
            return value.isFinite ? .number(value) : .object([("t", .string(value.description))])
        case .string(let text): return .object([("s", .string(text))])
        case .color(let color):
            func hex(_ channel: UInt8) -> String {
                let digits = String(channel, radix: 16, uppercase: true)
                return digits.count == 1 ? "0" + digits : digits
            }
            let css = "#" + hex(color.red) + hex(color.green) + hex(color.blue) + hex(color.alpha)
            return .object([("k", .string(css)), ("t", .string(color.description))])
        case .duration(let duration):
            let seconds = duration.seconds
            guard seconds.isFinite else { return .object([("t", .string(value.description))]) }
            return .object([("d", .number(seconds)), ("t", .string(value.description))])
        case .enumCase, .list, .map, .object:
            return .object([("t", .string(value.description))])
        }
    }
}

extension Duration {
    /// Seconds with three decimals, as the text transcript writes times: `2.900s`.
    var transcriptText: String {
        let (seconds, attoseconds) = components
        var milliseconds = (attoseconds + 500_000_000_000_000) / 1_000_000_000_000_000
        var whole = seconds
        if milliseconds >= 1000, whole < .max {
            whole += 1
            milliseconds -= 1000
        }
        guard whole >= 0, (0..<1000).contains(milliseconds) else { return SceneValue.format(self.seconds) + "s" }
        let fraction = String(milliseconds)
        return "\(whole).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)s"
    }
}
