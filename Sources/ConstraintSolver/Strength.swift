/// How much a constraint matters: required, or a UIKit priority below 1000.
///
/// A higher priority dominates any number of lower ones, whatever their
/// errors: the solver minimises the errors of priority 999 first, then,
/// among the solutions that leaves, those of 998, and so on down to 1. The
/// objective is lexicographic (Cassowary's symbolic weights), not a weighted
/// sum, so no count of lower-priority constraints ever outweighs a higher one.
/// Within one priority, errors are summed, each times its `weight`.
///
///     let hugging = Strength(priority: 250)   // UILayoutPriority.defaultLow
package struct Strength: Hashable, Sendable, CustomStringConvertible {
    /// UIKit's priority, 1...1000; 1000 is required.
    package let priority: Int
    /// How much an error counts against other errors of the same priority.
    package let weight: Double

    /// Required: always satisfied exactly, or the constraint is refused.
    package static let required = Strength(checkedPriority: 1000, weight: 1)
    /// UIKit's `defaultHigh`, 750.
    package static let defaultHigh = Strength(checkedPriority: 750, weight: 1)
    /// UIKit's `defaultLow`, 250.
    package static let defaultLow = Strength(checkedPriority: 250, weight: 1)
    /// UIKit's `fittingSizeLevel`, 50.
    package static let fittingSizeLevel = Strength(checkedPriority: 50, weight: 1)

    /// The strength of `priority` (1...1000) with `weight` (finite, above
    /// zero), or `nil` for a value out of those ranges.
    package init?(priority: Int, weight: Double = 1) {
        guard (1...1000).contains(priority), weight.isFinite, weight > 0 else { return nil }
        self.init(checkedPriority: priority, weight: weight)
    }

    private init(checkedPriority priority: Int, weight: Double) {
        self.priority = priority
        self.weight = weight
    }

    /// Whether the constraint must hold exactly.
    package var isRequired: Bool { priority == 1000 }

    package var description: String {
        isRequired ? "required" : weight == 1 ? "priority \(priority)" : "priority \(priority) × \(weight)"
    }
}
