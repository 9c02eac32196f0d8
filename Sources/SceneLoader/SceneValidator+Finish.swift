import SceneCore
import SceneYAML

extension SceneValidator {
    // MARK: - The whole file

    /// Checks the top level of the finished `document`, has every reference
    /// between objects resolved (see ``ReferenceResolver``), the id table
    /// being complete, compiles the script and returns the declaration.
    /// `ownDeclaresParameters`: whether the scene's own `params:` was read
    /// before its objects (see ``ComponentExpansion/begin(_:into:)``).
    mutating func finish(_ document: YAMLDocument, ownDeclaresParameters: Bool) -> SceneDeclaration {
        var declaration = SceneDeclaration()
        declaration.locator = document.locator
        locator = document.locator
        guard let root = document.root else {
            diagnostics.add(.emptyFile, at: SourceSpan(at: .start))
            return declaration
        }
        guard document.kind(root) == .mapping else {
            diagnostics.add(.fileNotAMapping(found: document.kindDescription(root)), at: document.span(root))
            return declaration
        }
        let top = document.entries(root)
        var sawObjects = false
        var scriptNode: YAMLDocument.Node?
        var invariantsNode: YAMLDocument.Node?
        for entry in top {
            switch entry.key {
            case "scene": declaration.title = text(document, entry, "scene")
            case "description": declaration.summary = text(document, entry, "description")
            case "canvas" where document.kind(entry.value) == .scalar && !document.isNull(entry.value):
                // A device's name: `iPhone 15`, `iPad landscape`.
                let name = document.text(entry.value) ?? ""
                if let device = Device.named(name) {
                    declaration.device = device
                    declaration.canvas = device.size
                } else {
                    diagnostics.add(
                        .unknownDevice(name: name, suggestion: Suggestions.closest(to: name, in: Device.names)),
                        at: document.span(entry.value))
                }
            case "canvas":
                declaration.canvas = ValueResolver.resolve(
                    entry.value, in: document, as: Size.sceneValueType, subject: { "canvas" }, into: &diagnostics
                ).flatMap(Size.init(sceneValue:))
            case "version":
                if document.text(entry.value) == "1" { break }
                let written = document.text(entry.value).map { "'\($0)'" } ?? document.kindDescription(entry.value)
                diagnostics.add(.unsupportedVersion(written: written), at: document.span(entry.value))
            case "objects":
                sawObjects = true
                if document.kind(entry.value) != .mapping && !document.isNull(entry.value) {
                    diagnostics.add(
                        .objectsNotAMapping(found: document.kindDescription(entry.value)),
                        at: document.span(entry.value))
                }
            case "params":
                // Read before the objects; written after them, it came too late.
                if !ownDeclaresParameters && document.kind(entry.value) == .mapping {
                    diagnostics.add(
                        .invalidParameterDeclaration(
                            name: document.entries(entry.value).first?.key ?? "",
                            problem: "is declared after 'objects:'",
                            hint: "move 'params:' above 'objects:', where the objects' values can use them"),
                        at: document.writtenSpan(entry.keyNode))
                }
            case "script":
                if document.kind(entry.value) == .sequence {
                    scriptNode = entry.value
                } else if !document.isNull(entry.value) {
                    diagnostics.add(
                        .scriptNotAList(found: document.kindDescription(entry.value)), at: document.span(entry.value))
                }
            case "invariants":
                if document.kind(entry.value) == .sequence {
                    invariantsNode = entry.value
                } else if !document.isNull(entry.value) {
                    diagnostics.add(
                        .invariantsNotAList(found: document.kindDescription(entry.value)),
                        at: document.span(entry.value))
                }
            default:
                let suggestion = Suggestions.closest(to: entry.key, in: SceneValidator.topLevelKeys)
                // A misspelt 'objects' is one mistake, not also a missing 'objects'.
                if suggestion == "objects" { sawObjects = true }
                diagnostics.add(
                    .unknownTopLevelKey(key: entry.key, suggestion: suggestion), at: document.writtenSpan(entry.keyNode)
                )
            }
        }
        if !sawObjects {
            diagnostics.add(
                .missingObjects, at: top.first.map { document.writtenSpan($0.keyNode) } ?? document.span(root))
        }
        var resolver = ReferenceResolver(
            registry: registry, checked: checked, locator: locator, diagnostics: diagnostics)
        let wiring = resolver.resolve()
        diagnostics = resolver.diagnostics
        declaration.idTable = checked.idTable
        declaration.objects = wiring.objects
        declaration.propertyValues = checked.propertyValues
        declaration.outletConnections = wiring.outletConnections
        declaration.outletTargets = wiring.outletTargets
        declaration.eventConnections = wiring.eventConnections
        if scriptNode != nil || invariantsNode != nil {
            var compiler = ScriptCompiler(
                registry: registry, objectIDs: checked.ids, objectTypes: checked.types, idTable: checked.idTable,
                maxVirtualTime: limits.maxVirtualTime, diagnostics: diagnostics)
            if let invariantsNode { declaration.invariants = compiler.compileInvariants(document, invariantsNode) }
            if let scriptNode { declaration.steps = compiler.compileScript(document, scriptNode) }
            diagnostics = compiler.diagnostics
        }
        return declaration
    }

    mutating func text(_ document: YAMLDocument, _ entry: YAMLDocument.Entry, _ key: String) -> String? {
        guard let text = document.text(entry.value) else {
            diagnostics.add(
                .textExpected(key: key, found: document.kindDescription(entry.value)), at: document.span(entry.value))
            return nil
        }
        return document.isNull(entry.value) ? nil : text
    }

}
