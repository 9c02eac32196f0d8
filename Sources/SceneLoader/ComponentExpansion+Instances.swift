import SceneCore
import SceneYAML

/// Instances of components: each `include:` followed, within the limits.
extension ComponentExpansion {
    /// The keys of an object that instances a component.
    static let instanceKeys = ["include", "params", "parent", "set"]

    /// One instance expanded: its file, and its `set:` entries.
    struct Instance {
        let file: ObjectFile
        /// Its `set:` entries.
        let overrides: [Override]
        /// The component's path, as diagnostics show it.
        let displayPath: String
    }

    /// Expands the instance `name` of a component declared by `entry` in
    /// `file`: checks its keys, follows its `include:` (reading the file
    /// once), binds its parameters and records its overrides. `nil` when it
    /// has no objects to give (after a diagnostic).
    mutating func expand(
        _ document: YAMLDocument, _ entry: YAMLDocument.Entry, name: String, in file: ObjectFile,
        own: YAMLDocument, into diagnostics: inout DiagnosticCollector
    ) -> Instance? {
        guard let members = instanceMembers(document, entry, in: file, into: &diagnostics), !stoppedIncluding else {
            return nil
        }
        let includeSpan = document.span(members.include)
        guard
            let followed = followInclude(
                members.path, at: includeSpan, from: file, instance: name, into: &diagnostics)
        else { return nil }
        let (componentIndex, includedFrom, displayPath) = (
            followed.component, followed.includedFrom, followed.displayPath
        )
        let component = componentFiles[componentIndex]
        let (paramsNode, parentNode, setNode) = (members.params, members.parent, members.set)
        var rootParent = file.rootParent
        if let parentNode {
            if document.kind(parentNode) == .scalar, !document.isNull(parentNode),
                let written = document.text(parentNode)
            {
                rootParent = ParentSite(
                    id: file.prefix + written, written: written, offsets: document.offsets(parentNode), file: file)
            } else {
                diagnostics.add(
                    .idExpected(outlet: "parent", found: document.kindDescription(parentNode)),
                    at: document.span(parentNode), in: file.origin)
            }
        }
        // Where diagnostics of the component's file go.
        let componentOrigin: DiagnosticOrigin = (file: component.source, includedFrom: includedFrom)
        var parameters: [String: ParameterBinding]?
        if component.declaresParameters {
            parameters = bindParameters(
                document, paramsNode, of: component, instance: name, at: entry.keyNode, in: file,
                origin: componentOrigin, own: own, into: &diagnostics)
        } else if let paramsNode {
            document.forEachEntry(paramsNode) { given in
                diagnostics.add(
                    .unknownParameter(name: given.key, component: displayPath, suggestion: nil, known: []),
                    at: document.writtenSpan(given.keyNode), in: file.origin)
            }
        }
        let instanceFile = ObjectFile(
            component: component, componentIndex: componentIndex, includer: file, name: component.source.name,
            canonical: component.canonical, prefix: name + ".", parameters: parameters,
            parameterNames: component.parameterNames, rootParent: rootParent,
            siteOffsets: file.isOwn ? document.offsets(entry.keyNode) : file.siteOffsets, origin: componentOrigin)
        let registered = registerOverrides(document, setNode, instance: name, in: file, into: &diagnostics)
        return Instance(file: instanceFile, overrides: registered, displayPath: displayPath)
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

    /// The keys of the instance `entry`, written in `file`; `nil` when it names no file to
    /// include (after a diagnostic).
    func instanceMembers(
        _ document: borrowing YAMLDocument, _ entry: YAMLDocument.Entry, in file: ObjectFile,
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
                    at: document.writtenSpan(member.keyNode), in: file.origin)
            }
        }
        guard let includeNode, document.kind(includeNode) == .scalar, !document.isNull(includeNode),
            let path = document.text(includeNode), !path.isEmpty
        else {
            let node = includeNode ?? entry.keyNode
            let isEmpty = document.isNull(node) || document.text(node)?.isEmpty == true
            let found = isEmpty ? "nothing" : document.kindDescription(node)
            diagnostics.add(.includeNotAPath(found: found), at: document.span(node), in: file.origin)
            return nil
        }
        return InstanceMembers(
            include: includeNode, path: path, params: paramsNode, parent: parentNode, set: setNode)
    }

    /// Follows the `include:` of `path` written at `includeSpan` in
    /// `file` for `instance`: refuses a cycle and an include past
    /// the limits, and reads the component once. Its index in
    /// ``componentFiles``, the includes that lead to it and its path as
    /// diagnostics show it; `nil` after a diagnostic.
    mutating func followInclude(
        _ path: String, at includeSpan: SourceSpan, from file: ObjectFile, instance: String,
        into diagnostics: inout DiagnosticCollector
    ) -> (component: Int, includedFrom: [Diagnostic.Inclusion], displayPath: String)? {
        let include = resolveInclude(path, from: file)
        let (displayPath, canonical) = (include.display, include.identity)
        // The files from this one back to the scene's own, nearest first.
        var chain: [ObjectFile] = []
        var link: ObjectFile? = file
        while let next = link {
            chain.append(next)
            link = next.includer
        }
        if let loop = chain.firstIndex(where: { $0.canonical == canonical }) {
            diagnostics.add(
                .includeCycle(files: chain[...loop].reversed().map(\.name) + [displayPath]), at: includeSpan,
                in: file.origin)
            return nil
        }
        if chain.count > limits.maxIncludeDepth {
            diagnostics.add(.includeTooDeep(limit: limits.maxIncludeDepth), at: includeSpan, in: file.origin)
            stoppedIncluding = true
            return nil
        }
        let includedFrom =
            [Diagnostic.Inclusion(file: file.name, position: includeSpan.start, instance: instance)]
            + (file.origin?.includedFrom ?? [])
        guard
            let componentIndex = component(
                include, at: includeSpan, in: file, includedFrom: includedFrom, into: &diagnostics)
        else { return nil }
        let component = componentFiles[componentIndex]
        // Instances count too, so that components of nothing but instances
        // cannot fan out without bound.
        let count = component.objects.map { component.document.count($0) } ?? 0
        expandedInstances += 1
        if expandedObjects + expandedInstances + count > limits.maxExpandedObjects {
            diagnostics.add(.tooManyObjects(limit: limits.maxExpandedObjects), at: includeSpan, in: file.origin)
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
            diagnostics.add(.expansionTooLarge(limit: limits.maxExpandedBytes), at: includeSpan, in: file.origin)
            stoppedIncluding = true
            return nil
        }
        return (componentIndex, includedFrom, displayPath)
    }

    /// Reports the `set:` entries of `instance` (written in `document`, of
    /// `file`) that named no object of the component, once its objects are checked.
    mutating func finish(
        _ instance: Instance, _ document: borrowing YAMLDocument, in file: ObjectFile,
        into diagnostics: inout DiagnosticCollector
    ) {
        for override in instance.overrides where !override.isUsed {
            let (component, displayPath) = (instance.file.component, instance.displayPath)
            // `login.on.tap` reads as the object `login.on`: an event meant under `on`.
            var connecting: (id: String, event: String)?
            if override.written.hasSuffix(".on"), let ids = component?.ids,
                ids.contains(String(override.written.dropLast(3)))
            {
                connecting = (String(override.written.dropLast(3)), override.property)
            }
            diagnostics.add(at: document.writtenSpan(override.keyNode), in: file.origin) { withHints in
                .unknownOverrideObject(
                    path: override.written, component: displayPath,
                    suggestion: withHints ? Suggestions.closest(to: override.written, in: component?.ids ?? []) : nil,
                    connecting: connecting)
            }
        }
        for override in instance.overrides { overridesByID[override.objectID] = nil }
    }
}
