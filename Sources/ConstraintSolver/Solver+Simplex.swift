/// The simplex steps: the primal simplex that minimises an objective over
/// feasible rows, the artificial phase that finds a feasible start for a new
/// row, and the dual simplex that restores feasibility after a suggestion.
/// Ties go to the symbol made first (Bland's rule), so no phase cycles and
/// the same system always gives the same pivots.
extension Solver {
    /// Puts `basic`'s row in terms of `entering` and makes `entering` basic.
    private func pivot(_ basic: Symbol, _ entering: Symbol) throws(SolverError) {
        guard let row = rows.removeValue(forKey: basic) else {
            throw .numericalFailure("pivot on a row that is not in the tableau")
        }
        row.solve(basic: basic, entering: entering)
        substitute(entering, with: row)
        rows[entering] = row
    }

    /// Replaces `symbol` in every row and objective with what `row` says it
    /// equals, noting restricted rows that become negative for the dual simplex.
    func substitute(_ symbol: Symbol, with row: Row) {
        for (basic, other) in rows where other.substitute(symbol, with: row) {
            if basic.isRestricted && other.constant < -nearZeroTolerance { infeasibleRows.append(basic) }
        }
        objective.substitute(symbol, with: row)
        artificial?.substitute(symbol, with: row)
    }

    /// Minimises `objective` by primal simplex pivots, the rows staying feasible.
    func optimize(_ objective: Objective) throws(SolverError) {
        let limit = pivotLimit
        for _ in 0..<limit {
            // Entering: the first symbol whose cost is negative.
            var candidate: Symbol?
            for (symbol, weight) in objective.cells where symbol.isPivotable && weight.isNegative {
                if candidate.map({ symbol < $0 }) ?? true { candidate = symbol }
            }
            guard let entering = candidate else { return }
            // Leaving: the restricted row that limits the entering symbol first.
            var leaving: (symbol: Symbol, ratio: Double)?
            for (basic, row) in rows where basic.isRestricted {
                let coefficient = row.coefficient(of: entering)
                guard coefficient < 0 else { continue }
                let ratio = -row.constant / coefficient
                if let best = leaving,
                    ratio > best.ratio + nearZeroTolerance
                        || (ratio >= best.ratio - nearZeroTolerance && basic > best.symbol)
                {
                    continue
                }
                leaving = (basic, ratio)
            }
            guard let leaving else { throw .numericalFailure("the objective is unbounded") }
            try pivot(leaving.symbol, entering)
        }
        throw .pivotLimitReached(limit: limit)
    }

    /// Makes every restricted row non-negative again by dual simplex pivots,
    /// keeping the objective optimal: the re-solve after a suggestion.
    func dualOptimize() throws(SolverError) {
        let limit = pivotLimit
        var pivots = 0
        while let leaving = infeasibleRows.popLast() {
            guard let row = rows[leaving], row.constant < -nearZeroTolerance else { continue }
            guard pivots < limit else { throw .pivotLimitReached(limit: limit) }
            pivots += 1
            // Entering: the symbol that can raise the row at the least cost.
            var entering: (symbol: Symbol, ratio: SymbolicWeight)?
            for (symbol, coefficient) in row.cells where coefficient > 0 && symbol.isPivotable {
                let ratio = objective.weight(of: symbol).scaled(by: 1 / coefficient)
                if let best = entering,
                    !ratio.isLess(than: best.ratio) && (best.ratio.isLess(than: ratio) || symbol > best.symbol)
                {
                    continue
                }
                entering = (symbol, ratio)
            }
            guard let entering else { throw .numericalFailure("the dual simplex found no entering symbol") }
            try pivot(leaving, entering.symbol)
        }
    }

    /// Adds a row that has no feasible subject through an artificial
    /// variable: minimising it finds whether the row can be zero. Returns
    /// nil when it can (the row is then in the tableau), else the row that
    /// shows it cannot, in terms of parametric symbols (the tableau then
    /// holds the earlier constraints alone, in another basis).
    func addWithArtificialVariable(_ row: Row) throws(SolverError) -> Row? {
        let art = makeSymbol(.slack)
        rows[art] = row.copy()
        let phase = Objective()
        phase.add(row, times: SymbolicWeight(level: .max, value: 1))
        artificial = phase
        defer { artificial = nil }
        try optimize(phase)
        let isFeasible = phase.constant.isZero
        artificial = nil
        if let artRow = rows.removeValue(forKey: art) {
            guard isFeasible else { return artRow }
            // The artificial variable is basic at zero: swap it out for a
            // symbol of its row, or drop the row if it is all dummies (the
            // constraint is implied by required equalities).
            if let entering = artRow.cells.keys.filter(\.isPivotable).min() {
                artRow.solve(basic: art, entering: entering)
                substitute(entering, with: artRow)
                rows[entering] = artRow
            }
        } else if !isFeasible {
            throw .numericalFailure("the artificial variable left the basis above zero")
        }
        for row in rows.values { row.remove(art) }
        objective.remove(art)
        return nil
    }

    /// The row to pivot `marker` into when its constraint is removed and
    /// it is parametric: a restricted row it limits first, else a restricted
    /// row it does not, else an external one; nil when no row holds it.
    func markerLeavingRow(_ marker: Symbol) -> Symbol? {
        var limiting: (symbol: Symbol, ratio: Double)?
        var unlimited: (symbol: Symbol, ratio: Double)?
        var external: Symbol?
        func better(_ candidate: (symbol: Symbol, ratio: Double)?, _ symbol: Symbol, _ ratio: Double) -> Bool {
            guard let candidate else { return true }
            return ratio < candidate.ratio - nearZeroTolerance
                || (ratio <= candidate.ratio + nearZeroTolerance && symbol < candidate.symbol)
        }
        for (basic, row) in rows {
            let coefficient = row.coefficient(of: marker)
            guard coefficient != 0 else { continue }
            if !basic.isRestricted {
                if external.map({ basic < $0 }) ?? true { external = basic }
            } else if coefficient < 0 {
                let ratio = -row.constant / coefficient
                if better(limiting, basic, ratio) { limiting = (basic, ratio) }
            } else {
                let ratio = row.constant / coefficient
                if better(unlimited, basic, ratio) { unlimited = (basic, ratio) }
            }
        }
        return limiting?.symbol ?? unlimited?.symbol ?? external
    }
}
