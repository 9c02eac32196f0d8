import Foundation
import SceneCore
import SceneYAML
import Testing

@testable import SceneLoader

/// The second phase of a load on its own: `ComponentExpansion` turns an
/// entry of `objects:` into the flat list of objects it stands for, each
/// with its file, from a document and a diagnostic collector, with no
/// checker and no registry.
@Suite struct ComponentExpansionTests {
    /// What expanding the first entry of `objects:` in the folder's
    /// `scene.yaml` gave.
    struct Expanded {
        var expansion: ComponentExpansion
        let objects: [ExpandedObject]
        let diagnostics: DiagnosticCollector
    }

    private func expandFirstObject(in folder: borrowing SceneFolder) throws -> Expanded {
        let path = folder.path + "/scene.yaml"
        let limits = SceneLimits()
        var expansion = ComponentExpansion(ownName: path, limits: limits)
        var diagnostics = DiagnosticCollector(limit: limits.maxDiagnostics)
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        let document = try YAMLDocumentReader.readDocument(bytes, limits: limits.yaml, pipelining: .off)
        let root = try #require(document.root)
        let objects = try #require(document.entry(root, "objects"))
        let entry = try #require(document.entries(objects.value).first)
        var expanded: [ExpandedObject] = []
        let none = EarlierObjects(ids: ObjectIDTable(), firstOffsets: [])
        expansion.expand(document, entry, earlier: none, appendingTo: &expanded, into: &diagnostics)
        return Expanded(expansion: expansion, objects: expanded, diagnostics: diagnostics)
    }

    @Test func anInstanceGivesItsObjectsWithTheirFilePrefixAndParameters() throws {
        let folder = try SceneFolder([
            "scene.yaml": "objects:\n  left: { include: parts/box.yaml, params: { size: 5 } }\n",
            "parts/box.yaml": "params:\n  size: { type: Int, default: 3 }\nobjects:\n  box: { type: View }\n",
        ])
        let expanded = try expandFirstObject(in: folder)
        #expect(expanded.diagnostics.diagnostics.isEmpty)
        #expect(expanded.objects.map(\.id) == ["left.box"])
        let file = try #require(expanded.objects.first?.file)
        #expect(file.component?.ids == ["box"])
        #expect(file.name.hasSuffix("parts/box.yaml"))
        #expect(file.prefix == "left.")
        #expect(file.includer === expanded.expansion.ownFile)
        #expect(file.parameters?["size"]?.value == .int(5))
        #expect(file.origin?.includedFrom.map(\.instance) == ["left"])
        #expect(expanded.expansion.includedFiles.count == 1)
    }

    @Test func nestedInstancesComeOutFlatInFileOrderWithTheirOverrides() throws {
        let folder = try SceneFolder([
            "scene.yaml": "objects:\n  outer: { include: a.yaml, set: { inner.label.text: hi } }\n",
            "a.yaml": "objects:\n  first: { type: View }\n  inner: { include: b.yaml }\n  last: { type: View }\n",
            "b.yaml": "objects:\n  label: { type: Label }\n",
        ])
        let expanded = try expandFirstObject(in: folder)
        #expect(expanded.diagnostics.diagnostics.isEmpty)
        #expect(expanded.objects.map(\.id) == ["outer.first", "outer.inner.label", "outer.last"])
        #expect(expanded.objects.map(\.file.prefix) == ["outer.", "outer.inner.", "outer."])
        #expect(expanded.objects[1].overrides.map(\.property) == ["text"])
        #expect(expanded.objects[1].file.includer === expanded.objects[0].file)
    }

    @Test func aSceneIncludingItselfIsACycleFoundByTheExpansionAlone() throws {
        let folder = try SceneFolder(["scene.yaml": "objects:\n  again: { include: scene.yaml }\n"])
        let expanded = try expandFirstObject(in: folder)
        #expect(expanded.objects.isEmpty)
        #expect(expanded.diagnostics.diagnostics.map(\.code) == [.includeCycle])
        #expect(expanded.expansion.componentFiles.isEmpty)
    }
}
