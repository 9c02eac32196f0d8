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
///       cancel: { type: Button, title: Cancel }
///       done: { type: Button, title: Done, font: { weight: semibold } }
///
/// The contract:
/// - The bar is 44 points high and, stacked, as wide as its container.
/// - Its items are buttons listed in `leftItems` or `rightItems`, inside
///   the bar: a listed button without a `parent` is put in it, as UIKit
///   puts a navigation item's buttons in its bar (one declared in another
///   view stays there, placed where that view puts it).
/// - Pictures place each item in the bar at its edge, the left items from
///   the left in order, the right items from the right in order (the
///   first is the rightmost, as UIKit's `rightBarButtonItems`), each as
///   wide as its title and 8 points either side, 44 high. A hidden item
///   takes no room; an item with a `frame` of its own is placed there
///   instead.
/// - The items are buttons: a tap on one is the button's `tap`, wired with
///   `on:` as any button's. The bar itself takes no input of its own.
open class NavigationBar: View {
    /// The title shown in the middle of the bar.
    public final var title = "" {
        didSet { propertyDidChange(\.title, from: oldValue, to: title) }
    }
    /// The buttons at the left edge, from the left; weakly held. A button
    /// without a parent is put in the bar.
    public final var leftItems = WeakList<Button>() {
        didSet { adopt(leftItems) }
    }
    /// The buttons at the right edge, from the right; weakly held. A
    /// button without a parent is put in the bar.
    public final var rightItems = WeakList<Button>() {
        didSet { adopt(rightItems) }
    }

    /// Puts each of `items` that has no parent in the bar, as UIKit puts a
    /// navigation item's buttons in its bar.
    private func adopt(_ items: WeakList<Button>) {
        for item in items.elements where item.parent == nil { item.parent = self }
    }

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
                doc: "The buttons at the left edge, from the left; a Button without a parent is put in the bar.")
            type.outletCollection(
                "rightItems", \.rightItems,
                doc: "The buttons at the right edge, from the right; a Button without a parent is put in the bar.")
        }
    }
}
