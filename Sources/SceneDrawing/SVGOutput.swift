import SceneCore
import SceneOutput

/// Writes one picture as SVG, in pieces, to a sink: the document, one group
/// per view in absolute coordinates, and the shapes a ``DrawingContext``
/// draws inside it.
///
/// The text is built as UTF-8 bytes in one buffer, numbers and colours
/// written into it digit by digit (no string made for each), and handed
/// on in chunks of about 64 KiB, each ending where an element does (never
/// inside a character), so a picture of many views is never held whole
/// unless the sink keeps it.
final class SVGOutput {
    /// Where the text goes.
    private let sink: (String) -> Void
    /// Bytes not yet handed to the sink: whole elements.
    private var pending: [UInt8] = []
    /// When `pending` is handed on.
    private static let chunkSize = 64 * 1024
    /// The most bytes of image files one picture embeds, each distinct
    /// file counted once: 32 MiB, about 43 MiB of base64.
    static let maxEmbeddedImageBytes = 32 << 20
    /// The images embedded so far, by where their bytes are and how many:
    /// the value names the `<symbol>` that later views use, once a second
    /// view has shown the same bytes (by the hash of its contents).
    var embeddedImages: [EmbeddedImageKey: UInt64?] = [:]
    /// The bytes of the distinct images embedded so far.
    var embeddedImageBytes = 0

    init(sink: @escaping (String) -> Void) {
        self.sink = sink
        pending.reserveCapacity(Self.chunkSize + 4 * 1024)
    }

    /// Writes `text` as it is, and ends an element there.
    func write(_ text: String) {
        append(text)
        endElement()
    }

    /// Adds `text` as it is, without ending an element.
    @inline(__always)
    func append(_ text: String) {
        pending.append(contentsOf: text.utf8)
    }

    /// Adds markup the package writes (`<rect`, `" y="`).
    @inline(__always)
    func markup(_ text: StaticString) {
        SVGText.append(text, to: &pending)
    }

    /// Adds ``SVGText/number(_:)`` of `value`.
    @inline(__always)
    func number(_ value: Double) {
        SVGText.appendNumber(value, to: &pending)
    }

    /// Adds `name="value"` with a space before it, `value` a number.
    @inline(__always)
    func attribute(_ name: StaticString, _ value: Double) {
        pending.append(UInt8(ascii: " "))
        SVGText.append(name, to: &pending)
        pending.append(UInt8(ascii: "="))
        pending.append(UInt8(ascii: "\""))
        SVGText.appendNumber(value, to: &pending)
        pending.append(UInt8(ascii: "\""))
    }

    /// Adds ``SVGText/paint(_:_:)``: ` fill="#rrggbb"` and an opacity.
    @inline(__always)
    func paint(_ attribute: StaticString, _ color: Color) {
        SVGText.appendPaint(attribute, color, to: &pending)
    }

    /// Adds ``SVGText/fontWeight(_:)``.
    @inline(__always)
    func fontWeight(_ weight: FontWeight) {
        SVGText.appendFontWeight(weight, to: &pending)
    }

    /// Adds `text` escaped for an attribute's value (``MarkupText/attribute(_:)``).
    func escapedAttribute(_ text: String) {
        append(MarkupText.attribute(text))
    }

    /// Adds `text` escaped for an element's content (``MarkupText/content(_:lineBreak:)``).
    func escapedContent(_ text: String) {
        append(MarkupText.content(text))
    }

    /// Ends an element: hands the text on once there is a chunk of it.
    @inline(__always)
    func endElement() {
        if pending.count >= Self.chunkSize { flush() }
    }

    func flush() {
        guard !pending.isEmpty else { return }
        sink(String(decoding: pending, as: UTF8.self))
        pending.removeAll(keepingCapacity: true)
    }

    /// Opens the document: `canvas` points drawn at `scale` pixels a point,
    /// on `background`.
    func begin(canvas: Size, scale: Double, background: Color) {
        markup("<svg xmlns=\"http://www.w3.org/2000/svg\"")
        attribute("width", canvas.width * scale)
        attribute("height", canvas.height * scale)
        markup(" viewBox=\"0 0 ")
        number(canvas.width)
        markup(" ")
        number(canvas.height)
        markup("\" font-family=\"")
        append(SVGText.fontFamily)
        markup("\">\n<rect")
        attribute("width", canvas.width)
        attribute("height", canvas.height)
        paint("fill", background)
        markup("/>\n")
        endElement()
    }

    /// Opens the group of one view, at `origin` in the picture, with its
    /// opacity; `id` and `type` name it for a page that points at views.
    func beginView(id: String, typeName type: String, origin: Point, opacity: Double) {
        markup("<g data-id=\"")
        escapedAttribute(id)
        markup("\" data-type=\"")
        escapedAttribute(type)
        markup("\" transform=\"translate(")
        number(origin.x)
        markup(" ")
        number(origin.y)
        markup(")\"")
        let clamped = min(max(opacity, 0), 1)
        // Written unless it is written as 1 (what a group has anyway).
        if SVGText.hundredths(clamped) != 100 { attribute("opacity", clamped) }
        markup(">")
        endElement()
    }

    /// Closes the group ``beginView(id:typeName:origin:opacity:)`` opened.
    func endView() {
        markup("</g>\n")
        endElement()
    }

    /// Closes the document and hands on what is left.
    func end() {
        markup("</svg>\n")
        flush()
    }
}

/// An image's bytes, named by the storage that holds them: views showing
/// one file share its bytes (``ImageFile``'s cache), so one key stands for
/// every view showing it.
struct EmbeddedImageKey: Hashable {
    let address: UInt
    let count: Int

    init(_ bytes: [UInt8]) {
        address = bytes.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        count = bytes.count
    }
}
