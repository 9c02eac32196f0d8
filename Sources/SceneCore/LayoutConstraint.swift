/// An attribute of a view that an Auto Layout constraint relates, as UIKit's
/// `NSLayoutConstraint.Attribute` names them.
///
///     LayoutAttribute(rawValue: "centerX")?.axis   // .horizontal
package enum LayoutAttribute: String, Sendable, CaseIterable {
    case leading, trailing, left, right, top, bottom, width, height, centerX, centerY, firstBaseline, lastBaseline

    /// The direction an attribute runs along.
    package enum Axis: Sendable, Hashable {
        case horizontal, vertical
    }

    /// Which axis the attribute measures or places along.
    package var axis: Axis {
        switch self {
        case .leading, .trailing, .left, .right, .width, .centerX: .horizontal
        case .top, .bottom, .height, .centerY, .firstBaseline, .lastBaseline: .vertical
        }
    }

    /// Whether it is a size (`width`, `height`) rather than a position.
    package var isSize: Bool { self == .width || self == .height }

    /// Whether it follows the writing direction (`leading`, `trailing`).
    package var followsWritingDirection: Bool { self == .leading || self == .trailing }

    /// Whether it is fixed to the screen's sides whatever the writing
    /// direction (`left`, `right`).
    package var isAbsoluteSide: Bool { self == .left || self == .right }
}

/// How a constraint's two sides compare.
package enum LayoutRelation: String, Sendable, Hashable, CaseIterable {
    case equal = "=="
    case greaterThanOrEqual = ">="
    case lessThanOrEqual = "<="
}

/// How much a constraint matters, from 1 to 1000 (``required``), as UIKit's
/// `UILayoutPriority`.
///
///     LayoutPriority.named("high")   // 750
package struct LayoutPriority: Sendable, Hashable, Comparable {
    /// The priority, from 1 to 1000.
    package let value: Double

    /// The priority `value`; `nil` outside 1 to 1000.
    package init?(_ value: Double) {
        guard value >= 1, value <= 1000 else { return nil }
        self.value = value
    }

    private init(exactly value: Double) { self.value = value }

    /// Must hold: 1000.
    package static let required = LayoutPriority(exactly: 1000)
    /// UIKit's `defaultHigh`: 750, a button's compression resistance.
    package static let high = LayoutPriority(exactly: 750)
    /// UIKit's `defaultLow`: 250, a view's content hugging.
    package static let low = LayoutPriority(exactly: 250)

    /// The priorities written by name: `required`, `high`, `low`.
    package static let names: [(name: String, priority: LayoutPriority)] = [
        ("required", .required), ("high", .high), ("low", .low),
    ]

    /// The priority called `name`, if it is one of ``names``.
    package static func named(_ name: String) -> LayoutPriority? {
        names.first { $0.name == name }?.priority
    }

    /// Whether the constraint must hold.
    package var isRequired: Bool { value == 1000 }

    package static func < (a: LayoutPriority, b: LayoutPriority) -> Bool { a.value < b.value }
}

/// What a constraint's second side names: a view (by id, by path into a
/// component), the view's parent, or the canvas (the screen); or one of
/// their layout guides.
package struct LayoutAnchorItem: Sendable, Hashable {
    /// Whose attribute it is.
    package enum Owner: Sendable, Hashable {
        /// The parent of the view the constraint is written on.
        case parent
        /// The screen.
        case canvas
        /// The object with this id (`card.title` for an object of a component).
        case object(String)
    }

    /// A rectangle of the owner's that constraints can name instead of its frame.
    package enum Guide: String, Sendable, Hashable, CaseIterable {
        /// The part not covered by bars and the home indicator (`safeAreaLayoutGuide`).
        case safeArea
        /// The frame inset by the layout margins (`layoutMarginsGuide`).
        case margins
    }

    package var owner: Owner
    /// The guide, or `nil` for the owner's own frame.
    package var guide: Guide?

    package init(_ owner: Owner, guide: Guide? = nil) {
        self.owner = owner
        self.guide = guide
    }
}

/// A linear relation between a view's attribute and another's, as UIKit
/// defines a constraint: `first relation multiplier × second + constant`,
/// at a priority. The first item is the view it is written on.
///
///     // width == 0.5 * parent.width + 10 @high
///     LayoutConstraint(first: .width, relation: .equal, second: (LayoutAnchorItem(.parent), .width),
///                      multiplier: 0.5, constant: 10, priority: .high)
package struct LayoutConstraint: Sendable, Hashable {
    /// The attribute of the view the constraint is written on.
    package var first: LayoutAttribute
    package var relation: LayoutRelation
    /// The other side's item; `nil` for a constant (`width >= 200`).
    package var secondItem: LayoutAnchorItem?
    /// The other side's attribute; `nil` exactly when ``secondItem`` is.
    package var secondAttribute: LayoutAttribute?
    package var multiplier: Double
    package var constant: Double
    package var priority: LayoutPriority

    package init(
        first: LayoutAttribute, relation: LayoutRelation, second: (LayoutAnchorItem, LayoutAttribute)? = nil,
        multiplier: Double = 1, constant: Double = 0, priority: LayoutPriority = .required
    ) {
        self.first = first
        self.relation = relation
        self.secondItem = second?.0
        self.secondAttribute = second?.1
        self.multiplier = multiplier
        self.constant = constant
        self.priority = priority
    }
}
