import SceneCore
import SceneLoader

extension RunSession {
    /// Runs the script, stopping the clock at each of `instants` (in
    /// increasing order) to hand the scene to `pause`: the scene as it is
    /// once every step and timer up to that instant has run, before the
    /// clock moves past it. Instants after the script's end are reached by
    /// letting the clock run on. Returns false when the run stopped early
    /// (a step failed or its events ran away: the transcript says why).
    package func run(pausingAt instants: [Duration], _ pause: (Scene, Duration) -> Void) -> Bool {
        var pending = instants[...]
        let scheduler = scene.scheduler
        /// Moves the clock to each pending instant before `target`, pausing there.
        func pauseBefore(_ target: Duration) -> Bool {
            while let instant = pending.first, instant < target {
                pending.removeFirst()
                if instant > scheduler.now {
                    guard advance({ () throws(VirtualSchedulerError) in try scheduler.advance(to: instant) }) else {
                        return false
                    }
                }
                pause(scene, instant)
            }
            return true
        }
        for step in declaration.steps {
            let target: Duration
            switch step.kind {
            case .wait(let duration): target = scheduler.now + duration
            case .at(let time): target = time
            default:
                guard perform(step) else { return false }
                continue
            }
            let before = scheduler.now
            guard pauseBefore(target) else { return false }
            if scheduler.now == before {
                guard perform(step) else { return false }
            } else {
                // The clock stopped inside the step: the rest of it goes to
                // where the step was going, not a whole `wait` further.
                let finished = advance(at: step.span.start) { () throws(VirtualSchedulerError) in
                    try scheduler.advance(to: target)
                }
                guard finished else { return false }
            }
        }
        // What is left happens after the script, the clock running on.
        for instant in pending {
            if instant > scheduler.now {
                guard advance({ () throws(VirtualSchedulerError) in try scheduler.advance(to: instant) }) else {
                    return false
                }
            }
            pause(scene, instant)
        }
        return true
    }
}
