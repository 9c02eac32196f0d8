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
            switch step.kind {
            case .wait(let duration):
                guard pauseBefore(scheduler.now + duration) else { return false }
            case .at(let time):
                guard pauseBefore(time) else { return false }
            default:
                break
            }
            guard perform(step) else { return false }
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
