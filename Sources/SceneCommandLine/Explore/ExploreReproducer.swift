import SceneCore
import SceneLoader
import SceneRunning
import SceneYAML

/// Where `explore -o FILE` writes the minimal failing script, planned
/// before exploring (a path that is the scene or a component it includes
/// is refused, as every output file is, see ``OutputFile``), and what it
/// writes: the explored scene's text with its script replaced (see
/// ``RecordedScene``, which also rewrites relative `include:` paths for
/// where the file goes), the invariants kept, and the script the
/// exploration shrank, ending in the broken invariant as an `expect` when
/// it can be written as one. The file is checked before it is written: it
/// must load, and `run` on it must fail.
struct ExploreReproducer {
    let path: String
    private let target: OutputFile
    private let loader: SceneLoader

    /// The plan for `path`, given the scene's `source` and its `includes`.
    static func plan(
        _ path: String, source: SceneSource, loader: SceneLoader, includes: [String],
        standardOutputs: [StandardOutput]
    ) throws(CommandFailure) -> ExploreReproducer {
        var inputs = InputFiles([source.name])
        for component in includes { inputs.add(component) }
        inputs.standardOutputs = standardOutputs
        let target = try OutputFile(path, option: "-o", inputs: inputs)
        if case .failure(let refusal) = RecordedScene.make(of: source, recordedAt: path, limits: loader.limits.yaml),
            refusal != .unreadable
        {
            throw CommandFailure(message: refusal.message(file: source.name, option: "-o"), status: ExitStatus.usage)
        }
        return ExploreReproducer(path: path, target: target, loader: loader)
    }

    /// The reproducer's text for `result`, found by exploring `explorer`'s scene.
    func text(of result: ExploreResult, explorer: SceneExplorer) throws(CommandFailure) -> String {
        let notWritten = "the minimal script would not replay, so '\(path)' was not written"
        let scene: RecordedScene
        switch RecordedScene.make(of: explorer.source, recordedAt: path, limits: loader.limits.yaml) {
        case .success(let made): scene = made
        case .failure(let refusal):
            throw CommandFailure(
                message: "\(notWritten): " + refusal.message(file: explorer.source.name, option: "-o"),
                status: ExitStatus.outputFailed)
        }
        var writer = YAMLWriter(indentation: scene.indentation)
        writer.append(raw: String(decoding: scene.text, as: UTF8.self))
        let note =
            "found by \(loader.programName ?? "scene-runner") explore --seed \(explorer.options.seed) of "
            + explorer.source.name
        writer.sequence("script") { script in
            script.item("note: \(YAMLWriter.doubleQuoted(note))")
            for line in result.script { script.item(line) }
        }
        let text = writer.text
        let reproducer = SceneSource(name: path, text: text)
        switch loader.validate(reproducer) {
        case .failure(let error):
            throw CommandFailure(message: "\(notWritten):\n" + error.rendered, status: ExitStatus.outputFailed)
        case .success: break
        }
        var runner = SceneRunner(registry: loader.registry, limits: loader.limits)
        runner.loader = loader
        guard case .ran(let transcript) = runner.run(reproducer), !transcript.succeeded else {
            throw CommandFailure(
                message: "\(notWritten): it does not fail when run", status: ExitStatus.outputFailed)
        }
        return text
    }

    /// Writes the reproducer of `result`.
    func write(_ result: ExploreResult, of explorer: SceneExplorer) throws(CommandFailure) {
        let text = try text(of: result, explorer: explorer)
        if let failure = target.write(text) {
            throw CommandFailure(message: "could not write '\(path)': \(failure)", status: ExitStatus.outputFailed)
        }
    }
}
