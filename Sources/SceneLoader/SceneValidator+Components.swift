import SceneCore
import SceneYAML

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One file that objects come from while a scene is validated: the scene's
/// own (context 0), or one instance of a component, with its id prefix and
/// parameters. Kept small, since a scene may have a million instances: the
/// file's text and document are the component's (see
/// ``SceneValidator/componentFiles``), and the chain of includes is found
/// through ``parent``.
struct IncludeContext {
    /// The component's index in ``SceneValidator/componentFiles``; `nil` for the scene's own file.
    var component: Int?
    /// The context whose file holds the `include:`; `nil` for the scene's own file.
    var parent: Int?
    /// Where that `include:`'s value is written.
    var includePosition = SourcePosition.start
    /// The instance's path and a dot (`left.`), put before every id of the file.
    var prefix = ""
    var prefixBytes: [UInt8] = []
    /// The value of each parameter; `nil` when the file declares none, and
    /// `$name` is then plain text.
    var parameters: [String: ParameterBinding]?
    /// What the component's root views (those with no `parent`) are placed under.
    var rootParent: ParentSite?
    /// Where the scene's own file writes the outermost instance's id.
    var siteOffsets: Range<Int> = 0..<0
}

/// A property's value as a component file writes it: the same for every instance.
struct SharedValueKey: Hashable {
    let component: Int
    let node: YAMLDocument.Node
    let property: ObjectIdentifier
}

/// An include's file: the path to open, as diagnostics show it, and its identity.
struct ResolvedInclude {
    let open: String
    let display: String
    let identity: String
}

/// An `include:` path as written in one file (its index in
/// ``SceneValidator/componentFiles``, `nil` for the scene's own).
struct IncludeKey: Hashable {
    let file: Int?
    let path: String
}

/// The value a parameter has in one instance.
struct ParameterBinding {
    /// Its declared type, when it has one.
    let type: ValueType?
    /// The file its value is written in (see ``SceneValidator/contexts``).
    let context: Int
    let node: YAMLDocument.Node
    /// The value resolved as the declared type.
    let value: SceneValue?
    /// False once a diagnostic was reported for the value.
    let isValid: Bool
}

/// The `parent:` of an instance, given to the component's root views.
struct ParentSite {
    /// The parent's id by path, and as written.
    let id: String
    let written: String
    let offsets: Range<Int>
    /// The file it is written in.
    let context: Int
}

/// One `set: { id.property: value }` entry of an instance.
struct Override {
    /// The object's id by path from the scene's own objects.
    let objectID: String
    /// The id and property as written.
    let written: String
    let property: String
    let keyNode: YAMLDocument.Node
    let valueNode: YAMLDocument.Node
    /// The file the `set:` is written in.
    let context: Int
    var isUsed = false
}

/// A component file, read and parsed once per load.
struct ComponentFile {
    /// Its text, named as diagnostics show it (normalised: `Scenes/c.yaml`).
    let source: SceneSource
    /// The path it was opened by, as the includes joined it
    /// (`Mistakes/../Scenes/c.yaml`): its own includes are relative to it.
    let path: String
    /// Its identity (see ``SceneValidator/canonicalPath(_:)``), for cycles
    /// and for reading it once.
    let canonical: String
    let document: YAMLDocument
    /// Its `objects:` mapping.
    let objects: YAMLDocument.Node?
    /// Whether it has `params:` (where `$name` values are references).
    let declaresParameters: Bool
    let parameters: [ParameterDeclaration]
    /// The names of ``parameters``, in order.
    let parameterNames: [String]
    /// Its objects' ids, for suggestions.
    let ids: [String]
}

/// One entry of a component's `params:`.
struct ParameterDeclaration {
    let name: String
    let type: ValueType?
    let defaultNode: YAMLDocument.Node?
    /// The default resolved as ``type``, where the declaration was checked
    /// (and a mistake in it reported, once); `nil` when invalid or untyped.
    let defaultValue: SceneValue?

    /// The binding of a typed parameter to its default, checked with the
    /// declaration; `nil` for an untyped one, whose default is checked
    /// where it is used.
    func binding(ofDefault node: YAMLDocument.Node, context: Int) -> ParameterBinding? {
        guard let type else { return nil }
        return ParameterBinding(
            type: type, context: context, node: node, value: defaultValue, isValid: defaultValue != nil)
    }
}

extension SceneValidator {
    /// The keys of an object that instances a component.
    static let instanceKeys = ["include", "params", "parent", "set"]

    // MARK: - Instances

    /// Expands the instance of a component declared by `entry` in the file
    /// of `context`: its objects are validated as objects of the scene, with
    /// their ids prefixed by the instance's path.
    mutating func addInstance(_ document: borrowing YAMLDocument, _ entry: YAMLDocument.Entry, context: Int) {
        if context == 0 { ownDocument = copy document }
        defer { if context == 0 { ownDocument = nil } }
        let name = contexts[context].prefix + entry.key
        var isValid = false
        document.withScalarBytes(entry.keyNode) { isValid = SceneRegistry.isIdentifier(utf8: $0) }
        if !isValid {
            diagnostics.add(.invalidID(id: entry.key), at: document.writtenSpan(entry.keyNode))
        }
        if context == 0 {
            let first = declaration.idTable[entry.key].map { firstOffsets[$0] } ?? instanceOffsets[entry.key]
            if let first {
                diagnostics.add(
                    .duplicateID(id: entry.key), at: document.writtenSpan(entry.keyNode),
                    notes: [Diagnostic.Note("first written here", at: document.position(ofOffset: first))])
                return
            }
            instanceOffsets[entry.key] = document.offsets(entry.keyNode).lowerBound
        }
        var includeNode: YAMLDocument.Node?
        var paramsNode: YAMLDocument.Node?
        var parentNode: YAMLDocument.Node?
        var setNode: YAMLDocument.Node?
        document.forEachEntry(entry.value) { member in
            switch member.key {
            case "include": includeNode = member.value
            case "params": paramsNode = member.value
            case "parent": parentNode = member.value
            case "set": setNode = member.value
            default:
                diagnostics.add(
                    .unknownInstanceKey(
                        key: member.key, suggestion: Suggestions.closest(to: member.key, in: Self.instanceKeys)),
                    at: document.writtenSpan(member.keyNode))
            }
        }
        guard let includeNode, document.kind(includeNode) == .scalar, !document.isNull(includeNode),
            let path = document.text(includeNode), !path.isEmpty
        else {
            let node = includeNode ?? entry.keyNode
            let isEmpty = document.isNull(node) || document.text(node)?.isEmpty == true
            let found = isEmpty ? "nothing" : document.kindDescription(node)
            diagnostics.add(.includeNotAPath(found: found), at: document.span(node))
            return
        }
        guard !stoppedIncluding else { return }
        let includeSpan = document.span(includeNode)
        let include = resolveInclude(path, from: context)
        let (displayPath, canonical) = (include.display, include.identity)
        // The files from this one back to the scene's own, nearest first.
        var chain: [Int] = []
        var link: Int? = context
        while let file = link {
            chain.append(file)
            link = contexts[file].parent
        }
        if let loop = chain.firstIndex(where: { canonicalPath(of: $0) == canonical }) {
            diagnostics.add(
                .includeCycle(files: chain[...loop].reversed().map(fileName) + [displayPath]), at: includeSpan)
            return
        }
        if chain.count > limits.maxIncludeDepth {
            diagnostics.add(.includeTooDeep(limit: limits.maxIncludeDepth), at: includeSpan)
            stoppedIncluding = true
            return
        }
        let includedFrom =
            [Diagnostic.Inclusion(file: fileName(context), position: includeSpan.start, instance: name)]
            + includedFrom(context)
        guard let componentIndex = component(include, at: includeSpan, includedFrom: includedFrom)
        else { return }
        let component = componentFiles[componentIndex]
        // Instances count too, so that components of nothing but instances
        // cannot fan out without bound.
        let count = component.objects.map { component.document.count($0) } ?? 0
        expandedInstances += 1
        if ids.count + expandedInstances + count > limits.maxExpandedObjects {
            diagnostics.add(.tooManyObjects(limit: limits.maxExpandedObjects), at: includeSpan)
            stoppedIncluding = true
            return
        }
        // What the instance costs in bytes: its file's text and the text
        // its aliases repeat (both copied into its objects), and its path
        // before each of its ids.
        let idBytes = (name.utf8.count + 1).multipliedReportingOverflow(by: count + 1)
        for bytes in [component.source.bytes.count, component.document.aliasBytes, idBytes.partialValue] {
            let sum = expandedBytes.addingReportingOverflow(bytes)
            expandedBytes = sum.overflow || idBytes.overflow ? .max : sum.partialValue
        }
        if expandedBytes > limits.maxExpandedBytes {
            diagnostics.add(.expansionTooLarge(limit: limits.maxExpandedBytes), at: includeSpan)
            stoppedIncluding = true
            return
        }
        var instance = IncludeContext()
        instance.component = componentIndex
        instance.parent = context
        instance.includePosition = includeSpan.start
        instance.prefix = name + "."
        instance.prefixBytes = Array(instance.prefix.utf8)
        instance.siteOffsets = context == 0 ? document.offsets(entry.keyNode) : contexts[context].siteOffsets
        instance.rootParent = contexts[context].rootParent
        if let parentNode {
            if document.kind(parentNode) == .scalar, !document.isNull(parentNode),
                let written = document.text(parentNode)
            {
                instance.rootParent = ParentSite(
                    id: contexts[context].prefix + written, written: written, offsets: document.offsets(parentNode),
                    context: context)
            } else {
                diagnostics.add(
                    .idExpected(outlet: "parent", found: document.kindDescription(parentNode)),
                    at: document.span(parentNode))
            }
        }
        let index = contexts.count
        contexts.append(instance)
        // Where diagnostics go, in the includer's file and in the component's.
        let includerOrigin = diagnostics.origin
        let componentOrigin = (file: component.source, includedFrom: includedFrom)
        if component.declaresParameters {
            contexts[index].parameters = bindParameters(
                document, paramsNode, of: component, instance: name, at: entry.keyNode, context: context, into: index,
                origin: componentOrigin)
        } else if let paramsNode {
            document.forEachEntry(paramsNode) { given in
                diagnostics.add(
                    .unknownParameter(name: given.key, component: displayPath, suggestion: nil, known: []),
                    at: document.writtenSpan(given.keyNode))
            }
        }
        let registered = registerOverrides(document, setNode, instance: name, context: context)
        if let objects = component.objects {
            diagnostics.origin = componentOrigin
            component.document.forEachEntry(objects) { addObject(component.document, $0, context: index) }
            diagnostics.origin = includerOrigin
        }
        for position in registered where !overrides[position].isUsed {
            let override = overrides[position]
            diagnostics.add(at: document.writtenSpan(override.keyNode)) { withHints in
                .unknownOverrideObject(
                    path: override.written, component: displayPath,
                    suggestion: withHints ? Suggestions.closest(to: override.written, in: component.ids) : nil)
            }
        }
        for position in registered { overridesByID[overrides[position].objectID] = nil }
    }
}
