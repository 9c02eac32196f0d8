/// Animates a button's or a text field's background colour while it is
/// highlighted (pressed, focused), and back when it stops.
///
///     let highlight = HighlightBehaviour(clock: MainClock.shared)
///     highlight.highlightedColor = Color(parsing: "#1F4FA8")
///     highlight.view = loginButton   // backgroundColor #2F6FDE
///     // pressed: #1F4FA8 in 250 ms; released: back to #2F6FDE in 250 ms
///
/// The contract:
/// - When the view becomes highlighted, its `backgroundColor` animates
///   from where it is to ``highlightedColor`` over ``animationDuration``;
///   when it stops being highlighted, from where it is back to the normal
///   colour, over ``animationDuration`` again. A change during an
///   animation starts the new one from the current colour (as UIKit's
///   begin-from-current-state); when the colour is already the target, it
///   is set without an animation (a tap, press and release at one
///   instant, changes nothing).
/// - The normal colour is ``normalColor``, or, when that is `nil`, the
///   view's background colour when a highlight begins from rest (not
///   highlighted, no animation under way).
/// - When ``highlightedColor`` or the normal colour is missing it does
///   nothing at all.
/// - With a zero duration, or without a clock, colours change at once.
///
/// It follows the view from the moment ``view`` is set, through
/// ``HighlightReporting``, and the view runs the animations
/// (``BackgroundColorable``) on ``clock``.
open class HighlightBehaviour: ReportsChanges {
    /// Where changes of the reported settings are told (see ``ReportsChanges``).
    public let changeReports = ChangeReports()

    /// The view whose background is animated; weak, as every outlet.
    /// Setting it stops following the old view and follows the new one.
    ///
    ///     highlight.view = usernameField
    public weak var view: (any HighlightReporting & BackgroundColorable)? {
        didSet {
            guard view !== oldValue else { return }
            followView()
        }
    }

    /// The colour when not highlighted; `nil` takes the view's background
    /// colour when a highlight begins.
    ///
    ///     highlight.normalColor = .white
    @Reported public var normalColor: Color?

    /// The colour while highlighted; `nil` turns the behaviour off.
    ///
    ///     highlight.highlightedColor = Color(parsing: "#1F4FA8")
    @Reported public var highlightedColor: Color?

    /// How long each change of colour takes.
    ///
    ///     highlight.animationDuration = .milliseconds(150)
    @Reported public var animationDuration: Duration = .milliseconds(250)

    /// The clock the animations run on; without one, colours change at once.
    ///
    ///     highlight.clock = scheduler.clock
    public var clock: (any BehaviourClock)?

    /// Whether a colour animation is under way.
    ///
    ///     highlight.isAnimating   // true for 250 ms after a press
    public var isAnimating: Bool { animation?.isRunning ?? false }

    /// Whether the behaviour shows the highlight: the last change it
    /// followed was to highlighted.
    ///
    ///     highlight.isShowingHighlight   // true while the button is held
    public private(set) var isShowingHighlight = false

    private var animation: (any ViewAnimation)?
    /// The normal colour of the current highlight, taken when it began.
    private var restingColor: Color?
    /// The connection to the highlight of ``view``.
    private var viewConnection: BehaviourConnection?

    /// A behaviour with the defaults above, animating on `clock`.
    ///
    ///     let highlight = HighlightBehaviour(clock: MainClock.shared)
    public init(clock: (any BehaviourClock)? = nil) {
        self.clock = clock
    }

    private func followView() {
        viewConnection?.disconnect()
        viewConnection = nil
        stopAnimation()
        isShowingHighlight = false
        guard let view else { return }
        viewConnection = view.connectHighlightChanges { [weak self, weak view] highlighted in
            guard let self, let view else { return }
            self.highlightDidChange(highlighted, of: view)
        }
    }

    /// Follows the view's highlight: animates towards the colour of its new
    /// state.
    private func highlightDidChange(_ highlighted: Bool, of view: any HighlightReporting & BackgroundColorable) {
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
        stopAnimation()
        guard let start = view.backgroundColor, start != target, animationDuration > .zero, let clock else {
            view.backgroundColor = target
            return
        }
        let animation = view.animateBackgroundColor(to: target, duration: animationDuration, clock: clock) { _ in }
        if animation.isRunning { self.animation = animation }
    }

    private func stopAnimation() {
        let animation = self.animation
        self.animation = nil
        animation?.cancel()
    }
}
