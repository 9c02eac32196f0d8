/// The bounds of every length and coordinate a scene writes or sets (a
/// frame, the canvas, an offset, a corner radius, a layout's spacing):
/// 100,000 points either way. A phone is 390 points wide and a large
/// monitor 3,000; 100,000 is a table of 2,272 rows, and at `render`'s
/// largest scale (16) still a number of pixels an `Int` holds many times
/// over. A value beyond it is refused where it is written, by `check` and
/// at the `set:` step that sets it (docs/SceneFormat.md, "Limits").
package enum SceneGeometry {
    /// The largest length or distance from the origin, in points.
    package static let maxPoints = 100_000.0
    /// The coordinates allowed: `-maxPoints...maxPoints`.
    package static let coordinates = -maxPoints...maxPoints
    /// The lengths allowed: `0...maxPoints`.
    package static let lengths = 0...maxPoints
}

/// A size in points.
///
///     Size(width: 320, height: 44)
public struct Size: Sendable, Hashable, CustomStringConvertible {
    /// The horizontal extent, in points.
    public var width: Double
    /// The vertical extent, in points.
    public var height: Double

    /// A size of `width` by `height` points.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// No size at all.
    public static let zero = Size(width: 0, height: 0)

    /// `320x44`, as the transcript and diagnostics print it.
    public var description: String { "\(Point.text(width))x\(Point.text(height))" }
}

/// A point, in points from the top left corner of what contains it (y grows
/// downwards, as on a screen).
public struct Point: Sendable, Hashable, CustomStringConvertible {
    /// The distance from the left edge.
    public var x: Double
    /// The distance from the top edge.
    public var y: Double

    /// The point `x` to the right of and `y` below the origin.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin.
    public static let zero = Point(x: 0, y: 0)

    /// `(10, 20)`.
    public var description: String { "(\(Point.text(x)), \(Point.text(y)))" }

    /// A coordinate as a person reads it: `12` rather than `12.0`.
    static func text(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}

/// A rectangle: an origin and a size, in points.
///
///     let frame = Rect(x: 16, y: 100, width: 288, height: 44)
///     frame.maxY        // 144
///     frame.offsetBy(x: 8, y: 0).x   // 24
public struct Rect: Sendable, Hashable, CustomStringConvertible {
    /// The top left corner.
    public var origin: Point
    /// The width and height.
    public var size: Size

    /// A rectangle at `origin` of `size`.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// A rectangle whose top left corner is at (`x`, `y`).
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(origin: .zero, size: .zero)

    /// The left edge.
    public var x: Double { origin.x }
    /// The top edge.
    public var y: Double { origin.y }
    /// The width.
    public var width: Double { size.width }
    /// The height.
    public var height: Double { size.height }
    /// The right edge.
    public var maxX: Double { origin.x + size.width }
    /// The bottom edge.
    public var maxY: Double { origin.y + size.height }

    /// The same rectangle moved by (`x`, `y`).
    public func offsetBy(x: Double, y: Double) -> Rect {
        Rect(origin: Point(x: origin.x + x, y: origin.y + y), size: size)
    }

    /// The rectangle shrunk by `amount` on every side (never below a zero size).
    public func insetBy(_ amount: Double) -> Rect {
        Rect(
            x: origin.x + amount, y: origin.y + amount,
            width: max(0, size.width - 2 * amount), height: max(0, size.height - 2 * amount))
    }

    /// `(16, 100) 288x44`.
    public var description: String { "\(origin) \(size)" }
}

extension Size: SceneValueConvertible {
    /// A record named `Size`: `{width: Double, height: Double}`, each at
    /// least 1 (a canvas's size) and at most 100,000.
    public static var sceneValueType: ValueType {
        .record(
            name: "Size",
            fields: [
                RecordField("width", .double, range: 1...SceneGeometry.maxPoints),
                RecordField("height", .double, range: 1...SceneGeometry.maxPoints),
            ])
    }

    /// Converts a mapping with a `width` and a `height`; `nil` for another shape.
    public init?(sceneValue: SceneValue) {
        guard case .map(let pairs) = sceneValue else { return nil }
        func field(_ name: String) -> Double? { SceneValue.number(named: name, in: pairs) }
        guard let width = field("width"), let height = field("height"), width.isFinite, height.isFinite else {
            return nil
        }
        self.init(width: width, height: height)
    }

    /// The size as a mapping, `width` then `height`.
    public var sceneValue: SceneValue {
        .map([SceneValue.Pair("width", .double(width)), SceneValue.Pair("height", .double(height))])
    }
}

extension Rect: SceneValueConvertible {
    /// A record named `Frame`: `{x: Double, y: Double, width: Double, height: Double}`,
    /// each within 100,000 points, the width and height not negative.
    public static var sceneValueType: ValueType {
        .record(
            name: "Frame",
            fields: [
                RecordField("x", .double, range: SceneGeometry.coordinates),
                RecordField("y", .double, range: SceneGeometry.coordinates),
                RecordField("width", .double, range: SceneGeometry.lengths),
                RecordField("height", .double, range: SceneGeometry.lengths),
            ])
    }

    /// Converts a mapping with the four fields; `nil` for another shape or
    /// a negative width or height.
    public init?(sceneValue: SceneValue) {
        guard case .map(let pairs) = sceneValue else { return nil }
        func field(_ name: String) -> Double? { SceneValue.number(named: name, in: pairs) }
        guard let x = field("x"), let y = field("y"), let width = field("width"), let height = field("height"),
            width >= 0, height >= 0, x.isFinite, y.isFinite, width.isFinite, height.isFinite
        else { return nil }
        self.init(x: x, y: y, width: width, height: height)
    }

    /// The frame as a mapping, `x`, `y`, `width`, `height`.
    public var sceneValue: SceneValue {
        .map([
            SceneValue.Pair("x", .double(x)), SceneValue.Pair("y", .double(y)),
            SceneValue.Pair("width", .double(width)), SceneValue.Pair("height", .double(height)),
        ])
    }
}

extension SceneValue {
    /// The number under `name` in a record's `pairs` (an `Int` as a
    /// `Double`), or `nil` when there is none.
    static func number(named name: String, in pairs: [Pair]) -> Double? {
        switch pairs.first(where: { $0.key == name })?.value {
        case .double(let value)?: value
        case .int(let value)?: Double(value)
        default: nil
        }
    }
}
