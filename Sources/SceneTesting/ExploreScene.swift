import SceneYAML

/// Explores the scene in `yaml` as `scene-runner explore` does (see the
/// "Explore" section of docs/Testing.md): runs of random inputs with
/// arguments drawn by type and waits around the timers' deadlines, each
/// from the scene after its script's setup (the steps before its first
/// `expect`), or from the start with `fromStart`; `actions` also calls the
/// objects' actions. When an invariant breaks (or a run stops on an error,
/// or an object fails), the failing sequence is shrunk, and the test fails
/// at the invariant's line (in the string literal, as ``runScene(_:registry:name:updatingSnapshots:function:fileID:filePath:line:column:)``
/// places its failures), with the minimal script in the message.
///
///     @Test func theControlsNeverHideUnderATouch() throws {
///         try exploreScene("""
///             objects:
///               ...
///             invariants:
///               - when: { timeout.activeInteractions: { min: 1 } }
///                 expect: { controls.hidden: false }
///             """)
///     }
///
/// The same `seed` gives the same runs and result. Returns the minimal
/// failing script, one step a line (`tap: play`, `wait: 1.2s`), empty when
/// nothing broke within `runs` runs of `steps` steps.
///
/// - Throws: ``SceneTestFailure`` when the scene is invalid.
@discardableResult
public func exploreScene(
    _ yaml: String, registry: SceneRegistry = .standard, name: String = "scene.yaml", seed: UInt64 = 0,
    runs: Int = 200, steps: Int = 40, fromStart: Bool = false, actions: Bool = false,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) throws -> [String] {
    let call = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let place = ScenePlace.literal(call, SwiftLiteral(yaml, near: call))
    let source = SceneSource(name: name, text: yaml)
    var options = ExploreOptions()
    options.seed = seed
    options.runs = runs
    options.stepsPerRun = steps
    options.fromStart = fromStart
    options.includeActions = actions
    let explorer: SceneExplorer
    switch SceneExplorer.load(source, loader: SceneLoader(registry: registry), options: options) {
    case .success(let loaded): explorer = loaded
    case .failure(let error):
        report(error, at: place)
        throw SceneTestFailure(description: error.rendered)
    }
    let result = explorer.explore()
    guard let failure = result.failure else { return [] }
    let script = result.script.map { "  - \($0)" }.joined(separator: "\n")
    let found =
        result.isInSetup
        ? "in the scene's own setup" : "after \(result.foundLength) explored steps (seed \(seed)), shrunk to"
    IssueReporter.report(
        [place.issue("explore: \(failure.message), \(found):\n\(script)", at: failure.position, in: source)],
        summary: "\(source.name): explore found a failure", at: call)
    return result.script
}
