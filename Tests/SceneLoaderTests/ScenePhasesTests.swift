import SceneBehaviours
import SceneCore
import Testing

@testable import SceneLoader

/// Each phase of a load on its own: its input made by the phases before,
/// its own output asserted.
@Suite struct ScenePhasesTests {
    let limits = SceneLimits()

    func parsed(_ text: String) throws -> ParsedScene {
        try ParsedScene.parse(SceneSource(name: "test.yaml", text: text), limits: limits, pipelining: .off).get()
    }

    func declared(_ text: String) throws -> (DeclaredScene, [PhaseDiagnostics]) {
        let (expanded, expansion) = ComponentExpansion.expand(try parsed(text), limits: limits)
        let (declared, declaration) = SceneValidator.declare(
            expanded, registry: .standard, limits: limits, programName: nil, after: [expansion])
        return (declared, [expansion, declaration])
    }

    @Test func parsingKeepsEveryObjectAndLeavesTheirIDsUnchecked() throws {
        let scene = try parsed("objects:\n  a: { type: View }\n  a: { type: Button }\n")
        let document = scene.document
        let objects = try #require(document.root.flatMap { document.entry($0, "objects") })
        #expect(document.entries(objects.value).map(\.key) == ["a", "a"])
        #expect(scene.diagnostics.found.isEmpty)
    }

    @Test func parsingRefusesWhatIsNoYAML() {
        let refused = ParsedScene.parse(
            SceneSource(name: "test.yaml", text: "objects: [1"), limits: limits, pipelining: .off)
        guard case .failure(let diagnostic) = refused else {
            Issue.record("parsed")
            return
        }
        #expect(diagnostic.code == .yamlSyntax)
    }

    @Test func expansionGivesEveryObjectOfTheDocumentFlat() throws {
        let (expanded, found) = ComponentExpansion.expand(
            try parsed("objects:\n  a: { type: View }\n  b: { type: Nothing }\n  c: 3\n"), limits: limits)
        #expect(expanded.objects.map(\.id) == ["a", "b", "c"])
        #expect(expanded.objects.allSatisfy { $0.file.isOwn })
        // Types are not its business.
        #expect(found.found.isEmpty)
    }

    @Test func expansionRefusesAnInstanceThatRepeatsAnEarlierID() throws {
        let (expanded, found) = ComponentExpansion.expand(
            try parsed("objects:\n  a: { type: View }\n  a: { include: nowhere.yaml }\n"), limits: limits)
        #expect(expanded.objects.map(\.id) == ["a"])
        #expect(found.found.map(\.code) == [.duplicateKey])
        #expect(found.found.first?.position.line == 3)
    }

    @Test func declarationTypesEveryObjectOrReportsWhyNot() throws {
        let (declared, found) = try declared(
            "scene: Two\nobjects:\n  a: { type: View }\n  b: { type: Nothing }\n  c: { type: Button, parent: a }\n")
        #expect(declared.checked.ids == ["a", "b", "c"])
        #expect(declared.checked.types.map { $0?.name } == ["View", nil, "Button"])
        #expect(declared.checked.targets.count == 1)
        #expect(declared.topLevel.title == "Two")
        #expect(found[1].found.map(\.code) == [.unknownType])
    }

    @Test func resolutionSaysWhatEachReferenceNames() throws {
        let (declared, earlier) = try declared(
            """
            objects:
              a: { type: View }
              b: { type: Nothing }
              c: { type: Button, parent: a, on: { tap: a.hide } }
              d: { type: Button, parent: b, on: { tap: a.wave } }
              e: { type: Button, parent: nobody }
              f: { type: TimeoutControllerHost, viewToHide: a, timeoutController: a }

            """)
        let (resolved, found) = ReferenceResolver.resolve(
            declared, registry: .standard, limits: limits, after: earlier)
        #expect(resolved.targets == [.object(0), .undeclared(1), .noSuchID, .object(0), .doesNotFit(0)])
        #expect(resolved.actions == [.object(0), .noSuchAction(0)])
        #expect(found.found.map(\.code) == [.unknownObject, .outletTypeMismatch, .unknownAction])
        // With mistakes, there is no wiring to assemble.
        #expect(resolved.wiring.objects.isEmpty)
    }

    @Test func compilationChecksTheScriptAgainstTheDeclaredObjects() throws {
        let (declared, earlier) = try declared(
            "objects:\n  a: { type: View }\nscript:\n  - wait: 1s\n  - tap: b\n  - expect: { a.hidden: false }\n")
        let (compiled, found) = ScriptCompiler.compile(declared, registry: .standard, limits: limits, after: earlier)
        #expect(compiled.steps.map(\.verb) == ["wait", "expect"])
        #expect(found.found.count == 1)
        #expect(found.found.first?.position.line == 5)
    }

    @Test func laterPhasesStopAtTheLimitTheEarlierOnesReached() throws {
        var limits = SceneLimits()
        limits.maxDiagnostics = 1
        let text = "objects:\n  a: { type: Nothing }\n  b: { type: View, parent: nobody }\n"
        let (expanded, expansion) = ComponentExpansion.expand(try parsed(text), limits: limits)
        let (declared, declaration) = SceneValidator.declare(
            expanded, registry: .standard, limits: limits, programName: nil, after: [expansion])
        #expect(declaration.found.map(\.code) == [.unknownType])
        let (_, resolution) = ReferenceResolver.resolve(
            declared, registry: .standard, limits: limits, after: [expansion, declaration])
        #expect(resolution.found.map(\.code) == [.tooManyDiagnostics])
        #expect(resolution.errorCount == 1)
    }
}
