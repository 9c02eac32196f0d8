import Dispatch
import SceneCommandLine
import SceneCore
import SceneLoader
import SceneRunning

/// The preview's sessions: a live session of the scene, fed by the page,
/// and a new one each time a save changes the scene file or one of its
/// components (after a save that leaves the scene invalid, its
/// diagnostics, and a wait for the next save). A scene invalid from the
/// start is refused as `live` refuses it: nothing runs.
struct PreviewSessions {
    /// What the sessions gave.
    struct Outcome {
        /// The last session that ran, with the source it ran: what a
        /// recording keeps.
        var last: (SceneSource, LiveLoop.Result)?
        /// Whether a step was refused or an expectation failed in any of
        /// them.
        var failed = false
        /// Why the first session could not run: the scene is invalid.
        var invalid: SceneLoadError?
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
    /// The preview's one clock: the sessions', the painter's, the watch's.
    let clock: LiveClock
    /// How often the files are looked at.
    var watchInterval: Duration = .milliseconds(250)

    func run(into output: any TextSink) -> Outcome {
        let painter = PreviewPainter(hub: hub, framesPerSecond: frameRate, clock: clock)
        let sink = PreviewOutput(output: output, hub: hub)
        let watch = Watch(FileWatcher(watched), interval: watchInterval, clock: clock)
        let started = clock.now
        var outcome = Outcome()
        var current: SceneSource? = source
        var isFirst = true
        // One session a save, until Ctrl-C, --duration or a lost output.
        while !Interruption.happened, !output.hasFailed {
            var remaining: Duration?
            if let duration {
                remaining = duration - (clock.now - started)
                if let left = remaining, left <= .zero { break }
            }
            if let source = current {
                painter.restart()
                let session = LiveLoop(
                    source: source, runner: runner, verbose: verbose, duration: remaining, withScript: withScript,
                    input: hub, clock: clock, keepsInputs: keepsInputs,
                    maximumWait: min(.milliseconds(8), painter.frameInterval),
                    hooks: LiveLoop.Hooks(
                        observe: { live in
                            _ = live.session.observe(painter)
                            painter.ignoresScript = !withScript && !live.declaration.steps.isEmpty
                        },
                        tick: { live in
                            painter.tick(live)
                            return watch.sawChange()
                        },
                        inspect: { id, live in painter.inspect(id, in: live.scene) },
                        notice: { hub.publish("notice", $0) },
                        waitToStart: { isFirst && waitForFirstPage(until: remaining.map { clock.now + $0 }) }))
                switch session.run(into: sink) {
                case .invalid(let error):
                    if isFirst {
                        outcome.invalid = error
                        return outcome
                    }
                    Records.writeInvalid(error, name: error.source.name, format: .text, prefix: "not run: ", to: sink)
                case .ran(let result):
                    isFirst = false
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

    /// Waits until a page connects or sends a message, Ctrl-C or the
    /// deadline, on ``clock``: the first session starts when the page that
    /// shows it is there, so that its time (and a recording's) counts
    /// from what the user sees, not from when the server started. True
    /// when a page came; false at Ctrl-C or the deadline.
    private func waitForFirstPage(until deadline: Duration?) -> Bool {
        let pause = DispatchSemaphore(value: 0)
        while !Interruption.happened {
            if hub.hasPageOrInput { return true }
            if let deadline, clock.now >= deadline { return false }
            _ = pause.wait(timeout: .now() + .milliseconds(10))
        }
        return false
    }

    /// Waits until a watched file changes (true), or until Ctrl-C or the
    /// deadline, on ``clock`` (false). Messages from the page meanwhile are
    /// dropped, with a notice: there is no scene to perform them on.
    private func waitForChange(_ watch: Watch, until deadline: Duration?, output: PreviewOutput) -> Bool {
        let interruption = Interruption.install()
        defer { interruption.restore() }
        // Until a save, Ctrl-C, the deadline or a lost output.
        while !Interruption.happened, !output.hasFailed {
            if let deadline, clock.now >= deadline { return false }
            for _ in hub.next(waitingUpTo: .milliseconds(100)) {
                hub.publish("notice", "the scene is invalid: fix it and save, and the page comes back")
            }
            if watch.sawChange() { return true }
        }
        return false
    }
}

/// The watched files, looked at no more often than `interval` on `clock`.
final class Watch {
    private var watcher: FileWatcher
    private let interval: Duration
    private let clock: LiveClock
    private var lastLook: Duration

    init(_ watcher: FileWatcher, interval: Duration, clock: LiveClock) {
        self.watcher = watcher
        self.interval = interval
        self.clock = clock
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
