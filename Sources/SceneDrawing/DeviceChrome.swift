import SceneCore

/// What a device draws over a scene's views (`render --chrome`, on by
/// default for a canvas that names a device): its status bar, with the time
/// at 9:41 as Apple shows it, and cellular, Wi-Fi and full battery glyphs
/// as simple shapes; the Dynamic Island of an iPhone 15 or 15 Pro Max; and
/// the home indicator, a 134 by 5 point rounded bar 8 points above the
/// bottom edge, on every model without a Home button.
///
/// Everything is drawn in black, as the status bar's dark content on a
/// light screen, in one group marked `data-chrome="device"` after the
/// views, so that it lies on top as it does on the device.
enum DeviceChrome {
    /// The time the status bar shows.
    static let time = "9:41"
    /// The home indicator's size.
    static let homeIndicator = Size(width: 134, height: 5)
    /// How far above the bottom edge the home indicator sits.
    static let homeIndicatorInset = 8.0
    /// The Dynamic Island's size, in portrait.
    static let island = Size(width: 126, height: 37)
    /// How far below the top edge (in portrait) the Dynamic Island sits.
    static let islandInset = 11.0
    /// The width of the cellular, Wi-Fi and battery glyphs with their gaps.
    private static let glyphsWidth = 16.5 + 5 + 15.6 + 5 + 27

    /// Draws `device`'s chrome on a canvas of `canvas` points.
    static func draw(_ device: Device, canvas: Size, output: SVGOutput) {
        output.write("<g data-chrome=\"device\" data-device=\"\(device.name)\">")
        let context = DrawingContext(size: canvas, viewID: "", typeName: "", output: output)
        statusBar(device, context: context, output: output)
        if device.hasDynamicIsland {
            let rect =
                device.orientation == .portrait
                ? Rect(
                    x: (canvas.width - island.width) / 2, y: islandInset, width: island.width, height: island.height)
                : Rect(
                    x: islandInset, y: (canvas.height - island.width) / 2, width: island.height, height: island.width)
            context.fill(rect, color: .black, cornerRadius: island.height / 2)
        }
        if device.hasHomeIndicator {
            context.fill(
                Rect(
                    x: (canvas.width - homeIndicator.width) / 2,
                    y: canvas.height - homeIndicatorInset - homeIndicator.height,
                    width: homeIndicator.width, height: homeIndicator.height),
                color: .black, cornerRadius: homeIndicator.height / 2)
        }
        output.write("</g>\n")
    }

    /// The status bar: the time, and the cellular, Wi-Fi and battery
    /// glyphs, placed as each model places them.
    private static func statusBar(_ device: Device, context: DrawingContext, output: SVGOutput) {
        let height = device.statusBarHeight
        guard height > 0 else { return }
        let width = context.size.width
        switch device.model {
        case .iPhone15, .iPhone15ProMax:
            // The time and the glyphs centred in the "ears" either side of
            // the Dynamic Island, level with its middle.
            let ear = (width - island.width) / 2
            let middle = islandInset + island.height / 2
            context.text(
                time, in: Rect(x: 0, y: middle - 11, width: ear, height: 22), color: .black, weight: .bold)
            glyphs(from: width - ear / 2 - glyphsWidth / 2, middle: middle, output: output, context: context)
        case .iPhoneSE:
            // The time in the middle; cellular and Wi-Fi at the left, the battery at the right.
            let middle = height / 2
            context.text(time, in: Rect(x: 0, y: 0, width: width, height: height), fontSize: 12, weight: .bold)
            signal(at: Point(x: 6, y: middle), context: context)
            wifi(at: Point(x: 6 + 16.5 + 5, y: middle), output: output)
            battery(at: Point(x: width - 6 - 27, y: middle), context: context)
        case .iPad:
            // The time at the left; the glyphs at the right.
            let middle = height / 2
            context.text(
                time, in: Rect(x: 20, y: 0, width: 60, height: height), fontSize: 15, alignment: .leading,
                weight: .bold)
            glyphs(from: width - 20 - glyphsWidth, middle: middle, output: output, context: context)
        }
    }

    /// Cellular, Wi-Fi and battery, left to right from `x`, centred on `middle`.
    private static func glyphs(from x: Double, middle: Double, output: SVGOutput, context: DrawingContext) {
        signal(at: Point(x: x, y: middle), context: context)
        wifi(at: Point(x: x + 16.5 + 5, y: middle), output: output)
        battery(at: Point(x: x + 16.5 + 5 + 15.6 + 5, y: middle), context: context)
    }

    /// Four bars of rising height, 16.5 points wide, their feet level.
    private static func signal(at start: Point, context: DrawingContext) {
        let bottom = start.y + 5.75
        for (index, height) in [4.0, 6.5, 9, 11.5].enumerated() {
            context.fill(
                Rect(x: start.x + Double(index) * 4.5, y: bottom - height, width: 3, height: height), color: .black,
                cornerRadius: 1)
        }
    }

    /// A quarter circle standing on its point, 15.6 points wide, cut into
    /// three bands by two white arcs.
    private static func wifi(at start: Point, output: SVGOutput) {
        let radius = 11.0
        let half = radius * 0.7071
        let apex = Point(x: start.x + half, y: start.y + 5.5)
        func arc(_ r: Double) -> (Point, Point) {
            (
                Point(x: apex.x - r * 0.7071, y: apex.y - r * 0.7071),
                Point(x: apex.x + r * 0.7071, y: apex.y - r * 0.7071)
            )
        }
        let (left, right) = arc(radius)
        output.write(
            "<path d=\"M\(SVGText.number(apex.x)) \(SVGText.number(apex.y)) L\(SVGText.number(left.x)) "
                + "\(SVGText.number(left.y)) A\(SVGText.number(radius)) \(SVGText.number(radius)) 0 0 1 "
                + "\(SVGText.number(right.x)) \(SVGText.number(right.y)) Z\" fill=\"#000000\"/>")
        for r in [4.0, 7.5] {
            let (from, to) = arc(r)
            output.write(
                "<path d=\"M\(SVGText.number(from.x)) \(SVGText.number(from.y)) A\(SVGText.number(r)) "
                    + "\(SVGText.number(r)) 0 0 1 \(SVGText.number(to.x)) \(SVGText.number(to.y))\" fill=\"none\" "
                    + "stroke=\"#ffffff\" stroke-width=\"1.5\"/>")
        }
    }

    /// A full battery: an outline 24 by 12, its charge and its terminal.
    private static func battery(at start: Point, context: DrawingContext) {
        let top = start.y - 6
        context.stroke(
            Rect(x: start.x + 0.5, y: top + 0.5, width: 24, height: 12),
            color: Color(red: 0, green: 0, blue: 0, alpha: 102), cornerRadius: 3.5)
        context.fill(Rect(x: start.x + 2.5, y: top + 2.5, width: 20, height: 8), color: .black, cornerRadius: 2)
        context.fill(
            Rect(x: start.x + 25.5, y: top + 4.5, width: 1.5, height: 4),
            color: Color(red: 0, green: 0, blue: 0, alpha: 102), cornerRadius: 0.75)
    }
}
