import SceneCore

/// Shows the view of the selected segment of a ``SegmentedControl`` and
/// hides the others, through their `hidden` flags: a segmented control
/// switching between a paged and an unpaged view of the same content.
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
///
/// The contract:
/// - Applying the selection `i` sets `hidden: false` on `views[i]` and
///   `hidden: true` on every other view of the list. A selection with no
///   view (an index past the list) hides them all.
/// - The initial selection is applied at ``awake(in:)``; from then on every
///   `valueChanged` of the control is applied, as is a new control or list
///   set after awake.
/// - Setting the control's `selectedIndex` directly sends no
///   `valueChanged` (as in UIKit); the `apply` action applies it. `apply`
///   is ignored without a control, and when every view already is as the
///   selection says.
///
/// It follows the control's `valueChanged` from the moment `control` is
/// set; it needs no clock.
package final class SegmentSwitcher: SceneObject {
    /// The control whose selection picks the view shown; weakly held.
    /// Setting it stops following the old control's `valueChanged`.
    package weak var control: SegmentedControl? {
        didSet {
            observeControl()
            if isAwake { apply() }
        }
    }
    /// The views, one per segment, in order; weakly held.
    package var views = WeakList<View>() {
        didSet { if isAwake { apply() } }
    }

    private var isAwake = false
    /// The connection to the `valueChanged` of ``control``.
    private var controlConnection: SceneConnection?

    /// A switcher with no control and no views.
    package init() {}

    /// Applies the control's initial selection.
    package func awake(in scene: Scene) {
        isAwake = true
        apply()
    }

    /// Shows the view of the control's selected segment and hides the
    /// others (the `apply` action); ignored without a control, and when
    /// there is nothing to change.
    @discardableResult
    package func apply() -> ActionOutcome {
        guard let control else { return .ignored(because: "it has no control") }
        let list = views.elements
        let selected = list.indices.contains(control.selectedIndex) ? list[control.selectedIndex] : nil
        var changed = false
        for view in list {
            let hidden = view !== selected
            if view.hidden != hidden {
                view.hidden = hidden
                changed = true
            }
        }
        guard !changed else { return .handled }
        let index = control.selectedIndex
        if list.isEmpty { return .ignored(because: "it has no views") }
        if selected == nil { return .ignored(because: "segment \(index) has no view and every view is already hidden") }
        return .ignored(because: "the view of segment \(index) is already the only one shown")
    }

    private func observeControl() {
        controlConnection?.disconnect()
        controlConnection = nil
        guard let control else { return }
        controlConnection = control.valueChanged.connect { [weak self] in
            guard let self, self.isAwake else { return }
            self.apply()
        }
    }

    // MARK: Registration

    /// Registers `SegmentSwitcher`: `control`, `views` and `apply`.
    package static func sceneDescription() -> TypeDescription {
        TypeDescription(
            "SegmentSwitcher", summary: "Shows the view of a segmented control's selected segment, hides the others.",
            make: { SegmentSwitcher() }
        ) { type in
            type.outlet(
                "control", get: { $0.control }, set: { $0.control = $1 }, required: true,
                doc: "The control whose selected segment picks the view shown.")
            type.outletCollection(
                "views", get: { $0.views }, set: { $0.views = $1 },
                doc: "One view per segment, in order; the selected one is shown, the others hidden.")
            type.action(
                "apply", doc: "Shows the selected segment's view and hides the others; ignored when they already are."
            ) { $0.apply() }
        }
    }
}
