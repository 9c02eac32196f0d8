/// A quantity the solver finds a value for, such as a view's leading edge.
///
/// Two variables with the same name are the same variable: a scene names
/// `button.leading` in several constraints and means one unknown.
///
///     let leading = Variable("button.leading")
package struct Variable: Hashable, Sendable, CustomStringConvertible {
    /// What the variable is called, unique among a solver's variables.
    package let name: String

    /// The variable called `name`.
    package init(_ name: String) { self.name = name }

    package var description: String { name }
}

/// A variable times a coefficient, one summand of an ``LinearExpression``.
package struct Term: Hashable, Sendable {
    /// The variable multiplied.
    package var variable: Variable
    /// What it is multiplied by.
    package var coefficient: Double

    /// `coefficient` times `variable`.
    package init(_ variable: Variable, _ coefficient: Double = 1) {
        self.variable = variable
        self.coefficient = coefficient
    }
}

/// A linear expression: a sum of terms plus a constant.
///
///     let width = LinearExpression(trailing) - LinearExpression(leading)   // trailing - leading
///     let centre = (leading + trailing) * 0.5 + 8
package struct LinearExpression: Hashable, Sendable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    /// The summands, as written (a variable may appear more than once).
    package var terms: [Term]
    /// The constant added to them.
    package var constant: Double

    /// `terms` summed, plus `constant`.
    package init(_ terms: [Term] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    /// The variable alone, with coefficient 1.
    package init(_ variable: Variable) { self.init([Term(variable)]) }

    /// The constant `value`, with no terms.
    package init(floatLiteral value: Double) { self.init(constant: value) }

    /// The constant `value`, with no terms.
    package init(integerLiteral value: Int) { self.init(constant: Double(value)) }

    /// Whether every coefficient and the constant are finite numbers.
    package var isFinite: Bool { constant.isFinite && terms.allSatisfy(\.coefficient.isFinite) }

    /// The sum of two expressions.
    package static func + (lhs: LinearExpression, rhs: LinearExpression) -> LinearExpression {
        LinearExpression(lhs.terms + rhs.terms, constant: lhs.constant + rhs.constant)
    }

    /// The difference of two expressions.
    package static func - (lhs: LinearExpression, rhs: LinearExpression) -> LinearExpression { lhs + rhs * -1 }

    /// The expression with every coefficient and the constant multiplied by `factor`.
    package static func * (expression: LinearExpression, factor: Double) -> LinearExpression {
        LinearExpression(
            expression.terms.map { Term($0.variable, $0.coefficient * factor) },
            constant: expression.constant * factor)
    }
}

extension Variable {
    /// The sum of a variable and an expression.
    package static func + (lhs: Variable, rhs: LinearExpression) -> LinearExpression {
        LinearExpression(lhs) + rhs
    }

    /// The difference of a variable and an expression.
    package static func - (lhs: Variable, rhs: LinearExpression) -> LinearExpression {
        LinearExpression(lhs) - rhs
    }

    /// The variable times `factor`.
    package static func * (variable: Variable, factor: Double) -> LinearExpression {
        LinearExpression([Term(variable, factor)])
    }
}
