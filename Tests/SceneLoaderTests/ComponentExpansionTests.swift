import Foundation
import SceneBehaviours
import SceneCore
import SceneYAML
import Testing

@testable import SceneLoader

/// The second phase of a load on its own: `ComponentExpansion.expand`
/// turns a parsed document into the flat list of objects its entries of
/// `objects:` stand for, each with its file and what its instances give it
/// (the root views' parent, the `set:` overrides checked against its type).
@Suite struct ComponentExpansionTests {
    /// What expanding the folder's `scene.yaml` gave.
    struct Expanded {
        let scene: ExpandedScene
        var objects: [ExpandedObject] { scene.objects }
        let diagnostics: [Diagnostic]
    }

    private func expandFirstObject(in folder: borrowing SceneFolder) throws -> Expanded {
        let path = folder.path + "/scene.yaml"
        let source = try SceneSource(contentsOf: path)
        let parsed = try ParsedScene.parse(source, limits: SceneLimits(), pipelining: .off).get()
        let (scene, found) = ComponentExpansion.expand(parsed, registry: .standard, limits: SceneLimits())
        return Expanded(scene: scene, diagnostics: found.found)
    }

    @Test func anInstanceGivesItsObjectsWithTheirFilePrefixAndParameters() throws {
        let folder = try SceneFolder([
            "scene.yaml": "objects:\n  left: { include: parts/box.yaml, params: { size: 5 } }\n",
            "parts/box.yaml": "params:\n  size: { type: Int, default: 3 }\nobjects:\n  box: { type: View }\n",
        ])
        let expanded = try expandFirstObject(in: folder)
        #expect(expanded.diagnostics.isEmpty)
        #expect(expanded.objects.map(\.id) == ["left.box"])
        let file = try #require(expanded.objects.first?.file)
        #expect(file.component?.ids == ["box"])
        #expect(file.name.hasSuffix("parts/box.yaml"))
        #expect(file.prefix == "left.")
        #expect(file.includer === expanded.scene.ownFile)
        #expect(file.parameters?["size"]?.value == .int(5))
        #expect(file.origin?.includedFrom.map(\.instance) == ["left"])
        #expect(expanded.scene.includedFiles.count == 1)
    }

    @Test func nestedInstancesComeOutFlatInFileOrderWithTheirOverrides() throws {
        let folder = try SceneFolder([
            "scene.yaml": "objects:\n  outer: { include: a.yaml, set: { inner.label.text: hi } }\n",
            "a.yaml": "objects:\n  first: { type: View }\n  inner: { include: b.yaml }\n  last: { type: View }\n",
            "b.yaml": "objects:\n  label: { type: Label }\n",
        ])
        let expanded = try expandFirstObject(in: folder)
        #expect(expanded.diagnostics.isEmpty)
        #expect(expanded.objects.map(\.id) == ["outer.first", "outer.inner.label", "outer.last"])
        #expect(expanded.objects.map(\.file.prefix) == ["outer.", "outer.inner.", "outer."])
        let given = expanded.scene.given[expanded.objects[1].given]
        #expect(given.map(\.setMember) == ["text"])
        guard case .property(let property, let value)? = given.first else {
            Issue.record("no property given: \(given)")
            return
        }
        #expect(property.name == "text")
        #expect(value == .string("hi"))
        #expect(expanded.objects[0].given.isEmpty)
        #expect(expanded.objects[1].file.includer === expanded.objects[0].file)
    }

    @Test func aParametersUseIsResolvedInExpansionWhereItsKeyIsWritten() throws {
        let folder = try SceneFolder([
            "scene.yaml": "objects:\n  a: { include: box.yaml, params: { size: 5, name: 7 } }\n",
            "box.yaml":
                "params:\n  size: { type: Double, default: 3 }\n  name: { default: x }\n"
                + "objects:\n  slider: { type: Stepper, maximum: $size, value: $name }\n",
        ])
        let expanded = try expandFirstObject(in: folder)
        let uses = expanded.scene.given[expanded.objects[0].given].compactMap { member -> (String, SceneValue?)? in
            guard case .parameterUse(_, let property, let value) = member else { return nil }
            return (property.name, value)
        }
        // In the order the keys are written, each checked against its property here.
        #expect(uses.map(\.0) == ["maximum", "value"])
        #expect(uses.first?.1 == .double(5))
        #expect(uses.last?.1 == .double(7))
        #expect(expanded.diagnostics.isEmpty)
    }

    @Test func aParameterThatDoesNotFitItsPropertyIsReportedByExpansion() throws {
        let folder = try SceneFolder([
            "scene.yaml": "objects:\n  a: { include: box.yaml }\n",
            "box.yaml": "params:\n  on: { type: Bool, default: true }\nobjects:\n  b: { type: Button, title: $on }\n",
        ])
        let expanded = try expandFirstObject(in: folder)
        guard case .parameterUse(_, let property, let value)? = expanded.scene.given[expanded.objects[0].given].first
        else {
            Issue.record("no parameter use given to a.b")
            return
        }
        #expect(property.name == "title")
        #expect(value == nil)
        #expect(expanded.diagnostics.map(\.code) == [.parameterTypeMismatch])
    }

    @Test func anInstancesParentGoesToTheRootViewsThatWriteNone() throws {
        let folder = try SceneFolder([
            "scene.yaml": "objects:\n  root: { type: View }\n  box: { include: box.yaml, parent: root }\n",
            "box.yaml": "objects:\n  frame: { type: View }\n  inside: { type: View, parent: frame }\n",
        ])
        let expanded = try expandFirstObject(in: folder)
        #expect(expanded.diagnostics.isEmpty)
        #expect(expanded.objects.map(\.id) == ["root", "box.frame", "box.inside"])
        guard case .parent(let site, let outlet)? = expanded.scene.given[expanded.objects[1].given].first else {
            Issue.record("no parent given to box.frame")
            return
        }
        #expect(site.id == "root")
        #expect(outlet.name == "parent")
        #expect(expanded.objects[2].given.isEmpty)
    }

    @Test func aSetTheTypeRefusesIsReportedByTheExpansionAlone() throws {
        let folder = try SceneFolder([
            "scene.yaml": "objects:\n  form: { include: form.yaml, set: { b.highlighted: true, b.colour: red } }\n",
            "form.yaml": "objects:\n  b: { type: Button, title: Go }\n",
        ])
        let expanded = try expandFirstObject(in: folder)
        // In the order the overrides are applied, which the diagnostics' sort by position hides.
        #expect(Set(expanded.diagnostics.map(\.code)) == [.readOnlyProperty, .unknownOverride])
        #expect(expanded.diagnostics.map(\.position.line) == [2, 2])
        #expect(Set(expanded.scene.given[expanded.objects[0].given].map(\.setMember)) == ["highlighted", "colour"])
    }

    @Test func aSceneIncludingItselfIsACycleFoundByTheExpansionAlone() throws {
        let folder = try SceneFolder(["scene.yaml": "objects:\n  again: { include: scene.yaml }\n"])
        let expanded = try expandFirstObject(in: folder)
        #expect(expanded.objects.isEmpty)
        #expect(expanded.diagnostics.map(\.code) == [.includeCycle])
    }
}
