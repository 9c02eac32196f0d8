/// A figure the benchmark checks against its target, printed with the
/// target and its verdict.
///
///     let peak = Threshold("check, peak memory / file", value: 5.2, atMost: 6, unit: .ratio)
///     print(peak.line)   // "[met]    check, peak memory / file  5.20x  (target: at most 6.00x)"
struct Threshold {
    /// How a figure is written.
    enum Unit {
        /// A ratio: `1.76x`.
        case ratio
        /// A count, rounded, with commas: `6,512,000`.
        case count
    }

    /// What the figure is.
    let name: String
    /// The figure.
    let value: Double
    /// The bound it must keep.
    let bound: Double
    /// Whether the bound is the most (otherwise the least) the figure may be.
    let isUpperBound: Bool
    /// How the figure and the bound are written.
    let unit: Unit

    /// A figure that must be at most `bound`.
    init(_ name: String, value: Double, atMost bound: Double, unit: Unit) {
        self.name = name
        self.value = value
        self.bound = bound
        self.isUpperBound = true
        self.unit = unit
    }

    /// A figure that must be at least `bound`.
    init(_ name: String, value: Double, atLeast bound: Double, unit: Unit) {
        self.name = name
        self.value = value
        self.bound = bound
        self.isUpperBound = false
        self.unit = unit
    }

    /// Whether the figure keeps its bound.
    var isMet: Bool { isUpperBound ? value <= bound : value >= bound }

    /// `[met]` or `[MISSED]`, the name, the figure and the target.
    var line: String {
        let verdict = isMet ? "[met]   " : "[MISSED]"
        let relation = isUpperBound ? "at most" : "at least"
        return "\(verdict) \(name): \(written(value)) (target: \(relation) \(written(bound)))"
    }

    private func written(_ number: Double) -> String {
        switch unit {
        case .ratio: Format.fixed(number, 2) + "x"
        case .count: Format.grouped(Int(number.rounded()))
        }
    }
}
