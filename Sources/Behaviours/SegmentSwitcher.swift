/// Shows the view of the selected segment of a segmented control and hides
/// the others: a segmented control switching between a paged and an
/// unpaged view of the same content.
///
///     let switcher = SegmentSwitcher(control: tabs, views: [pagedView, listView])
///     switcher.start()      // the selected segment's view shows, the other hides
///
/// The contract:
/// - Applying the selection `i` sets `isHidden = false` on `views[i]` and
///   `isHidden = true` on every other view of the list. A selection with no
///   view (an index past the list) hides them all.
/// - The selection is applied at ``start()`` (what a scene's awake and a
///   storyboard's `awakeFromNib` call); from then on every selection change
///   of the control is applied, as is a new control or list set after it.
/// - A selection set in code tells no change (as in UIKit); ``apply()``
///   applies it. ``apply()`` is ignored without a control, and when every
///   view already is as the selection says.
///
/// It follows the control's selection changes from the moment ``control``
/// is set; it needs no clock.
open class SegmentSwitcher {
    /// The control whose selection picks the view shown; weakly held.
    /// Setting it stops following the old control.
    ///
    ///     switcher.control = tabs
    public weak var control: (any SegmentSelecting)? {
        didSet {
            guard control !== oldValue else { return }
            followControl()
            if isStarted { apply() }
        }
    }

    /// The views, one per segment, in order; weakly held: those still alive.
    ///
    ///     switcher.views = [pagedView, listView]
    public var views: [any Hideable] {
        get { viewBoxes.compactMap(\.view) }
        set {
            viewBoxes = newValue.map(WeakView.init)
            if isStarted { apply() }
        }
    }

    /// Whether ``start()`` was called: the selection is applied from then on.
    public private(set) var isStarted = false

    private var viewBoxes: [WeakView] = []
    private var controlConnection: BehaviourConnection?

    /// One view of the list, weakly held.
    private struct WeakView {
        weak var view: (any Hideable)?
    }

    /// A switcher of `views` following `control`; nothing is shown or
    /// hidden until ``start()``.
    ///
    ///     let switcher = SegmentSwitcher(control: tabs, views: [pagedView, listView])
    public init(control: (any SegmentSelecting)? = nil, views: [any Hideable] = []) {
        self.control = control
        self.views = views
        followControl()
    }

    /// Applies the control's selection, and every change of it from now
    /// on: what the object that wires the switcher calls once everything
    /// is connected.
    ///
    ///     switcher.start()
    open func start() {
        isStarted = true
        apply()
    }

    /// Shows the view of the control's selected segment and hides the
    /// others; ignored without a control, and when there is nothing to
    /// change.
    ///
    ///     tabs.selectedSegmentIndex = 1
    ///     switcher.apply()
    @discardableResult
    open func apply() -> ActionOutcome {
        guard let control else { return .ignored(because: "it has no control") }
        let list = views
        let index = control.selectedIndex
        let selected = list.indices.contains(index) ? list[index] : nil
        var changed = false
        for view in list {
            let hidden = view !== selected
            if view.isHidden != hidden {
                view.isHidden = hidden
                changed = true
            }
        }
        guard !changed else { return .handled }
        if list.isEmpty { return .ignored(because: "it has no views") }
        if selected == nil { return .ignored(because: "segment \(index) has no view and every view is already hidden") }
        return .ignored(because: "the view of segment \(index) is already the only one shown")
    }

    private func followControl() {
        controlConnection?.disconnect()
        controlConnection = control?.connectSelectionChanges { [weak self] in
            guard let self, self.isStarted else { return }
            self.apply()
        }
    }
}
