import Foundation
import SceneBehaviours
import SceneCore
import SceneLoader
import SceneRunning

/// Runs the built `scene-runner` with `arguments` from `directory` (the
/// package's folder unless given) and returns its status and what it wrote
/// to standard output and error together, in the order it wrote them.
///
///     let result = try runSceneRunner(["check", path])
///     #expect(result.status == 0, "\(result.output)")
///
/// It runs without `GITHUB_ACTIONS` (which would choose `--format github`),
/// so that it prints the text the tests expect on a GitHub Actions runner
/// too; `environment` changes more (a value sets a variable, `nil` removes
/// it). `input` is its standard input; past `timeout` it is killed and the
/// call throws.
public func runSceneRunner(
    _ arguments: [String], in directory: URL? = nil, input: String = "", environment: [String: String?] = [:],
    timeout: Duration = .seconds(300)
) throws -> ExecutableResult {
    try runExecutable(
        try sceneRunnerURL(), arguments: arguments, input: input,
        environment: ["GITHUB_ACTIONS": nil].merging(environment) { $1 }, directory: directory,
        mergingErrors: true, timeout: timeout)
}

/// The text transcript of the scene `text` run as `name` on the virtual
/// clock with `registry` and `limits`, as `scene-runner run` prints it;
/// throws with the diagnostics when the scene does not load.
///
///     let text = try transcript(of: "objects:\n  play: {type: Button}\nscript:\n  - tap: play\n")
///     #expect(text.contains("tap play"))
public func transcript(
    of text: String, name: String = "scene.yaml", registry: SceneRegistry = .standard,
    limits: SceneLimits = SceneLimits(), verbose: Bool = false
) throws -> String {
    try transcript(
        of: SceneRunner(registry: registry, limits: limits).run(SceneSource(name: name, text: text)), verbose: verbose)
}

/// The text transcript of the scene file at `path` (relative to the
/// package's folder, or absolute) run with `registry` and `limits`, as
/// `scene-runner run` prints it; throws with the diagnostics when it does
/// not load.
///
///     let text = try transcript(ofFile: "Scenes/video-player.yaml")
public func transcript(
    ofFile path: String, registry: SceneRegistry = .standard, limits: SceneLimits = SceneLimits(),
    verbose: Bool = false
) throws -> String {
    let absolute = path.hasPrefix("/") ? path : packageRoot.appendingPathComponent(path).path
    return try transcript(
        of: SceneRunner(registry: registry, limits: limits).run(contentsOf: absolute), verbose: verbose)
}

/// The text of the transcript `outcome` holds, or its diagnostics thrown.
private func transcript(of outcome: SceneRunner.Outcome, verbose: Bool) throws -> String {
    switch outcome {
    case .ran(let transcript): return TranscriptRenderer.text(transcript, verbose: verbose)
    case .invalid(let error): throw TestSupportError(description: error.rendered)
    }
}
