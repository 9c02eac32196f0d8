import SceneCore
import SceneYAML

/// One file that objects come from while a scene is validated: the scene's
/// own (context 0), or one instance of a component, with its id prefix and
/// parameters. Kept small, since a scene may have a million instances: the
/// file's text and document are the component's (see
/// ``ComponentExpansion/componentFiles``), and the chain of includes is found
/// through ``parent``.
struct IncludeContext {
    /// The component's index in ``ComponentExpansion/componentFiles``; `nil` for the scene's own file.
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

/// The `parent:` of an instance, given to the component's root views.
struct ParentSite {
    /// The parent's id by path, and as written.
    let id: String
    let written: String
    let offsets: Range<Int>
    /// The file it is written in.
    let context: Int
}

/// Instances of components: each `include:` followed, within the limits.
extension ComponentExpansion {
    /// The keys of an object that instances a component.
    static let instanceKeys = ["include", "params", "parent", "set"]

    /// One instance expanded: what the checking phase needs to check its objects.
    struct Instance {
        /// Its index in ``ComponentExpansion/contexts``.
        let context: Int
        /// The component file its objects come from.
        let file: ComponentFile
        /// Where diagnostics about the component's file go.
        let origin: (file: SceneSource, includedFrom: [Diagnostic.Inclusion])
        /// Its `set:` entries, by index in ``ComponentExpansion/overrides``.
        let overrides: [Int]
        /// The component's path, as diagnostics show it.
        let displayPath: String
    }

    /// Expands the instance `name` of a component declared by `entry` in
    /// the file of `context`: checks its keys, follows its `include:`
    /// (reading the file once), binds its parameters and records its
    /// overrides. `nil` when it has no objects to check (after a
    /// diagnostic). `objectCount` is the objects declared so far, counted
    /// against ``SceneLimits/maxExpandedObjects``.
    mutating func expand(
        _ document: borrowing YAMLDocument, _ entry: YAMLDocument.Entry, name: String, context: Int,
        objectCount: Int,
        into diagnostics: inout DiagnosticCollector
    ) -> Instance? {
        guard let members = instanceMembers(document, entry, into: &diagnostics), !stoppedIncluding else { return nil }
        let includeSpan = document.span(members.include)
        guard
            let followed = followInclude(
                members.path, at: includeSpan, from: context, instance: name, objectCount: objectCount,
                into: &diagnostics)
        else { return nil }
        let (componentIndex, includedFrom, displayPath) = (
            followed.component, followed.includedFrom, followed.displayPath
        )
        let component = componentFiles[componentIndex]
        let (paramsNode, parentNode, setNode) = (members.params, members.parent, members.set)
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
        // Where diagnostics of the component's file go.
        let componentOrigin = (file: component.source, includedFrom: includedFrom)
        if component.declaresParameters {
            contexts[index].parameters = bindParameters(
                document, paramsNode, of: component, instance: name, at: entry.keyNode, context: context, for: index,
                origin: componentOrigin, into: &diagnostics)
        } else if let paramsNode {
            document.forEachEntry(paramsNode) { given in
                diagnostics.add(
                    .unknownParameter(name: given.key, component: displayPath, suggestion: nil, known: []),
                    at: document.writtenSpan(given.keyNode))
            }
        }
        let registered = registerOverrides(document, setNode, instance: name, context: context, into: &diagnostics)
        return Instance(
            context: index, file: component, origin: componentOrigin, overrides: registered, displayPath: displayPath)
    }

    /// The `include:`, `params:`, `parent:` and `set:` of an instance.
    struct InstanceMembers {
        let include: YAMLDocument.Node
        /// The path `include:` names, as written.
        let path: String
        let params: YAMLDocument.Node?
        let parent: YAMLDocument.Node?
        let set: YAMLDocument.Node?
    }

    /// The keys of the instance `entry`; `nil` when it names no file to
    /// include (after a diagnostic).
    func instanceMembers(
        _ document: borrowing YAMLDocument, _ entry: YAMLDocument.Entry,
        into diagnostics: inout DiagnosticCollector
    ) -> InstanceMembers? {
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
            return nil
        }
        return InstanceMembers(
            include: includeNode, path: path, params: paramsNode, parent: parentNode, set: setNode)
    }

    /// Follows the `include:` of `path` written at `includeSpan` in the
    /// file of `context` for `instance`: refuses a cycle and an include past
    /// the limits, and reads the component once. Its index in
    /// ``componentFiles``, the includes that lead to it and its path as
    /// diagnostics show it; `nil` after a diagnostic.
    mutating func followInclude(
        _ path: String, at includeSpan: SourceSpan, from context: Int, instance: String, objectCount: Int,
        into diagnostics: inout DiagnosticCollector
    ) -> (component: Int, includedFrom: [Diagnostic.Inclusion], displayPath: String)? {
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
            return nil
        }
        if chain.count > limits.maxIncludeDepth {
            diagnostics.add(.includeTooDeep(limit: limits.maxIncludeDepth), at: includeSpan)
            stoppedIncluding = true
            return nil
        }
        let includedFrom =
            [Diagnostic.Inclusion(file: fileName(context), position: includeSpan.start, instance: instance)]
            + includedFrom(context)
        guard
            let componentIndex = component(
                include, at: includeSpan, includedFrom: includedFrom, into: &diagnostics)
        else { return nil }
        let component = componentFiles[componentIndex]
        // Instances count too, so that components of nothing but instances
        // cannot fan out without bound.
        let count = component.objects.map { component.document.count($0) } ?? 0
        expandedInstances += 1
        if objectCount + expandedInstances + count > limits.maxExpandedObjects {
            diagnostics.add(.tooManyObjects(limit: limits.maxExpandedObjects), at: includeSpan)
            stoppedIncluding = true
            return nil
        }
        // What the instance costs in bytes: its file's text and the text
        // its aliases repeat (both copied into its objects), and its path
        // before each of its ids.
        let idBytes = (instance.utf8.count + 1).multipliedReportingOverflow(by: count + 1)
        for bytes in [component.source.bytes.count, component.document.aliasBytes, idBytes.partialValue] {
            let sum = expandedBytes.addingReportingOverflow(bytes)
            expandedBytes = sum.overflow || idBytes.overflow ? .max : sum.partialValue
        }
        if expandedBytes > limits.maxExpandedBytes {
            diagnostics.add(.expansionTooLarge(limit: limits.maxExpandedBytes), at: includeSpan)
            stoppedIncluding = true
            return nil
        }
        return (componentIndex, includedFrom, displayPath)
    }

    /// Reports the `set:` entries of `instance` (written in `document`)
    /// that named no object of the component, once its objects are checked.
    mutating func finish(
        _ instance: Instance, _ document: borrowing YAMLDocument,
        into diagnostics: inout DiagnosticCollector
    ) {
        for position in instance.overrides where !overrides[position].isUsed {
            let override = overrides[position]
            let (component, displayPath) = (instance.file, instance.displayPath)
            diagnostics.add(at: document.writtenSpan(override.keyNode)) { withHints in
                .unknownOverrideObject(
                    path: override.written, component: displayPath,
                    suggestion: withHints ? Suggestions.closest(to: override.written, in: component.ids) : nil)
            }
        }
        for position in instance.overrides { overridesByID[overrides[position].objectID] = nil }
    }
}
