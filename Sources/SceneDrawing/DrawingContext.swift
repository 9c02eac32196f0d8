import SceneCore
import SceneOutput

/// How a line of text sits in the rectangle it is drawn in.
public enum TextAlignment: String, Sendable, CaseIterable {
    /// Against the left edge.
    case leading
    /// In the middle.
    case center
    /// Against the right edge.
    case trailing
}

/// What a view draws with: shapes and text in the view's own coordinates,
/// (0, 0) at its top left corner and ``size`` at its bottom right.
///
/// The picture is SVG written by the package itself, so the same drawing
/// gives the same bytes on every machine: coordinates are rounded to
/// hundredths of a point and text is measured with ``TextMetrics``.
///
///     func draw(in context: DrawingContext) {
///         context.fill(Rect(origin: .zero, size: context.size), color: .lightGray, cornerRadius: 8)
///         context.text("42", in: Rect(origin: .zero, size: context.size))
///     }
///
/// A context is only valid during the call it is passed to.
public final class DrawingContext {
    /// The size of the view being drawn.
    public let size: Size
    /// The id of the view being drawn, as the scene declares it.
    package let viewID: String
    /// The name of the view's registered type.
    package let typeName: String
    /// Where the drawing goes.
    private let output: SVGOutput

    init(size: Size, viewID: String, typeName: String, output: SVGOutput) {
        self.size = size
        self.viewID = viewID
        self.typeName = typeName
        self.output = output
    }

    /// The view's own rectangle: from (0, 0) to its ``size``.
    public var bounds: Rect { Rect(origin: .zero, size: size) }

    /// Fills `rect` with `color`, its corners rounded by `cornerRadius`.
    public func fill(_ rect: Rect, color: Color, cornerRadius: Double = 0) {
        output.write("<rect\(geometry(rect, cornerRadius))\(SVGText.paint("fill", color))/>")
    }

    /// Draws the outline of `rect` in `color`, `lineWidth` wide, its corners
    /// rounded by `cornerRadius`.
    public func stroke(_ rect: Rect, color: Color, lineWidth: Double = 1, cornerRadius: Double = 0) {
        output.write(
            "<rect\(geometry(rect, cornerRadius)) fill=\"none\"\(SVGText.paint("stroke", color))"
                + " stroke-width=\"\(SVGText.number(lineWidth))\"/>")
    }

    /// Fills the circle of `radius` around `center` with `color`.
    public func fillCircle(center: Point, radius: Double, color: Color) {
        output.write(
            "<circle cx=\"\(SVGText.number(center.x))\" cy=\"\(SVGText.number(center.y))\""
                + " r=\"\(SVGText.number(max(0, radius)))\"\(SVGText.paint("fill", color))/>")
    }

    /// Draws the outline of the circle of `radius` around `center`.
    public func strokeCircle(center: Point, radius: Double, color: Color, lineWidth: Double = 1) {
        output.write(
            "<circle cx=\"\(SVGText.number(center.x))\" cy=\"\(SVGText.number(center.y))\""
                + " r=\"\(SVGText.number(max(0, radius)))\" fill=\"none\"\(SVGText.paint("stroke", color))"
                + " stroke-width=\"\(SVGText.number(lineWidth))\"/>")
    }

    /// Draws a straight line from `start` to `end`.
    public func line(from start: Point, to end: Point, color: Color, lineWidth: Double = 1) {
        output.write(
            "<line x1=\"\(SVGText.number(start.x))\" y1=\"\(SVGText.number(start.y))\""
                + " x2=\"\(SVGText.number(end.x))\" y2=\"\(SVGText.number(end.y))\""
                + "\(SVGText.paint("stroke", color)) stroke-width=\"\(SVGText.number(lineWidth))\"/>")
    }

    /// Writes `text` on one line in `weight`, centred vertically in `rect`
    /// and placed across it by `alignment`, measured with ``TextMetrics`` in
    /// the weight it is drawn in. Text wider than `rect` overflows it, as
    /// the layout measured it.
    public func text(
        _ text: String, in rect: Rect, color: Color = .black, fontSize: Double = TextMetrics.defaultFontSize,
        alignment: TextAlignment = .center, weight: FontWeight = .regular
    ) {
        let width = TextMetrics.width(of: text, fontSize: fontSize, weight: weight)
        let left: Double
        switch alignment {
        case .leading: left = rect.x
        case .center: left = rect.x + (rect.width - width) / 2
        case .trailing: left = rect.maxX - width
        }
        let top = rect.y + (rect.height - TextMetrics.lineHeight(fontSize: fontSize)) / 2
        let baseline = top + TextMetrics.baseline(fontSize: fontSize)
        output.write(
            "<text x=\"\(SVGText.number(left))\" y=\"\(SVGText.number(baseline))\""
                + " font-size=\"\(SVGText.number(fontSize))\"\(SVGText.fontWeight(weight))"
                + "\(SVGText.paint("fill", color))>\(MarkupText.content(text))</text>")
    }

    /// Draws an image file's bytes (`mediaType` such as `image/png` or
    /// `image/svg+xml`) scaled to fit `rect`, centred, its proportions
    /// kept: embedded in the picture as a `data:` address, so the picture
    /// stays one file that refers to nothing outside it.
    package func image(_ bytes: [UInt8], mediaType: String, in rect: Rect) {
        output.write(
            "<image x=\"\(SVGText.number(rect.x))\" y=\"\(SVGText.number(rect.y))\""
                + " width=\"\(SVGText.number(max(0, rect.width)))\" height=\"\(SVGText.number(max(0, rect.height)))\""
                + " preserveAspectRatio=\"xMidYMid meet\" href=\"data:\(MarkupText.attribute(mediaType));base64,")
        output.write(Base64.encoded(bytes))
        output.write("\"/>")
    }

    private func geometry(_ rect: Rect, _ cornerRadius: Double) -> String {
        let radius = max(0, min(cornerRadius, min(rect.width, rect.height) / 2))
        var text =
            " x=\"\(SVGText.number(rect.x))\" y=\"\(SVGText.number(rect.y))\""
            + " width=\"\(SVGText.number(max(0, rect.width)))\" height=\"\(SVGText.number(max(0, rect.height)))\""
        if SVGText.number(radius) != "0" { text += " rx=\"\(SVGText.number(radius))\"" }
        return text
    }
}
