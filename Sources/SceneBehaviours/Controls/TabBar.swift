import SceneCore

/// A headless tab bar, as UIKit's `UITabBar`: a row of items, at most one
/// selected.
///
/// For its keys, defaults, events, actions and inputs, see
/// `scene-runner types TabBar`.
///
///     objects:
///       tabs: { type: TabBar, items: [Favourites, Recents, More], images: [star, clock, ""], selectedIndex: 0 }
///
/// The contract:
/// - `items` are the items' titles, in order; `images` name each item's
///   image (drawn as a placeholder above its title); a shorter list, or an
///   empty name, leaves an item without one.
/// - `selectedIndex` is the selected item, or -1 (the default) for none,
///   as a `UITabBar` without a selected item; an index past the items
///   selects none either.
/// - `select` taps the item at an index: interaction began and ended, then
///   the selection changes and `valueChanged` is sent (not when the item
///   was already selected: that is still a tap, which is taken). It is
///   ignored for an index outside `items`, while a touch is in progress,
///   and when the bar is not visible. Setting `selectedIndex` sends no
///   `valueChanged`, as in UIKit.
/// - Pictures draw it 49 points high, the items spread evenly across it,
///   the selected one in the tint and the others grey.
open class TabBar: View {
    /// The items' titles, in order.
    public final var items: [String] = [] {
        didSet { propertyDidChange(\.items, from: oldValue, to: items) }
    }
    /// The names of the items' images, in order; empty for none.
    public final var images: [String] = [] {
        didSet { propertyDidChange(\.images, from: oldValue, to: images) }
    }
    /// The index of the selected item, or -1 for none.
    public final var selectedIndex = -1 {
        didSet { propertyDidChange(\.selectedIndex, from: oldValue, to: selectedIndex) }
    }
    /// The colour of the selected item: UIKit's system blue, #007AFF.
    public final var tintColor = ButtonStyle.systemBlue {
        didSet { propertyDidChange(\.tintColor, from: oldValue, to: tintColor) }
    }

    /// Sent when an input changes the selection (`valueChanged`).
    public final private(set) lazy var valueChanged = SceneEvent<Void>()

    /// A bar with no items and none selected.
    override public init() {}

    /// The name of the image of the item at `index`, or `nil` for none.
    public func image(at index: Int) -> String? {
        guard images.indices.contains(index), !images[index].isEmpty else { return nil }
        return images[index]
    }

    /// Taps the item at `index` (the `select` input).
    @discardableResult
    public func select(_ index: Int) -> ActionOutcome {
        tapToSelect(index, of: items.count, named: "item", selected: selectedIndex) {
            selectedIndex = $0
            valueChanged.send()
        }
    }

    // MARK: Registration

    /// Registers `TabBar` as a `View` with its items, images, selection
    /// and tint, the `select` input and `valueChanged`.
    override open class func sceneDescription() -> TypeDescription {
        TypeDescription(
            "TabBar", summary: "A tab bar: a row of items, at most one selected.", base: View.sceneDescription(),
            wakes: false, make: { TabBar() }
        ) { type in
            type.property("items", \.items, changeEvent: true, doc: "The items' titles, in order.")
            type.property(
                "images", \.images, changeEvent: true,
                doc: "The names of the items' images, in order (drawn as placeholders); empty for none.")
            type.property(
                "selectedIndex", \.selectedIndex, range: -1...1_000_000, changeEvent: true,
                doc: "The index of the selected item, or -1 for none.")
            type.property(
                "tintColor", \.tintColor, changeEvent: true,
                doc: "The selected item's colour; system blue, #007AFF.")
            type.input("select", Int.self, doc: "Taps the item at an index.") { $0.select($1) }
            type.exploring("select") { View.selectArguments(count: $0.items.count) }
            type.event("valueChanged", connect: { $0.valueChanged.connect($1) }, doc: "An input changed the selection.")
        }
    }
}
