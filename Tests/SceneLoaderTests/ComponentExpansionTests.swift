import Foundation
import SceneCore
import SceneYAML
import Testing

@testable import SceneLoader

/// The second phase of a load on its own: `ComponentExpansion` expands an
/// instance from a document and a diagnostic collector, with no validator
/// and no registry.
@Suite struct ComponentExpansionTests {
    /// What expanding the first entry of `objects:` in the folder's
    /// `scene.yaml` gave.
    struct Expanded {
        var expansion: ComponentExpansion
        let instance: ComponentExpansion.Instance?
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
        let instance = expansion.expand(
            document, entry, name: entry.key, context: 0, objectCount: 0, into: &diagnostics)
        return Expanded(expansion: expansion, instance: instance, diagnostics: diagnostics)
    }

    @Test func anInstanceGetsItsOwnFilePrefixAndParameters() throws {
        let folder = try SceneFolder([
            "scene.yaml": "objects:\n  left: { include: parts/box.yaml, params: { size: 5 } }\n",
            "parts/box.yaml": "params:\n  size: { type: Int, default: 3 }\nobjects:\n  box: { type: View }\n",
        ])
        let expanded = try expandFirstObject(in: folder)
        #expect(expanded.diagnostics.diagnostics.isEmpty)
        let instance = try #require(expanded.instance)
        #expect(instance.context == 1)
        #expect(instance.file.ids == ["box"])
        #expect(instance.displayPath.hasSuffix("parts/box.yaml"))
        let context = expanded.expansion.contexts[instance.context]
        #expect(context.prefix == "left.")
        #expect(context.parent == 0)
        #expect(context.parameters?["size"]?.value == .int(5))
        #expect(expanded.expansion.includedFiles.count == 1)
    }

    @Test func aSceneIncludingItselfIsACycleFoundByTheExpansionAlone() throws {
        let folder = try SceneFolder(["scene.yaml": "objects:\n  again: { include: scene.yaml }\n"])
        let expanded = try expandFirstObject(in: folder)
        #expect(expanded.instance == nil)
        #expect(expanded.diagnostics.diagnostics.map(\.code) == [.includeCycle])
        #expect(expanded.expansion.contexts.count == 1)
    }
}
