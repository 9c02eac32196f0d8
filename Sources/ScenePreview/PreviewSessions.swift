import SceneCommandLine
import SceneCore
import SceneLoader
import SceneRunning

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The preview's sessions: a live session of the scene, fed by the page,
/// and a new one each time a save changes the scene file or one of its
/// components (after a save that leaves the scene invalid, its
/// diagnostics, and a wait for the next save).
struct PreviewSessions {
    /// What the sessions gave.
    struct Outcome {
        /// The last session that ran, with the source it ran: what a
        /// recording keeps.
        var last: (SceneSource, LiveSession.Result)?
        /// Whether a step was refused or an expectation failed in any of
        /// them.
        var failed = false
    }

    let source: SceneSource
    let file: String
    let runner: SceneRunner
    let hub: PreviewHub
    let verbose: Bool
    let withScript: Bool
    let keepsInputs: Bool
    let frameRate: Int
    let duration: Duration?
    let watched: [String]
    /// How often the files are looked at.
    var watchInterval: Duration = .milliseconds(250)

    func run(into output: any TextSink) -> Outcome {
        let painter = PreviewPainter(hub: hub, framesPerSecond: frameRate)
        let sink = PreviewOutput(output: output, hub: hub, painter: painter)
        let watch = Watch(FileWatcher(watched), interval: watchInterval)
        let clock = ContinuousClock()
        let started = clock.now
        var outcome = Outcome()
        var current: SceneSource? = source
        // One session a save, until Ctrl-C, --duration or a lost output.
        while !Interruption.happened, !output.hasFailed {
            var remaining: Duration?
            if let duration {
                remaining = duration - (clock.now - started)
                if let left = remaining, left <= .zero { break }
            }
            if let source = current {
                painter.restart()
                let session = LiveSession(
                    source: source, runner: runner, verbose: verbose, duration: remaining, withScript: withScript,
                    inputDescriptor: hub.inputDescriptor, keepsInputs: keepsInputs,
                    maximumWait: min(.milliseconds(8), painter.frameInterval),
                    hooks: LiveSession.Hooks(
                        tick: { live in
                            painter.tick(live)
                            return watch.sawChange()
                        },
                        translate: { painter.translate($0, in: $1) }))
                switch session.run(into: sink) {
                case .invalid(let error):
                    Records.writeInvalid(error, name: error.source.name, format: .text, prefix: "not run: ", to: sink)
                case .ran(let result):
                    outcome.last = (source, result)
                    if !result.summary.succeeded || result.rejectedLines > 0 { outcome.failed = true }
                    guard result.endedByHook else { return outcome }
                    current = reload(into: sink)
                    continue
                }
            }
            // The scene is invalid: wait for the save that mends it.
            guard waitForChange(watch, until: remaining.map { clock.now + $0 }, output: sink) else { break }
            current = reload(into: sink)
        }
        return outcome
    }

    /// Reads the scene file again after a save; `nil`, with its diagnostics
    /// written, when it cannot be read.
    private func reload(into sink: PreviewOutput) -> SceneSource? {
        sink.write("-- \(FileWatcher.clockTime()) \(file) changed: reloaded\n")
        hub.publish("reloaded", file)
        do {
            return try runner.loader.source(contentsOf: file)
        } catch {
            Records.writeInvalid(error, name: error.source.name, format: .text, prefix: "not run: ", to: sink)
            return nil
        }
    }

    /// Waits until a watched file changes (true), or until Ctrl-C or the
    /// deadline (false). Messages from the page meanwhile are dropped, with
    /// a notice: there is no scene to perform them on.
    private func waitForChange(_ watch: Watch, until deadline: ContinuousClock.Instant?, output: PreviewOutput) -> Bool
    {
        let interruption = Interruption.install()
        defer { interruption.restore() }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let clock = ContinuousClock()
        // Until a save, Ctrl-C, the deadline or a lost output.
        while !Interruption.happened, !output.hasFailed {
            if let deadline, clock.now >= deadline { return false }
            var descriptor = pollfd(fd: hub.inputDescriptor, events: Int16(POLLIN), revents: 0)
            if poll(&descriptor, 1, 100) > 0 {
                let count = read(hub.inputDescriptor, &buffer, buffer.count)
                if count > 0 {
                    for line in buffer[..<count].split(separator: UInt8(ascii: "\n")) {
                        _ = hub.take(String(decoding: line, as: UTF8.self))
                        hub.publish("notice", "the scene is invalid: fix it and save, and the page comes back")
                    }
                }
            }
            if watch.sawChange() { return true }
        }
        return false
    }
}

/// The watched files, looked at no more often than `interval`.
final class Watch {
    private var watcher: FileWatcher
    private let interval: Duration
    private let clock = ContinuousClock()
    private var lastLook: ContinuousClock.Instant

    init(_ watcher: FileWatcher, interval: Duration) {
        self.watcher = watcher
        self.interval = interval
        lastLook = clock.now
    }

    /// Whether a file changed since the last look (false when it is too
    /// early to look again).
    func sawChange() -> Bool {
        let now = clock.now
        guard now - lastLook >= interval else { return false }
        lastLook = now
        return !watcher.changes().isEmpty
    }
}
