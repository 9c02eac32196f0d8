/// Distances in from the four edges of a rectangle, in points: a device's
/// safe area.
package struct EdgeInsets: Sendable, Hashable, CustomStringConvertible {
    /// From the top edge.
    package var top: Double
    /// From the left edge.
    package var left: Double
    /// From the bottom edge.
    package var bottom: Double
    /// From the right edge.
    package var right: Double

    /// Insets of the given sizes.
    package init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// No inset on any side.
    package static let zero = EdgeInsets()

    /// `rect` less the insets (never below a zero size).
    package func inset(_ rect: Rect) -> Rect {
        Rect(
            x: rect.x + left, y: rect.y + top, width: max(0, rect.width - left - right),
            height: max(0, rect.height - top - bottom))
    }

    /// `top 59, left 0, bottom 34, right 0`.
    package var description: String {
        "top \(Point.text(top)), left \(Point.text(left)), bottom \(Point.text(bottom)), right \(Point.text(right))"
    }
}

/// A device a scene's canvas can stand for (`canvas: iPhone 15`,
/// `canvas: iPad landscape`): its screen in points, its safe area, and the
/// status bar and home indicator drawn over the views.
///
/// The values are Apple's published ones for each model (docs/SceneFormat.md,
/// "Devices", lists them): a phone with a Dynamic Island has a 54-point
/// status bar and a 59-point top inset in portrait, and in landscape no
/// status bar, 59 points either side and 21 at the bottom.
package struct Device: Sendable, Hashable {
    /// The models a canvas can name.
    package enum Model: String, Sendable, CaseIterable {
        /// iPhone SE (3rd generation): a Home button, no home indicator.
        case iPhoneSE = "iPhone SE"
        /// iPhone 15: a Dynamic Island and a home indicator.
        case iPhone15 = "iPhone 15"
        /// iPhone 15 Pro Max: as the iPhone 15, larger.
        case iPhone15ProMax = "iPhone 15 Pro Max"
        /// iPad (10th generation).
        case iPad = "iPad"
    }

    /// Which way up the device is held.
    package enum Orientation: String, Sendable, CaseIterable {
        /// Upright: the default.
        case portrait
        /// On its side: width and height swapped.
        case landscape
    }

    /// The model.
    package let model: Model
    /// Which way up it is.
    package let orientation: Orientation

    /// The device `model` held `orientation`.
    package init(_ model: Model, _ orientation: Orientation = .portrait) {
        self.model = model
        self.orientation = orientation
    }

    /// The name a scene writes: `iPhone 15`, `iPhone 15 landscape`.
    package var name: String {
        orientation == .portrait ? model.rawValue : "\(model.rawValue) \(orientation.rawValue)"
    }

    /// The device a canvas names: a model's name, optionally followed by
    /// `portrait` or `landscape`, spelt as ``names`` lists them; `nil` for
    /// any other text.
    package static func named(_ text: String) -> Device? {
        for model in Model.allCases {
            if text == model.rawValue { return Device(model) }
            for orientation in Orientation.allCases where text == "\(model.rawValue) \(orientation.rawValue)" {
                return Device(model, orientation)
            }
        }
        return nil
    }

    /// Every name ``named(_:)`` takes, the portrait ones first as a scene
    /// usually writes them (without `portrait`).
    package static var names: [String] {
        Model.allCases.map(\.rawValue)
            + Model.allCases.flatMap { model in Orientation.allCases.map { "\(model.rawValue) \($0.rawValue)" } }
    }

    /// The screen's size in points, held this way up.
    package var size: Size {
        let portrait: Size =
            switch model {
            case .iPhoneSE: Size(width: 375, height: 667)
            case .iPhone15: Size(width: 393, height: 852)
            case .iPhone15ProMax: Size(width: 430, height: 932)
            case .iPad: Size(width: 820, height: 1180)
            }
        return orientation == .portrait ? portrait : Size(width: portrait.height, height: portrait.width)
    }

    /// Where views are clear of the status bar, the Dynamic Island and the
    /// home indicator: the insets a root stack is laid out inside.
    package var safeArea: EdgeInsets {
        switch (model, orientation) {
        case (.iPhoneSE, .portrait): EdgeInsets(top: 20)
        case (.iPhoneSE, .landscape): .zero
        case (.iPhone15, .portrait), (.iPhone15ProMax, .portrait): EdgeInsets(top: 59, bottom: 34)
        case (.iPhone15, .landscape), (.iPhone15ProMax, .landscape): EdgeInsets(left: 59, bottom: 21, right: 59)
        case (.iPad, _): EdgeInsets(top: 24, bottom: 20)
        }
    }

    /// The status bar's height; 0 where it is hidden (an iPhone in landscape).
    package var statusBarHeight: Double {
        switch (model, orientation) {
        case (_, .landscape) where model != .iPad: 0
        case (.iPhoneSE, _): 20
        case (.iPhone15, _), (.iPhone15ProMax, _): 54
        case (.iPad, _): 24
        }
    }

    /// Whether the device has a Dynamic Island at the top of its screen
    /// (drawn in portrait).
    package var hasDynamicIsland: Bool { model == .iPhone15 || model == .iPhone15ProMax }

    /// Whether the device has a home indicator (every model without a Home button).
    package var hasHomeIndicator: Bool { model != .iPhoneSE }
}
