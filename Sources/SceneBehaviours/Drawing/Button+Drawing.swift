import SceneCore
import SceneDrawing

extension Button {
    /// The corner radius of a gray, tinted or filled button that sets none:
    /// UIButton.Configuration's medium corners at the default size.
    static let styleCornerRadius = 6.0
    /// How far a title aligned left or right sits from the button's edge:
    /// UIButton.Configuration's leading and trailing content insets.
    static let titleInset = 12.0

    /// The title at the button's font, 16 points either side, 44 high (the
    /// smallest tap target of Apple's guidelines), or the line and 7 points
    /// above and below when the font is larger.
    var buttonIntrinsicSize: Size {
        let width = TextMetrics.width(of: title, fontSize: font.size, weight: font.weight) + 32
        return Size(width: width, height: max(44, TextMetrics.lineHeight(fontSize: font.size) + 14))
    }

    /// The colour behind the button's own drawing: its background colour
    /// (if any) laid over its containers' ones, up to the white canvas.
    var backgroundBehind: Color {
        var layers: [Color] = []
        var next: View? = self
        // Bounded: a cycle made by code (the loader refuses them) ends here.
        var depth = 0
        while let view = next, depth < 1_000 {
            if let color = view.backgroundColor {
                layers.append(color)
                if color.alpha == 255 { break }
            }
            next = view.parent
            depth += 1
        }
        return layers.reversed().reduce(Color.white) { Palette.blend($1, over: $0) }
    }

    /// The fill that the button's style draws under the title, when the
    /// button has no background colour of its own: none for plain.
    private var styleFill: Color? {
        switch style {
        case .plain: nil
        case _ where !enabled: Palette.grayFill
        case .gray: Palette.grayFill
        case .tinted: Palette.faded(tintColor, 0.15)
        case .filled: tintColor
        }
    }

    /// The button's look by its ``style``: plain draws the title in the
    /// tint; gray and tinted add a light grey or pale tint background;
    /// filled draws the title in white on the tint. Highlighted, a
    /// background darkens (by a fifth, a twelfth for gray and tinted) and
    /// a plain title fades to 35%; disabled,
    /// the title is grey and a style's background light grey. The title's
    /// colour, unless ``titleColor`` sets it, is the tint (white when
    /// filled) where that reads on what is behind it, else black or white.
    func drawButton(in context: DrawingContext) {
        let radius = cornerRadius > 0 ? cornerRadius : Self.styleCornerRadius
        var behind = backgroundBehind
        var hasBackground = backgroundColor.map { $0.alpha > 0 } ?? false
        if backgroundColor == nil, let fill = styleFill {
            context.fill(context.bounds, color: fill, cornerRadius: radius)
            behind = Palette.blend(fill, over: behind)
            hasBackground = true
        }
        var color: Color
        if let titleColor {
            color = titleColor
        } else if !enabled {
            // Grey on purpose: faint, but not lost (a contrast of at least 1.5).
            color = Palette.readable(Palette.disabledText, on: behind, minimum: 1.5)
        } else {
            color = Palette.readable(style == .filled && backgroundColor == nil ? .white : tintColor, on: behind)
        }
        // A pressed button keeps the colour its title has at rest.
        if isHighlighted, hasBackground {
            // A fifth darker on a strong colour; a twelfth on gray and tinted's pale ones.
            let pale = backgroundColor == nil && style != .filled
            let shade = Color(red: 0, green: 0, blue: 0, alpha: pale ? 20 : 51)
            context.fill(context.bounds, color: shade, cornerRadius: backgroundColor == nil ? radius : cornerRadius)
        }
        if isHighlighted, !hasBackground { color = Palette.faded(color, 0.35) }
        let alignment = textAlignment.drawingAlignment
        let area = alignment == .center ? context.bounds : context.bounds.insetBy(dx: Self.titleInset)
        context.text(
            title, in: area, color: color, fontSize: font.size, alignment: alignment, weight: font.weight)
    }
}

extension Rect {
    /// The rectangle narrowed by `dx` on the left and on the right.
    fileprivate func insetBy(dx: Double) -> Rect {
        Rect(x: x + dx, y: y, width: max(0, width - 2 * dx), height: height)
    }
}
