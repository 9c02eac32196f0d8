import Foundation
import SceneCore
import SceneYAML
import Testing

@testable import SceneLoader

/// The second phase of a load on its own: `ComponentExpansion.expand`
/// turns a parsed document into the flat list of objects its entries of
/// `objects:` stand for, each with its file, with no registry.
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
        let (scene, found) = ComponentExpansion.expand(parsed, limits: SceneLimits())
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
        #expect(expanded.objects[1].overrides.map(\.property) == ["text"])
        #expect(expanded.objects[1].file.includer === expanded.objects[0].file)
    }

    @Test func aSceneIncludingItselfIsACycleFoundByTheExpansionAlone() throws {
        let folder = try SceneFolder(["scene.yaml": "objects:\n  again: { include: scene.yaml }\n"])
        let expanded = try expandFirstObject(in: folder)
        #expect(expanded.objects.isEmpty)
        #expect(expanded.diagnostics.map(\.code) == [.includeCycle])
    }
}
