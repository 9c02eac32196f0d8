import SceneCore
import SceneDrawing

/// Every view, standard or of your own, can be drawn.
extension View: DrawableView {
    /// The view's parent, for the layout.
    package var containingView: (any DrawableView)? { parent }

    /// ``constraints``, then the active named constraints on the view, for the layout.
    package var layoutConstraints: [(constraint: LayoutConstraint, holder: ObjectIdentifier?)] {
        let own = constraints.map { (constraint: $0, holder: ObjectIdentifier?.none) }
        guard !namedConstraints.isEmpty else { return own }
        return own
            + namedConstraints.elements.compactMap { named in
                named.current.map { (constraint: $0, holder: ObjectIdentifier(named)) }
            }
    }

    /// ``hugging`` and ``compressionResistance``, each axis left out at its default.
    package var contentPriorities: ContentPriorities {
        ContentPriorities(
            hugging: (hugging.horizontal ?? defaultHugging, hugging.vertical ?? defaultHugging),
            resistance: (compressionResistance.horizontal ?? 750, compressionResistance.vertical ?? 750))
    }

    /// ``offsetX`` and ``offsetY``: where a shake has moved the view to.
    package var drawingOffset: Point { Point(x: offsetX, y: offsetY) }

    /// A navigation bar places its items at its edges; every other view
    /// stacks its views.
    package func placement(ofContained view: any DrawableView) -> ContainedPlacement? {
        (self as? NavigationBar)?.itemPlacement(of: view)
    }
}

/// The colours of the standard looks.
enum Palette {
    static let tint = ButtonStyle.systemBlue
    static let border = Color(red: 0xC7, green: 0xC7, blue: 0xCC)
    static let faint = Color(red: 0xE0, green: 0xE0, blue: 0xE5)
    static let secondaryText = Color(red: 0x8E, green: 0x8E, blue: 0x93)
    static let invalid = Color(red: 0xFF, green: 0x3B, blue: 0x30)
    static let text = Color.black
    /// A switch's track when off, and a progress bar's track.
    static let track = Color(red: 0xE5, green: 0xE5, blue: 0xEA)
    /// A stepper's fill (iOS's tertiary system fill on white).
    static let fill = Color(red: 0xEF, green: 0xEF, blue: 0xF0)
    /// An image placeholder's box.
    static let placeholder = Color(red: 0xF2, green: 0xF2, blue: 0xF7)

    /// A gray button's background (iOS's system gray 5), a switch's track
    /// when off and a slider's track above the thumb.
    static let grayFill = Color(red: 0xE5, green: 0xE5, blue: 0xEA)
    /// A segmented control's background (iOS's tertiary system fill on white).
    static let segmentFill = Color(red: 0xEE, green: 0xEE, blue: 0xEF)
    /// A disabled control's text (iOS's system gray 2).
    static let disabledText = Color(red: 0xAE, green: 0xAE, blue: 0xB2)

    /// Whether white text reads better than black on `color` (its
    /// luminance, by the sRGB weights, below 0.6; a mostly clear colour is
    /// taken as the white canvas under it).
    static func isDark(_ color: Color) -> Bool {
        guard color.alpha >= 128 else { return false }
        let luminance = 0.2126 * Double(color.red) + 0.7152 * Double(color.green) + 0.0722 * Double(color.blue)
        return luminance < 0.6 * 255
    }

    /// `top` laid over the opaque `bottom` by its alpha: an opaque colour.
    static func blend(_ top: Color, over bottom: Color) -> Color {
        let alpha = Double(top.alpha) / 255
        func channel(_ upper: UInt8, _ lower: UInt8) -> UInt8 {
            UInt8(clamping: Int(clamping: (Double(upper) * alpha + Double(lower) * (1 - alpha)).rounded()))
        }
        return Color(
            red: channel(top.red, bottom.red), green: channel(top.green, bottom.green),
            blue: channel(top.blue, bottom.blue))
    }

    /// WCAG's relative luminance of an opaque colour: 0 for black, 1 for
    /// white. The sRGB curve's power 2.4 is taken as 2.375 (x² · x^¼ ·
    /// x^⅛, square roots only: the package imports no maths library),
    /// which moves no luminance by more than 0.006.
    static func luminance(_ color: Color) -> Double {
        func linear(_ value: UInt8) -> Double {
            let channel = Double(value) / 255
            guard channel > 0.04045 else { return channel / 12.92 }
            let base = (channel + 0.055) / 1.055
            let fourth = base.squareRoot().squareRoot()
            return base * base * fourth * fourth.squareRoot()
        }
        return 0.2126 * linear(color.red) + 0.7152 * linear(color.green) + 0.0722 * linear(color.blue)
    }

    /// WCAG's contrast ratio of two opaque colours: 1 (the same) to 21
    /// (black on white).
    static func contrast(_ first: Color, _ second: Color) -> Double {
        let one = luminance(first)
        let two = luminance(second)
        return (max(one, two) + 0.05) / (min(one, two) + 0.05)
    }

    /// `preferred` when it reads on `background` (a contrast ratio of at
    /// least `minimum`: 3 is WCAG's for large text), else black or white,
    /// whichever reads better there. `preferred`'s alpha is laid over the
    /// background to judge it.
    static func readable(_ preferred: Color, on background: Color, minimum: Double = 3) -> Color {
        if contrast(blend(preferred, over: background), background) >= minimum { return preferred }
        return contrast(.black, background) >= contrast(.white, background) ? .black : .white
    }

    /// `color` with its alpha multiplied by `fraction`.
    static func faded(_ color: Color, _ fraction: Double) -> Color {
        var faded = color
        faded.alpha = UInt8(clamping: Int(clamping: (Double(color.alpha) * fraction).rounded()))
        return faded
    }
}

extension View {
    /// The standard controls' content sizes; a plain view asks for none.
    var standardIntrinsicSize: Size {
        switch self {
        case let button as Button: button.buttonIntrinsicSize
        case let label as Label: label.labelIntrinsicSize
        case let field as TextField: field.textFieldIntrinsicSize
        case is Slider: Size(width: 200, height: 30)
        case let spinner as ActivityIndicator: spinner.style.size
        case let indicator as PageIndicator: indicator.pageIndicatorIntrinsicSize
        case let control as SegmentedControl: control.segmentedIntrinsicSize
        case let table as TableView: table.tableIntrinsicSize
        case is NavigationBar: Size(width: 0, height: NavigationBar.height)
        case is TabBar: Size(width: 0, height: TabBar.height)
        case is Switch: Switch.naturalSize
        case is Stepper: Stepper.naturalSize
        case is ProgressView: Size(width: 0, height: 4)
        case let image as ImageView: image.imageIntrinsicSize
        default: type(of: self) == View.self ? .zero : Size(width: 120, height: 44)
        }
    }

    /// The background, then the standard look of the view's type (the
    /// default box for a type of your own).
    func drawStandardLook(in context: DrawingContext) {
        if let backgroundColor {
            context.fill(context.bounds, color: backgroundColor, cornerRadius: cornerRadius)
        }
        switch self {
        case let button as Button: button.drawButton(in: context)
        case let label as Label: label.drawLabel(in: context)
        case let field as TextField: field.drawTextField(in: context)
        case let slider as Slider: slider.drawSlider(in: context)
        case let spinner as ActivityIndicator: spinner.drawSpinner(in: context)
        case let indicator as PageIndicator: indicator.drawPageIndicator(in: context)
        case let control as SegmentedControl: control.drawSegments(in: context)
        case let table as TableView: table.drawTable(in: context)
        case let bar as NavigationBar: bar.drawNavigationBar(in: context)
        case let bar as TabBar: bar.drawTabBar(in: context)
        case let control as Switch: control.drawSwitch(in: context)
        case let stepper as Stepper: stepper.drawStepper(in: context)
        case let progress as ProgressView: progress.drawProgress(in: context)
        case let image as ImageView: image.drawImage(in: context)
        default:
            if type(of: self) == View.self {
                if backgroundColor == nil {
                    context.stroke(context.bounds, color: Palette.faint, cornerRadius: cornerRadius)
                }
            } else {
                drawDefaultBox(in: context)
            }
        }
    }

    /// The look of a type of your own that draws nothing itself: a dashed
    /// box with its id and type.
    private func drawDefaultBox(in context: DrawingContext) {
        context.stroke(context.bounds, color: Palette.secondaryText, cornerRadius: cornerRadius)
        context.text(
            "\(context.viewID): \(context.typeName)", in: context.bounds, color: Palette.secondaryText, fontSize: 12)
    }
}
