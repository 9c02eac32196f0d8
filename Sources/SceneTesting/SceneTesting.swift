@_exported import SceneBehaviours
@_exported import SceneCore
@_exported import SceneLoader
@_exported import SceneRunning
import Testing

/// Test support for scenes and behaviours, for a user's own test target:
///
///     import SceneTesting
///     import Testing
///
///     @Test func tapHidesTheControls() throws {
///         let transcript = try runScene("""
///             objects:
///               controls: {type: View}
///               tap: {type: TapGesture, view: controls, on: {recognized: controls.hide}}
///             script:
///               - tap: tap
///               - expect: { controls.hidden: true }
///             """)
///         #expect(transcript.passedCount == 1)
///     }
///
/// Diagnostics and failed expectations are recorded as test issues at the
/// line of the Swift source where the YAML line is written, when the YAML is
/// a multi-line string literal that starts on the line after the call.

/// Loads a scene from `yaml`; each diagnostic becomes a test issue at its
/// line, and the call throws ``SceneTestFailure``.
///
/// The returned scene runs on its own ``VirtualScheduler``: advance it with
/// `scene.scheduler.advance(by:)` and check `scene.scheduler.isIdle` at the end.
public func loadScene(
    _ yaml: String, registry: SceneRegistry = .standard, name: String = "scene.yaml",
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> Scene {
    let source = SceneSource(name: name, text: yaml)
    do {
        return try SceneLoader(registry: registry).load(source)
    } catch {
        record(error, yaml: yaml, at: sourceLocation)
        throw SceneTestFailure(description: error.rendered)
    }
}

/// Loads a scene from `yaml` and runs its script, returning the transcript;
/// each failed expectation is recorded as a test issue at its step's line,
/// with the expected and actual values.
@discardableResult
public func runScene(
    _ yaml: String, registry: SceneRegistry = .standard, name: String = "scene.yaml",
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> Transcript {
    switch SceneRunner(registry: registry).run(SceneSource(name: name, text: yaml)) {
    case .invalid(let error):
        record(error, yaml: yaml, at: sourceLocation)
        throw SceneTestFailure(description: error.rendered)
    case .ran(let transcript):
        for entry in transcript.entries {
            switch entry.kind {
            case .expectation(let path, let expected, let actual, false, let position):
                Issue.record(
                    "expect \(path) == \(expected) at \(entry.time.sceneDescription): actual \(actual)",
                    sourceLocation: location(of: position.line, column: position.column, in: yaml, at: sourceLocation))
            case .error(let message, let position):
                Issue.record(
                    "the script stopped: \(message)",
                    sourceLocation: position.map {
                        location(of: $0.line, column: $0.column, in: yaml, at: sourceLocation)
                    } ?? sourceLocation)
            default:
                break
            }
        }
        return transcript
    }
}

/// The transcript as ``TranscriptRenderer/text(_:verbose:)`` prints it,
/// for comparing whole transcripts in tests.
public func transcriptText(_ transcript: Transcript, verbose: Bool = false) -> String {
    TranscriptRenderer.text(transcript, verbose: verbose)
}

/// Thrown when a scene given to ``loadScene(_:registry:name:sourceLocation:)``
/// or ``runScene(_:registry:name:sourceLocation:)`` is invalid; the issues
/// are already recorded.
public struct SceneTestFailure: Error, CustomStringConvertible {
    /// The rendered diagnostics.
    public let description: String
}

private func record(_ error: SceneLoadError, yaml: String, at sourceLocation: SourceLocation) {
    for diagnostic in error.diagnostics {
        Issue.record(
            Comment(rawValue: DiagnosticRenderer.render(diagnostic, in: error.source)),
            sourceLocation: location(
                of: diagnostic.position.line, column: diagnostic.position.column, in: yaml, at: sourceLocation))
    }
}

/// Where YAML line `line` is in the Swift source: a multi-line literal's
/// first line follows the line of the call.
private func location(of line: Int, column: Int, in yaml: String, at call: SourceLocation) -> SourceLocation {
    guard yaml.contains("\n") else { return call }
    var location = call
    location.line = call.line + line
    location.column = max(1, column)
    return location
}
