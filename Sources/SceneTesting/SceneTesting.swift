// Re-exported on purpose, so that a test target needs `import SceneTesting`
// alone (docs/Testing.md): a test drives the standard controls
// (SceneBehaviours), the clock and events (SceneCore), reads diagnostics
// (SceneLoader) and transcripts (SceneRunning), and the portable
// behaviours themselves (Behaviours).
@_exported import Behaviours
@_exported import SceneBehaviours
@_exported import SceneCore
@_exported import SceneLoader
@_exported import SceneRunning
import SceneYAML

/// Test support for scenes and behaviours, for a user's own test target,
/// under Swift Testing and XCTest alike (no `import Testing` needed):
///
///     import SceneTesting
///     import Testing
///
///     @Test func tapHidesTheControls() throws {
///         try runScene("""
///             objects:
///               controls: {type: View}
///               tap: {type: TapGesture, view: controls, on: {recognized: controls.hide}}
///             script:
///               - tap: tap
///               - expect: { controls.hidden: true }
///             """)
///     }
///
///     @Test(arguments: sceneFiles(in: "Scenes"))
///     func scene(_ file: SceneFile) throws {
///         try runScene(file)
///     }
///
/// A failed expectation, a script that stops on an error and each
/// diagnostic of an invalid scene fail the running test, under Swift
/// Testing (an issue) or XCTest (a failure), where they are written: at the
/// YAML line inside a multi-line string literal, or at the scene file's own
/// path and line. An invalid scene also throws ``SceneTestFailure``, since
/// there is nothing to run. A scene run off the test's own task (a detached
/// task, another thread, a Dispatch queue) fails the run all the same, at
/// the same lines; under Swift Testing its issue belongs to no test.

/// Loads and runs the scene in `yaml` and returns its transcript.
///
/// Failures are reported at their YAML lines in the Swift file when `yaml`
/// is a multi-line string literal written at the call; otherwise (text
/// built or read at run time) at the call, with `name:line:column` in the
/// message.
///
/// - Throws: ``SceneTestFailure`` when the scene is invalid.
///
/// Its `snapshot:` steps keep their reference pictures beside the Swift
/// file, in `Snapshots/<Swift file>/<test function>/`; see
/// ``SnapshotPolicy`` and docs/Testing.md. With `updatingSnapshots` (or the
/// environment variable `SCENE_UPDATE_SNAPSHOTS=1`) the pictures become the
/// references and those steps pass.
@discardableResult
public func runScene(
    _ yaml: String, registry: SceneRegistry = .standard, name: String = "scene.yaml",
    updatingSnapshots: Bool = false, function: StaticString = #function,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) throws -> Transcript {
    let call = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let source = SceneSource(name: name, text: yaml)
    let snapshots = SnapshotPolicy(
        folder: .at(call.snapshotFolder(function: function)), updatesReferences: updatingSnapshots)
    return try run(
        source, registry: registry, snapshots: snapshots, at: .literal(call, SwiftLiteral(yaml, near: call)))
}

/// Loads and runs the scene file at `path` and returns its transcript;
/// failures are reported at the file's own lines.
///
/// A relative `path` is found from the root of the package whose test
/// calls it (the folder holding `Package.swift` above the calling file),
/// else from the current directory.
///
/// Its `snapshot:` steps keep their reference pictures beside it, in
/// `Snapshots/<file name>/`, as `scene-runner run` does; with
/// `updatingSnapshots` (or `SCENE_UPDATE_SNAPSHOTS=1`) the pictures become
/// the references.
///
/// - Throws: ``SceneTestFailure`` when the file is unreadable or invalid.
@discardableResult
public func runScene(
    file path: String, registry: SceneRegistry = .standard, updatingSnapshots: Bool = false,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) throws -> Transcript {
    let call = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    return try run(SceneFile(path, near: call), registry: registry, updatingSnapshots: updatingSnapshots, call: call)
}

/// Loads and runs one of the files ``sceneFiles(in:filePath:)`` found.
///
/// - Throws: ``SceneTestFailure`` when the file is unreadable or invalid,
///   or when the folder held no scene at all.
/// Snapshots are kept beside the file, as for ``runScene(file:registry:updatingSnapshots:fileID:filePath:line:column:)``.
@discardableResult
public func runScene(
    _ file: SceneFile, registry: SceneRegistry = .standard, updatingSnapshots: Bool = false,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) throws -> Transcript {
    try run(
        file, registry: registry, updatingSnapshots: updatingSnapshots,
        call: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Runs every scene file in `directory`, for XCTest, where one test method
/// runs them all: each file's failures are reported at its own lines, and
/// a folder without scenes is a failure.
///
///     func testScenes() throws {
///         try runScenes(in: "Scenes", registry: registry)
///     }
///
/// - Returns: the transcripts of the scenes that loaded.
/// - Throws: ``SceneTestFailure`` after every file has run, when one was
///   unreadable or invalid.
/// Snapshots are kept beside each file, as for ``runScene(file:registry:updatingSnapshots:fileID:filePath:line:column:)``.
@discardableResult
public func runScenes(
    in directory: String, registry: SceneRegistry = .standard, updatingSnapshots: Bool = false,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) throws -> [Transcript] {
    let call = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    var transcripts: [Transcript] = []
    var invalid: [String] = []
    for file in SceneFile.all(in: directory, near: call) {
        do {
            transcripts.append(try run(file, registry: registry, updatingSnapshots: updatingSnapshots, call: call))
        } catch {
            invalid.append(file.name)
        }
    }
    if !invalid.isEmpty {
        throw SceneTestFailure(description: "invalid or unreadable: \(invalid.joined(separator: ", "))")
    }
    return transcripts
}

/// The scene files (`*.yaml`) in `directory`, sorted by name, for a
/// parameterized test: one test case per file.
///
///     @Test(arguments: sceneFiles(in: "Scenes"))
///     func scene(_ file: SceneFile) throws { try runScene(file) }
///
/// A relative `directory` is found as ``runScene(file:registry:fileID:filePath:line:column:)``
/// finds a file. A folder that is missing or holds no scene gives one
/// ``SceneFile`` that fails when run, so that it cannot pass unnoticed.
public func sceneFiles(in directory: String, filePath: StaticString = #filePath) -> [SceneFile] {
    let call = CallSite(fileID: "SceneTesting/SceneTesting.swift", filePath: filePath, line: 1, column: 1)
    return SceneFile.all(in: directory, near: call)
}

/// Loads the scene in `yaml` into a wired, awake scene, reporting each
/// diagnostic as ``runScene(_:registry:name:fileID:filePath:line:column:)`` does.
///
/// The scene runs on its own ``VirtualScheduler``: advance it with
/// `scene.scheduler.advance(by:)` and check `scene.scheduler.isIdle` at the end.
///
/// - Throws: ``SceneTestFailure`` when the scene is invalid.
public func loadScene(
    _ yaml: String, registry: SceneRegistry = .standard, name: String = "scene.yaml",
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) throws -> Scene {
    let call = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    return try load(
        SceneSource(name: name, text: yaml), registry: registry, at: .literal(call, SwiftLiteral(yaml, near: call)))
}

/// Loads the scene file at `path` (found as by ``runScene(file:registry:fileID:filePath:line:column:)``)
/// into a wired, awake scene.
///
/// - Throws: ``SceneTestFailure`` when the file is unreadable or invalid.
public func loadScene(
    file path: String, registry: SceneRegistry = .standard,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) throws -> Scene {
    let call = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let file = SceneFile(path, near: call)
    return try load(try file.source(at: call), registry: registry, at: .file(call, file))
}

/// The transcript as ``TranscriptRenderer/text(_:verbose:)`` prints it,
/// for comparing whole transcripts in tests.
public func transcriptText(_ transcript: Transcript, verbose: Bool = false) -> String {
    TranscriptRenderer.text(transcript, verbose: verbose)
}

/// Thrown when a scene cannot be loaded; its failures are already reported.
public struct SceneTestFailure: Error, CustomStringConvertible {
    /// What went wrong: the rendered diagnostics.
    public let description: String
}

// MARK: - Running

private func run(_ file: SceneFile, registry: SceneRegistry, updatingSnapshots: Bool, call: CallSite) throws
    -> Transcript
{
    // Beside the file itself: its name is relative to the package, not
    // to the current folder.
    let snapshots = SnapshotPolicy(folder: .besideFile(file.path), updatesReferences: updatingSnapshots)
    return try run(try file.source(at: call), registry: registry, snapshots: snapshots, at: .file(call, file))
}

private func run(_ source: SceneSource, registry: SceneRegistry, snapshots: SnapshotPolicy, at place: ScenePlace)
    throws -> Transcript
{
    var runner = SceneRunner(registry: registry)
    runner.snapshots = snapshots
    if SnapshotPolicy.environmentAsksForUpdates { runner.snapshots.updatesReferences = true }
    switch runner.run(source) {
    case .invalid(let error):
        report(error, at: place)
        throw SceneTestFailure(description: error.rendered)
    case .ran(let transcript):
        var failures: [(String, SourcePosition?)] = []
        for entry in transcript.entries {
            switch entry.kind {
            case .expectation(let path, let expected, let actual, false, let position):
                failures.append(
                    ("expect \(path) \(expected.text) at \(entry.time.sceneText): actual \(actual)", position))
            case .invariant(let check, _, let actual, let after, let position):
                failures.append(
                    ("invariant \(check) broke \(after) at \(entry.time.sceneText): actual \(actual)", position))
            case .error(let message, let position):
                failures.append(("the script stopped at \(entry.time.sceneText): \(message)", position))
            case .snapshot(let name, let result, let position) where !result.passed:
                failures.append(("snapshot \(name) at \(entry.time.sceneText): \(result.explanation)", position))
            default:
                break
            }
        }
        IssueReporter.report(
            failures.map { message, position in
                place.issue(message, at: position, in: source)
            },
            summary:
                "\(source.name): \(transcript.failedCount) of \(transcript.passedCount + transcript.failedCount) expectations failed\(transcript.hasError ? ", and the script stopped on an error" : "")",
            at: place.call)
        return transcript
    }
}

private func load(_ source: SceneSource, registry: SceneRegistry, at place: ScenePlace) throws -> Scene {
    do {
        return try SceneLoader(registry: registry).load(source)
    } catch {
        report(error, at: place)
        throw SceneTestFailure(description: error.rendered)
    }
}

func report(_ error: SceneLoadError, at place: ScenePlace) {
    let errors = error.diagnostics.filter { $0.code != .tooManyDiagnostics }.count
    IssueReporter.report(
        error.diagnostics.map { diagnostic in
            // A mistake inside a component is placed at the scene's own
            // `include:` that led to it; its text names the component's line.
            place.issue(
                DiagnosticRenderer.render(diagnostic, in: error.source),
                at: diagnostic.includedFrom.last?.position ?? diagnostic.position, in: error.source,
                isRendered: true)
        }, summary: "\(error.source.name) is invalid: \(errors) error\(errors == 1 ? "" : "s")", at: place.call)
}
