import SceneCore
import SceneDrawing

/// The colours of UIKit's bars.
enum BarPalette {
    /// A bar's ground: UIKit's default bar background, #F9F9F9.
    static let background = Color(red: 0xF9, green: 0xF9, blue: 0xF9)
    /// The hairline between a bar and the screen: black at 30%.
    static let hairline = Color(red: 0, green: 0, blue: 0, alpha: 77)
    /// An unselected tab bar item: UIKit's #999999.
    static let unselected = Color(red: 0x99, green: 0x99, blue: 0x99)
}

extension NavigationBar {
    /// UIKit's bar height on a phone.
    static let height = 44.0
    /// The room between the bar's edge and an item's title.
    static let edgeMargin = 8.0
    /// The room either side of an item's title, inside the item.
    static let itemPadding = 8.0

    /// Where the bar puts `view`: at its left edge when it is one of its
    /// left items, at its right edge for a right item, one after another
    /// from the edge, hidden items taking no room; `nil` for another view.
    func itemPlacement(of view: any DrawableView) -> ContainedPlacement? {
        for (items, fromRight) in [(leftItems.elements, false), (rightItems.elements, true)] {
            var offset = Self.edgeMargin
            for item in items.prefix(64) where !item.hidden {
                let width =
                    TextMetrics.width(of: item.title, fontSize: item.font.size, weight: item.font.weight)
                    + 2 * Self.itemPadding
                if item === view {
                    return ContainedPlacement(
                        Rect(x: offset, y: 0, width: width, height: Self.height), fromTrailingEdge: fromRight)
                }
                offset += width
            }
        }
        return nil
    }

    /// UIKit's bar: the light ground, a hairline at the bottom, and the
    /// title in the middle, 17 points semibold (the items draw themselves).
    func drawNavigationBar(in context: DrawingContext) {
        if backgroundColor == nil { context.fill(context.bounds, color: BarPalette.background) }
        let bottom = context.size.height - 0.25
        context.line(
            from: Point(x: 0, y: bottom), to: Point(x: context.size.width, y: bottom), color: BarPalette.hairline,
            lineWidth: 0.5)
        context.text(
            title, in: Rect(x: 0, y: 0, width: context.size.width, height: min(context.size.height, Self.height)),
            color: Palette.text, fontSize: 17, weight: .semibold)
    }
}

extension TabBar {
    /// UIKit's tab bar height on a phone, above the home indicator.
    static let height = 49.0

    /// UIKit's tab bar: the light ground with a hairline at the top, the
    /// items spread evenly, each its image's placeholder above its title
    /// (10 points, medium), the selected one in the tint and the others
    /// grey; an item without an image has its title alone, in the middle.
    func drawTabBar(in context: DrawingContext) {
        if backgroundColor == nil { context.fill(context.bounds, color: BarPalette.background) }
        context.line(
            from: Point(x: 0, y: 0.25), to: Point(x: context.size.width, y: 0.25), color: BarPalette.hairline,
            lineWidth: 0.5)
        let shown = items.prefix(64)
        guard !shown.isEmpty else { return }
        let width = context.size.width / Double(shown.count)
        let height = min(context.size.height, Self.height)
        for (index, title) in shown.enumerated() {
            let color = index == selectedIndex ? tintColor : BarPalette.unselected
            let x = Double(index) * width
            guard let image = image(at: index) else {
                context.text(
                    title, in: Rect(x: x, y: 0, width: width, height: height), color: color, fontSize: 10,
                    weight: .medium)
                continue
            }
            let icon = Rect(x: x + (width - 25) / 2, y: 6, width: 25, height: 25)
            if index == selectedIndex {
                context.fill(icon, color: color, cornerRadius: 6)
                context.text(String(image.prefix(1)).uppercased(), in: icon, color: .white, fontSize: 12)
            } else {
                context.stroke(icon.insetBy(0.75), color: color, lineWidth: 1.5, cornerRadius: 6)
                context.text(String(image.prefix(1)).uppercased(), in: icon, color: color, fontSize: 12)
            }
            context.text(
                title, in: Rect(x: x, y: 33, width: width, height: 12), color: color, fontSize: 10, weight: .medium)
        }
    }
}
