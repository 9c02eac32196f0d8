import SceneCore
import SceneLoader
import SceneYAML

/// Where `live --record` or `preview --record` writes its session, planned
/// before the session starts, and the check that what it writes replays.
///
/// Before the session: a scene that cannot be recorded is refused (see
/// ``RecordedScene``), and so is a recording that would overwrite the scene
/// or a component it includes; a recording of the scene with no step is
/// made and loaded, so that a scene whose recording would not load is
/// refused before anything is played. At the end: the recording is made
/// from the session and loaded with the same loader as `run` (every check
/// `check` makes, its script compiled, its ids compared with the
/// session's) before anything is written; one that does not load is an
/// error, and the file is not written (nor left half-written: it is
/// written whole through a temporary file, see ``OutputFile``).
package struct LiveRecordingPlan {
    /// The path given to `--record`.
    package let path: String
    private let target: OutputFile
    private let loader: SceneLoader

    /// The plan for `options.record` (`nil` when the session is not
    /// recorded), given the scene's `source`, the `loader` that loads it
    /// and the files it includes.
    package static func plan(
        _ options: LiveOptions, source: SceneSource, loader: SceneLoader, includes included: [String],
        standardOutputs: [StandardOutput] = []
    ) throws(CommandFailure) -> LiveRecordingPlan? {
        guard let record = options.record else { return nil }
        var inputs = InputFiles([options.file])
        for component in included { inputs.add(component) }
        inputs.standardOutputs = standardOutputs
        let target = try OutputFile(record, option: "--record", inputs: inputs)
        let plan = LiveRecordingPlan(path: record, target: target, loader: loader)
        try plan.checkBeforeSession(source, file: options.file)
        return plan
    }

    /// Refuses, before the session, a scene whose recording could not be
    /// written or would not load. An invalid scene is left to the session,
    /// which reports it as every command does.
    private func checkBeforeSession(_ source: SceneSource, file: String) throws(CommandFailure) {
        let option = "--record \(path)"
        let scene: RecordedScene
        switch RecordedScene.make(of: source, recordedAt: path, limits: loader.limits.yaml) {
        case .success(let made): scene = made
        case .failure(.unreadable): return
        case .failure(let refusal):
            throw CommandFailure(message: refusal.message(file: file, option: option), status: ExitStatus.usage)
        }
        let empty = LiveRecording.text(of: scene, sceneName: source.name, inputs: [], end: .zero, finalValues: [])
        guard case .failure(let error) = loader.validate(SceneSource(name: path, text: empty)),
            case .success = loader.validate(source)
        else { return }
        throw CommandFailure(
            message: "\(option): a recording of \(file) would not load, so the session is not started:\n"
                + error.rendered,
            status: ExitStatus.usage)
    }

    /// Writes the session of `source` that gave `result`, once its
    /// recording is known to load.
    package func write(_ result: LiveLoop.Result, of source: SceneSource) throws(CommandFailure) {
        let text = try recording(of: result, source: source)
        if let failure = target.write(text) {
            throw CommandFailure(
                message: "could not write the recording '\(path)': \(failure)", status: ExitStatus.outputFailed)
        }
    }

    /// The recording of the session of `source` that gave `result`, loaded
    /// as `run` would load it; why it cannot be written, when it does not.
    func recording(of result: LiveLoop.Result, source: SceneSource) throws(CommandFailure) -> String {
        let notWritten = "the recording of this session would not replay, so '\(path)' was not written"
        let scene: RecordedScene
        switch RecordedScene.make(of: source, recordedAt: path, limits: loader.limits.yaml) {
        case .success(let made): scene = made
        case .failure(let refusal):
            throw CommandFailure(
                message: "\(notWritten): " + refusal.message(file: source.name, option: "--record"),
                status: ExitStatus.outputFailed)
        }
        let text = LiveRecording.text(
            of: scene, sceneName: source.name, inputs: result.inputs, end: result.summary.endTime,
            finalValues: result.finalValues)
        switch loader.validate(SceneSource(name: path, text: text)) {
        case .failure(let error):
            throw CommandFailure(message: "\(notWritten):\n" + error.rendered, status: ExitStatus.outputFailed)
        case .success(let declaration):
            guard declaration.objects.map(\.id) == result.objectIDs else {
                throw CommandFailure(
                    message: "\(notWritten): it declares other objects than the session ran",
                    status: ExitStatus.outputFailed)
            }
        }
        return text
    }
}

/// The steps a recorded session performed, as its recording writes them.
/// Each typed or dragged step is checked before it is performed: written
/// back from its values it must compile to the same step, fit in a
/// recording within the loader's limits (depth, and size: the steps may
/// take the largest input less the scene's size and a reserve for the
/// script's first and last lines), so that the session never performs a
/// step its recording could not replay. A step that fails is refused, as
/// a mistyped line is.
struct RecordedSteps {
    /// The steps, each with the time it was performed.
    private(set) var inputs: [LiveRecording.Input] = []
    /// The bytes the steps take in the recording so far.
    private(set) var byteCount = 0
    /// The most bytes the steps may take.
    let budget: Int
    private let limits: YAMLLimits
    private let objectIDs: [String]

    /// What is kept from the size limit for the recording's own lines
    /// (the note naming the scene, the last `at:`, the rewritten
    /// `include:` paths); the final `expect`s are checked when it is made.
    static let reserve = 64 << 10

    /// The steps of a session of `source`, whose objects are `objectIDs`,
    /// checked against `limits`.
    init(source: SceneSource, objectIDs: [String], limits: YAMLLimits) {
        budget = max(0, limits.maxInputBytes - source.bytes.count - Self.reserve)
        self.limits = limits
        self.objectIDs = objectIDs
    }

    /// The bytes a step written as `text` takes in the recording, its
    /// `at:` line included.
    static func cost(of text: String) -> Int { text.utf8.count + 32 }

    /// `step` as the recording writes it, when it can be recorded (see the
    /// type's comment); why not otherwise. `compiler` compiles it back.
    func check(_ step: ScriptStep, compiler: LiveStepCompiler) -> Result<String, Refusal> {
        guard let text = LiveRecording.stepText(step, objectIDs) else {
            return .failure(Refusal(reason: "it holds a value a scene file cannot write"))
        }
        guard case .step(let again) = compiler.compile(text, line: 1),
            LiveRecording.stepText(again, objectIDs) == text
        else {
            return .failure(Refusal(reason: "written back as '\(text)' it would not be the same step"))
        }
        // Nested as the recording nests it: a script's item in the scene.
        do {
            _ = try YAMLDocumentReader.readDocument(
                Array(("script:\n  - " + text).utf8), limits: limits, pipelining: .off)
        } catch {
            return .failure(Refusal(reason: "a recording holding it would not load: \(error.message)"))
        }
        if byteCount + Self.cost(of: text) > budget {
            return .failure(
                Refusal(
                    reason:
                        "the recording would be larger than the \(limits.maxInputBytes) bytes a scene file may hold"))
        }
        return .success(text)
    }

    /// Keeps `text`, performed at `time`.
    mutating func append(_ text: String, at time: Duration) {
        inputs.append(LiveRecording.Input(time: time, text: text))
        byteCount += Self.cost(of: text)
    }

    /// Keeps `step`, performed at `time`, unchecked (a step of the scene's
    /// own script, which its file held within the limits).
    mutating func append(_ step: ScriptStep, at time: Duration) {
        if let text = LiveRecording.stepText(step, objectIDs) { append(text, at: time) }
    }

    /// Why a step cannot be recorded.
    struct Refusal: Error {
        let reason: String

        /// The sentence that refuses it.
        var message: String { "the step was not performed: it cannot be recorded (\(reason))" }
    }
}
