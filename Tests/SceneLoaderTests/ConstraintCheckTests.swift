import SceneBehaviours
import SceneCore
import SceneLoader
import Testing

/// A view's `constraints:` and a `Constraint`'s `is` are checked before
/// the scene runs: what does not read, at its line and column in the
/// string; what names no view, or a parent the view lacks, at the item.
@Suite struct ConstraintCheckTests {
    static let codesTestedHere: Set<DiagnosticCode> = [.invalidConstraint, .unsatisfiableConstraints, .ambiguousLayout]

    private func diagnostics(_ text: String) -> [Diagnostic] {
        SceneLoader(registry: .standard).check(SceneSource(name: "t.yaml", text: text))
    }

    /// Each scene, the one diagnostic's code, line and column, and words of its message.
    static let cases: [(yaml: String, code: String, line: Int, column: Int, words: String)] = [
        (
            "objects:\n  a:\n    type: View\n    constraints:\n      - leading == canvas.top\n", "invalid-constraint",
            5, 20,
            "'leading' is horizontal and 'top' vertical"
        ),
        (
            "objects:\n  a:\n    type: View\n    constraints:\n      - \"width == 400 @2000\"\n", "invalid-constraint",
            5,
            24, "the priority 2000 is outside 1 to 1000"
        ),
        (
            "objects:\n  a:\n    type: View\n    constraints: ['width == 1', 'leading = parent.leading']\n",
            "invalid-constraint", 4, 42, "'=' is not a relation"
        ),
        (
            "objects:\n  a:\n    type: View\n    constraints:\n      - top == bx.bottom\n  box: {type: View}\n",
            "unknown-object", 5, 16, "no object has the id 'bx'"
        ),
        (
            "objects:\n  a:\n    type: View\n    constraints:\n      - top == count.bottom\n  count: {type: EventCounter}\n",
            "invalid-constraint", 5, 16, "'count' is an EventCounter, not a view"
        ),
        (
            "objects:\n  a:\n    type: View\n    constraints:\n      - top == parent.top\n", "invalid-constraint", 5,
            16,
            "'parent' is the view's parent, and 'a' has none"
        ),
        (
            "objects:\n  a: {type: View}\n  c:\n    type: Constraint\n    view: a\n    is: width >= wide\n",
            "invalid-constraint", 6, 18, "'wide' needs an attribute"
        ),
        (
            "objects:\n  a: {type: View}\n  c:\n    type: Constraint\n    view: a\n    is: top == parent.top\n",
            "invalid-constraint", 6, 16, "'a' has none"
        ),
        (
            "objects:\n  a: {type: View}\nscript:\n  - set: {a.constraints: ['width =< 3']}\n", "invalid-constraint", 4,
            34,
            "relation"
        ),
    ]

    @Test(arguments: cases)
    func aMistakeIsReportedWhereItIsWritten(yaml: String, code: String, line: Int, column: Int, words: String) {
        let found = diagnostics(yaml)
        #expect(found.count == 1, "\(found.map(\.message))")
        guard let diagnostic = found.first else { return }
        #expect(diagnostic.code.rawValue == code)
        #expect(diagnostic.severity == .error)
        #expect((diagnostic.position.line, diagnostic.position.column) == (line, column), "\(diagnostic.message)")
        #expect(diagnostic.message.contains(words), "\(diagnostic.message)")
        #expect(diagnostic.hint != nil)
    }

    @Test func everyMistakeOfAListIsReportedNotOnlyTheFirst() {
        let found = diagnostics(
            "objects:\n  a:\n    type: View\n    constraints:\n      - width = 1\n      - height == 2\n      - top ==\n"
        )
        #expect(found.map(\.position.line) == [5, 7])
    }

    @Test func constraintsThatReadLoadAndReachTheViewAndTheScript() throws {
        let yaml = """
            objects:
              box:
                type: View
                constraints:
                  - leading == canvas.leading + 16
                  - "width == 0.5 * canvas.width @750"
              slide:
                type: Constraint
                view: box
                is: top == canvas.safeArea.top + 8
            script:
              - set: {slide.constant: 20}
              - expect: {slide.constant: 20, slide.active: true}
            """
        #expect(diagnostics(yaml).isEmpty)
        let scene = try SceneLoader(registry: .standard).load(SceneSource(name: "t.yaml", text: yaml))
        let box = try #require(scene.object("box") as? View)
        let slide = try #require(scene.object("slide") as? Constraint)
        #expect(box.constraints.map(\.text) == ["leading == canvas.leading + 16", "width == 0.5 * canvas.width @750"])
        #expect(slide.view === box)
        #expect(slide.constant == 8)
        #expect(box.layoutConstraints.map(\.constraint.text).last == "top == canvas.safeArea.top + 8")
        slide.constant = 20
        #expect(box.layoutConstraints.map(\.constraint.text).last == "top == canvas.safeArea.top + 20")
        #expect(slide.deactivate() == .handled)
        #expect(box.layoutConstraints.count == 2)
    }

    @Test func theWholeTextOfEachCodeIsWrittenForTheSceneAuthor() throws {
        let text = """
            objects:
              box:
                type: View
                constraints:
                  - "width == 100 @high"
                  - width == 200
              tag: {type: Label, text: New}
            """
        let source = SceneSource(name: "t.yaml", text: text)
        let declaration = try SceneLoader(registry: .standard).validate(source).get()
        let box = try #require(declaration.index(ofID: "box"))
        let conflict = ConstraintConflict(
            members: [
                .init(id: "box", element: 1, text: "width == 200"),
                .init(id: "tag", element: nil, text: "its content size, 30 by 20, at priority 1000"),
            ], broken: 0)
        #expect(
            DiagnosticRenderer.render([declaration.diagnostic(conflict)], in: source) == """
                t.yaml:6:9: error: 2 required constraints cannot all hold: 'box': width == 200 (line 6); 'tag': its content size, 30 by 20, at priority 1000 (line 7); 'width == 200' of 'box' is broken to lay the views out
                    6 |       - width == 200
                      |         ^~~~~~~~~~~~
                      = help: lower the priority of one (as in 'width == 400 @750'), or remove one
                t.yaml:7:3: note: 'its content size, 30 by 20, at priority 1000' of 'tag', in the conflict
                    7 |   tag: {type: Label, text: New}
                      |   ^

                """)
        #expect(
            DiagnosticRenderer.render(
                [declaration.ambiguityDiagnostic(object: box, axis: "vertical", open: "height")], in: source) == """
                    t.yaml:2:3: warning: the constraints of 'box' leave its height open
                        2 |   box:
                          |   ^~~
                          = help: give it a height ('height == 44') or a second vertical edge ('bottom == parent.bottom - 16')

                    """)
        let invalid = SceneSource(name: "t.yaml", text: "objects:\n  a: {type: View, constraints: [width >= 2O]}\n")
        #expect(
            DiagnosticRenderer.render(SceneLoader(registry: .standard).check(invalid), in: invalid) == """
                t.yaml:2:42: error: '2O' is neither a number nor an id
                    2 |   a: {type: View, constraints: [width >= 2O]}
                      |                                          ^~
                      = help: a number is written in points, such as 16 or 0.5, and an id starts with a letter

                """)
    }
}
