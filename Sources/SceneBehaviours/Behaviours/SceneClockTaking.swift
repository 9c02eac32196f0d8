import Behaviours
import SceneCore

/// A portable behaviour whose clock a scene gives: it takes the scene's
/// virtual scheduler in `awake(in:)` unless it was given a clock.
///
///     public func awake(in scene: Scene) { takeClock(of: scene) }
package protocol SceneClockTaking: AnyObject {
    /// The clock the behaviour runs on; `nil` until it is given one.
    var clock: (any BehaviourClock)? { get set }
}

extension SceneClockTaking {
    /// The scheduler behind the clock, when it is a scene's.
    ///
    ///     #expect(shake.scheduler === scene.scheduler)
    package var scheduler: VirtualScheduler? { clock.flatMap(VirtualScheduler.behind) }

    /// Takes the clock of `scene`, unless one was given.
    ///
    ///     shake.takeClock(of: scene)
    package func takeClock(of scene: Scene) {
        if clock == nil { clock = scene.scheduler.clock }
    }
}
