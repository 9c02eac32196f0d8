import SceneLoader
import SceneRunning

extension LiveLoop {
    /// Fires the timers and performs the script steps due by `limit`, in
    /// the order of their times (timers first at the same instant, as a
    /// script's `at:` does), advancing the scheduler only to each deadline:
    /// its time stays at the last thing that happened. A step is performed
    /// as after a recording's `at:` (``LiveRun/prepareForStep()``).
    func catchUp(
        _ live: LiveRun, _ script: inout ScriptQueue, _ recorded: inout RecordedSteps?, through limit: Duration
    ) {
        let scheduler = live.scene.scheduler
        while !live.hasStopped {
            let deadline = scheduler.nextDeadline.flatMap { $0 <= limit ? $0 : nil }
            if let stepTime = script.nextTime, stepTime <= limit, deadline.map({ stepTime < $0 }) ?? true,
                let (time, step) = script.next(dueBy: limit)
            {
                live.advance(to: time)
                // The scene's own steps were within its file's limits: kept
                // as they are (the recording is checked when it is made).
                recorded?.append(step, at: scheduler.now)
                live.prepareForStep()
                live.perform(step)
            } else if let deadline {
                live.advance(to: deadline)
            } else {
                return
            }
        }
    }
}

/// A scene's script steps, each at the time the script reaches it: a
/// `wait` or `at` moves the time on, every other step waits for its time
/// (`live --with-script`).
struct ScriptQueue {
    private var steps: [(time: Duration, step: ScriptStep)] = []
    private var index = 0

    init(_ script: [ScriptStep]) {
        var time = Duration.zero
        for step in script {
            switch step.kind {
            case .wait(let duration): time += duration
            case .at(let instant): time = max(time, instant)
            default: steps.append((time, step))
            }
        }
    }

    var isEmpty: Bool { index >= steps.count }
    var nextTime: Duration? { isEmpty ? nil : steps[index].time }

    mutating func next(dueBy elapsed: Duration) -> (Duration, ScriptStep)? {
        guard index < steps.count, steps[index].time <= elapsed else { return nil }
        defer { index += 1 }
        return steps[index]
    }
}
