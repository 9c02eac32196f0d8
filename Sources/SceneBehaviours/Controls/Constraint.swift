import SceneCore
import SceneDrawing

/// An Auto Layout constraint of its own, with an id: what an outlet, an
/// action or the script reaches, as an `NSLayoutConstraint` outlet is in
/// UIKit. Its `view` is the first item; `is` the relation, written as a
/// view's `constraints:` are.
///
/// For its keys, defaults, events, actions and inputs, see
/// `scene-runner types Constraint`.
///
///     slide:
///       type: Constraint
///       view: drawer
///       is: trailing == parent.trailing - 20
///     # the script: `- set: {slide.constant: 0}`, `- call: slide.deactivate`
///
/// The contract:
/// - ``constant`` is the relation's constant until set; setting it moves
///   the view at the next layout, and ``animate(to:)`` moves it there
///   frame by frame over ``duration`` on the scene's clock.
/// - An inactive constraint (``active`` false) takes no part in the layout.
/// - Set on a view, it joins the view's own `constraints:` after them.
package final class Constraint: SceneObject, PropertyNotifying {
    /// Who follows its properties (see ``PropertyNotifying``); `nil` until someone does.
    package var propertyObservers: PropertyObservers?

    /// The view it constrains: its first item.
    package weak var view: View? {
        didSet {
            guard view !== oldValue else { return }
            oldValue?.detach(self)
            view?.attach(self)
        }
    }
    /// The relation as written, its constant and priority included.
    package var relation = LayoutConstraint(first: .width, relation: .equal) {
        didSet {
            propertyDidChange(\.relation, from: oldValue, to: relation)
            guard !isConstantSet else { return }
            isFollowingRelation = true
            constant = relation.constant
            isFollowingRelation = false
        }
    }
    /// The constant: the relation's until set.
    package var constant: Double = 0 {
        didSet {
            if !isFollowingRelation { isConstantSet = true }
            propertyDidChange(\.constant, from: oldValue, to: constant)
        }
    }
    /// Whether ``constant`` was set apart from the relation.
    private var isConstantSet = false
    private var isFollowingRelation = false
    /// Whether it takes part in the layout.
    package var active = true {
        didSet { propertyDidChange(\.active, from: oldValue, to: active) }
    }
    /// How long ``animate(to:)`` takes.
    package var duration: Duration = .milliseconds(250) {
        didSet { propertyDidChange(\.duration, from: oldValue, to: duration) }
    }

    /// The constraint as the layout reads it now: the relation with the
    /// current constant; `nil` while inactive.
    package var current: LayoutConstraint? {
        guard active else { return nil }
        var constraint = relation
        constraint.constant = constant
        return constraint
    }

    private weak var scheduler: VirtualScheduler?
    private var animation: Animation<Double>?

    /// An active `width == 0` with no view.
    package init() {}

    /// Takes the scene's scheduler, for ``animate(to:)``.
    package func awake(in scene: Scene) { scheduler = scene.scheduler }

    /// Activates it (the `activate` action); ignored when it is active.
    package func activate() -> ActionOutcome {
        guard !active else { return .ignored(because: "it is already active") }
        active = true
        return .handled
    }

    /// Deactivates it (the `deactivate` action); ignored when it is not active.
    package func deactivate() -> ActionOutcome {
        guard active else { return .ignored(because: "it is not active") }
        active = false
        return .handled
    }

    /// Moves ``constant`` to `target` over ``duration``, frame by frame on
    /// the scene's clock (at once without one, or with no duration); a new
    /// call starts from where the last one got to.
    package func animate(to target: Double) -> ActionOutcome {
        animation?.cancel()
        animation = nil
        guard target.isFinite else { return .ignored(because: "the constant \(target) is not a number of points") }
        guard let scheduler, duration > .zero, constant != target else {
            constant = target
            return .handled
        }
        let animation = Animation(on: scheduler, from: constant, to: target, duration: duration) { [weak self] in
            self?.constant = $0
        }
        self.animation = animation
        animation.start()
        return .handled
    }

    /// Registers `Constraint`.
    package static func sceneDescription() -> TypeDescription {
        TypeDescription(
            "Constraint", summary: "An Auto Layout constraint with an id, that outlets and the script reach.",
            make: { Constraint() }
        ) { type in
            type.outlet(
                "view", get: { $0.view }, set: { $0.view = $1 }, required: true,
                doc: "The view it constrains: the relation's first item.")
            type.property(
                "is", \.relation, required: true, changeEvent: true,
                doc: "The relation, as a view's constraints write one: 'trailing == parent.trailing - 20'.",
                examples: [
                    LayoutConstraint(
                        first: .trailing, relation: .equal, second: (LayoutAnchorItem(.parent), .trailing),
                        constant: -20)
                ],
                refusingText: { value in
                    guard case .string(let text) = value, case .failure(let problem) = ConstraintSyntax.parse(text)
                    else { return nil }
                    return ValueRefusal(problem.message, hint: problem.hint, at: problem.offsets)
                })
            type.property(
                "constant", \.constant, range: SceneGeometry.coordinates, changeEvent: true,
                doc: "The constant, in points: the relation's until set.")
            type.property("active", \.active, changeEvent: true, doc: "Whether it takes part in the layout.")
            type.property("duration", \.duration, changeEvent: true, doc: "How long animate takes.")
            type.action("activate", doc: "Activates it; ignored when it is active.") { $0.activate() }
            type.action("deactivate", doc: "Deactivates it; ignored when it is not active.") { $0.deactivate() }
            type.action(
                "animate", Double.self, doc: "Moves the constant to a number of points over duration, frame by frame."
            ) { $0.animate(to: $1) }
        }
    }
}
