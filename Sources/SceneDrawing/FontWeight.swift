import SceneCore

/// How heavy a text's strokes are, by the names UIFont gives its weights.
///
/// Each weight is drawn by one of Inter's static instances and measured
/// with that instance's own advances (``TextMetrics/width(of:fontSize:weight:)``);
/// a picture names it by its numeric CSS weight, ``cssValue``:
///
///     FontWeight.semibold.cssValue   // 600
///     FontWeight(rawValue: "bold")   // .bold
///
/// UIFont's two lightest weights keep their order: ``ultraLight`` is drawn
/// by Inter Thin (100) and ``thin`` by Inter Extra Light (200), as San
/// Francisco's Ultralight is lighter than its Thin.
public enum FontWeight: String, Sendable, CaseIterable {
    /// The lightest: CSS 100.
    case ultraLight
    /// CSS 200.
    case thin
    /// CSS 300.
    case light
    /// Body text, the default: CSS 400.
    case regular
    /// CSS 500.
    case medium
    /// CSS 600.
    case semibold
    /// CSS 700.
    case bold
    /// CSS 800.
    case heavy
    /// The heaviest: CSS 900.
    case black

    /// The numeric `font-weight` a picture names this weight by, 100 to 900.
    public var cssValue: Int {
        switch self {
        case .ultraLight: 100
        case .thin: 200
        case .light: 300
        case .regular: 400
        case .medium: 500
        case .semibold: 600
        case .bold: 700
        case .heavy: 800
        case .black: 900
        }
    }

    /// The measured advances and kerning of the instance that draws it.
    var table: FontTable {
        switch self {
        case .ultraLight: FontTable.interUltraLight
        case .thin: FontTable.interThin
        case .light: FontTable.interLight
        case .regular: FontTable.interRegular
        case .medium: FontTable.interMedium
        case .semibold: FontTable.interSemibold
        case .bold: FontTable.interBold
        case .heavy: FontTable.interHeavy
        case .black: FontTable.interBlack
        }
    }
}

/// Scenes write a weight by name: `weight: semibold`.
extension FontWeight: SceneEnum {}
