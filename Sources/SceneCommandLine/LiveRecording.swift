import SceneCore
import SceneLoader
import SceneYAML

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A live session written as an ordinary scene (`live --record`): the
/// original file without its script, then a script of each step at the
/// millisecond it was applied, the session's end, and an `expect` of every
/// property that changed with its final value. `run` on it replays the
/// session: the same events and changes in the same order, wherever the
/// recording is written (the scene's `include:` paths are rewritten
/// relative to the recording's folder) and whatever its strings hold
/// (every string is written double-quoted, anything but plain printable
/// text escaped, so that YAML reads back exactly the same).
package enum LiveRecording {
    /// One step performed in the session.
    package struct Input {
        /// When it was applied: a whole millisecond for a typed line.
        package let time: Duration
        /// The line as typed; `nil` for a step of the scene's own script.
        package let text: String?
        package let step: ScriptStep
    }

    /// The recording of a session of `source`, to be written at `path`.
    package static func text(
        of source: SceneSource, recordedAt path: String, objectIDs: [String], inputs: [Input], end: Duration,
        finalValues: [(path: String, value: SceneValue)]
    ) -> String {
        let original = IncludePaths.rewritten(source, for: path)
        var text = withoutScript(String(decoding: original, as: UTF8.self))
        if !text.hasSuffix("\n") { text += "\n" }
        text += "script:\n"
        text += "  - note: \(noteText("recorded by a live session of " + source.name))\n"
        var time: Duration?
        for input in inputs {
            guard let line = input.text ?? stepText(input.step, objectIDs) else { continue }
            if input.time != time {
                text += "  - at: \(input.time.sceneText)\n"
                time = input.time
            }
            text += "  - \(line)\n"
        }
        let last = max(end.roundedUpToMillisecond, time ?? .zero)
        if last != time { text += "  - at: \(last.sceneText)\n" }
        for (path, value) in finalValues {
            text += "  - expect: { \(path): \(yaml(value)) }\n"
        }
        return text
    }

    /// The file's text with its top-level `script:` section taken out.
    static func withoutScript(_ text: String) -> String {
        var kept: [Substring] = []
        var isInScript = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let startsTopLevelKey = line.first.map { !$0.isWhitespace && $0 != "#" } ?? false
            if startsTopLevelKey { isInScript = line.hasPrefix("script:") }
            if !isInScript { kept.append(line) }
        }
        // Blank lines and a document end marker (`...`) at the end go: the
        // script follows the objects in the same document.
        while let last = kept.last, last.allSatisfy(\.isWhitespace) || last.hasPrefix("...") { kept.removeLast() }
        return kept.joined(separator: "\n")
    }

    /// Whether a script can be added to `text`: its top level is a block
    /// mapping (keys at the start of lines), not a flow mapping (`{...}`).
    package static func canRecord(_ text: String) -> Bool {
        for line in text.split(separator: "\n") {
            let trimmed = line.drop { $0 == " " || $0 == "\t" || $0 == "\u{FEFF}" }
            if trimmed.isEmpty || trimmed.hasPrefix("#") || trimmed.hasPrefix("%") || trimmed.hasPrefix("---") {
                continue
            }
            return !trimmed.hasPrefix("{") && line.first.map { !$0.isWhitespace } == true
        }
        return true
    }

    /// A script step of the scene's own script written back as YAML (the
    /// steps a session performs: no `wait` or `at`).
    private static func stepText(_ step: ScriptStep, _ objectIDs: [String]) -> String? {
        switch step.kind {
        case .wait, .at: return nil
        case .note(let text): return "note: \(yaml(.string(text)))"
        case .snapshot(let name): return "snapshot: \(name)"
        case .expect(let expectations):
            return "expect: { "
                + expectations.map { "\($0.path): \(yaml($0.expected))" }.joined(separator: ", ") + " }"
        case .set(let assignments):
            return "set: { " + assignments.map { "\($0.path): \(yaml($0.value))" }.joined(separator: ", ") + " }"
        case .call(let target, let action, let argument):
            guard objectIDs.indices.contains(target) else { return nil }
            let path = objectIDs[target] + "." + action.name
            return argument.map { "call: { \(path): \(yaml($0)) }" } ?? "call: \(path)"
        case .input(let target, _, let argument):
            guard objectIDs.indices.contains(target) else { return nil }
            let id = objectIDs[target]
            return argument.map { "\(step.verb): { \(id): \(yaml($0)) }" } ?? "\(step.verb): \(id)"
        }
    }

    /// A value in YAML flow style, as a scene file writes it.
    static func yaml(_ value: SceneValue) -> String {
        switch value {
        case .null: "null"
        case .bool, .int, .double, .enumCase, .object, .duration: value.description
        case .string(let text): quoted(text)
        case .color: "\"\(value.description)\""
        case .list(let values): "[" + values.map(yaml).joined(separator: ", ") + "]"
        case .map(let pairs):
            "{" + pairs.map { "\(quoted($0.key)): \(yaml($0.value))" }.joined(separator: ", ") + "}"
        }
    }

    /// A note's text: plain when it is made only of letters, digits, single
    /// spaces inside it and `/ . _ -` (as a usual file name gives it), else
    /// ``quoted(_:)``. A note is always a string, so a plain `true` is too.
    static func noteText(_ text: String) -> String {
        let isPlain =
            !text.isEmpty && text.first != " " && text.last != " " && text.first != "-" && !text.contains("  ")
            && text.unicodeScalars.allSatisfy { scalar in
                (scalar.properties.isAlphabetic && scalar.isASCII) || ("0"..."9").contains(scalar)
                    || " /._-".unicodeScalars.contains(scalar)
            }
        return isPlain ? text : quoted(text)
    }

    /// `text` as a YAML double-quoted scalar that reads back as exactly
    /// `text`: `"` and `\` escaped, and every character YAML would not keep
    /// as it is escaped by its code: control characters (C0, DEL, C1 with
    /// NEL), the line and paragraph separators, the byte order mark.
    /// Leading and trailing spaces, `#` and `: ` are safe inside the quotes.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x22: result += "\\\""
            case 0x5C: result += "\\\\"
            case 0x00..<0x20, 0x7F...0x9F: result += "\\x" + hex(scalar.value, digits: 2)
            case 0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF: result += "\\u" + hex(scalar.value, digits: 4)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}

/// Where `live --record` or `preview --record` writes its session, planned
/// before the session starts: a scene whose top level cannot take a script
/// is refused, and so is a recording that would overwrite the scene or a
/// component it includes, before anything is played.
package struct LiveRecordingPlan {
    /// The path given to `--record`.
    package let path: String
    private let target: OutputFile

    /// The plan for `options.record` (`nil` when the session is not
    /// recorded), given the scene's `source` and the files it includes,
    /// for a command that writes through `context`.
    package static func plan(
        _ options: LiveOptions, source: SceneSource, includes included: [String], in context: CommandContext
    ) throws(CommandFailure) -> LiveRecordingPlan? {
        guard let record = options.record else { return nil }
        guard LiveRecording.canRecord(String(decoding: source.bytes, as: UTF8.self)) else {
            throw CommandFailure(
                message:
                    "--record \(record): \(options.file) is not written as a block mapping (keys at the start of lines), so a script cannot be added to it; write its top level in block style",
                status: ExitStatus.usage)
        }
        var inputs = InputFiles([options.file])
        for component in included { inputs.add(component) }
        inputs.standardOutputs = context.standardOutputs
        return LiveRecordingPlan(path: record, target: try OutputFile(record, option: "--record", inputs: inputs))
    }

    /// Writes the session of `source` that gave `result`.
    package func write(_ result: LiveLoop.Result, of source: SceneSource) throws(CommandFailure) {
        let text = LiveRecording.text(
            of: source, recordedAt: path, objectIDs: result.objectIDs, inputs: result.inputs,
            end: result.summary.endTime, finalValues: result.finalValues)
        if let failure = target.write(text) {
            throw CommandFailure(
                message: "could not write the recording '\(path)': \(failure)", status: ExitStatus.outputFailed)
        }
    }
}
