import SceneCore
import SceneYAML

extension SceneValidator {
    /// The phase: every object of `expanded` checked against the registry,
    /// in file order, then the scene's top level. `earlier` are the
    /// diagnostics of the phases before, which count toward the limit.
    ///
    /// - Complexity: O(n) in the objects and their members.
    static func declare(
        _ expanded: ExpandedScene, registry: SceneRegistry, limits: SceneLimits, programName: String?,
        after earlier: [PhaseDiagnostics]
    ) -> (DeclaredScene, PhaseDiagnostics) {
        var validator = SceneValidator(registry: registry, limits: limits, programName: programName, after: earlier)
        let document = expanded.parsed.document
        // Up to the default size limit: a file past it is refused unread.
        validator.reserveCapacity(
            forTextOf: min(document.utf8Text.count, limits.yaml.maxInputBytes, YAMLLimits().maxInputBytes))
        validator.check(expanded.objects, own: document)
        let topLevel = validator.checkTopLevel(document, ownDeclaresParameters: expanded.ownFile.parameters != nil)
        return (
            DeclaredScene(expanded: expanded, checked: validator.checked, topLevel: topLevel),
            validator.diagnostics.found
        )
    }

    // MARK: - The whole file

    /// Checks the top level of `document` but its objects.
    /// `ownDeclaresParameters`: whether the scene's own `params:` was read
    /// before its objects (see ``ComponentExpansion/begin(_:into:)``).
    mutating func checkTopLevel(_ document: YAMLDocument, ownDeclaresParameters: Bool) -> DeclaredScene.TopLevel {
        var declaration = DeclaredScene.TopLevel()
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
                    declaration.script = entry.value
                } else if !document.isNull(entry.value) {
                    diagnostics.add(
                        .scriptNotAList(found: document.kindDescription(entry.value)), at: document.span(entry.value))
                }
            case "invariants":
                if document.kind(entry.value) == .sequence {
                    declaration.invariants = entry.value
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
