/// Coefficients this close to zero are rounding noise and are dropped.
let nearZeroTolerance = 1e-8

func isNearZero(_ value: Double) -> Bool { abs(value) < nearZeroTolerance }

/// One unknown of the tableau: a user's variable (external), or one the
/// solver makes for a constraint: a slack (an inequality's gap, never
/// negative), an error (a non-required constraint's violation, never
/// negative, in the objective) or a dummy (a required equality's marker,
/// always zero).
struct Symbol: Hashable, Comparable {
    enum Kind: UInt8 { case external, slack, error, dummy }

    /// Unique in one solver, in the order symbols are made.
    let id: Int
    let kind: Kind

    /// Whether the simplex keeps it non-negative (all but externals).
    var isRestricted: Bool { kind != .external }
    /// Whether a pivot may make it basic to improve a solution.
    var isPivotable: Bool { kind == .slack || kind == .error }

    static func == (lhs: Symbol, rhs: Symbol) -> Bool { lhs.id == rhs.id }
    static func < (lhs: Symbol, rhs: Symbol) -> Bool { lhs.id < rhs.id }
    func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// A linear form `constant + Σ coefficient × symbol`: in the tableau, the
/// value of its basic symbol in terms of the parametric ones. A class so
/// that a pivot edits a row where it lies.
final class Row {
    var constant: Double
    private(set) var cells: [Symbol: Double]

    init(constant: Double = 0, cells: [Symbol: Double] = [:]) {
        self.constant = constant
        self.cells = cells
    }

    func copy() -> Row { Row(constant: constant, cells: cells) }

    func coefficient(of symbol: Symbol) -> Double { cells[symbol] ?? 0 }

    /// Adds `coefficient × symbol`, dropping the cell if it cancels.
    func add(_ symbol: Symbol, _ coefficient: Double) {
        let sum = (cells[symbol] ?? 0) + coefficient
        cells[symbol] = isNearZero(sum) ? nil : sum
    }

    /// Adds `row × factor`.
    func add(_ row: Row, times factor: Double) {
        constant += row.constant * factor
        for (symbol, coefficient) in row.cells { add(symbol, coefficient * factor) }
    }

    func remove(_ symbol: Symbol) { cells[symbol] = nil }

    func negate() {
        constant = -constant
        cells = cells.mapValues { -$0 }
    }

    /// Rewrites `0 = self` as `symbol = ...`: the row then holds what
    /// `symbol` equals, without `symbol`. `symbol` must be in the row.
    func solve(for symbol: Symbol) {
        guard let coefficient = cells.removeValue(forKey: symbol) else { return }
        let factor = -1 / coefficient
        constant *= factor
        cells = cells.mapValues { $0 * factor }
    }

    /// Rewrites `basic = self` as `entering = ...`, `entering` being in the row.
    func solve(basic: Symbol, entering: Symbol) {
        add(basic, -1)
        solve(for: entering)
    }

    /// Replaces `symbol` with what `row` says it equals; whether it was there.
    @discardableResult
    func substitute(_ symbol: Symbol, with row: Row) -> Bool {
        guard let coefficient = cells.removeValue(forKey: symbol) else { return false }
        add(row, times: coefficient)
        return true
    }

    /// Whether every symbol left is a dummy (an empty row included).
    var hasOnlyDummies: Bool { cells.keys.allSatisfy { $0.kind == .dummy } }
}
