import SceneCore
import SceneLoader
import SceneYAML

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
