import CFuzzerDriver
import SceneBehaviours
import SceneCore
import SceneLoader
import SceneRunning

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One fuzz input, taken as a scene file: checked, loaded, and, when it
/// loads and its script is short, run. Any crash, sanitizer report, hang or
/// runaway allocation is a finding; so is a disagreement between the paths
/// (a file that `check` refuses but `load` accepts, or diagnostics that
/// depend on whether libyaml parsed on a second thread).
enum SceneFuzzer {
    /// The standard registry, built once for every input.
    nonisolated(unsafe) static let registry = SceneRegistry.standard

    /// The limits every path runs under: the fuzzer's inputs are small, so a
    /// small input limit lets it reach the "too large" path too.
    static let limits: SceneLimits = {
        var limits = SceneLimits()
        limits.yaml.maxInputBytes = 32 << 10
        return limits
    }()

    /// The longest script the fuzzer runs, in virtual time. A script that
    /// waits for days runs every animation frame and timer of those days,
    /// which is right but slow: such inputs are checked and loaded, and
    /// their run is refused by the limit before anything runs.
    static let maxScriptTime = Duration.seconds(600)

    /// The most work a run may take: timer firings times the properties the
    /// transcript samples after each. Ten lines can ask for far more (a
    /// player ticking every millisecond for ten minutes is 600,000
    /// firings), which is right but slow; the limit on firings stops such
    /// a run with an error in its transcript.
    static let maxRunWork = 2_000_000

    static func test(_ bytes: [UInt8]) {
        let source = SceneSource(name: "fuzz.yaml", bytes: bytes)

        // Check, with everything on this thread.
        var checker = SceneLoader(registry: registry, limits: limits)
        checker.pipelining = .off
        let diagnostics = checker.check(source)
        _ = DiagnosticRenderer.render(diagnostics, in: source)
        for diagnostic in diagnostics { _ = DiagnosticRenderer.json(diagnostic, in: source) }
        let errors = diagnostics.filter { $0.severity == .error }

        // Load, with libyaml on a second thread, objects made as they are read.
        var loader = SceneLoader(registry: registry, limits: limits)
        loader.pipelining = .on
        let scene: Scene
        do {
            scene = try loader.load(source)
        } catch {
            if error.diagnostics.isEmpty { fail("load failed with no diagnostic", bytes) }
            if !errors.isEmpty && error.diagnostics != diagnostics {
                fail("check and load (parsed on a second thread) disagree", bytes)
            }
            return
        }
        if !errors.isEmpty { fail("check refused a file that load accepted", bytes) }

        // Run, within the fuzzer's bounds on virtual time and work.
        var runLimits = limits
        runLimits.maxVirtualTime = maxScriptTime
        runLimits.maxTimerFirings = max(1, maxRunWork / scene.entries.reduce(1) { $0 + $1.type.properties.count })
        switch SceneRunner(registry: registry, limits: runLimits).run(source) {
        case .ran(let transcript):
            _ = TranscriptRenderer.text(transcript, verbose: true)
            _ = TranscriptRenderer.jsonLines(transcript)
        case .invalid(let error):
            // Only the fuzzer's own bound on virtual time may refuse it.
            if !error.diagnostics.allSatisfy({ $0.code == .scriptTooLong }) {
                fail("run refused a file that load accepted", bytes)
            }
        }
    }

    static func fail(_ message: String, _ bytes: [UInt8]) -> Never {
        print("SceneFuzzer: \(message):\n\(String(decoding: bytes, as: UTF8.self))")
        fatalError(message)
    }
}

/// libFuzzer's entry point: each input is a scene file's bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
    SceneFuzzer.test(bytes)
    return 0
}

/// The program's entry point: libFuzzer's driver, with libFuzzer's flags.
@main
enum SceneFuzzerMain {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzOneInput(data, size) })
    }
}
