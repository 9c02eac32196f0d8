import ArgumentParser
import SceneBehaviours
import SceneCore
import SceneLoader
import SceneRunning
import SceneStorage

/// `scene-runner run FILE...` (also `scene-runner FILE...`): loads each
/// scene, runs its script on a virtual clock and prints the transcript.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run scenes on a virtual clock and print what happened.",
        discussion: """
            Exits 0 when every expectation holds, 1 when one fails or a script stops on an error, \
            2 when a scene is invalid or unreadable.
            """
    )

    @Argument(help: "The scene files to run.")
    var files: [String]

    @Option(help: "Output format: text, or json for JSON Lines.")
    var format: OutputFormat = .text

    @Flag(help: "Print every animation frame instead of each animation's start and end.")
    var verbose = false

    @Option(
        name: .customLong("state-dir"),
        help: ArgumentHelp(
            "A folder where stores keep state between runs, created if missing; by default each run starts afresh.",
            valueName: "dir"))
    var stateDirectory: String?

    func validate() throws {
        if files.isEmpty { throw ValidationError("Give at least one scene file.") }
    }

    func run() throws {
        let runner = SceneRunner(registry: .standardWithStorage, stateDirectory: stateDirectory)
        var passed = 0
        var failed = 0
        var isAnyInvalid = false
        var isAnyFailing = false
        for file in files {
            switch runner.run(contentsOf: file) {
            case .invalid(let error):
                isAnyInvalid = true
                switch format {
                case .text:
                    print(error.rendered, terminator: "")
                    let count = error.diagnostics.filter { $0.code != .tooManyDiagnostics }.count
                    print("\(file): not run: \(count) error\(count == 1 ? "" : "s")")
                case .json:
                    for diagnostic in error.diagnostics { print(DiagnosticRenderer.json(diagnostic, in: error.source)) }
                }
            case .ran(let transcript):
                passed += transcript.passedCount
                failed += transcript.failedCount
                if !transcript.succeeded { isAnyFailing = true }
                switch format {
                case .text: print(TranscriptRenderer.text(transcript, verbose: verbose))
                case .json: print(TranscriptRenderer.jsonLines(transcript), terminator: "")
                }
            }
        }
        if format == .text {
            let scenes = files.count == 1 ? "1 scene" : "\(files.count) scenes"
            print("== \(scenes)\(isAnyInvalid ? ", some invalid" : "")")
            print("\(passed) passed, \(failed) failed")
        }
        if isAnyInvalid { throw SceneExit.invalidScene }
        if isAnyFailing { throw SceneExit.failedExpectation }
    }
}
