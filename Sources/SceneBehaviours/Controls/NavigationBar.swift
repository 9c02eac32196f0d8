import SceneCore

/// A headless navigation bar, as UIKit's `UINavigationBar` showing one
/// navigation item: a title in the middle, and buttons at its left and
/// right edges.
///
/// For its keys, defaults, events, actions and inputs, see
/// `scene-runner types NavigationBar`.
///
///     objects:
///       bar: { type: NavigationBar, title: Settings, leftItems: [cancel], rightItems: [done] }
///       cancel: { type: Button, parent: bar, title: Cancel }
///       done: { type: Button, parent: bar, title: Done, font: { weight: semibold } }
///
/// The contract:
/// - The bar is 44 points high and, stacked, as wide as its container.
/// - Its items are buttons whose `parent` is the bar, listed in
///   `leftItems` or `rightItems`: pictures place each one at the bar's
///   edge, the left items from the left in order, the right items from
///   the right in order (the first is the rightmost, as UIKit's
///   `rightBarButtonItems`), each as wide as its title and 8 points either
///   side, 44 high. A hidden item takes no room; an item with a `frame` of
///   its own is placed there instead; a listed button that is not in the
///   bar is placed where its own parent puts it.
/// - The items are buttons: a tap on one is the button's `tap`, wired with
///   `on:` as any button's. The bar itself takes no input of its own.
open class NavigationBar: View {
    /// The title shown in the middle of the bar.
    public final var title = "" {
        didSet { propertyDidChange(\.title, from: oldValue, to: title) }
    }
    /// The buttons at the left edge, from the left; weakly held.
    public final var leftItems = WeakList<Button>()
    /// The buttons at the right edge, from the right; weakly held.
    public final var rightItems = WeakList<Button>()

    /// A bar with no title and no items.
    override public init() {}

    // MARK: Registration

    /// Registers `NavigationBar` as a `View` with its title and its left
    /// and right items.
    override open class func sceneDescription() -> TypeDescription {
        TypeDescription(
            "NavigationBar", summary: "A navigation bar: a title, and buttons at its left and right edges.",
            base: View.sceneDescription(), wakes: false, make: { NavigationBar() }
        ) { type in
            type.property("title", \.title, changeEvent: true, doc: "The title in the middle of the bar.")
            type.outletCollection(
                "leftItems", \.leftItems,
                doc: "The buttons at the left edge, from the left; each a Button whose parent is the bar.")
            type.outletCollection(
                "rightItems", \.rightItems,
                doc: "The buttons at the right edge, from the right; each a Button whose parent is the bar.")
        }
    }
}
