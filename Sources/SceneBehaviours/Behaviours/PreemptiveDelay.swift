import Behaviours
import SceneCore

/// The portable `PreemptiveDelay` in a scene: it fires on the scene's
/// virtual scheduler, taken in ``awake(in:)`` unless it was given a clock,
/// and its `@Reported` state reaches the transcript.
///
/// For its keys, defaults, events, actions and inputs, see
/// `scene-runner types PreemptiveDelay`.
///
///     let scheduler = VirtualScheduler()
///     let delay = PreemptiveDelay(scheduler: scheduler)
///     delay.fired.connect { print("settled at", scheduler.now) }
///     delay.trigger(after: .seconds(3))      // due at 3 s
///     try scheduler.advance(by: .seconds(1))
///     delay.trigger(after: .seconds(1))      // due at 2 s: the 3 s one still wins
///     try scheduler.advance(by: .seconds(2)) // fired once, at 3 s
///
/// Its Swift names follow Swift's conventions, its scene names stay as
/// scenes write them: `trigger(after:)` is the `triggerAfter` action,
/// `isPending` the `pending` property.
extension PreemptiveDelay: SceneObject, PropertyNotifying {
    /// A delay of `delay` on `scheduler`, for use without a scene.
    ///
    ///     let delay = PreemptiveDelay(scheduler: scheduler, delay: .milliseconds(600))
    package convenience init(scheduler: VirtualScheduler, delay: Duration = .seconds(1)) {
        self.init(delay: delay, clock: scheduler.clock)
    }

    /// The scheduler behind its clock, when that is a scene's.
    package var scheduler: VirtualScheduler? { clock.flatMap(VirtualScheduler.behind) }

    /// Takes the scene's clock, unless one was given; triggers that came
    /// before are armed now.
    public func awake(in scene: Scene) {
        if clock == nil { clock = scene.scheduler.clock }
    }

    /// Registers `PreemptiveDelay`: `delay`, its read-only state, the
    /// `trigger`, `triggerAfter` and `cancel` actions and `fired`.
    package static func sceneDescription() -> TypeDescription {
        TypeDescription(
            "PreemptiveDelay", summary: "Fires once, when the latest of any number of pending delays passes.",
            make: { PreemptiveDelay(clock: nil) }
        ) { type in
            type.property(
                "delay", \.delay, changeEvent: true,
                doc: "The delay of trigger; changing it leaves the pending deadline as it is.")
            type.readOnly("pending", \.isPending, doc: "Whether a firing is pending.")
            type.readOnly(
                "deadline", \.deadline,
                doc: "The scene time at which fired is due (the latest pending deadline), or null.")
            type.readOnly("fireCount", \.fireCount, doc: "How many times fired was sent.")
            type.action(
                "trigger", doc: "Adds a deadline `delay` from now; the latest deadline wins (ignored when not later)."
            ) {
                $0.trigger()
            }
            type.action(
                "triggerAfter", Duration.self,
                doc: "Adds a deadline the given delay from now; the latest deadline wins (ignored when not later)."
            ) { $0.trigger(after: $1) }
            type.action("cancel", doc: "Forgets every pending deadline: nothing fires; ignored when none is.") {
                $0.cancel()
            }
            type.event(
                "fired", \.fired,
                doc: "The latest pending deadline passed; the state is reset first, so a handler may trigger again.")
        }
    }
}
