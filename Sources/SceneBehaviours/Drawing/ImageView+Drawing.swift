import SceneCore
import SceneDrawing

extension ImageView {
    /// The size of the placeholder, and of an SVG file's picture.
    static let placeholderSize = Size(width: 100, height: 100)

    /// A PNG file's own size (a pixel a point), otherwise the placeholder's.
    var imageIntrinsicSize: Size {
        if case .file(_, _, _, let size?) = imageLookup, size.width > 0, size.height > 0 {
            return Size(
                width: min(size.width, SceneGeometry.maxPoints), height: min(size.height, SceneGeometry.maxPoints))
        }
        return Self.placeholderSize
    }

    /// The image file embedded, scaled to fit; otherwise a light grey box
    /// with a thin border, a picture glyph and the name, and a warning in
    /// red when a file could not be shown. No name: the box and the glyph.
    func drawImage(in context: DrawingContext) {
        let lookup = imageLookup
        var reason: String?
        if case .refused(let why) = lookup { reason = why }
        if case .file(_, let format, let bytes, let pixelSize) = lookup {
            if context.image(bytes, mediaType: format.mediaType, pixelSize: pixelSize, in: context.bounds) { return }
            // The picture holds as many images as one may: this one is named instead.
            reason = "too many images in one picture"
        }
        context.fill(context.bounds, color: Palette.placeholder, cornerRadius: cornerRadius)
        context.stroke(context.bounds, color: Palette.border, lineWidth: 0.5, cornerRadius: cornerRadius)
        let width = context.size.width
        let height = context.size.height
        let side = max(0, min(28, width * 0.4, height * 0.4))
        let hasName = !image.isEmpty
        let glyphTop = hasName ? height / 2 - side * 0.8 : (height - side) / 2
        drawGlyph(in: Rect(x: (width - side) / 2, y: glyphTop, width: side, height: side * 0.8), context)
        guard hasName else { return }
        let below = glyphTop + side * 0.8 + 2
        context.text(
            image, in: Rect(x: 0, y: below, width: width, height: 16), color: Palette.secondaryText, fontSize: 12)
        if let reason {
            context.text(
                reason, in: Rect(x: 0, y: below + 14, width: width, height: 14),
                color: Palette.invalid, fontSize: 10)
        }
    }

    /// A small framed picture: a sun over two hills.
    private func drawGlyph(in frame: Rect, _ context: DrawingContext) {
        guard frame.width > 4 else { return }
        context.stroke(frame, color: Palette.secondaryText, lineWidth: 1.5, cornerRadius: 2)
        context.fillCircle(
            center: Point(x: frame.x + frame.width * 0.7, y: frame.y + frame.height * 0.32),
            radius: frame.width * 0.09, color: Palette.secondaryText)
        let base = frame.maxY - frame.height * 0.15
        let points = [
            Point(x: frame.x + frame.width * 0.12, y: base),
            Point(x: frame.x + frame.width * 0.38, y: frame.y + frame.height * 0.45),
            Point(x: frame.x + frame.width * 0.58, y: base - frame.height * 0.2),
            Point(x: frame.x + frame.width * 0.72, y: frame.y + frame.height * 0.58),
            Point(x: frame.x + frame.width * 0.88, y: base),
        ]
        for (start, end) in zip(points, points.dropFirst()) {
            context.line(from: start, to: end, color: Palette.secondaryText, lineWidth: 1.5)
        }
    }
}
