import SceneCore
import SceneDrawing

/// The font of a label's, a button's or a text field's text: a size in
/// points and a weight, as UIFont's system font (`font: { size: 15,
/// weight: semibold }`). Text is measured with ``TextMetrics`` at both.
public struct Font: Sendable, Hashable {
    /// The size in points.
    public var size: Double
    /// The weight.
    public var weight: FontWeight

    /// A font of `size` points and `weight`; the defaults are UIKit's body
    /// text: 17 points, regular.
    public init(size: Double = TextMetrics.defaultFontSize, weight: FontWeight = .regular) {
        self.size = size
        self.weight = weight
    }

    /// UIKit's system font: 17 points, regular.
    public static let system = Font()
}

extension Font: SceneValueConvertible {
    /// A record named `Font`: `{size: Double?, weight: FontWeight?}`, the
    /// size 1 to 1,000 points; a field left out takes ``Font/system``'s value.
    public static var sceneValueType: ValueType {
        .record(
            name: "Font",
            fields: [
                RecordField("size", .optional(.double), range: 1...1_000),
                RecordField("weight", .optional(FontWeight.sceneValueType)),
            ])
    }

    /// Converts a mapping of a `size` and a `weight`, either left out; `nil`
    /// for another shape or a size outside 1...1,000.
    public init?(sceneValue: SceneValue) {
        guard case .map(let pairs) = sceneValue else { return nil }
        var font = Font.system
        for pair in pairs where pair.value != .null {
            switch (pair.key, pair.value) {
            case ("size", .double(let size)): font.size = size
            case ("size", .int(let size)): font.size = Double(size)
            case ("weight", let weight):
                guard let parsed = FontWeight(sceneValue: weight) else { return nil }
                font.weight = parsed
            default: return nil
            }
        }
        guard font.size >= 1, font.size <= 1_000 else { return nil }
        self = font
    }

    /// The font as a mapping, `size` then `weight`.
    public var sceneValue: SceneValue {
        .map([SceneValue.Pair("size", .double(size)), SceneValue.Pair("weight", weight.sceneValue)])
    }
}

/// Where a line of text sits across its view, as UIKit's
/// `NSTextAlignment`. Text is one line here, so `natural` (UIKit's default,
/// the writing direction's start) and `justified` draw as `left`.
public enum TextAlignmentStyle: String, Sendable, CaseIterable, SceneEnum {
    /// Against the left edge.
    case left
    /// In the middle.
    case center
    /// Against the right edge.
    case right
    /// The writing direction's start: the left, for the left-to-right text drawn here.
    case natural
    /// Stretched to both edges; a single line draws as `left`, as UIKit draws a paragraph's last line.
    case justified

    /// Scenes and docs name it `TextAlignment`, as UIKit's property.
    public static var sceneEnumName: String { "TextAlignment" }

    /// How the drawing places the line.
    var drawingAlignment: TextAlignment {
        switch self {
        case .left, .natural, .justified: .leading
        case .center: .center
        case .right: .trailing
        }
    }
}
