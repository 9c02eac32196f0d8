import ConstraintSolver
import Testing

/// Systems small enough to solve by hand, each with its known answer.
@Suite struct SolverTests {
    let left = Variable("container.leading")
    let right = Variable("container.trailing")
    let leading = Variable("view.leading")
    let trailing = Variable("view.trailing")

    func required(_ lhs: LinearExpression, _ relation: Relation, _ rhs: LinearExpression, _ label: String)
        -> Constraint
    {
        Constraint(lhs, relation, rhs, label: label)
    }

    func strength(_ priority: Int, weight: Double = 1) throws -> Strength {
        try #require(Strength(priority: priority, weight: weight))
    }

    @Test func viewBetweenTwoEdgesTakesTheSpaceBetweenTheirMargins() throws {
        let solver = Solver()
        try solver.add(required(LinearExpression(left), .equal, 0, "left"))
        try solver.add(required(LinearExpression(right), .equal, 320, "right"))
        try solver.add(required(LinearExpression(leading), .equal, left + 16, "leading margin"))
        try solver.add(required(LinearExpression(trailing), .equal, right - 16, "trailing margin"))
        #expect(solver.value(of: leading) == 16)
        #expect(solver.value(of: trailing) == 304)
        #expect(solver.value(of: Variable("never named")) == nil)
    }

    @Test func aHigherPriorityDecidesBetweenWishes() throws {
        let solver = Solver()
        try solver.add(required(LinearExpression(leading), .equal, 0, "pinned"))
        let width = trailing - LinearExpression(leading)
        try solver.add(Constraint(width, .equal, 100, strength: strength(250)))
        try solver.add(Constraint(width, .equal, 200, strength: strength(750)))
        #expect(solver.value(of: trailing) == 200)
        try solver.add(Constraint(width, .lessOrEqual, 150, strength: strength(999)))
        #expect(solver.value(of: trailing) == 150)
    }

    @Test func aHigherPriorityOutweighsAnyWeightOfLowerOnes() throws {
        let solver = Solver()
        let x = Variable("x")
        try solver.add(Constraint(LinearExpression(x), .equal, 0, strength: strength(1, weight: 1e12)))
        for _ in 0..<100 { try solver.add(Constraint(LinearExpression(x), .equal, 0, strength: strength(1))) }
        try solver.add(Constraint(LinearExpression(x), .equal, 10, strength: strength(2)))
        #expect(solver.value(of: x) == 10)
    }

    @Test func withinOnePriorityTheHeavierErrorWins() throws {
        let solver = Solver()
        let x = Variable("x")
        try solver.add(Constraint(LinearExpression(x), .equal, 0, strength: strength(500, weight: 1)))
        try solver.add(Constraint(LinearExpression(x), .equal, 10, strength: strength(500, weight: 2)))
        #expect(solver.value(of: x) == 10)
    }

    @Test func contradictoryInequalitiesNameEachOtherAndNothingElse() throws {
        let solver = Solver()
        let x = Variable("x")
        let y = Variable("y")
        let atLeast = required(LinearExpression(x), .greaterOrEqual, 10, "at least")
        let follows = required(LinearExpression(y), .greaterOrEqual, LinearExpression(x), "follows")
        let unrelated = required(LinearExpression(Variable("z")), .equal, 3, "unrelated")
        let soft = Constraint(LinearExpression(y), .equal, 4, strength: .defaultHigh, label: "soft")
        for constraint in [atLeast, unrelated, follows, soft] { try solver.add(constraint) }
        let atMost = required(LinearExpression(y), .lessOrEqual, 5, "at most")
        #expect(throws: SolverError.unsatisfiable(atMost, conflict: [atLeast, follows, atMost])) {
            try solver.add(atMost)
        }
        // Refused, and the solver is as it was.
        #expect(!solver.contains(atMost))
        #expect(solver.value(of: x) == 10)
        #expect(solver.value(of: y) == 10)
        #expect(solver.constraints == [atLeast, unrelated, follows, soft])
    }

    @Test func contradictoryEqualitiesNameTheWholeChain() throws {
        let solver = Solver()
        let (x, y, z, w) = (Variable("x"), Variable("y"), Variable("z"), Variable("w"))
        let chain = [
            required(LinearExpression(x), .equal, LinearExpression(y), "x = y"),
            required(LinearExpression(w), .equal, 1, "w"),
            required(LinearExpression(y), .equal, z + 1, "y = z + 1"),
            required(LinearExpression(z), .equal, 4, "z"),
        ]
        for constraint in chain { try solver.add(constraint) }
        let closing = required(LinearExpression(x), .equal, 2, "x = 2")
        #expect(throws: SolverError.unsatisfiable(closing, conflict: [chain[0], chain[2], chain[3], closing])) {
            try solver.add(closing)
        }
        #expect(solver.value(of: x) == 5)
        try solver.add(required(LinearExpression(x), .equal, 5, "x = 5, redundant"))
        #expect(solver.value(of: x) == 5)
    }

    @Test func removingAConstraintRestoresThePreviousSolution() throws {
        let solver = Solver()
        try solver.add(required(LinearExpression(leading), .greaterOrEqual, 0, "inside"))
        try solver.add(Constraint(LinearExpression(leading), .equal, 40, strength: .defaultLow))
        try solver.add(Constraint(trailing - LinearExpression(leading), .equal, 100, strength: .defaultHigh))
        let before = solver.values
        let squeeze = required(LinearExpression(trailing), .lessOrEqual, 90, "squeeze")
        try solver.add(squeeze)
        #expect(solver.value(of: trailing) == 90)
        #expect(solver.value(of: leading) == 0)
        try solver.remove(squeeze)
        #expect(solver.values == before)
        #expect(before == [leading: 40, trailing: 140])
    }

    @Test func removingARedundantEqualityKeepsTheSolution() throws {
        let solver = Solver()
        let x = Variable("x")
        try solver.add(required(LinearExpression(x), .equal, 7, "x"))
        let again = required(LinearExpression(x) * 2, .equal, 14, "x again")
        try solver.add(again)
        try solver.remove(again)
        #expect(solver.value(of: x) == 7)
    }

    @Test func suggestionsReSolveWithinTheRequiredConstraints() throws {
        let solver = Solver()
        try solver.add(required(LinearExpression(leading), .greaterOrEqual, 0, "inside left"))
        try solver.add(required(LinearExpression(trailing), .lessOrEqual, 320, "inside right"))
        try solver.add(Constraint(trailing - LinearExpression(leading), .equal, 100, strength: .defaultLow))
        try solver.addEditVariable(leading, strength: .defaultHigh)
        #expect(solver.value(of: leading) == 0)
        try solver.suggestValue(40, for: leading)
        #expect(solver.values == [leading: 40, trailing: 140])
        try solver.suggestValue(300, for: leading)
        #expect(solver.values == [leading: 300, trailing: 320])
        try solver.suggestValue(-50, for: leading)
        #expect(solver.values == [leading: 0, trailing: 100])
        try solver.suggestValue(10, for: leading)
        #expect(solver.values == [leading: 10, trailing: 110])
        try solver.removeEditVariable(leading)
        #expect(!solver.hasEditVariable(leading))
        #expect(solver.value(of: trailing).map { $0 - (solver.value(of: leading) ?? 0) } == 100)
    }

    @Test func twoEditVariablesEachFollowTheirSuggestion() throws {
        let solver = Solver()
        let gap = required(LinearExpression(trailing), .greaterOrEqual, leading + 20, "gap")
        try solver.add(gap)
        try solver.addEditVariable(leading, strength: .defaultHigh)
        try solver.addEditVariable(trailing, strength: .defaultLow)
        try solver.suggestValue(100, for: leading)
        try solver.suggestValue(200, for: trailing)
        #expect(solver.values == [leading: 100, trailing: 200])
        try solver.suggestValue(190, for: leading)
        #expect(solver.values == [leading: 190, trailing: 210])
    }

    /// kiwisolver 1.5.1 aborts on this sequence ("The objective is unbounded").
    @Test func removingAConstraintAfterSuggestionsKeepsTheEdit() throws {
        let solver = Solver()
        let (x, y) = (Variable("x"), Variable("y"))
        try solver.add(Constraint(LinearExpression(x), .equal, 20, strength: strength(1, weight: 1.188)))
        try solver.add(Constraint(LinearExpression(y), .equal, 13, strength: strength(1, weight: 1.776)))
        try solver.add(required(x * -3 - y * 2, .lessOrEqual, 51, "floor"))
        let soft = try Constraint(x * 3 - y * 2 + 38, .greaterOrEqual, 0, strength: strength(750))
        try solver.add(soft)
        try solver.addEditVariable(y, strength: strength(500))
        try solver.suggestValue(-70, for: y)
        try solver.suggestValue(67, for: y)
        #expect(solver.values[y] == 67)
        try solver.remove(soft)
        #expect(abs((solver.value(of: x) ?? 0) - 20) < 1e-9)
        #expect(solver.value(of: y) == 67)
    }

    @Test func mistakesAreTypedErrors() throws {
        let solver = Solver()
        let x = Variable("x")
        let constraint = required(LinearExpression(x), .equal, 1, "x")
        try solver.add(constraint)
        #expect(throws: SolverError.duplicateConstraint(constraint)) { try solver.add(constraint) }
        let stranger = required(LinearExpression(x), .equal, 1, "stranger")
        #expect(throws: SolverError.unknownConstraint(stranger)) { try solver.remove(stranger) }
        try solver.remove(constraint)
        #expect(throws: SolverError.unknownConstraint(constraint)) { try solver.remove(constraint) }
        #expect(throws: SolverError.requiredEditStrength(x)) { try solver.addEditVariable(x, strength: .required) }
        #expect(throws: SolverError.unknownEditVariable(x)) { try solver.suggestValue(1, for: x) }
        #expect(throws: SolverError.unknownEditVariable(x)) { try solver.removeEditVariable(x) }
        try solver.addEditVariable(x, strength: .defaultLow)
        #expect(throws: SolverError.duplicateEditVariable(x)) { try solver.addEditVariable(x, strength: .defaultLow) }
        #expect(throws: SolverError.nonFiniteSuggestion(x)) { try solver.suggestValue(.nan, for: x) }
        let infinite = required(LinearExpression(x), .equal, LinearExpression(constant: .infinity), "infinite")
        #expect(throws: SolverError.nonFiniteConstraint(infinite)) { try solver.add(infinite) }
        #expect(Strength(priority: 0) == nil)
        #expect(Strength(priority: 1001) == nil)
        #expect(Strength(priority: 10, weight: 0) == nil)
        #expect(Strength(priority: 1000) == .required)
    }
}
