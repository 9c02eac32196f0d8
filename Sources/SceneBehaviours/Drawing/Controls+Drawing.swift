import SceneCore
import SceneDrawing

extension Label {
    /// The text's size with no width to fit: one line, or for a label of
    /// several lines its widest paragraph by its paragraphs.
    var labelIntrinsicSize: Size {
        TextLayout.naturalSize(of: text, numberOfLines: numberOfLines, fontSize: font.size, weight: font.weight)
    }

    /// The text in `size`, wrapped, cut and truncated as the label's lines and mode say.
    func textLines(in size: Size) -> TextLayout.Lines {
        TextLayout.layout(
            text, width: size.width, height: size.height, numberOfLines: numberOfLines,
            lineBreak: lineBreakMode.textLayoutBreak, fontSize: font.size, weight: font.weight)
    }

    /// The text's lines at the label's font, placed by its alignment, the
    /// block of them centred top to bottom as UIKit centres it.
    func drawLabel(in context: DrawingContext) {
        let lines = textLines(in: context.size).lines
        let lineHeight = TextMetrics.lineHeight(fontSize: font.size)
        let top = (context.size.height - lineHeight * Double(lines.count)) / 2
        for (row, line) in lines.enumerated() {
            context.text(
                line, in: Rect(x: 0, y: top + Double(row) * lineHeight, width: context.size.width, height: lineHeight),
                color: textColor ?? Palette.text, fontSize: font.size, alignment: textAlignment.drawingAlignment,
                weight: font.weight)
        }
    }
}

extension LineBreakMode {
    /// The layout's name for the mode.
    var textLayoutBreak: TextLayout.LineBreak {
        switch self {
        case .byWordWrapping: .wordWrap
        case .byCharWrapping: .charWrap
        case .byClipping: .clip
        case .byTruncatingHead: .truncateHead
        case .byTruncatingTail: .truncateTail
        case .byTruncatingMiddle: .truncateMiddle
        }
    }
}

extension TextField {
    /// UIKit's rounded-rect field: 34 points high (more for a larger
    /// font), at least 200 wide.
    var textFieldIntrinsicSize: Size {
        let shown = text.isEmpty ? placeholder : text
        return Size(
            width: max(200, TextMetrics.width(of: shown, fontSize: font.size, weight: font.weight) + 16),
            height: max(34, TextMetrics.lineHeight(fontSize: font.size) + 14))
    }

    /// UIKit's rounded-rect border style: a box, white unless the field has
    /// a background colour of its own (drawn under it, as an imported
    /// storyboard's fields have), its corners rounded by 5, with a border
    /// (blue and thicker while it is the first responder, red when its
    /// input is invalid), its text (dots when secure; white on a dark
    /// background) or its placeholder in grey, at the field's font and
    /// alignment, and a caret after the text while focused.
    func drawTextField(in context: DrawingContext) {
        let onDark = backgroundColor.map(Palette.isDark) ?? false
        // A background colour of its own was filled at the field's own corner radius.
        let radius = backgroundColor == nil ? (cornerRadius > 0 ? cornerRadius : 5) : cornerRadius
        if backgroundColor == nil {
            context.fill(context.bounds, color: enabled ? .white : Palette.faint, cornerRadius: radius)
        }
        let border = invalidInput ? Palette.invalid : focused ? Palette.tint : Palette.border
        context.stroke(context.bounds, color: border, lineWidth: focused ? 2 : 1, cornerRadius: radius)
        let inner = Rect(x: 8, y: 0, width: max(0, context.size.width - 16), height: context.size.height)
        let shown = secure ? String(repeating: "\u{2022}", count: min(text.count, 64)) : text
        let alignment = textAlignment.drawingAlignment
        if shown.isEmpty {
            context.text(
                placeholder, in: inner, color: onDark ? Palette.faint : Palette.secondaryText, fontSize: font.size,
                alignment: alignment, weight: font.weight)
        } else {
            let color = !enabled ? Palette.secondaryText : onDark ? Color.white : Palette.text
            context.text(shown, in: inner, color: color, fontSize: font.size, alignment: alignment, weight: font.weight)
        }
        if focused {
            let width = TextMetrics.width(of: shown, fontSize: font.size, weight: font.weight)
            let end: Double
            switch alignment {
            case .leading: end = inner.x + width
            case .center: end = inner.x + (inner.width + width) / 2
            case .trailing: end = inner.maxX
            }
            let height = TextMetrics.lineHeight(fontSize: font.size)
            let top = (context.size.height - height) / 2
            context.line(
                from: Point(x: end + 1, y: top), to: Point(x: end + 1, y: top + height), color: Palette.tint,
                lineWidth: 2)
        }
    }
}

extension Slider {
    /// UIKit's slider: a 4-point track, in the tint up to the value and
    /// light grey after it, and a white 28-point thumb with a faint shadow
    /// (shaded while it is held); a lower frame gets a smaller thumb.
    func drawSlider(in context: DrawingContext) {
        let radius = min(14, context.size.height / 2)
        let middle = context.size.height / 2
        let start = radius
        let length = max(0, context.size.width - 2 * radius)
        let span = maximum - minimum
        let fraction = span > 0 ? min(max((value - minimum) / span, 0), 1) : 0
        let thumb = start + length * fraction
        let track = 4.0
        context.fill(
            Rect(x: start, y: middle - track / 2, width: length, height: track), color: Palette.grayFill,
            cornerRadius: 2)
        context.fill(
            Rect(x: start, y: middle - track / 2, width: thumb - start, height: track), color: tintColor,
            cornerRadius: 2)
        context.fillCircle(
            center: Point(x: thumb, y: middle + 1), radius: radius, color: Color(red: 0, green: 0, blue: 0, alpha: 31))
        context.fillCircle(
            center: Point(x: thumb, y: middle), radius: radius, color: isTracking ? Palette.faint : .white)
        context.strokeCircle(
            center: Point(x: thumb, y: middle), radius: radius, color: Color(red: 0, green: 0, blue: 0, alpha: 15),
            lineWidth: 0.5)
    }
}

extension ActivityIndicator {
    /// Eight round-ended spokes in ``color`` while animating, at the
    /// style's size (20 or 37 points) in the middle of the view, the one
    /// at ``spokePhase`` strongest and the others fading behind it;
    /// nothing when stopped (UIKit hides a stopped spinner).
    func drawSpinner(in context: DrawingContext) {
        guard animating else { return }
        let phase = spokePhase
        let center = Point(x: context.size.width / 2, y: context.size.height / 2)
        let side = min(context.size.width, context.size.height, style.size.width)
        let lineWidth = style == .large ? 3.0 : 2.0
        let outer = side / 2 - lineWidth / 2
        // Spokes at 45° steps, fading round the circle; cosines and sines
        // of the eight angles, written out so that every machine draws the
        // same coordinates.
        let directions: [(Double, Double)] = [
            (0, -1), (0.7071, -0.7071), (1, 0), (0.7071, 0.7071), (0, 1), (-0.7071, 0.7071), (-1, 0),
            (-0.7071, -0.7071),
        ]
        for (index, direction) in directions.enumerated() {
            let fade = 1 - 0.11 * Double((index - phase + 8) % 8)
            context.line(
                from: Point(x: center.x + direction.0 * outer * 0.5, y: center.y + direction.1 * outer * 0.5),
                to: Point(x: center.x + direction.0 * outer, y: center.y + direction.1 * outer),
                color: Palette.faded(color, fade), lineWidth: lineWidth)
        }
    }
}

extension PageIndicator {
    var pageIndicatorIntrinsicSize: Size {
        Size(width: Double(min(max(numberOfPages, 0), 1_000)) * 16, height: 26)
    }

    /// One dot a page, the current one in its own colour.
    func drawPageIndicator(in context: DrawingContext) {
        let count = min(max(numberOfPages, 0), 1_000)
        guard count > 0 else { return }
        let step = 16.0
        let left = (context.size.width - Double(count) * step) / 2 + step / 2
        for page in 0..<count {
            context.fillCircle(
                center: Point(x: left + Double(page) * step, y: context.size.height / 2), radius: 3.5,
                color: page == currentPage ? currentPageIndicatorTintColor : pageIndicatorTintColor)
        }
    }
}

extension SegmentedControl {
    /// The widest title's width, plus room, times the segments.
    var segmentedIntrinsicSize: Size {
        let widest =
            segments.prefix(1_000).map { TextMetrics.width(of: $0, fontSize: 13, weight: .semibold) }.max() ?? 0
        return Size(width: Double(min(segments.count, 1_000)) * (widest + 24), height: 32)
    }

    /// UIKit's segmented control since iOS 13: equal segments on a light
    /// grey ground with corners rounded by 8, the selected one a white
    /// card inset by 2 with corners of 7 and a faint outline, its title
    /// semibold; the others regular, with a thin divider between two
    /// unselected neighbours. Titles are 13 points, black.
    func drawSegments(in context: DrawingContext) {
        let shown = segments.prefix(1_000)
        let radius = cornerRadius > 0 ? cornerRadius : 8
        context.fill(context.bounds, color: Palette.segmentFill, cornerRadius: radius)
        guard !shown.isEmpty else { return }
        let width = context.size.width / Double(shown.count)
        let divider = Color(red: 0x8E, green: 0x8E, blue: 0x93, alpha: 77)
        let inset = min(8, context.size.height / 4)
        for (index, title) in shown.enumerated() {
            let cell = Rect(x: Double(index) * width, y: 0, width: width, height: context.size.height)
            let isSelected = index == selectedIndex
            if isSelected {
                let card = cell.insetBy(2)
                context.fill(card, color: .white, cornerRadius: max(0, radius - 1))
                context.stroke(
                    card, color: Color(red: 0, green: 0, blue: 0, alpha: 15), lineWidth: 0.5,
                    cornerRadius: max(0, radius - 1))
            } else if index > 0, index - 1 != selectedIndex {
                context.line(
                    from: Point(x: cell.x, y: inset), to: Point(x: cell.x, y: context.size.height - inset),
                    color: divider)
            }
            context.text(
                title, in: cell, color: Palette.text, fontSize: 13, weight: isSelected ? .semibold : .regular)
        }
    }
}

extension Switch {
    /// UIKit's size for a switch, which it keeps whatever its frame.
    static let naturalSize = Size(width: 51, height: 31)

    /// A pill, in the tint (system green) when on and light grey when off, with a white round
    /// knob at its right end when on, at its left end when off: at most
    /// ``naturalSize``, from the top left corner, as UIKit draws it in a
    /// larger frame.
    func drawSwitch(in context: DrawingContext) {
        let width = min(context.size.width, Self.naturalSize.width)
        let height = min(context.size.height, Self.naturalSize.height)
        let pill = Rect(x: 0, y: 0, width: width, height: height)
        context.fill(pill, color: isOn ? tintColor : Palette.track, cornerRadius: height / 2)
        let radius = max(0, height / 2 - 2)
        let center = Point(x: isOn ? max(height / 2, width - height / 2) : height / 2, y: height / 2)
        context.fillCircle(center: center, radius: radius, color: isTracking ? Palette.faint : .white)
        context.strokeCircle(center: center, radius: radius, color: Palette.border, lineWidth: 0.5)
    }
}

extension Stepper {
    /// UIKit's size for a stepper, which it keeps whatever its frame.
    static let naturalSize = Size(width: 94, height: 32)

    /// A rounded grey box split by a divider: − on the left, + on the
    /// right, each grey when the value is at its end; at most
    /// ``naturalSize``, from the top left corner, as UIKit draws it.
    func drawStepper(in context: DrawingContext) {
        let width = min(context.size.width, Self.naturalSize.width)
        let height = min(context.size.height, Self.naturalSize.height)
        context.fill(Rect(x: 0, y: 0, width: width, height: height), color: Palette.fill, cornerRadius: 8)
        let middle = width / 2
        let inset = min(8, height / 4)
        context.line(
            from: Point(x: middle, y: inset), to: Point(x: middle, y: height - inset), color: Palette.border)
        let arm = min(7, width / 8, height / 3)
        let minus = Point(x: width / 4, y: height / 2)
        let plus = Point(x: width * 3 / 4, y: height / 2)
        let minusColor = value > minimum ? Palette.text : Palette.secondaryText
        let plusColor = value < max(minimum, maximum) ? Palette.text : Palette.secondaryText
        context.line(
            from: Point(x: minus.x - arm, y: minus.y), to: Point(x: minus.x + arm, y: minus.y), color: minusColor,
            lineWidth: 2)
        context.line(
            from: Point(x: plus.x - arm, y: plus.y), to: Point(x: plus.x + arm, y: plus.y), color: plusColor,
            lineWidth: 2)
        context.line(
            from: Point(x: plus.x, y: plus.y - arm), to: Point(x: plus.x, y: plus.y + arm), color: plusColor,
            lineWidth: 2)
    }
}

extension ProgressView {
    /// A light grey track, 4 points high (less in a lower frame) across
    /// the middle, filled in the tint up to `progress`.
    func drawProgress(in context: DrawingContext) {
        let height = min(4, context.size.height)
        let top = (context.size.height - height) / 2
        let radius = height / 2
        context.fill(
            Rect(x: 0, y: top, width: context.size.width, height: height), color: Palette.track, cornerRadius: radius)
        let filled = context.size.width * min(max(progress, 0), 1)
        guard filled > 0 else { return }
        context.fill(Rect(x: 0, y: top, width: filled, height: height), color: Palette.tint, cornerRadius: radius)
    }
}
