/// An incremental Cassowary solver (Badros, Borning and Stuckey, 2001) of
/// linear equalities and inequalities: required constraints hold exactly,
/// the others as well as their priorities allow, each priority dominating
/// every lower one (``Strength``), as UIKit's Auto Layout resolves them.
///
///     let solver = Solver()
///     let left = Variable("left"), right = Variable("right")
///     try solver.add(Constraint(LinearExpression(left), .greaterOrEqual, 0))
///     try solver.add(Constraint(LinearExpression(right), .lessOrEqual, 320))
///     try solver.add(Constraint(right - LinearExpression(left), .equal, 100, strength: .defaultLow))
///     try solver.addEditVariable(left, strength: .defaultHigh)
///     try solver.suggestValue(40, for: left)
///     solver.value(of: right)   // 140
///
/// Every change keeps the tableau and re-optimises from it: adding or
/// removing a constraint pivots only what it touches, and a suggestion
/// shifts constants and restores feasibility with the dual simplex, never
/// starting again. A refused change leaves the solver as it was.
///
/// - Complexity: a pivot is linear in the tableau's size; a change takes a
///   few pivots in practice, each phase at most ``pivotLimit``.
package final class Solver {
    /// What the solver keeps for a constraint: the symbol that marks its
    /// row, the second error symbol of a non-required one, and when it came.
    struct Tag {
        var marker: Symbol
        var other: Symbol?
        var order: Int
    }

    struct Edit {
        var constraint: Constraint
        var constant: Double
    }

    var rows: [Symbol: Row] = [:]
    var tags: [Constraint: Tag] = [:]
    /// The constraint each marker and error symbol belongs to.
    var owners: [Symbol: Constraint] = [:]
    var symbols: [Variable: Symbol] = [:]
    var edits: [Variable: Edit] = [:]
    var infeasibleRows: [Symbol] = []
    let objective = Objective()
    var artificial: Objective?
    private var nextSymbol = 0
    private var nextOrder = 0

    /// The most pivots one simplex phase may take before it gives up with
    /// ``SolverError/pivotLimitReached(limit:)``; Bland's rule keeps the
    /// simplex from cycling, so this only bounds a numerical runaway.
    package var pivotLimit: Int { 10_000 + 50 * (rows.count + symbols.count) }

    /// An empty solver.
    package init() {}

    /// Whether `constraint` has been added and not removed.
    package func contains(_ constraint: Constraint) -> Bool { tags[constraint] != nil }

    /// Whether `variable` is an edit variable.
    package func hasEditVariable(_ variable: Variable) -> Bool { edits[variable] != nil }

    /// The constraints in the solver, in the order they were added.
    package var constraints: [Constraint] { tags.sorted { $0.value.order < $1.value.order }.map(\.key) }

    /// The value of `variable` in the current solution, or `nil` if no
    /// constraint has named it. Always up to date: there is nothing to refresh.
    package func value(of variable: Variable) -> Double? {
        guard let symbol = symbols[variable] else { return nil }
        return (rows[symbol]?.constant ?? 0) + 0  // + 0: never -0
    }

    /// Every variable a constraint has named, with its value.
    package var values: [Variable: Double] { symbols.mapValues { (rows[$0]?.constant ?? 0) + 0 } }

    /// Adds `constraint` and re-solves.
    ///
    /// - Throws: ``SolverError/unsatisfiable(_:conflict:)`` for a required
    ///   constraint that contradicts the required ones already added (the
    ///   solver is then unchanged), ``SolverError/duplicateConstraint(_:)``,
    ///   ``SolverError/nonFiniteConstraint(_:)``.
    package func add(_ constraint: Constraint) throws(SolverError) {
        guard tags[constraint] == nil else { throw .duplicateConstraint(constraint) }
        guard constraint.expression.isFinite else { throw .nonFiniteConstraint(constraint) }
        var created: [Variable] = []
        // Symbols made from here on are in no row yet (nor in the objective,
        // but for the new constraint's own errors).
        let firstFresh = nextSymbol + 1
        let (row, tag) = makeRow(for: constraint, created: &created)
        let refuse = { (involved: Row) throws(SolverError) -> Void in
            for variable in created { self.symbols[variable] = nil }
            throw .unsatisfiable(constraint, conflict: self.conflict(of: constraint, in: involved))
        }
        if let subject = chooseSubject(of: row, tag) {
            row.solve(for: subject)
            if subject.id >= firstFresh {
                // A symbol just made is in no other row: only the objectives can hold it.
                objective.substitute(subject, with: row)
                artificial?.substitute(subject, with: row)
            } else {
                substitute(subject, with: row)
            }
            rows[subject] = row
        } else if row.hasOnlyDummies {
            // A required equality whose row is all dummies: redundant if it
            // reduces to 0 = 0, else a contradiction of required equalities.
            guard isNearZero(row.constant) else { return try refuse(row) }
            row.solve(for: tag.marker)
            substitute(tag.marker, with: row)
            rows[tag.marker] = row
        } else if let failure = try addWithArtificialVariable(row) {
            try optimize(objective)
            return try refuse(failure)
        }
        tags[constraint] = tag
        owners[tag.marker] = constraint
        if let other = tag.other { owners[other] = constraint }
        try optimize(objective)
        infeasibleRows.removeAll()
    }

    /// Removes `constraint` and re-solves: the solution is the one the
    /// remaining constraints give.
    ///
    /// - Throws: ``SolverError/unknownConstraint(_:)``.
    package func remove(_ constraint: Constraint) throws(SolverError) {
        guard let tag = tags.removeValue(forKey: constraint) else { throw .unknownConstraint(constraint) }
        owners[tag.marker] = nil
        if let other = tag.other { owners[other] = nil }
        let weight = Self.weight(of: constraint.strength)
        for symbol in [tag.marker, tag.other] {
            guard let symbol, symbol.kind == .error else { continue }
            if let row = rows[symbol] {
                objective.add(row, times: weight.scaled(by: -1))
            } else {
                objective.add(symbol, weight.scaled(by: -1))
            }
        }
        if rows.removeValue(forKey: tag.marker) == nil, let leaving = markerLeavingRow(tag.marker),
            let row = rows.removeValue(forKey: leaving)
        {
            row.solve(basic: leaving, entering: tag.marker)
            substitute(tag.marker, with: row)
        }
        // (A marker in no row belonged to a redundant constraint: nothing to undo.)
        try optimize(objective)
        infeasibleRows.removeAll()
    }

    /// Makes `variable` an edit variable at `strength`: until a suggestion,
    /// it is held at 0 with that strength, then at each suggested value.
    ///
    /// - Throws: ``SolverError/duplicateEditVariable(_:)``,
    ///   ``SolverError/requiredEditStrength(_:)``.
    package func addEditVariable(_ variable: Variable, strength: Strength) throws(SolverError) {
        guard edits[variable] == nil else { throw .duplicateEditVariable(variable) }
        guard !strength.isRequired else { throw .requiredEditStrength(variable) }
        let constraint = Constraint(
            LinearExpression(variable), .equal, 0, strength: strength, label: "edit \(variable)")
        try add(constraint)
        edits[variable] = Edit(constraint: constraint, constant: 0)
    }

    /// Stops editing `variable`, removing the constraint its suggestions made.
    ///
    /// - Throws: ``SolverError/unknownEditVariable(_:)``.
    package func removeEditVariable(_ variable: Variable) throws(SolverError) {
        guard let edit = edits.removeValue(forKey: variable) else { throw .unknownEditVariable(variable) }
        try remove(edit.constraint)
    }

    /// Asks that the edit variable `variable` be `value`, as much as its
    /// strength allows, and re-solves from the current tableau with the dual
    /// simplex: only the rows the edit's error symbols reach change.
    ///
    /// - Throws: ``SolverError/unknownEditVariable(_:)``,
    ///   ``SolverError/nonFiniteSuggestion(_:)``.
    package func suggestValue(_ value: Double, for variable: Variable) throws(SolverError) {
        guard let edit = edits[variable], let tag = tags[edit.constraint] else {
            throw .unknownEditVariable(variable)
        }
        guard value.isFinite else { throw .nonFiniteSuggestion(variable) }
        let delta = value - edit.constant
        edits[variable]?.constant = value
        // The edit's row is `variable - value = plus - minus`: moving the
        // value by delta is moving `plus` by -delta, or `minus` by +delta.
        if let row = rows[tag.marker] {
            row.constant -= delta
            if row.constant < 0 { infeasibleRows.append(tag.marker) }
        } else if let minus = tag.other, let row = rows[minus] {
            row.constant += delta
            if row.constant < 0 { infeasibleRows.append(minus) }
        } else {
            for (basic, row) in rows {
                let coefficient = row.coefficient(of: tag.marker)
                guard coefficient != 0 else { continue }
                row.constant += coefficient * delta
                if basic.isRestricted && row.constant < 0 { infeasibleRows.append(basic) }
            }
        }
        try dualOptimize()
    }

    // MARK: - Rows

    func makeSymbol(_ kind: Symbol.Kind) -> Symbol {
        nextSymbol += 1
        return Symbol(id: nextSymbol, kind: kind)
    }

    static func weight(of strength: Strength) -> SymbolicWeight {
        SymbolicWeight(level: strength.priority, value: strength.weight)
    }

    /// The constraint's row in terms of the current parametric symbols, with
    /// its slack, error or dummy symbols; error symbols enter the objective.
    private func makeRow(for constraint: Constraint, created: inout [Variable]) -> (Row, Tag) {
        let row = Row(constant: constraint.expression.constant)
        for term in constraint.expression.terms where !isNearZero(term.coefficient) {
            let symbol: Symbol
            if let known = symbols[term.variable] {
                symbol = known
            } else {
                symbol = makeSymbol(.external)
                symbols[term.variable] = symbol
                created.append(term.variable)
            }
            if let basic = rows[symbol] {
                row.add(basic, times: term.coefficient)
            } else {
                row.add(symbol, term.coefficient)
            }
        }
        let strength = constraint.strength
        let weight = Self.weight(of: strength)
        var tag: Tag
        switch constraint.relation {
        case .lessOrEqual, .greaterOrEqual:
            // `expression + sign × slack = 0` with slack ≥ 0; a non-required
            // one adds `- sign × error`, the error being what it is violated by.
            let sign = constraint.relation == .lessOrEqual ? 1.0 : -1.0
            let slack = makeSymbol(.slack)
            row.add(slack, sign)
            tag = Tag(marker: slack, other: nil, order: nextOrder)
            if !strength.isRequired {
                let error = makeSymbol(.error)
                row.add(error, -sign)
                objective.add(error, weight)
                tag.other = error
            }
        case .equal:
            if strength.isRequired {
                let dummy = makeSymbol(.dummy)
                row.add(dummy, 1)
                tag = Tag(marker: dummy, other: nil, order: nextOrder)
            } else {
                // `expression = plus - minus`, both errors in the objective.
                let plus = makeSymbol(.error)
                let minus = makeSymbol(.error)
                row.add(plus, -1)
                row.add(minus, 1)
                objective.add(plus, weight)
                objective.add(minus, weight)
                tag = Tag(marker: plus, other: minus, order: nextOrder)
            }
        }
        nextOrder += 1
        if row.constant < 0 { row.negate() }
        return (row, tag)
    }

    /// The symbol to make basic for a new row without losing feasibility:
    /// an external variable, else the row's own slack or error if its
    /// coefficient is negative (the constant being non-negative, it starts
    /// non-negative); `nil` when the row needs an artificial variable.
    private func chooseSubject(of row: Row, _ tag: Tag) -> Symbol? {
        if let external = row.cells.keys.filter({ $0.kind == .external }).min() { return external }
        for symbol in [tag.marker, tag.other] {
            if let symbol, symbol.isPivotable, row.coefficient(of: symbol) < 0 { return symbol }
        }
        return nil
    }

    /// The required constraints of the contradiction that `row` shows (a
    /// row that cannot be zero, in terms of parametric symbols): those whose
    /// marker or error symbols it holds, each being one of the row's
    /// combination of original constraints, and `constraint` itself.
    private func conflict(of constraint: Constraint, in row: Row) -> [Constraint] {
        var involved = Set(row.cells.keys.compactMap { owners[$0] }.filter(\.strength.isRequired))
        involved.remove(constraint)
        let earlier = involved.sorted { (tags[$0]?.order ?? 0) < (tags[$1]?.order ?? 0) }
        return earlier + [constraint]
    }
}
