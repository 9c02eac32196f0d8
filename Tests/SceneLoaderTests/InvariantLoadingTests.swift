import SceneLoader
import Testing

/// One scene whose `invariants:` make one mistake, and the whole text
/// `check` prints for it.
struct InvariantDiagnostic: CustomTestStringConvertible, Sendable {
    var name: String
    var code: DiagnosticCode
    var yaml: String
    var expected: String
    var testDescription: String { name }
}

/// `invariants:` at load time: what each form compiles to, and every
/// mistake with its position and hint.
@Suite struct InvariantLoadingTests {
    static let cases: [InvariantDiagnostic] = [
        InvariantDiagnostic(
            name: "invalidInvariant_list", code: .invalidInvariant,
            yaml: #"""
                objects:
                  controls: {type: View}
                invariants:
                  controls.hidden: false

                """#,
            expected: #"""
                test.yaml:4:3: error: 'invariants' must be a list of expectations, not a mapping
                    4 |   controls.hidden: false
                      |   ^
                      = help: write one '- { id.member: value }' per invariant

                """#),
        InvariantDiagnostic(
            name: "invalidInvariant_notMapping", code: .invalidInvariant,
            yaml: #"""
                objects:
                  controls: {type: View}
                invariants:
                  - controls.hidden

                """#,
            expected: #"""
                test.yaml:4:5: error: an invariant must be a mapping of 'id.member: value', not a single value
                    4 |   - controls.hidden
                      |     ^~~~~~~~~~~~~~~
                      = help: write '- { controls.hidden: false }', or '- when: {...}, expect: {...}'

                """#),
        InvariantDiagnostic(
            name: "invalidInvariant_unknownKey", code: .invalidInvariant,
            yaml: #"""
                objects:
                  controls: {type: View}
                invariants:
                  - wen: { controls.alpha: 1 }
                    expect: { controls.hidden: false }

                """#,
            expected: #"""
                test.yaml:4:5: error: unknown key 'wen' in an invariant
                    4 |   - wen: { controls.alpha: 1 }
                      |     ^~~
                      = help: did you mean 'when'?

                """#),
        InvariantDiagnostic(
            name: "invalidInvariant_pathBeside", code: .invalidInvariant,
            yaml: #"""
                objects:
                  controls: {type: View}
                invariants:
                  - when: { controls.alpha: 1 }
                    expect: { controls.hidden: false }
                    controls.visible: true

                """#,
            expected: #"""
                test.yaml:6:5: error: unknown key 'controls.visible' in an invariant
                    6 |     controls.visible: true
                      |     ^~~~~~~~~~~~~~~~
                      = help: beside 'expect:', write each expectation inside it: 'expect: { controls.visible: ... }'

                """#),
        InvariantDiagnostic(
            name: "invalidInvariant_misspelt", code: .invalidInvariant,
            yaml: #"""
                objects:
                  controls: {type: View}
                invariants:
                  - { expct: { controls.hidden: false } }

                """#,
            expected: #"""
                test.yaml:4:7: error: unknown key 'expct' in an invariant
                    4 |   - { expct: { controls.hidden: false } }
                      |       ^~~~~
                      = help: did you mean 'expect'?

                """#),
        InvariantDiagnostic(
            name: "invalidInvariant_noExpect", code: .invalidInvariant,
            yaml: #"""
                objects:
                  controls: {type: View}
                invariants:
                  - when: { controls.hidden: false }
                    name: visible

                """#,
            expected: #"""
                test.yaml:4:5: error: an invariant with 'when:', 'name:' or 'doc:' needs 'expect:'
                    4 |   - when: { controls.hidden: false }
                      |     ^
                      = help: write what must hold under 'expect: { id.member: value }'

                """#),
        InvariantDiagnostic(
            name: "unknownObject", code: .unknownObject,
            yaml: #"""
                objects:
                  controls: {type: View}
                invariants:
                  - { contrls.hidden: false }

                """#,
            expected: #"""
                test.yaml:4:7: error: no object has the id 'contrls'
                    4 |   - { contrls.hidden: false }
                      |       ^~~~~~~~~~~~~~
                      = help: did you mean 'controls'?

                """#),
        InvariantDiagnostic(
            name: "unknownMember", code: .unknownMember,
            yaml: #"""
                objects:
                  controls: {type: View}
                invariants:
                  - when: { controls.hiden: true }
                    expect: { controls.alpha: 0 }

                """#,
            expected: #"""
                test.yaml:4:13: error: View has no property or outlet 'hiden'
                    4 |   - when: { controls.hiden: true }
                      |             ^~~~~~~~~~~~~~
                      = help: did you mean 'hidden'?

                """#),
        InvariantDiagnostic(
            name: "invalidValue", code: .invalidValue,
            yaml: #"""
                objects:
                  controls: {type: View}
                invariants:
                  - { controls.hidden: 3 }

                """#,
            expected: #"""
                test.yaml:4:24: error: 'controls.hidden' takes true or false, not '3'
                    4 |   - { controls.hidden: 3 }
                      |                        ^

                """#),
        InvariantDiagnostic(
            name: "whenNotMapping", code: .invalidStep,
            yaml: #"""
                objects:
                  controls: {type: View}
                invariants:
                  - when: [controls.hidden]
                    expect: { controls.alpha: 0 }

                """#,
            expected: #"""
                test.yaml:4:11: error: 'when' takes a mapping of 'id.member: value', not a list
                    4 |   - when: [controls.hidden]
                      |           ^~~~~~~~~~~~~~~~~
                      = help: write 'when: { controls.hidden: true }'

                """#),
        InvariantDiagnostic(
            name: "invalidComparison", code: .invalidValue,
            yaml: #"""
                objects:
                  controls: {type: View}
                invariants:
                  - { controls.alpha: { not: 0, min: 1 } }

                """#,
            expected: #"""
                test.yaml:4:23: error: 'controls.alpha' compares with a value, '{ not: value }' or '{ min: a, max: b }', not a mapping with 'not', 'min'
                    4 |   - { controls.alpha: { not: 0, min: 1 } }
                      |                       ^~~~~~~~~~~~~~~~~~
                      = help: 'not' stands alone; 'min' and 'max' go together or alone

                """#),
        InvariantDiagnostic(
            name: "rangeNotOrdered", code: .invalidValue,
            yaml: #"""
                objects:
                  label: {type: Label}
                invariants:
                  - { label.text: { min: a } }

                """#,
            expected: #"""
                test.yaml:4:19: error: 'label.text' is String: 'min' and 'max' compare Int, Double and Duration values
                    4 |   - { label.text: { min: a } }
                      |                   ^~~~~~~~~~
                      = help: compare it with a value, or with '{ not: value }'

                """#),
        InvariantDiagnostic(
            name: "emptyRange", code: .invalidValue,
            yaml: #"""
                objects:
                  delay: {type: PreemptiveDelay}
                invariants:
                  - { delay.delay: { min: 2s, max: 1500ms } }

                """#,
            expected: #"""
                test.yaml:4:20: error: 'delay.delay' can never be at least 2s and at most 1.5s
                    4 |   - { delay.delay: { min: 2s, max: 1500ms } }
                      |                    ^~~~~~~~~~~~~~~~~~~~~~~~
                      = help: swap 'min' and 'max'

                """#),
        InvariantDiagnostic(
            name: "notWrongType", code: .invalidValue,
            yaml: #"""
                objects:
                  controls: {type: View}
                invariants:
                  - { controls.alpha: { not: opaque } }

                """#,
            expected: #"""
                test.yaml:4:30: error: 'controls.alpha' takes a number, not 'opaque'
                    4 |   - { controls.alpha: { not: opaque } }
                      |                              ^~~~~~

                """#),
        InvariantDiagnostic(
            name: "nameNotText", code: .invalidValue,
            yaml: #"""
                objects:
                  controls: {type: View}
                invariants:
                  - name: [a, b]
                    expect: { controls.hidden: false }

                """#,
            expected: #"""
                test.yaml:4:11: error: 'name' takes text, not a list
                    4 |   - name: [a, b]
                      |           ^~~~~~

                """#),
    ]

    @Test(arguments: cases)
    func rendersTheWholeDiagnostic(_ example: InvariantDiagnostic) throws {
        let loader = SceneLoader(registry: try testRegistry())
        let source = SceneSource(name: "test.yaml", text: example.yaml)
        let diagnostics = loader.check(source)
        #expect(diagnostics.map(\.code) == [example.code])
        #expect(DiagnosticRenderer.render(diagnostics, in: source) == example.expected)
    }

    @Test func eachFormCompilesToItsChecksAndConditions() throws {
        let loader = SceneLoader(registry: try testRegistry())
        let declaration = try loader.validate(
            SceneSource(
                name: "test.yaml",
                text: """
                    objects:
                      controls: {type: View}
                      label: {type: Label}
                      delay: {type: PreemptiveDelay}
                    invariants:
                      - { controls.hidden: false, label.text: { not: "" } }
                      - name: short delays
                        doc: what the delay promises
                        when: { controls.alpha: { min: 0.5 } }
                        expect: { delay.delay: { max: 2s }, controls.alpha: { min: 0, max: 1 } }
                      - { label.parent: null }
                    """)
        ).get()
        let invariants = declaration.invariants
        #expect(invariants.count == 3)
        #expect(invariants.map(\.name) == [nil, "short delays", nil])
        #expect(
            invariants.map { $0.checks.map(\.path) } == [
                ["controls.hidden", "label.text"], ["delay.delay", "controls.alpha"], ["label.parent"],
            ])
        #expect(
            invariants.map { $0.checks.map(\.comparison.text) } == [
                ["== false", "!= \"\""], ["<= 2s", "in 0...1"], ["== null"],
            ])
        #expect(invariants[1].conditions.map(\.comparison.text) == [">= 0.5"])
        #expect(invariants[0].span.start.line == 6)
        let position = try #require(invariants[1].checks.first?.span.start)
        #expect(position.line == 10 && position.column == 15)
    }

    @Test func aStringMapComparesWithAMappingAsExpectDoes() throws {
        let loader = SceneLoader(registry: try testRegistry())
        let declaration = try loader.validate(
            SceneSource(
                name: "test.yaml",
                text: """
                    objects:
                      auth: { type: CredentialAuthenticator, accounts: { not: allowed } }
                    invariants:
                      - { auth.accounts: { not: allowed } }
                    """)
        ).get()
        let comparison = try #require(declaration.invariants.first?.checks.first?.comparison)
        #expect(comparison.text == "== {not: \"allowed\"}")
    }

    @Test func comparisonsHoldAsWritten() {
        typealias Comparison = ExpectedValue
        #expect(Comparison.equal(.double(0.3)).holds(for: .double(0.3000004)))
        #expect(!Comparison.notEqual(.string("")).holds(for: .string("")))
        #expect(Comparison.notEqual(.string("")).holds(for: .string("a")))
        let range = Comparison.range(min: .double(0), max: .double(1))
        #expect(range.holds(for: .double(0)) && range.holds(for: .double(1)) && range.holds(for: .int(1)))
        #expect(!range.holds(for: .double(1.01)) && !range.holds(for: .double(-0.5)))
        #expect(!range.holds(for: .double(.nan)) && !range.holds(for: .null))
        let atMost = Comparison.range(min: nil, max: .duration(.seconds(2)))
        #expect(atMost.holds(for: .duration(.milliseconds(2000))) && !atMost.holds(for: .duration(.seconds(3))))
        #expect(atMost.expectedText == "<= 2s" && range.expectedText == "0...1")
    }

    @Test func anExpectStepTakesTheSameComparisonsAndWritesThemBack() throws {
        let loader = SceneLoader(registry: try testRegistry())
        let declaration = try loader.validate(
            SceneSource(
                name: "test.yaml",
                text: """
                    objects:
                      controls: {type: View}
                      label: {type: Label}
                      delay: {type: PreemptiveDelay}
                    script:
                      - expect: { label.text: { not: "" }, delay.delay: { max: 2s }, controls.alpha: { min: 0, max: 1 } }
                      - expect: { controls.hidden: false, label.parent: { not: null } }
                    """)
        ).get()
        let expectations = declaration.steps.compactMap { step -> [ScriptStep.Expectation]? in
            guard case .expect(let expectations) = step.kind else { return nil }
            return expectations
        }
        #expect(
            expectations.map { $0.map(\.expected.text) } == [
                ["!= \"\"", "<= 2s", "in 0...1"], ["== false", "!= null"],
            ])
        let ids = declaration.objects.map(\.id)
        #expect(
            declaration.steps.compactMap { ScriptText.step($0, ids) } == [
                #"expect: { label.text: { not: "" }, delay.delay: { max: 2s }, controls.alpha: { min: 0, max: 1 } }"#,
                "expect: { controls.hidden: false, label.parent: { not: null } }",
            ])
    }

    @Test func anExpectStepRefusesWhatAnInvariantRefuses() throws {
        let loader = SceneLoader(registry: try testRegistry())
        let source = SceneSource(
            name: "test.yaml",
            text: """
                objects:
                  controls: {type: View}
                script:
                  - expect: { controls.alpha: { min: 0, most: 1 } }
                  - expect: { controls.hidden: { max: true } }
                  - expect: { controls.alpha: { min: 1, max: 0 } }
                """)
        let diagnostics = loader.check(source)
        #expect(diagnostics.map(\.code) == ["invalid-value", "invalid-value", "invalid-value"])
        #expect(diagnostics.map(\.position.line) == [4, 5, 6])
        #expect(diagnostics[0].message.contains("'{ not: value }' or '{ min: a, max: b }'"))
        #expect(diagnostics[1].message.contains("'min' and 'max' compare Int, Double and Duration values"))
        #expect(diagnostics[2].message.contains("can never be at least 1 and at most 0"))
    }
}
