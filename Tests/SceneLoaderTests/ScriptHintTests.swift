import SceneBehaviours
import SceneCore
import SceneLoader
import Testing

/// A hint that proposes a script step proposes one that `check` accepts:
/// each is fed back through the compiler, for every action and input of
/// every registered type.
@Suite struct ScriptHintTests {
    /// The step a diagnostic's hint proposes: the text between the last pair of quotes.
    static func proposedStep(_ hint: String?) -> String? {
        guard let hint, let end = hint.lastIndex(of: "'") else { return nil }
        guard let start = hint[..<end].lastIndex(of: "'") else { return nil }
        return String(hint[hint.index(after: start)..<end])
    }

    /// The diagnostics of the script's one step (line 4) when `object` is of `type`.
    static func stepDiagnostics(_ type: String, _ step: String) -> [Diagnostic] {
        let text = "objects:\n  o: { type: \(type) }\nscript:\n  - \(step)\n"
        return SceneLoader(registry: .standard).check(SceneSource(name: "hint.yaml", text: text))
            .filter { $0.position.line == 4 }
    }

    /// Each wrong step, with the kind of mistake its hint corrects.
    static func wrongSteps() -> [(type: String, step: String)] {
        var steps: [(String, String)] = []
        for type in SceneRegistry.standard.types {
            for action in type.orderedActions {
                let wrong = action.argument == nil ? "call: { o.\(action.name): 1 }" : "call: o.\(action.name)"
                if action.argument?.isOptional != true { steps.append((type.name, wrong)) }
            }
            for input in type.orderedInputs {
                let wrong = input.argument == nil ? "\(input.name): { o: 1 }" : "\(input.name): o"
                if input.argument?.isOptional != true { steps.append((type.name, wrong)) }
            }
        }
        return steps
    }

    @Test func everyStepAHintProposesIsAccepted() throws {
        let steps = Self.wrongSteps()
        #expect(steps.count > 10)
        for (type, wrong) in steps {
            let diagnostics = Self.stepDiagnostics(type, wrong)
            let diagnostic = try #require(diagnostics.first, "\(type): '\(wrong)' was accepted")
            let step = try #require(Self.proposedStep(diagnostic.hint), "\(type): \(diagnostic.hint ?? "no hint")")
            let again = Self.stepDiagnostics(type, step)
            #expect(again.isEmpty, "\(type): '\(wrong)' proposes '\(step)': \(again.map(\.message))")
        }
    }

    @Test func aCallWithAnArgumentItDoesNotTakeProposesTheCall() {
        let diagnostics = Self.stepDiagnostics("PreemptiveDelay", "call: { o.trigger: now }")
        #expect(diagnostics.first?.message == "'trigger' takes no argument")
        #expect(diagnostics.first?.hint == "write it without one: 'call: o.trigger'")
    }
}
