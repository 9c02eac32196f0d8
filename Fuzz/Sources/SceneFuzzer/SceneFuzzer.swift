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
    /// which is right but slow: such inputs are checked and loaded, not run.
    /// (SceneLimits has no virtual-time limit of its own yet.)
    static let maxScriptTime = Duration.seconds(600)

    /// The most work a run may take for the fuzzer to run it: timer firings
    /// times the properties the transcript samples after each. Ten lines
    /// can ask for far more (a player ticking every millisecond for ten
    /// minutes is 600,000 firings), which is right but slow. (SceneLimits
    /// has no firing limit of its own yet.)
    static let maxRunWork = 2_000_000

    static func test(_ bytes: [UInt8]) {
        let source = SceneSource(name: "fuzz.yaml", bytes: bytes)

        // Check, with everything on this thread.
        var checker = SceneLoader(registry: registry, limits: limits)
        checker.pipelining = .off
        let diagnostics = checker.check(source)
        _ = DiagnosticRenderer.render(diagnostics, in: source)
        for diagnostic in diagnostics { _ = DiagnosticRenderer.json(diagnostic, in: source) }

        // Load, with libyaml on a second thread, objects made as they are read.
        var loader = SceneLoader(registry: registry, limits: limits)
        loader.pipelining = .on
        let scene: Scene
        do {
            scene = try loader.load(source)
        } catch {
            if error.diagnostics.isEmpty { fail("load failed with no diagnostic", bytes) }
            if !diagnostics.isEmpty && error.diagnostics != diagnostics {
                fail("check and load (parsed on a second thread) disagree", bytes)
            }
            return
        }
        if !diagnostics.isEmpty { fail("check refused a file that load accepted", bytes) }
        _ = scene.entries.count

        // Run, unless its virtual time or its dry run says it would be slow.
        guard case .success(let declaration) = checker.validate(source) else {
            fail("validate refused a file that load accepted", bytes)
        }
        guard scriptTime(declaration.steps) <= maxScriptTime, isQuick(declaration.steps, on: scene) else { return }
        switch SceneRunner(registry: registry, limits: limits).run(source) {
        case .ran(let transcript):
            _ = TranscriptRenderer.text(transcript, verbose: true)
            _ = TranscriptRenderer.jsonLines(transcript)
        case .invalid:
            fail("run refused a file that load accepted", bytes)
        }
    }

    /// The virtual time the script reaches: the sum of its waits, or the
    /// last `at` and the waits after it.
    static func scriptTime(_ steps: [ScriptStep]) -> Duration {
        var time = Duration.zero
        for step in steps {
            switch step.kind {
            case .wait(let duration):
                // Added with care: the compiler has its own running sum, but
                // the fuzzer must not trap on one where the compiler does not.
                guard duration <= maxScriptTime, time <= maxScriptTime else { return .seconds(Int64.max) }
                time += duration
            case .at(let instant): time = instant
            default: break
            }
        }
        return time
    }

    /// Whether the script's run is within ``maxRunWork``, found by a dry
    /// run on the loaded `scene` that performs the steps without a
    /// transcript, advancing the clock a slice at a time so that it stops
    /// soon after the budget is spent.
    static func isQuick(_ steps: [ScriptStep], on scene: Scene) -> Bool {
        final class Counter { var firings = 0 }
        let counter = Counter()
        scene.scheduler.didFire = { _ in counter.firings += 1 }
        defer { scene.scheduler.didFire = nil }
        let sampled = scene.entries.reduce(1) { $0 + $1.type.properties.count }
        let maxFirings = maxRunWork / sampled
        func advanceWithinBudget(to end: Duration) -> Bool {
            while counter.firings <= maxFirings {
                let next = min(scene.scheduler.now + .milliseconds(100), end)
                // An error (a runaway) stops the run there too.
                guard (try? scene.scheduler.advance(to: next)) != nil else { return false }
                if next == end { break }
            }
            return counter.firings <= maxFirings
        }
        for step in steps {
            let object = { (index: Int) in scene.entries[index].object }
            switch step.kind {
            case .wait(let duration):
                guard advanceWithinBudget(to: scene.scheduler.now + duration) else {
                    return counter.firings <= maxFirings
                }
            case .at(let time):
                guard advanceWithinBudget(to: time) else { return counter.firings <= maxFirings }
            case .call(let target, let action, let argument):
                guard action.perform(on: object(target), with: argument) != nil else { return true }
            case .input(let target, let input, let argument):
                _ = input.deliver(to: object(target), with: argument)
            case .set(let assignments):
                for assignment in assignments {
                    _ = assignment.property.set(assignment.value, on: object(assignment.target))
                }
            case .expect, .note:
                break
            }
            if counter.firings > maxFirings { return false }
        }
        return true
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
