import SceneCore

/// One view of a picture: where the layout puts it, how it is shown, and
/// how it draws itself.
package struct PictureItem {
    /// The view as the layout sees it.
    package var node: LayoutNode
    /// The view's id in the scene, written on its group (`data-id`).
    package var id: String
    /// The view's type name, written on its group (`data-type`).
    package var typeName: String
    /// The view's own opacity, 0...1; its views are drawn with it too.
    package var alpha: Double
    /// A translation of the view and its views from where the layout puts
    /// them (a shake's offset).
    package var offset: Point
    /// Draws the view in its own coordinates.
    package var draw: (DrawingContext) -> Void

    /// An item for one view.
    package init(
        node: LayoutNode, id: String, typeName: String, alpha: Double = 1, offset: Point = .zero,
        draw: @escaping (DrawingContext) -> Void
    ) {
        self.node = node
        self.id = id
        self.typeName = typeName
        self.alpha = alpha
        self.offset = offset
        self.draw = draw
    }
}

/// Draws views as an SVG picture, the same bytes for the same views on every
/// run and machine.
///
/// Views are drawn parents first, then their views in order, each as a group
/// at its place on the canvas (its frame plus its own and its containers'
/// offsets) with its opacity times its containers'. A hidden view, a view
/// inside a hidden one and a view with no opacity left are not drawn.
package enum Picture {
    /// Writes the picture of `items` on a canvas of `canvas` points, drawn at
    /// `scale` pixels a point, handing the text to `sink` in pieces.
    /// Stacked views without a parent are laid out inside `safeArea`; with
    /// a `chrome` device, its status bar and home indicator are drawn over
    /// the views (``DeviceChrome``).
    /// With a `layout` cache, the views are laid out again only when
    /// something the layout reads differs from the cache's last picture.
    ///
    /// - Complexity: O(n) in the number of views, plus what they draw.
    package static func write(
        _ items: [PictureItem], canvas: Size, safeArea: EdgeInsets = .zero, chrome: Device? = nil, scale: Double = 1,
        background: Color = .white, layout cache: LayoutCache? = nil, to sink: @escaping (String) -> Void
    ) {
        // A canvas or a scale no scene can declare (a negative size, NaN)
        // still gives a picture: no size below zero, a scale of 1 instead
        // of one that is not a positive number.
        let canvas = Size(width: nonNegative(canvas.width), height: nonNegative(canvas.height))
        let scale = scale.isFinite && scale > 0 ? scale : 1
        let output = SVGOutput(sink: sink)
        output.begin(canvas: canvas, scale: scale, background: background)
        let nodes = items.map(\.node)
        let (frames, order) =
            cache?.solve(nodes, canvas: canvas, safeArea: safeArea)
            ?? Layout.solve(nodes, canvas: canvas, safeArea: safeArea)
        // What each view inherits from its containers, worked out parents first.
        var shift = [Point](repeating: .zero, count: items.count)
        var opacity = [Double](repeating: 1, count: items.count)
        var shown = [Bool](repeating: true, count: items.count)
        for index in order {
            let item = items[index]
            var inherited = (shift: Point.zero, opacity: 1.0, shown: true)
            if let parent = item.node.parent, items.indices.contains(parent), parent != index {
                inherited = (shift[parent], opacity[parent], shown[parent])
            }
            let alpha = item.alpha.isFinite ? min(max(item.alpha, 0), 1) : 1
            shift[index] = Point(
                x: inherited.shift.x + finite(item.offset.x), y: inherited.shift.y + finite(item.offset.y))
            opacity[index] = inherited.opacity * alpha
            shown[index] = inherited.shown && !item.node.isHidden && opacity[index] > 0
            guard shown[index], let frame = frames[index] else { continue }
            output.beginView(
                id: item.id, typeName: item.typeName,
                origin: Point(x: frame.x + shift[index].x, y: frame.y + shift[index].y), opacity: opacity[index])
            item.draw(DrawingContext(size: frame.size, viewID: item.id, typeName: item.typeName, output: output))
            output.endView()
        }
        if let chrome { DeviceChrome.draw(chrome, canvas: canvas, output: output) }
        output.end()
    }

    /// The picture of `items` as one string.
    package static func svg(
        _ items: [PictureItem], canvas: Size, safeArea: EdgeInsets = .zero, chrome: Device? = nil, scale: Double = 1,
        background: Color = .white, layout cache: LayoutCache? = nil
    ) -> String {
        var text = ""
        write(
            items, canvas: canvas, safeArea: safeArea, chrome: chrome, scale: scale, background: background,
            layout: cache
        ) { text += $0 }
        return text
    }

    private static func finite(_ value: Double) -> Double { value.isFinite ? value : 0 }

    private static func nonNegative(_ value: Double) -> Double { value > 0 ? value : 0 }
}
