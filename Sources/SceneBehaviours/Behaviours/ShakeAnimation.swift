import Behaviours
import SceneCore

/// The portable `ShakeAnimation` in a scene: its shakes run on the
/// scene's virtual scheduler, taken in ``awake(in:)`` unless it was given
/// a clock, on the scene's animation frames (``VirtualScheduler/framesPerSecond``,
/// 60 by default), as an ``Animation`` samples: the first value at once,
/// frame k at k / framesPerSecond after `play()`, the last exactly at
/// `duration`. With the default 0.2 s every key time falls on a frame (2,
/// 6, 10 and 12 frames in), and a frame on a key time applies its value
/// exactly.
///
/// For its keys, defaults, events, actions and inputs, see
/// `scene-runner types ShakeAnimation`.
///
///     let shake = ShakeAnimation(scheduler: scheduler)
///     shake.view = field
///     shake.play()
///     try scheduler.advance(by: .milliseconds(100))   // field.offsetX == -8
///     try scheduler.advance(by: .milliseconds(100))   // field.offsetX == 0: finished
extension ShakeAnimation: SceneObject, PropertyNotifying, SceneClockTaking {
    /// A shake on `scheduler`, for use without a scene.
    ///
    ///     let shake = ShakeAnimation(scheduler: scheduler)
    public convenience init(scheduler: VirtualScheduler) {
        self.init(clock: scheduler.clock)
    }

    /// Takes the scene's clock, unless one was given.
    public func awake(in scene: Scene) { takeClock(of: scene) }

    /// Registers `ShakeAnimation`: the `view` outlet, `duration`,
    /// `maxOffset`, `axis`, `playing`, `play` and `finished`.
    package static func sceneDescription() -> TypeDescription {
        TypeDescription(
            "ShakeAnimation", summary: "Shakes a view's offset: 0, m, -0.8m, 0.4m, 0 over its duration.",
            make: { ShakeAnimation() }
        ) { type in
            type.outlet(
                "view", get: { $0.view as? View }, set: { $0.view = $1 },
                doc: "The view whose offset shakes; without one, play does nothing.")
            type.property(
                "duration", \.duration, changeEvent: true,
                doc: "How long a shake takes; key frames at 0, 1/6, 3/6, 5/6 and 1 of it.")
            type.property(
                "maxOffset", \.maxOffset, range: SceneGeometry.coordinates, changeEvent: true,
                doc: "The first swing's offset m; then -0.8m and 0.4m.")
            type.property("axis", \.axis, changeEvent: true, doc: "Which offset moves: x or y.")
            type.readOnly("playing", \.isPlaying, doc: "Whether a shake is under way.")
            type.action("play", doc: "Plays a shake, restarting one under way; ignored without a view.") {
                $0.play()
            }
            type.event("finished", \.finished, doc: "A shake ended with the offset back at its start.")
        }
    }
}

extension OffsetAxis: SceneEnum {
    /// `Axis`, the name the scene format has always given it.
    public static var sceneEnumName: String { "Axis" }
}
