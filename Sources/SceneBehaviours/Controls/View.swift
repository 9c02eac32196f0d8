import SceneCore
import SceneDrawing

/// A headless view: the base of every control, and a container through
/// `parent`.
///
/// For its keys, defaults, events, actions and inputs, see
/// `scene-runner types View`.
///
/// A view follows one touch at a time, as UIKit delivers a touch to the
/// view it began on. ``press()`` starts a touch when the view
/// ``acceptsInput`` and none is in progress; ``release()`` and ``cancel()``
/// end the touch in progress even if the view was hidden meanwhile;
/// ``tap()`` is a press and a release at the same instant. Every touch
/// started is sent through ``interaction`` as began, then ended or
/// cancelled; ignored input is reported to nobody.
///
/// Subclasses react to touches by overriding ``didBeginTouch()``,
/// ``didEndTouch()`` and ``didCancelTouch()``, and refuse input by
/// overriding ``inputRefusal``.
open class View: SceneObject, InteractionProvider, PropertyNotifying {
    /// Who follows the view's observable properties (see ``PropertyNotifying``);
    /// `nil` until someone does.
    public final var propertyObservers: PropertyObservers?
    /// Whether the view is hidden; a hidden view and its subviews ignore input.
    public final var hidden = false {
        didSet {
            shownItselfDidChange(from: !oldValue && alpha > 0)
            propertyDidChange(\.hidden, from: oldValue, to: hidden)
        }
    }
    /// The opacity, 0...1; at 0 the view and its subviews ignore input.
    public final var alpha: Double = 1 {
        didSet {
            shownItselfDidChange(from: !hidden && oldValue > 0)
            propertyDidChange(\.alpha, from: oldValue, to: alpha)
        }
    }
    /// The fill colour; `nil` is none.
    public final var backgroundColor: Color? {
        didSet { propertyDidChange(\.backgroundColor, from: oldValue, to: backgroundColor) }
    }
    /// A horizontal translation added to the view's position.
    public final var offsetX: Double = 0 {
        didSet { propertyDidChange(\.offsetX, from: oldValue, to: offsetX) }
    }
    /// A vertical translation added to the view's position.
    public final var offsetY: Double = 0 {
        didSet { propertyDidChange(\.offsetY, from: oldValue, to: offsetY) }
    }
    /// Where the view is, relative to its parent's top left corner; `nil`
    /// to be placed by the parent's ``layout`` (see ``Layout``).
    public final var frame: Rect? {
        didSet { propertyDidChange(\.frame, from: oldValue, to: frame) }
    }
    /// How the view stacks those of its views that have no frame; `nil` for
    /// ``StackLayout/standard`` (vertical, 8 points apart, filling its width).
    public final var layout: StackLayout? {
        didSet { propertyDidChange(\.layout, from: oldValue, to: layout) }
    }
    /// The view's Auto Layout constraints, each on this view as its first
    /// item (`leading == parent.leading + 16`); a view with some is placed
    /// by them, not by ``frame`` or its parent's ``layout``.
    package final var constraints: [LayoutConstraint] = [] {
        didSet { propertyDidChange(\.constraints, from: oldValue, to: constraints) }
    }
    /// How strongly the view keeps from growing past its content size, per
    /// axis, when placed by constraints; an axis left `nil` is UIKit's
    /// default (250; a label's 251).
    public final var hugging = AxisPriorities() {
        didSet { propertyDidChange(\.hugging, from: oldValue, to: hugging) }
    }
    /// How strongly the view keeps from shrinking below its content size,
    /// per axis, when placed by constraints; an axis left `nil` is UIKit's
    /// default (750).
    public final var compressionResistance = AxisPriorities() {
        didSet { propertyDidChange(\.compressionResistance, from: oldValue, to: compressionResistance) }
    }
    /// The named constraints (`Constraint` objects) whose `view` is this
    /// one, in the order they were set on it.
    private(set) var namedConstraints = WeakList<Constraint>()

    /// Adds `constraint` to those on the view (its `view` was set to it).
    func attach(_ constraint: Constraint) {
        namedConstraints = WeakList(namedConstraints.elements + [constraint])
        propertyMayHaveChanged(\.constraints)
    }

    /// Takes `constraint` from those on the view (its `view` moved away).
    func detach(_ constraint: Constraint) {
        namedConstraints = WeakList(namedConstraints.elements.filter { $0 !== constraint })
        propertyMayHaveChanged(\.constraints)
    }

    /// The content hugging of an axis the view's ``hugging`` leaves out:
    /// UIKit's 250; a label's 251. Override it in a type of your own.
    open var defaultHugging: Double { 250 }
    /// The radius of the view's rounded corners, in points.
    public final var cornerRadius: Double = 0 {
        didSet { propertyDidChange(\.cornerRadius, from: oldValue, to: cornerRadius) }
    }
    /// The containing view; the scene owns both, so it is weak.
    public final weak var parent: View? {
        didSet {
            guard parent !== oldValue else { return }
            oldValue?.subviews.remove(self)
            parent?.subviews.add(self)
            invalidateVisibility()
        }
    }

    /// Whether a touch is in progress on the view (between a press and its
    /// release or cancel).
    public final private(set) var isTracking = false {
        didSet { if isTracking != oldValue { trackingDidChange() } }
    }

    /// Sent with each phase of every touch the view accepts, before the
    /// view's own reaction (``didBeginTouch()``...).
    public final private(set) lazy var interaction = SceneEvent<InteractionPhase>()

    /// The views whose `parent` is this one, weakly held: whom a change of
    /// this view's visibility reaches.
    private var subviews = Subviews()
    /// ``visible`` as last worked out; `nil` when a change above or at the
    /// view may have changed it. When a view's is `nil`, so is that of
    /// every view below it (``invalidateVisibility()`` keeps it so), which
    /// is what lets an invalidation stop at a view already invalid.
    private var cachedVisibility: Bool?
    /// The view's place on the path that ``resolveVisibility()`` is
    /// walking, or -1: how the walk recognises a cycle made by code.
    private var resolutionIndex = -1

    /// A view with the defaults above.
    public init() {}

    /// The scene the view is part of, which its solved frame is worked out in.
    private weak var joinedScene: Scene?

    /// Where the layout puts the view now: its frame in the canvas's
    /// points (not its parent's), as its constraints, its parent's stack
    /// or its `frame` place it on the scene's canvas; `nil` outside a
    /// scene, or when it is placed nowhere (in a loop of parents). Scenes
    /// read it as `layoutFrame` in `expect` and the invariants.
    ///
    ///     expect: { banner.layoutFrame: {x: 16, y: 59, width: 343, height: 44} }
    ///
    /// - Complexity: O(n) in the scene's views: it lays the scene out.
    public var layoutFrame: Rect? {
        guard let joinedScene else { return nil }
        return ScenePicture.layoutFrame(of: self, in: joinedScene)
    }

    deinit {
        // The subviews' `parent` becomes nil without telling them: what
        // they inherited from this view no longer holds.
        for subview in subviews.views { subview.invalidateVisibility() }
    }

    /// Does nothing; subclasses that need the wired scene override it.
    open func awake(in scene: Scene) {}

    /// Called after ``isTracking`` changed: a subclass whose read-only
    /// properties follow it (Button's `highlighted`) reports them.
    func trackingDidChange() {}

    /// Whether the view and every ancestor through `parent` are shown: not
    /// hidden and with an alpha above 0.
    ///
    /// - Complexity: O(1) amortised. Each view keeps its visibility until
    ///   `hidden`, `alpha` or `parent` changes at or above it; a change
    ///   forgets it in the subtree below, visiting only views that still
    ///   held one, and a read works out the views it needs, each once.
    public var visible: Bool {
        cachedVisibility ?? resolveVisibility()
    }

    /// Whether the view itself is shown, whatever its ancestors are.
    private var isShownItself: Bool { !hidden && alpha > 0 }

    /// Forgets the visibility of the view and the views below it after
    /// `hidden` or `alpha` changed, when that changed whether it is shown.
    private func shownItselfDidChange(from wasShown: Bool) {
        if isShownItself != wasShown { invalidateVisibility() }
    }

    /// Forgets the visibility of the view and of every view below it,
    /// stopping at views that already forgot theirs (their subtrees have
    /// too). A cycle made by code ends where the walk comes round.
    /// Each view that forgets tells its watchers that ``visible`` may have
    /// changed (``PropertyNotifying/propertyMayHaveChanged(_:)``): a view that already forgot
    /// told them then.
    private func invalidateVisibility() {
        guard cachedVisibility != nil else { return }
        cachedVisibility = nil
        propertyMayHaveChanged(\.visible)
        var pending = [self]
        while let view = pending.popLast() {
            for subview in view.subviews.views where subview.cachedVisibility != nil {
                subview.cachedVisibility = nil
                subview.propertyMayHaveChanged(\.visible)
                pending.append(subview)
            }
        }
    }

    /// Works out ``visible`` for the view and its ancestors that forgot
    /// theirs, top down from the nearest one that knows it (or the root).
    ///
    /// The loader rejects cycles through `parent`, but code can make one:
    /// the walk up marks each view with its place on the path, and when it
    /// meets a marked view every view of the cycle sees every other, so
    /// they are visible exactly when they are all shown.
    private func resolveVisibility() -> Bool {
        var path: [View] = []
        var inherited = true
        var next: View? = self
        while let view = next {
            if let known = view.cachedVisibility {
                inherited = known
                break
            }
            if view.resolutionIndex >= 0 {
                let cycleStart = view.resolutionIndex
                inherited = path[cycleStart...].allSatisfy(\.isShownItself)
                for member in path[cycleStart...] {
                    member.cachedVisibility = inherited
                    member.resolutionIndex = -1
                }
                path.removeSubrange(cycleStart...)
                break
            }
            view.resolutionIndex = path.count
            path.append(view)
            next = view.parent
        }
        for view in path.reversed() {
            inherited = inherited && view.isShownItself
            view.cachedVisibility = inherited
            view.resolutionIndex = -1
        }
        return cachedVisibility ?? inherited
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

    /// Shows the view (the `show` action): clears `hidden`; ignored when it
    /// is not hidden (a hidden container stays hidden: `show` is about the
    /// view's own flag).
    @discardableResult
    public func show() -> ActionOutcome {
        guard hidden else { return .ignored(because: "it is not hidden") }
        hidden = false
        return .handled
    }

    /// Hides the view (the `hide` action): sets `hidden`; ignored when it
    /// is hidden already.
    @discardableResult
    public func hide() -> ActionOutcome {
        guard !hidden else { return .ignored(because: "it is already hidden") }
        hidden = true
        return .handled
    }

    // MARK: Touches

    /// Starts a touch (the `press` input).
    ///
    /// Reports began, then calls ``didBeginTouch()``. Ignored when the view
    /// does not accept input or a touch is already in progress.
    @discardableResult
    public func press() -> ActionOutcome {
        guard !isTracking else { return .ignored(because: "a touch is already in progress") }
        if let refusal = inputRefusal { return .ignored(because: refusal) }
        isTracking = true
        interaction.send(.began)
        didBeginTouch()
        return .handled
    }

    /// Ends the touch in progress (the `release` input).
    ///
    /// Reports ended, then calls ``didEndTouch()``. Ignored when no touch is
    /// in progress; delivered even if the view was hidden meanwhile.
    @discardableResult
    public func release() -> ActionOutcome {
        guard isTracking else { return .ignored(because: "no touch is in progress") }
        isTracking = false
        interaction.send(.ended)
        didEndTouch()
        return .handled
    }

    /// Cancels the touch in progress (the `cancel` input).
    ///
    /// Reports cancelled, then calls ``didCancelTouch()``. Ignored when no
    /// touch is in progress.
    @discardableResult
    public func cancel() -> ActionOutcome {
        guard isTracking else { return .ignored(because: "no touch is in progress") }
        isTracking = false
        interaction.send(.cancelled)
        didCancelTouch()
        return .handled
    }

    /// A press and a release at the same instant (the `tap` input); ignored
    /// when the press is.
    @discardableResult
    public func tap() -> ActionOutcome {
        let pressed = press()
        guard pressed == .handled else { return pressed }
        return release()
    }

    /// Called when a touch has begun, after ``interaction`` was sent.
    open func didBeginTouch() {}

    /// Called when a touch has ended, after ``interaction`` was sent.
    open func didEndTouch() {}

    /// Called when a touch was cancelled, after ``interaction`` was sent.
    open func didCancelTouch() {}

    // MARK: Drawing

    /// The size the view's content asks for when it has no frame and no
    /// views stacked in it: none for a plain view; a control's from its
    /// content (a button's title, a label's text), measured with
    /// ``TextMetrics``. Override it in a type of your own.
    open var intrinsicSize: Size { standardIntrinsicSize }

    /// Draws the view in its own coordinates: its background, then its
    /// look. A plain view draws its background (or a faint outline); a
    /// type of your own that does not override this draws a box with its
    /// id and type. Override it to draw your type (see docs/CustomTypes.md).
    open func draw(in context: DrawingContext) { drawStandardLook(in: context) }

    // MARK: Registration

    /// Registers `View`: its keys, the `parent` outlet, `show`/`hide` and the touch inputs.
    ///
    /// Subclasses override it and pass `View.sceneDescription()` as their base.
    open class func sceneDescription() -> TypeDescription {
        TypeDescription(
            "View", summary: "A headless view: the base of every control and a container.",
            wakes: false, make: { View() }
        ) { type in
            type.property("hidden", \.hidden, changeEvent: true, doc: "Whether the view is hidden.")
            type.property("alpha", \.alpha, range: 0...1, changeEvent: true, doc: "The opacity, 0...1.")
            type.property(
                "backgroundColor", \.backgroundColor, changeEvent: true, doc: "The fill colour; null is none.")
            type.property(
                "offsetX", \.offsetX, range: SceneGeometry.coordinates, changeEvent: true,
                doc: "An additive horizontal translation (what a shake moves).")
            type.property(
                "offsetY", \.offsetY, range: SceneGeometry.coordinates, changeEvent: true,
                doc: "An additive vertical translation.")
            type.property(
                "frame", \.frame, changeEvent: true,
                doc: "Where the view is, relative to its parent: {x, y, width, height} in points; null to be laid out.")
            type.property(
                "layout", \.layout, changeEvent: true,
                doc: "How the view stacks its views that have no frame: {axis, spacing, padding, alignment}.")
            type.property(
                "constraints", \.constraints, changeEvent: true,
                doc: "Auto Layout constraints on the view: 'leading == parent.leading + 16', 'width >= 200 @750'.",
                examples: [[LayoutConstraint(first: .width, relation: .greaterThanOrEqual, constant: 200)]],
                refusingElements: { value in
                    guard case .string(let text) = value, case .failure(let problem) = ConstraintSyntax.parse(text)
                    else { return nil }
                    return ValueRefusal(problem.message, hint: problem.hint, at: problem.offsets)
                })
            type.property(
                "hugging", \.hugging, changeEvent: true,
                doc:
                    "How strongly the view keeps from growing past its content size: {horizontal, vertical}, 1 to 1000."
            )
            type.property(
                "compressionResistance", \.compressionResistance, changeEvent: true,
                doc:
                    "How strongly the view keeps from shrinking below its content size: {horizontal, vertical}, 1 to 1000."
            )
            type.property(
                "cornerRadius", \.cornerRadius, range: SceneGeometry.lengths,
                changeEvent: true, doc: "The radius of the rounded corners, in points.")
            type.readOnly("visible", \.visible, doc: "Not hidden, alpha above 0, and the parent visible.")
            type.readOnlyUnrecorded(
                "layoutFrame", get: { $0.layoutFrame },
                doc:
                    "Where the layout puts the view, in canvas points: {x, y, width, height}; read in expect, not recorded."
            )
            type.outlet(
                "parent", get: { $0.parent }, set: { $0.parent = $1 }, hierarchy: true,
                doc: "The containing view.")
            type.action("show", doc: "Shows the view (hidden: false); ignored when it is not hidden.") { $0.show() }
            type.action("hide", doc: "Hides the view (hidden: true); ignored when it is hidden.") { $0.hide() }
            type.input("press", doc: "A touch begins on the view.") { $0.press() }
            type.input("release", doc: "The touch on the view ends.") { $0.release() }
            type.input("cancel", doc: "The touch on the view is cancelled.") { $0.cancel() }
            type.input("tap", doc: "A touch begins and ends at the same instant.") { $0.tap() }
        }
    }
}

/// The subviews of one view, held weakly; removing one costs a search of
/// the list, and the boxes of freed views are dropped as the list grows.
private struct Subviews {
    private struct Box {
        weak var view: View?
    }

    private var boxes: [Box] = []
    /// The count at which freed views' boxes are next dropped.
    private var compactionThreshold = 16

    /// The subviews still alive.
    var views: [View] {
        boxes.compactMap(\.view)
    }

    mutating func add(_ view: View) {
        if boxes.count >= compactionThreshold {
            boxes.removeAll { $0.view == nil }
            compactionThreshold = Swift.max(16, boxes.count * 2)
        }
        boxes.append(Box(view: view))
    }

    mutating func remove(_ view: View) {
        guard let index = boxes.firstIndex(where: { $0.view === view }) else { return }
        boxes.swapAt(index, boxes.count - 1)
        boxes.removeLast()
    }
}

extension View: SceneJoining {
    package func join(_ scene: Scene) { joinedScene = scene }
}
