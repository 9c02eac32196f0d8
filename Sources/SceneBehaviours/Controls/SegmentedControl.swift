import SceneCore

/// A headless segmented control: a row of segments, one selected.
///
/// For its keys, defaults, events, actions and inputs, see
/// `scene-runner types SegmentedControl`.
///
/// `select` taps a segment: interaction began and ended, then the selection
/// changes and `valueChanged` is sent (not when the segment was already
/// selected: that is still a tap, which ``View/interaction`` reports, so it
/// is taken). It is ignored for an index outside `segments`, while a touch
/// is in progress, and when the control is not visible.
open class SegmentedControl: View {
    /// The segments' titles, in order.
    public final var segments: [String] = [] {
        didSet { propertyDidChange(\.segments, from: oldValue, to: segments) }
    }
    /// The index of the selected segment.
    public final var selectedIndex = 0 {
        didSet { propertyDidChange(\.selectedIndex, from: oldValue, to: selectedIndex) }
    }

    /// Sent when an input changes the selection (`valueChanged`).
    public final private(set) lazy var valueChanged = SceneEvent<Void>()

    /// A control with no segments.
    override public init() {}

    /// Taps the segment at `index` (the `select` input).
    @discardableResult
    public func select(_ index: Int) -> ActionOutcome {
        tapToSelect(index, of: segments.count, named: "segment", selected: selectedIndex) {
            selectedIndex = $0
            valueChanged.send()
        }
    }

    // MARK: Registration

    /// Registers `SegmentedControl` as a `View` with its segments, the
    /// selection, the `select` input and `valueChanged`.
    override open class func sceneDescription() -> TypeDescription {
        TypeDescription(
            "SegmentedControl", summary: "A row of segments, one selected.", base: View.sceneDescription(),
            wakes: false, make: { SegmentedControl() }
        ) { type in
            type.property("segments", \.segments, changeEvent: true, doc: "The segments' titles, in order.")
            type.property(
                "selectedIndex", \.selectedIndex, changeEvent: true, doc: "The index of the selected segment.")
            type.input("select", Int.self, doc: "Taps the segment at an index.") { $0.select($1) }
            type.exploring("select") { View.selectArguments(count: $0.segments.count) }
            type.event("valueChanged", connect: { $0.valueChanged.connect($1) }, doc: "An input changed the selection.")
        }
    }
}
