import SceneCore
import SceneOutput

/// Writes one picture as SVG, in pieces, to a sink: the document, one group
/// per view in absolute coordinates, and the shapes a ``DrawingContext``
/// draws inside it.
///
/// Text is handed on in chunks of about 64 KiB, so a picture of many views
/// is never held whole unless the sink keeps it.
final class SVGOutput {
    /// Where the text goes.
    private let sink: (String) -> Void
    /// Text not yet handed to the sink.
    private var pending = ""
    /// When `pending` is handed on.
    private static let chunkSize = 64 * 1024

    init(sink: @escaping (String) -> Void) {
        self.sink = sink
    }

    func write(_ text: String) {
        pending += text
        if pending.utf8.count >= Self.chunkSize { flush() }
    }

    func flush() {
        guard !pending.isEmpty else { return }
        sink(pending)
        pending = ""
    }

    /// Opens the document: `canvas` points drawn at `scale` pixels a point,
    /// on `background`.
    func begin(canvas: Size, scale: Double, background: Color) {
        let width = SVGText.number(canvas.width * scale)
        let height = SVGText.number(canvas.height * scale)
        write(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\""
                + " viewBox=\"0 0 \(SVGText.number(canvas.width)) \(SVGText.number(canvas.height))\""
                + " font-family=\"\(SVGText.fontFamily)\">\n")
        write(
            "<rect width=\"\(SVGText.number(canvas.width))\" height=\"\(SVGText.number(canvas.height))\""
                + "\(SVGText.paint("fill", background))/>\n")
    }

    /// Opens the group of one view, at `origin` in the picture, with its
    /// opacity; `id` and `type` name it for a page that points at views.
    func beginView(id: String, typeName type: String, origin: Point, opacity: Double) {
        var text = "<g data-id=\"\(MarkupText.attribute(id))\" data-type=\"\(MarkupText.attribute(type))\""
        text += " transform=\"translate(\(SVGText.number(origin.x)) \(SVGText.number(origin.y)))\""
        let clamped = min(max(opacity, 0), 1)
        if SVGText.number(clamped) != "1" { text += " opacity=\"\(SVGText.number(clamped))\"" }
        write(text + ">")
    }

    /// Closes the group ``beginView(id:typeName:origin:opacity:)`` opened.
    func endView() {
        write("</g>\n")
    }

    /// Closes the document and hands on what is left.
    func end() {
        write("</svg>\n")
        flush()
    }
}
