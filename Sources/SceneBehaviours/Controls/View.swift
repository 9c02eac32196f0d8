import SceneCore

/// A headless view: the base of every control, and a container through
/// `parent`.
///
/// YAML keys: `hidden: Bool = false`, `alpha: Double = 1` (0...1),
/// `backgroundColor: Color? = null`, `offsetX: Double = 0`,
/// `offsetY: Double = 0` (an additive translation: what a shake moves),
/// outlet `parent: View?`; read-only `visible`. Actions `show`, `hide`.
/// Inputs `press`, `release`, `cancel`, `tap`.
///
/// A view follows one touch at a time, as UIKit delivers a touch to the
/// view it began on. ``press()`` starts a touch when the view
/// ``acceptsInput`` and none is in progress; ``release()`` and ``cancel()``
/// end the touch in progress even if the view was hidden meanwhile;
/// ``tap()`` is a press and a release at the same instant. Every touch
/// started is reported to the interaction observers as began, then ended or
/// cancelled; ignored input is reported to nobody.
///
/// Subclasses react to touches by overriding ``didBeginTouch()``,
/// ``didEndTouch()`` and ``didCancelTouch()``, and refuse input by
/// overriding ``inputRefusal``.
open class View: SceneObject, InteractionProvider {
    /// Whether the view is hidden; a hidden view and its subviews ignore input.
    public final var hidden = false
    /// The opacity, 0...1; at 0 the view and its subviews ignore input.
    public final var alpha: Double = 1
    /// The fill colour; `nil` is none.
    public final var backgroundColor: Color?
    /// A horizontal translation added to the view's position.
    public final var offsetX: Double = 0
    /// A vertical translation added to the view's position.
    public final var offsetY: Double = 0
    /// The containing view; the scene owns both, so it is weak.
    public final weak var parent: View?

    /// Whether a touch is in progress on the view (between a press and its
    /// release or cancel).
    public final private(set) var isPressed = false

    private var interactionObservers = InteractionObservers()

    /// A view with the defaults above.
    public init() {}

    /// Does nothing; subclasses that need the wired scene override it.
    open func awake(in scene: Scene) {}

    /// Whether the view and every ancestor through `parent` are shown: not
    /// hidden and with an alpha above 0.
    public var visible: Bool {
        // The loader rejects cycles through `parent`, but code can make one:
        // `fast` checks each view on the way up, and once it meets `slow`
        // (Floyd's cycle check) it has checked every view of the cycle.
        var slow = self
        var fast = self
        while true {
            for _ in 0..<2 {
                guard !fast.hidden, fast.alpha > 0 else { return false }
                guard let next = fast.parent else { return true }
                fast = next
            }
            guard let next = slow.parent else { return true }
            slow = next
            if fast === slow { return true }
        }
    }

    /// Whether the view takes a new touch now: when ``inputRefusal`` is `nil`.
    public var acceptsInput: Bool { inputRefusal == nil }

    /// Why the view takes no new touch now, completing "ignored because
    /// ...", or `nil` when it takes one: by default, when it is visible.
    /// Controls also require being enabled.
    open var inputRefusal: String? {
        if visible { return nil }
        if hidden { return "it is hidden" }
        if alpha <= 0 { return "it is transparent (alpha 0)" }
        // Not visible, so a view above it is not shown: the walk up meets it
        // (before going round a cycle, in which every view would be shown).
        var container = parent
        while let view = container {
            if view.hidden { return "a view containing it is hidden" }
            if view.alpha <= 0 { return "a view containing it is transparent (alpha 0)" }
            container = view.parent
        }
        return "a view containing it is not shown"
    }

    /// Shows the view (the `show` action): clears `hidden`.
    public func show() {
        hidden = false
    }

    /// Hides the view (the `hide` action): sets `hidden`.
    public func hide() {
        hidden = true
    }

    // MARK: Touches

    /// Starts a touch (the `press` input).
    ///
    /// Reports began, then calls ``didBeginTouch()``. Ignored when the view
    /// does not accept input or a touch is already in progress.
    @discardableResult
    public func press() -> InputResult {
        guard !isPressed else { return .ignored(because: "a touch is already in progress") }
        if let refusal = inputRefusal { return .ignored(because: refusal) }
        isPressed = true
        interactionObservers.report(.began)
        didBeginTouch()
        return .handled
    }

    /// Ends the touch in progress (the `release` input).
    ///
    /// Reports ended, then calls ``didEndTouch()``. Ignored when no touch is
    /// in progress; delivered even if the view was hidden meanwhile.
    @discardableResult
    public func release() -> InputResult {
        guard isPressed else { return .ignored(because: "no touch is in progress") }
        isPressed = false
        interactionObservers.report(.ended)
        didEndTouch()
        return .handled
    }

    /// Cancels the touch in progress (the `cancel` input).
    ///
    /// Reports cancelled, then calls ``didCancelTouch()``. Ignored when no
    /// touch is in progress.
    @discardableResult
    public func cancel() -> InputResult {
        guard isPressed else { return .ignored(because: "no touch is in progress") }
        isPressed = false
        interactionObservers.report(.cancelled)
        didCancelTouch()
        return .handled
    }

    /// A press and a release at the same instant (the `tap` input); ignored
    /// when the press is.
    @discardableResult
    public func tap() -> InputResult {
        let pressed = press()
        guard pressed == .handled else { return pressed }
        return release()
    }

    /// Called when a touch has begun, after the observers heard of it.
    open func didBeginTouch() {}

    /// Called when a touch has ended, after the observers heard of it.
    open func didEndTouch() {}

    /// Called when a touch was cancelled, after the observers heard of it.
    open func didCancelTouch() {}

    // MARK: InteractionProvider

    /// Calls `observer` with every touch phase of this view from now on.
    @discardableResult
    public func addInteractionObserver(_ observer: @escaping (InteractionPhase) -> Void) -> InteractionObserverID {
        interactionObservers.add(observer)
    }

    /// Stops calling the observer `id`.
    public func removeInteractionObserver(_ id: InteractionObserverID) {
        interactionObservers.remove(id)
    }

    // MARK: Registration

    /// Registers `View`: its keys, the `parent` outlet, `show`/`hide` and the touch inputs.
    ///
    /// Subclasses override it and pass `View.sceneDescription()` as their base.
    open class func sceneDescription() -> TypeDescription {
        TypeDescription(
            "View", summary: "A headless view: the base of every control and a container.",
            wakes: false, make: { View() }
        ) { type in
            type.property("hidden", get: { $0.hidden }, set: { $0.hidden = $1 }, doc: "Whether the view is hidden.")
            type.property("alpha", get: { $0.alpha }, set: { $0.alpha = $1 }, range: 0...1, doc: "The opacity, 0...1.")
            type.property(
                "backgroundColor", get: { $0.backgroundColor }, set: { $0.backgroundColor = $1 },
                doc: "The fill colour; null is none.")
            type.property(
                "offsetX", get: { $0.offsetX }, set: { $0.offsetX = $1 },
                doc: "An additive horizontal translation (what a shake moves).")
            type.property(
                "offsetY", get: { $0.offsetY }, set: { $0.offsetY = $1 }, doc: "An additive vertical translation.")
            type.readOnly("visible", get: { $0.visible }, doc: "Not hidden, alpha above 0, and the parent visible.")
            type.outlet(
                "parent", get: { $0.parent }, set: { $0.parent = $1 }, hierarchy: true,
                doc: "The containing view.")
            type.action("show", doc: "Shows the view (hidden: false).") { $0.show() }
            type.action("hide", doc: "Hides the view (hidden: true).") { $0.hide() }
            type.input("press", doc: "A touch begins on the view.") { $0.press() }
            type.input("release", doc: "The touch on the view ends.") { $0.release() }
            type.input("cancel", doc: "The touch on the view is cancelled.") { $0.cancel() }
            type.input("tap", doc: "A touch begins and ends at the same instant.") { $0.tap() }
        }
    }
}
