import Behaviours
import SceneCore

/// The portable `HighlightBehaviour` in a scene: its colour animations run
/// on the scene's virtual scheduler, taken in ``awake(in:)`` unless it was
/// given a clock, frame by frame as every animation of a scene; its view
/// is a ``Highlightable`` (a ``Button``, pressed, or a ``TextField``,
/// focused).
///
/// For its keys, defaults, events, actions and inputs, see
/// `scene-runner types HighlightBehaviour`.
///
///     let highlight = HighlightBehaviour(scheduler: scheduler)
///     highlight.highlightedColor = Color(parsing: "#1F4FA8")
///     highlight.view = loginButton           // backgroundColor #2F6FDE
///     loginButton.press()
///     try scheduler.advance(by: .milliseconds(250))   // #1F4FA8
///     loginButton.release()
///     try scheduler.advance(by: .milliseconds(250))   // #2F6FDE again
extension HighlightBehaviour: SceneObject, PropertyNotifying, SceneClockTaking {
    /// A behaviour whose animations run on `scheduler`, for use without a scene.
    ///
    ///     let highlight = HighlightBehaviour(scheduler: scheduler)
    package convenience init(scheduler: VirtualScheduler) {
        self.init(clock: scheduler.clock)
    }

    /// Takes the scene's clock, unless one was given.
    public func awake(in scene: Scene) { takeClock(of: scene) }

    /// Registers `HighlightBehaviour`: the `view` outlet, the two colours
    /// and `animationDuration`.
    package static func sceneDescription() -> TypeDescription {
        TypeDescription(
            "HighlightBehaviour",
            summary: "Animates a button's or text field's background while it is pressed or focused.",
            make: { HighlightBehaviour() }
        ) { type in
            type.outlet(
                "view", get: { $0.view as? any Highlightable }, set: { $0.view = $1 }, required: true,
                doc: "The Button (pressed) or TextField (focused) whose background changes.")
            type.property(
                "normalColor", \.normalColor, changeEvent: true,
                doc: "The colour when not highlighted; null takes the view's background colour.")
            type.property(
                "highlightedColor", \.highlightedColor, changeEvent: true,
                doc: "The colour while highlighted; null turns the behaviour off.")
            type.property(
                "animationDuration", \.animationDuration, changeEvent: true,
                doc: "How long each change of colour takes; 0 changes it at once.")
        }
    }
}
