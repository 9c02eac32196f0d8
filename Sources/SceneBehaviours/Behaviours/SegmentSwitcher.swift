import Behaviours
import SceneCore

/// The portable `SegmentSwitcher` in a scene: its control is a
/// ``SegmentedControl``, its views headless ``View``s, and awake starts it.
///
/// For its keys, defaults, events, actions and inputs, see
/// `scene-runner types SegmentSwitcher`.
///
///     objects:
///       tabs: { type: SegmentedControl, segments: [Paged, All] }
///       switcher: { type: SegmentSwitcher, control: tabs, views: [paged, unpaged] }
///     script:
///       - select: { tabs: 1 }
///       - expect: { paged.hidden: true, unpaged.hidden: false }
extension SegmentSwitcher: SceneObject {
    /// Applies the control's initial selection, and follows it from now on.
    public func awake(in scene: Scene) {
        start()
    }

    /// Registers `SegmentSwitcher`: `control`, `views` and `apply`.
    package static func sceneDescription() -> TypeDescription {
        TypeDescription(
            "SegmentSwitcher", summary: "Shows the view of a segmented control's selected segment, hides the others.",
            make: { SegmentSwitcher() }
        ) { type in
            type.outlet(
                "control", get: { $0.control as? SegmentedControl }, set: { $0.control = $1 }, required: true,
                doc: "The control whose selected segment picks the view shown.")
            type.outletCollection(
                "views", get: { WeakList<View>($0.views.compactMap { $0 as? View }) },
                set: { (switcher, views: WeakList<View>) in switcher.views = views.elements },
                doc: "One view per segment, in order; the selected one is shown, the others hidden.")
            type.action(
                "apply", doc: "Shows the selected segment's view and hides the others; ignored when they already are."
            ) { $0.apply() }
        }
    }
}
