import Behaviours
import SceneCore

/// The portable `TimeoutController` in a scene: it times out on the
/// scene's virtual scheduler, taken in ``awake(in:)`` unless it was given
/// a clock, and its `@Reported` state reaches the transcript.
///
/// For its keys, defaults, events, actions and inputs, see
/// `scene-runner types TimeoutController`.
///
///     let scheduler = VirtualScheduler()
///     let controller = TimeoutController(providers: [playButton, volumeSlider], timeout: .seconds(3),
///                                        clock: scheduler.clock)
///     controller.timedOut.connect { controls.hidden = true }
///     controller.resume()
///     try scheduler.advance(by: .seconds(3))   // timedOut: the controls hide
extension TimeoutController: SceneObject, PropertyNotifying {
    /// Takes the scene's clock, unless one was given; a controller resumed
    /// before then starts its timeout now.
    public func awake(in scene: Scene) {
        if clock == nil { clock = scene.scheduler.clock }
    }

    /// Registers `TimeoutController`: `timeout`, the `providers` collection,
    /// its read-only state, `resume`/`pause` and `timedOut`.
    /// Each instance comes from `make`: a subclass's, for a variant of the
    /// type under the same name and keys.
    package static func sceneDescription(
        make: @escaping @Sendable () -> TimeoutController = { TimeoutController(clock: nil) }
    ) -> TypeDescription {
        TypeDescription(
            "TimeoutController", summary: "A timeout that touches on its providers hold off: event timedOut.",
            make: make
        ) { type in
            type.property(
                "timeout", \.timeout, changeEvent: true,
                doc: "How long after resume or the last touch it times out; setting it restarts a pending timeout.")
            type.outletCollection(
                "providers",
                get: { WeakList<any InteractionProvider>($0.providers.compactMap { $0 as? any InteractionProvider }) },
                set: { (controller, providers: WeakList<any InteractionProvider>) in
                    controller.providers = providers.elements.map { $0 }
                },
                doc: "Whose touches hold the timeout off, counted per touch across all of them.")
            type.readOnly("running", \.isRunning, doc: "Resumed, and neither paused nor timed out since.")
            type.readOnly("pending", \.isPending, doc: "Whether a timeout is scheduled.")
            type.readOnly("activeInteractions", \.activeInteractions, doc: "Touches in progress across all providers.")
            type.action("resume", doc: "Starts a full timeout (replacing a pending one) and runs.") { $0.resume() }
            type.action("pause", doc: "Cancels the pending timeout and stops running; ignored when not running.") {
                $0.pause()
            }
            type.event("timedOut", \.timedOut, doc: "The timeout passed; the controller stops running.")
        }
    }
}
