/// A cost with one component a priority, compared lexicographically from
/// the highest priority down: Cassowary's symbolic weight. `1 × p750`
/// outweighs `10⁹ × p749`. Components are kept sorted by level, highest
/// first, without near-zero ones.
struct SymbolicWeight: Equatable {
    struct Part: Equatable {
        var level: Int
        var value: Double
    }

    private(set) var parts: [Part]

    static let zero = SymbolicWeight(parts: [])

    private init(parts: [Part]) { self.parts = parts }

    /// `value` at `level` alone.
    init(level: Int, value: Double) { parts = isNearZero(value) ? [] : [Part(level: level, value: value)] }

    var isZero: Bool { parts.isEmpty }

    /// Whether the highest component is negative.
    var isNegative: Bool { (parts.first?.value ?? 0) < 0 }

    /// `self + other × factor`.
    func adding(_ other: SymbolicWeight, times factor: Double) -> SymbolicWeight {
        var merged: [Part] = []
        merged.reserveCapacity(parts.count + other.parts.count)
        var left = 0
        var right = 0
        func append(_ level: Int, _ value: Double) {
            if !isNearZero(value) { merged.append(Part(level: level, value: value)) }
        }
        while left < parts.count || right < other.parts.count {
            if right == other.parts.count || (left < parts.count && parts[left].level > other.parts[right].level) {
                append(parts[left].level, parts[left].value)
                left += 1
            } else if left == parts.count || other.parts[right].level > parts[left].level {
                append(other.parts[right].level, other.parts[right].value * factor)
                right += 1
            } else {
                append(parts[left].level, parts[left].value + other.parts[right].value * factor)
                left += 1
                right += 1
            }
        }
        return SymbolicWeight(parts: merged)
    }

    func scaled(by factor: Double) -> SymbolicWeight { SymbolicWeight.zero.adding(self, times: factor) }

    /// Whether `self` is less than `other`, beyond rounding.
    func isLess(than other: SymbolicWeight) -> Bool { adding(other, times: -1).isNegative }
}

/// What the simplex minimises: a symbolic weight per parametric symbol and
/// a constant (the current cost). The solver's objective sums the weighted
/// errors of the non-required constraints; an artificial one, at a level
/// above every priority, finds a feasible start for a row.
final class Objective {
    private(set) var constant = SymbolicWeight.zero
    private(set) var cells: [Symbol: SymbolicWeight] = [:]

    func weight(of symbol: Symbol) -> SymbolicWeight { cells[symbol] ?? .zero }

    func add(_ symbol: Symbol, _ weight: SymbolicWeight) {
        let sum = (cells[symbol] ?? .zero).adding(weight, times: 1)
        cells[symbol] = sum.isZero ? nil : sum
    }

    /// Adds `row × weight`.
    func add(_ row: Row, times weight: SymbolicWeight) {
        constant = constant.adding(weight, times: row.constant)
        for (symbol, coefficient) in row.cells { add(symbol, weight.scaled(by: coefficient)) }
    }

    func remove(_ symbol: Symbol) { cells[symbol] = nil }

    /// Replaces `symbol` with what `row` says it equals.
    func substitute(_ symbol: Symbol, with row: Row) {
        guard let weight = cells.removeValue(forKey: symbol) else { return }
        add(row, times: weight)
    }
}
