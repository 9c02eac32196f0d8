import ConstraintSolver
import Foundation
import SceneCore
import TestSupport
import Testing

/// The solver against kiwisolver, a reference Cassowary, on a few hundred
/// seeded random systems (`kiwi_reference.py` beside this file solves them
/// with kiwi): the same verdict on each, and the same values within 1e-6.
///
/// Values are comparable only where the solution is unique: an
/// underdetermined system has many optimal solutions, and two correct
/// Cassowary solvers may stop at different vertices. So every system pins
/// every variable to a value at the lowest priority, each pin with a weight
/// of its own drawn at random: among the solutions the higher priorities
/// leave (a convex set), the weighted sum of the pins' distances then has a
/// single minimum, but for weights on a set of measure zero. The other
/// constraints have random terms, relations and strengths (required,
/// priority 500 or 750), and some systems end with the opposite of a required
/// inequality or equality, so that a good share are unsatisfiable; then a
/// constraint is maybe removed, and an edit variable is added and suggested
/// twice (the dual simplex) and maybe removed, with the values compared
/// after each step. kiwi weighs priorities by a sum (500 as 3e4, 750 as 9e8); with
/// coefficients of at most 3 and five variables, that orders them as the
/// solver's lexicographic priorities do.
///
/// kiwi 1.5.1 aborts its process on some removals after suggestions (see
/// `removingAConstraintAfterSuggestionsKeepsTheEdit`); the script solves
/// each system in a child process and reports such a system, which is then
/// not compared (at most 1% of them may be).
///
/// The verdict is the first operation refused as unsatisfiable. For each,
/// the solver's named conflict is checked on its own: its constraints are
/// unsatisfiable together, and each is needed for that.
@Suite struct KiwiDifferentialTests {
    /// `python3`, when it can import kiwisolver (scripts/requirements.txt pins it).
    static let python: URL? = {
        guard let python = executableOnPath("python3"),
            let probe = try? runExecutable(python, arguments: ["-c", "import kiwisolver"]), probe.status == 0
        else { return nil }
        return python
    }()

    @Test(.enabled(if: python != nil, "needs python3 with kiwisolver (pip install -r scripts/requirements.txt)"))
    func solverAgreesWithKiwiOnRandomSystems() throws {
        var generator = SystemGenerator(random: SplitMix64(seed: 45))
        let systems = (0..<300).map { _ in generator.system() }
        let folder = try temporaryFolder("kiwi")
        let input = folder.url.appendingPathComponent("systems.json")
        try JSONEncoder().encode(["systems": systems]).write(to: input)
        let script = packageRoot.appendingPathComponent("Tests/ConstraintSolverTests/kiwi_reference.py")
        let kiwi = try runExecutable(try #require(Self.python), arguments: [script.path, input.path])
        try #require(kiwi.status == 0, "\(kiwi.errors)")
        let expected = try JSONDecoder().decode([Outcome].self, from: Data(kiwi.output.utf8))
        try #require(expected.count == systems.count)
        var refused = 0
        var aborted = 0
        for (number, (system, reference)) in zip(systems, expected).enumerated() {
            let outcome = try solve(system)
            guard reference.aborted != true else {
                aborted += 1
                continue
            }
            let context = Comment(rawValue: "system \(number): \(system)")
            #expect(outcome.failed == reference.failed, context)
            #expect(outcome.checks.count == reference.checks.count, context)
            for (values, wanted) in zip(outcome.checks, reference.checks) {
                let agree = zip(values, wanted).allSatisfy { abs($0 - $1) <= 1e-6 * max(1, abs($1)) }
                #expect(agree, "\(values) against kiwi's \(wanted); \(context)")
            }
            if outcome.failed != nil { refused += 1 }
        }
        // The generator must keep making both kinds.
        #expect(refused >= 40 && refused <= 200, "\(refused) of \(systems.count) unsatisfiable")
        #expect(aborted <= systems.count / 100, "kiwi aborted on \(aborted) of \(systems.count) systems")
        print("kiwi: \(systems.count) systems, \(refused) unsatisfiable, \(aborted) kiwi aborted on")
    }

    /// Runs `system` on the solver as the script runs it on kiwi, and checks
    /// the conflict named by a refusal.
    func solve(_ system: System) throws -> Outcome {
        let solver = Solver()
        let variables = (0..<system.variables).map { Variable("v\($0)") }
        var added: [Constraint] = []
        var checks: [[Double]] = []
        for (index, operation) in system.operations.enumerated() {
            do {
                switch operation.kind {
                case "add":
                    let constraint = try operation.constraint(over: variables)
                    try solver.add(constraint)
                    added.append(constraint)
                case "remove": try solver.remove(added[try field(operation.index)])
                case "edit":
                    let strength = try field(Strength(priority: try field(operation.priority)))
                    try solver.addEditVariable(variables[try field(operation.variable)], strength: strength)
                case "unedit": try solver.removeEditVariable(variables[try field(operation.variable)])
                case "suggest":
                    try solver.suggestValue(try field(operation.value), for: variables[try field(operation.variable)])
                default: checks.append(variables.map { solver.value(of: $0) ?? 0 })
                }
            } catch SolverError.unsatisfiable(let constraint, let conflict) {
                #expect(conflict.last === constraint)
                try expectConflict(conflict)
                return Outcome(failed: index, checks: checks)
            }
        }
        return Outcome(failed: nil, checks: checks)
    }

    /// The constraints of `conflict` cannot all hold, and without any one of them they can.
    func expectConflict(_ conflict: [Constraint]) throws {
        let alone = Solver()
        for constraint in conflict.dropLast() { try alone.add(constraint) }
        #expect(throws: SolverError.self) { try alone.add(try field(conflict.last)) }
        for left in conflict.indices {
            let rest = Solver()
            for (index, constraint) in conflict.enumerated() where index != left { try rest.add(constraint) }
        }
    }
}

/// A field the generator always writes, or an error naming what is missing.
func field<Value>(_ value: Value?, _ name: String = #function) throws -> Value {
    guard let value else { throw MissingField(description: "missing field in \(name)") }
    return value
}

struct MissingField: Error, CustomStringConvertible {
    var description: String
}

/// One system: variables `v0`..., and what to do with them.
struct System: Codable, CustomStringConvertible {
    var variables: Int
    var operations: [Operation]

    var description: String { String(decoding: (try? JSONEncoder().encode(self)) ?? Data(), as: UTF8.self) }
}

/// One step of a system, as the script reads it.
struct Operation: Codable {
    struct Term: Codable {
        var variable: Int
        var coefficient: Double
    }

    /// add, remove (the `index`th constraint added), edit, unedit, suggest, check.
    var kind: String
    var terms: [Term]?
    var constant: Double?
    var relation: String?
    var priority: Int?
    var weight: Double?
    var index: Int?
    var variable: Int?
    var value: Double?

    static func add(_ terms: [Term], _ constant: Double, _ relation: String, _ priority: Int, weight: Double = 1)
        -> Operation
    {
        Operation(kind: "add", terms: terms, constant: constant, relation: relation, priority: priority, weight: weight)
    }

    func constraint(over variables: [Variable]) throws -> Constraint {
        let terms = (terms ?? []).map { ConstraintSolver.Term(variables[$0.variable], $0.coefficient) }
        let relation = try field(relation.flatMap(Relation.init(rawValue:)))
        let strength = try field(Strength(priority: try field(priority), weight: weight ?? 1))
        return Constraint(LinearExpression(terms, constant: constant ?? 0), relation, 0, strength: strength)
    }
}

/// What a solver made of a system: the first operation refused, and the values at each check.
struct Outcome: Codable {
    var failed: Int?
    var checks: [[Double]]
    /// Whether kiwi aborted the process (its own bug); the system is then not compared.
    var aborted: Bool?
}

/// Random systems from a seed, as the differential test's comment describes.
struct SystemGenerator {
    var random: SplitMix64

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }

    mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &random) < probability }

    mutating func system() -> System {
        let count = int(2...5)
        var operations: [Operation] = (0..<count).map { variable in
            .add(
                [Operation.Term(variable: variable, coefficient: 1)], Double(int(-50...50)), "==", 1,
                weight: Double.random(in: 1..<2, using: &random))
        }
        var required: [Operation] = []
        for _ in 0..<int(1...6) {
            let variables = Array((0..<count).shuffled(using: &random).prefix(int(1...min(3, count))))
            let terms = variables.map { variable in
                Operation.Term(variable: variable, coefficient: Double([-3, -2, -1, 1, 2, 3][int(0...5)]))
            }
            let priority = [1000, 1000, 1000, 750, 500, 500][int(0...5)]
            let operation = Operation.add(terms, Double(int(-60...60)), ["==", ">=", "<="][int(0...2)], priority)
            operations.append(operation)
            if priority == 1000 { required.append(operation) }
        }
        if let opposed = required.last, chance(0.2) {
            // expression ≥ 0 against expression ≤ -5, and so on.
            var opposite = opposed
            let constant = opposed.constant ?? 0
            switch opposed.relation {
            case ">=": (opposite.relation, opposite.constant) = ("<=", constant + 5)
            case "<=": (opposite.relation, opposite.constant) = (">=", constant - 5)
            default: opposite.constant = constant + 5
            }
            operations.append(opposite)
        }
        let added = operations.count
        operations.append(Operation(kind: "check"))
        // Before the edits: kiwi 1.5.1 aborts ("The objective is unbounded")
        // removing some constraints after suggestions (a case SolverTests has).
        if added > count, chance(0.5) {
            operations.append(Operation(kind: "remove", index: int(count...added - 1)))
            operations.append(Operation(kind: "check"))
        }
        if chance(0.6) {
            let variable = int(0...count - 1)
            operations.append(Operation(kind: "edit", priority: [500, 750][int(0...1)], variable: variable))
            for _ in 0..<2 {
                operations.append(Operation(kind: "suggest", variable: variable, value: Double(int(-80...80))))
                operations.append(Operation(kind: "check"))
            }
            if chance(0.5) {
                operations.append(Operation(kind: "unedit", variable: variable))
                operations.append(Operation(kind: "check"))
            }
        }
        return System(variables: count, operations: operations)
    }
}
