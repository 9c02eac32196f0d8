import SceneCore

/// How heavy text is drawn: UIFont's weights, from ultra light to black.
///
/// Pictures write a weight as its CSS number (``cssValue``) in the SVG's
/// `font-weight`; ``TextMetrics/width(of:fontSize:weight:)`` measures text
/// at it.
public enum FontWeight: String, CaseIterable, Sendable {
    /// UIFont's `.ultraLight`, CSS 100.
    case ultraLight
    /// UIFont's `.thin`, CSS 200.
    case thin
    /// UIFont's `.light`, CSS 300.
    case light
    /// UIFont's `.regular`, CSS 400: text that chooses no weight.
    case regular
    /// UIFont's `.medium`, CSS 500.
    case medium
    /// UIFont's `.semibold`, CSS 600.
    case semibold
    /// UIFont's `.bold`, CSS 700.
    case bold
    /// UIFont's `.heavy`, CSS 800.
    case heavy
    /// UIFont's `.black`, CSS 900.
    case black

    /// The weight as CSS and SVG number it: 100 (ultra light) to 900 (black),
    /// 400 for regular.
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
}

/// Scenes write a weight by name: `weight: semibold`.
extension FontWeight: SceneEnum {}
