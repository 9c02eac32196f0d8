/// How the two sides of a constraint compare.
package enum Relation: String, Hashable, Sendable {
    /// `lhs == rhs`
    case equal = "=="
    /// `lhs <= rhs`
    case lessOrEqual = "<="
    /// `lhs >= rhs`
    case greaterOrEqual = ">="
}

/// A linear relation between variables, with a strength.
///
/// A constraint is an object: the solver knows it by identity, so that two
/// constraints written alike in two places are two constraints, each
/// removable and each named in a conflict by its `label`.
///
///     let gap = Constraint(LinearExpression(button.leading), .greaterOrEqual, LinearExpression(edge) + 8, label: "gap")
///     try solver.add(gap)
package final class Constraint: Hashable, Sendable, CustomStringConvertible {
    /// `lhs - rhs`, compared with zero by `relation`.
    package let expression: LinearExpression
    /// How `expression` compares with zero.
    package let relation: Relation
    /// Whether it is required, or its priority.
    package let strength: Strength
    /// What a caller calls it (a position in a file, an id), for messages.
    package let label: String

    /// `lhs relation rhs` at `strength`.
    package init(
        _ lhs: LinearExpression, _ relation: Relation, _ rhs: LinearExpression, strength: Strength = .required,
        label: String = ""
    ) {
        expression = lhs - rhs
        self.relation = relation
        self.strength = strength
        self.label = label
    }

    package static func == (lhs: Constraint, rhs: Constraint) -> Bool { lhs === rhs }

    package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    package var description: String {
        let terms = expression.terms.map { "\($0.coefficient) * \($0.variable.name)" }
        let sum = (terms + ["\(expression.constant)"]).joined(separator: " + ")
        let text = "\(sum) \(relation.rawValue) 0 (\(strength))"
        return label.isEmpty ? text : "\(label): \(text)"
    }
}

/// Why the solver refused a request. Nothing the solver is given traps: each
/// mistake, and each numerical failure, is one of these.
package enum SolverError: Error, Equatable, CustomStringConvertible {
    /// The required constraint cannot hold together with the required
    /// constraints already added; `conflict` lists the required constraints
    /// of one contradiction (the refused one included) in the order they
    /// were added. The solver is as it was before the attempt.
    case unsatisfiable(Constraint, conflict: [Constraint])
    /// The constraint was already added.
    case duplicateConstraint(Constraint)
    /// The constraint was never added, or was removed.
    case unknownConstraint(Constraint)
    /// A coefficient or the constant of the constraint is not finite.
    case nonFiniteConstraint(Constraint)
    /// The variable is already an edit variable.
    case duplicateEditVariable(Variable)
    /// The variable is not an edit variable.
    case unknownEditVariable(Variable)
    /// An edit variable must not be required: a suggestion is a wish.
    case requiredEditStrength(Variable)
    /// A suggested value is not finite.
    case nonFiniteSuggestion(Variable)
    /// A simplex phase did not finish within its pivot limit; the solver's
    /// state is then undefined, and it should be discarded.
    case pivotLimitReached(limit: Int)
    /// The tableau lost an invariant through rounding (an unbounded
    /// objective, a row with nothing to pivot on); discard the solver.
    case numericalFailure(String)

    package var description: String {
        switch self {
        case .unsatisfiable(let constraint, let conflict):
            "unsatisfiable required constraint \(constraint); conflict: \(conflict.map(\.description))"
        case .duplicateConstraint(let constraint): "duplicate constraint \(constraint)"
        case .unknownConstraint(let constraint): "unknown constraint \(constraint)"
        case .nonFiniteConstraint(let constraint): "constraint with a non-finite number \(constraint)"
        case .duplicateEditVariable(let variable): "\(variable) is already an edit variable"
        case .unknownEditVariable(let variable): "\(variable) is not an edit variable"
        case .requiredEditStrength(let variable): "edit variable \(variable) cannot be required"
        case .nonFiniteSuggestion(let variable): "non-finite value suggested for \(variable)"
        case .pivotLimitReached(let limit): "no solution within \(limit) pivots"
        case .numericalFailure(let reason): "numerical failure: \(reason)"
        }
    }
}
