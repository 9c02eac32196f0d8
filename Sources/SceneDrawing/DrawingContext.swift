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
        output.markup("<rect")
        geometry(rect, cornerRadius)
        output.paint("fill", color)
        output.markup("/>")
        output.endElement()
    }

    /// Draws the outline of `rect` in `color`, `lineWidth` wide, its corners
    /// rounded by `cornerRadius`.
    public func stroke(_ rect: Rect, color: Color, lineWidth: Double = 1, cornerRadius: Double = 0) {
        output.markup("<rect")
        geometry(rect, cornerRadius)
        output.markup(" fill=\"none\"")
        output.paint("stroke", color)
        output.attribute("stroke-width", lineWidth)
        output.markup("/>")
        output.endElement()
    }

    /// Fills the circle of `radius` around `center` with `color`.
    public func fillCircle(center: Point, radius: Double, color: Color) {
        output.markup("<circle")
        output.attribute("cx", center.x)
        output.attribute("cy", center.y)
        output.attribute("r", max(0, radius))
        output.paint("fill", color)
        output.markup("/>")
        output.endElement()
    }

    /// Draws the outline of the circle of `radius` around `center`.
    public func strokeCircle(center: Point, radius: Double, color: Color, lineWidth: Double = 1) {
        output.markup("<circle")
        output.attribute("cx", center.x)
        output.attribute("cy", center.y)
        output.attribute("r", max(0, radius))
        output.markup(" fill=\"none\"")
        output.paint("stroke", color)
        output.attribute("stroke-width", lineWidth)
        output.markup("/>")
        output.endElement()
    }

    /// Draws a straight line from `start` to `end`.
    public func line(from start: Point, to end: Point, color: Color, lineWidth: Double = 1) {
        output.markup("<line")
        output.attribute("x1", start.x)
        output.attribute("y1", start.y)
        output.attribute("x2", end.x)
        output.attribute("y2", end.y)
        output.paint("stroke", color)
        output.attribute("stroke-width", lineWidth)
        output.markup("/>")
        output.endElement()
    }

    /// Writes `text` on one line in `weight`, centred vertically in `rect`
    /// and placed across it by `alignment`, measured with ``TextMetrics`` in
    /// the weight it is drawn in. Text wider than `rect` overflows it, as
    /// the layout measured it.
    public func text(
        _ text: String, in rect: Rect, color: Color = .black, fontSize: Double = TextMetrics.defaultFontSize,
        alignment: TextAlignment = .center, weight: FontWeight = .regular
    ) {
        let text = SVGText.drawn(text)
        let width = TextMetrics.width(of: text, fontSize: fontSize, weight: weight)
        let left: Double
        switch alignment {
        case .leading: left = rect.x
        case .center: left = rect.x + (rect.width - width) / 2
        case .trailing: left = rect.maxX - width
        }
        let top = rect.y + (rect.height - TextMetrics.lineHeight(fontSize: fontSize)) / 2
        let baseline = top + TextMetrics.baseline(fontSize: fontSize)
        output.markup("<text")
        output.attribute("x", left)
        output.attribute("y", baseline)
        output.attribute("font-size", fontSize)
        output.fontWeight(weight)
        output.paint("fill", color)
        output.markup(">")
        output.escapedContent(text)
        output.markup("</text>")
        output.endElement()
    }

    /// Draws an image file's bytes (`mediaType` such as `image/png` or
    /// `image/svg+xml`) scaled to fit `rect`, centred, its proportions
    /// kept: embedded in the picture as a `data:` address, so the picture
    /// stays one file that refers to nothing outside it. Bytes of a known
    /// `pixelSize` (a PNG's) that many views show are embedded twice at
    /// most: as the first view's image, and in a `<symbol>` the second and
    /// later views `<use>`. False, and nothing drawn, when embedding them
    /// would take the picture past ``SVGOutput/maxEmbeddedImageBytes`` of
    /// images.
    @discardableResult
    package func image(_ bytes: [UInt8], mediaType: String, pixelSize: Size?, in rect: Rect) -> Bool {
        let key = EmbeddedImageKey(bytes)
        let known = output.embeddedImages[key]
        if case .some(.some(let symbol)) = known {
            use(symbol, in: rect)
            return true
        }
        if known != nil, let pixelSize, pixelSize.width > 0, pixelSize.height > 0 {
            // A second view: the bytes again, once, in a symbol the others
            // use, named by its contents so that pictures put side by side
            // in one page (a timeline) never name two images alike.
            let symbol = StableHash.fnv1a64(bytes)
            output.embeddedImages[key] = symbol
            output.markup("<symbol id=\"")
            output.append(Self.symbolID(symbol))
            output.markup("\" viewBox=\"0 0 ")
            output.number(pixelSize.width)
            output.markup(" ")
            output.number(pixelSize.height)
            output.markup("\" preserveAspectRatio=\"xMidYMid meet\"><image")
            output.attribute("width", pixelSize.width)
            output.attribute("height", pixelSize.height)
            embeddedAddress(bytes, mediaType: mediaType)
            output.markup("</symbol>")
            output.endElement()
            use(symbol, in: rect)
            return true
        }
        guard output.embeddedImageBytes + bytes.count <= SVGOutput.maxEmbeddedImageBytes else { return false }
        output.embeddedImageBytes += bytes.count
        if known == nil { output.embeddedImages[key] = .some(nil) }
        output.markup("<image")
        output.attribute("x", rect.x)
        output.attribute("y", rect.y)
        output.attribute("width", max(0, rect.width))
        output.attribute("height", max(0, rect.height))
        embeddedAddress(bytes, mediaType: mediaType)
        return true
    }

    /// Draws an image file's bytes as ``image(_:mediaType:pixelSize:in:)``
    /// does, their pixel size unknown.
    package func image(_ bytes: [UInt8], mediaType: String, in rect: Rect) {
        image(bytes, mediaType: mediaType, pixelSize: nil, in: rect)
    }

    /// `image-` and the hash in hexadecimal.
    private static func symbolID(_ hash: UInt64) -> String {
        "image-" + String(hash, radix: 16)
    }

    /// ` preserveAspectRatio="xMidYMid meet" href="data:…;base64,…"/>`.
    private func embeddedAddress(_ bytes: [UInt8], mediaType: String) {
        output.markup(" preserveAspectRatio=\"xMidYMid meet\" href=\"data:")
        output.escapedAttribute(mediaType)
        output.markup(";base64,")
        output.endElement()
        output.write(Base64.encoded(bytes))
        output.markup("\"/>")
        output.endElement()
    }

    /// `<use>` of the image symbol `symbol` names, filling `rect`.
    private func use(_ symbol: UInt64, in rect: Rect) {
        output.markup("<use href=\"#")
        output.append(Self.symbolID(symbol))
        output.markup("\"")
        output.attribute("x", rect.x)
        output.attribute("y", rect.y)
        output.attribute("width", max(0, rect.width))
        output.attribute("height", max(0, rect.height))
        output.markup("/>")
        output.endElement()
    }

    /// ` x="…" y="…" width="…" height="…"`, and ` rx="…"` when the corners
    /// are rounded by a radius written as more than 0.
    private func geometry(_ rect: Rect, _ cornerRadius: Double) {
        let radius = max(0, min(cornerRadius, min(rect.width, rect.height) / 2))
        output.attribute("x", rect.x)
        output.attribute("y", rect.y)
        output.attribute("width", max(0, rect.width))
        output.attribute("height", max(0, rect.height))
        if SVGText.hundredths(radius) != 0 { output.attribute("rx", radius) }
    }
}
