import SceneBehaviours
import ScenePreview
import Testing

@testable import SceneCommandLine

/// `preview` as a command a program adds: parsed and run by its own code
/// (a wrong option is a usage error, a missing file an invalid scene), and
/// absent from a command line that does not add it.
@Suite(.serialized) struct PreviewCommandTests {
    /// The exit status of `arguments`; what the command prints is kept
    /// out of the test run's output (it holds deliberate `error:` lines).
    private func status(_ arguments: [String], adding commands: [SceneCommandLine.Command]) -> Int32 {
        SceneCommandLine(programName: "preview-tests", registry: .standard, extraCommands: commands).run(
            arguments, output: DiscardedText(), errors: DiscardedText(), environment: [:])
    }

    @Test func anAddedPreviewIsParsedAndRun() {
        #expect(status(["preview", "Scenes/none.yaml", "--port", "70000"], adding: [.preview]) == ExitStatus.usage)
        #expect(status(["preview", "Scenes/none.yaml", "--frame-rate", "0"], adding: [.preview]) == ExitStatus.usage)
        #expect(status(["preview", "/nonexistent/scene.yaml"], adding: [.preview]) == ExitStatus.invalidScene)
    }

    @Test func liveAndPreviewShareTheirOptionsAndTheirRuleForAnInvalidScene() {
        for command in ["live", "preview"] {
            #expect(status([command, "Scenes/none.yaml", "--duration", "0s"], adding: [.preview]) == ExitStatus.usage)
            #expect(
                status([command, "Scenes/none.yaml", "--duration", "soon"], adding: [.preview]) == ExitStatus.usage)
            #expect(
                status([command, "Examples/mistakes.yaml", "--duration", "1s"], adding: [.preview])
                    == ExitStatus.invalidScene, "\(command)")
        }
    }

    @Test func withoutItPreviewIsAFile() {
        // `preview` is then the default command's (`run`) first file.
        #expect(status(["preview", "/nonexistent/scene.yaml"], adding: []) != ExitStatus.usage)
        #expect(status(["preview", "--port", "1"], adding: []) == ExitStatus.usage)
    }

    @Test func thePortStatusIsItsOwn() {
        let others = [
            ExitStatus.success, ExitStatus.failedExpectation, ExitStatus.invalidScene, ExitStatus.usage,
            ExitStatus.toolUnavailable, ExitStatus.internalError, ExitStatus.outputFailed,
        ]
        #expect(!others.contains(ExitStatus.portUnavailable))
    }
}

/// A sink that keeps nothing: what a command prints where only its status
/// is looked at.
private final class DiscardedText: TextSink {
    func write(_ text: String) {}
    var hasFailed: Bool { false }
}
