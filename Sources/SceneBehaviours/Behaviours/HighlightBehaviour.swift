import SceneCore

/// Animates a button's or a text field's background colour while it is
/// highlighted (pressed, focused), and back when it stops.
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
///
/// The contract:
/// - When the view becomes highlighted, its `backgroundColor` animates
///   from where it is to `highlightedColor` over `animationDuration`; when
///   it stops being highlighted, from where it is back to the normal
///   colour, over `animationDuration` again. A change during an animation
///   starts the new one from the current colour (as UIKit's
///   begin-from-current-state); when the colour is already the target, it
///   is set without an animation (a tap, press and release at one instant,
///   changes nothing).
/// - The normal colour is `normalColor`, or, when that is null, the view's
///   background colour when a highlight begins from rest (not highlighted,
///   no animation under way).
/// - When `highlightedColor` or the normal colour is missing it does
///   nothing at all.
/// - With a zero duration, or without a scheduler, colours change at once.
///
/// It observes the view from the moment `view` is set, through
/// ``Highlightable``, and runs its animations on the scene's
/// ``VirtualScheduler``, taken in ``awake(in:)`` (or given to
/// ``init(scheduler:)``).
package final class HighlightBehaviour: SceneObject, PropertyNotifying {
    /// Who follows the declared properties (see ``PropertyNotifying``); `nil`
    /// until someone does.
    package final var propertyObservers: PropertyObservers?
    /// The view whose background is animated; weak, as every outlet.
    /// Setting it stops observing the old view and observes the new one.
    package weak var view: (any Highlightable)? {
        didSet {
            guard view !== oldValue else { return }
            observeView()
        }
    }
    /// The colour when not highlighted; `nil` takes the view's background
    /// colour when a highlight begins.
    package var normalColor: Color? {
        didSet { propertyDidChange(\.normalColor, from: oldValue, to: normalColor) }
    }
    /// The colour while highlighted; `nil` turns the behaviour off.
    package var highlightedColor: Color? {
        didSet { propertyDidChange(\.highlightedColor, from: oldValue, to: highlightedColor) }
    }
    /// How long each change of colour takes.
    package var animationDuration: Duration = .milliseconds(250) {
        didSet { propertyDidChange(\.animationDuration, from: oldValue, to: animationDuration) }
    }

    /// The clock: the scene's, from ``awake(in:)``, unless one was given.
    package private(set) var scheduler: VirtualScheduler?

    /// Whether a colour animation is under way.
    package var isAnimating: Bool { animation?.isRunning ?? false }

    /// Whether the behaviour shows the highlight: the last change it followed
    /// was to highlighted.
    package private(set) var isShowingHighlight = false

    private var animation: Animation<Color>?
    /// The normal colour of the current highlight, taken when it began.
    private var restingColor: Color?
    /// The connection to the highlight of ``view``.
    private var viewConnection: SceneConnection?

    /// A behaviour with the defaults above; it gets its scheduler in
    /// ``awake(in:)``.
    package init() {}

    /// A behaviour whose animations run on `scheduler`, for use without a scene.
    package init(scheduler: VirtualScheduler) {
        self.scheduler = scheduler
    }

    /// Takes the scene's scheduler, unless one was given.
    package func awake(in scene: Scene) {
        if scheduler == nil { scheduler = scene.scheduler }
    }

    private func observeView() {
        viewConnection?.disconnect()
        viewConnection = nil
        animation?.cancel()
        animation = nil
        isShowingHighlight = false
        guard let view else { return }
        viewConnection = view.connectHighlight { [weak self, weak view] highlighted in
            guard let self, let view else { return }
            self.highlightDidChange(highlighted, of: view)
        }
    }

    /// Follows the view's highlight: animates towards the colour of its new state.
    private func highlightDidChange(_ highlighted: Bool, of view: any Highlightable) {
        guard highlighted != isShowingHighlight else { return }
        if let normalColor {
            restingColor = normalColor
        } else if highlighted && !isAnimating {
            // From rest: the colour the view has now is the one to come back to.
            restingColor = view.backgroundColor
        }
        guard let highlightedColor, let restingColor else { return }
        isShowingHighlight = highlighted
        let target = highlighted ? highlightedColor : restingColor
        animation?.cancel()
        animation = nil
        guard let start = view.backgroundColor, start != target, animationDuration > .zero, let scheduler else {
            view.backgroundColor = target
            return
        }
        let animation = Animation(on: scheduler, from: start, to: target, duration: animationDuration) {
            [weak view] in view?.backgroundColor = $0
        }
        self.animation = animation
        animation.start()
    }

    // MARK: Registration

    /// Registers `HighlightBehaviour`: the `view` outlet, the two colours
    /// and `animationDuration`.
    package static func sceneDescription() -> TypeDescription {
        TypeDescription(
            "HighlightBehaviour",
            summary: "Animates a button's or text field's background while it is pressed or focused.",
            make: { HighlightBehaviour() }
        ) { type in
            type.outlet(
                "view", get: { $0.view }, set: { $0.view = $1 }, required: true,
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
