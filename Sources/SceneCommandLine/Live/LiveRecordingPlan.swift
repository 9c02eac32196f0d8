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
