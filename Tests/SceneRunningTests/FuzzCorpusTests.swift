import Foundation
import SceneTesting
import TestSupport
import Testing

/// The fuzzer's corpus (`Fuzz/Corpus`, kept by libFuzzer's `-merge=1`)
/// as a regression suite: every input goes through what the fuzz target
/// (Fuzz/Sources/SceneFuzzer) does with it, check, load and, within the
/// same bounds, run, so an input that once crashed, hung or made the paths
/// disagree keeps being tried by the ordinary `swift test`.
@Suite struct FuzzCorpusTests {
    /// The corpus folder, in the package.
    static let corpus = packageRoot.appendingPathComponent("Fuzz/Corpus")

    /// Every file of the corpus, by name.
    static let files: [URL] =
        ((try? FileManager.default.contentsOfDirectory(at: corpus, includingPropertiesForKeys: nil)) ?? [])
        .sorted { $0.lastPathComponent < $1.lastPathComponent }

    /// The fuzz target's limits (Fuzz/Sources/SceneFuzzer).
    static let limits: SceneLimits = {
        var limits = SceneLimits()
        limits.yaml.maxInputBytes = 32 << 10
        return limits
    }()

    /// The longest script the fuzz target runs, in virtual time.
    static let maxScriptTime = Duration.seconds(600)

    /// The most work (firings times sampled properties) the fuzz target runs.
    static let maxRunWork = 2_000_000

    @Test func theCorpusIsThere() {
        #expect(Self.files.count > 100, "Fuzz/Corpus should hold the fuzzer's corpus, at \(Self.corpus.path)")
    }

    @Test func everyCorpusInputIsCheckedLoadedAndRunWithoutCrashing() throws {
        let registry = SceneRegistry.standard
        var ran = 0
        var refused = 0
        for file in Self.files {
            let source = SceneSource(name: file.lastPathComponent, bytes: Array(try Data(contentsOf: file)))
            let outcome = Self.replay(source, registry: registry)
            switch outcome {
            case .refused(let diagnostics, load: let loadDiagnostics):
                refused += 1
                #expect(!diagnostics.isEmpty, "\(file.lastPathComponent): load failed but check found nothing")
                #expect(diagnostics == loadDiagnostics, "\(file.lastPathComponent): check and load disagree")
            case .ran(let transcript):
                ran += 1
                #expect(!TranscriptRenderer.text(transcript).isEmpty)
            case .loadedOnly:
                break
            case .runRefused:
                Issue.record("\(file.lastPathComponent): loads, but run refused it")
            }
        }
        // The corpus covers both paths.
        #expect(refused > 0)
        #expect(ran > 0)
    }

    enum Replay {
        case refused([Diagnostic], load: [Diagnostic])
        case loadedOnly
        case ran(Transcript)
        case runRefused
    }

    /// What the fuzz target does with one input.
    static func replay(_ source: SceneSource, registry: SceneRegistry) -> Replay {
        let loader = SceneLoader(registry: registry, limits: limits)
        let diagnostics = loader.check(source)
        _ = DiagnosticRenderer.render(diagnostics, in: source)
        let scene: Scene
        do {
            scene = try loader.load(source)
        } catch {
            return .refused(diagnostics, load: error.diagnostics)
        }
        var runLimits = limits
        runLimits.maxVirtualTime = maxScriptTime
        runLimits.maxTimerFirings = max(1, maxRunWork / scene.entries.reduce(1) { $0 + $1.type.properties.count })
        switch SceneRunner(registry: registry, limits: runLimits).run(source) {
        case .ran(let transcript): return .ran(transcript)
        case .invalid(let error):
            return error.diagnostics.allSatisfy { $0.code == .scriptTooLong } ? .loadedOnly : .runRefused
        }
    }
}
