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
    /// The component's index in ``SceneValidator/componentFiles``; -1 for the scene's own file.
    var component = -1
    /// The context whose file holds the `include:`; -1 for the scene's own file.
    var parent = -1
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

/// An `include:` path as written in one file (its index in
/// ``SceneValidator/componentFiles``, -1 for the scene's own).
struct IncludeKey: Hashable {
    let file: Int
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
    let source: SceneSource
    /// Its path with links resolved, for cycles.
    let canonical: String
    let document: YAMLDocument
    /// Its `objects:` mapping.
    let objects: YAMLDocument.Node?
    /// Whether it has `params:` (where `$name` values are references).
    let declaresParameters: Bool
    let parameters: [ParameterDeclaration]
    /// Its objects' ids, for suggestions.
    let ids: [String]
}

/// One entry of a component's `params:`.
struct ParameterDeclaration {
    let name: String
    let type: ValueType?
    let defaultNode: YAMLDocument.Node?
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
        let (displayPath, canonical) = resolveInclude(path, from: context)
        // The files from this one back to the scene's own, nearest first.
        var chain: [Int] = []
        var link = context
        while link >= 0 {
            chain.append(link)
            link = contexts[link].parent
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
        guard let componentIndex = component(displayPath, canonical, at: includeSpan, includedFrom: includedFrom)
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
            diagnostics.add(
                .unknownOverrideObject(
                    path: override.written, component: displayPath,
                    suggestion: Suggestions.closest(to: override.written, in: component.ids)),
                at: document.writtenSpan(override.keyNode))
        }
        for position in registered { overridesByID[overrides[position].objectID] = nil }
    }

    /// The parameters of the scene's own file (a component checked or run
    /// on its own): each has its default.
    mutating func bindOwnParameters(_ document: borrowing YAMLDocument, _ params: YAMLDocument.Entry) {
        let declarations = parameterDeclarations(copy document, params.value)
        ownParameterNames = declarations.map(\.name)
        var bindings: [String: ParameterBinding] = [:]
        for parameter in declarations {
            guard let node = parameter.defaultNode else {
                diagnostics.add(
                    .parameterWithoutDefault(name: parameter.name), at: document.writtenSpan(params.keyNode))
                bindings[parameter.name] = ParameterBinding(
                    type: parameter.type, context: 0, node: params.keyNode, value: nil, isValid: false)
                continue
            }
            bindings[parameter.name] = bind(document, node, name: parameter.name, type: parameter.type, context: 0)
        }
        contexts[0].parameters = bindings
    }

    /// The parameters of an instance of `component`: each given value
    /// (checked against the declared type), else the default.
    mutating func bindParameters(
        _ document: borrowing YAMLDocument, _ paramsNode: YAMLDocument.Node?, of component: ComponentFile,
        instance: String, at keyNode: YAMLDocument.Node, context: Int, into index: Int,
        origin: (file: SceneSource, includedFrom: [Diagnostic.Inclusion])
    ) -> [String: ParameterBinding] {
        var given: [String: YAMLDocument.Node] = [:]
        if let paramsNode {
            if document.kind(paramsNode) != .mapping && !document.isNull(paramsNode) {
                diagnostics.add(
                    .paramsNotAMapping(found: document.kindDescription(paramsNode)), at: document.span(paramsNode))
            }
            let names = component.parameters.map(\.name)
            document.forEachEntry(paramsNode) { entry in
                guard names.contains(entry.key) else {
                    diagnostics.add(
                        .unknownParameter(
                            name: entry.key, component: component.source.name,
                            suggestion: Suggestions.closest(to: entry.key, in: names), known: names),
                        at: document.writtenSpan(entry.keyNode))
                    return
                }
                given[entry.key] = entry.value
            }
        }
        var bindings: [String: ParameterBinding] = [:]
        for parameter in component.parameters {
            if let node = given[parameter.name] {
                bindings[parameter.name] = bind(
                    document, node, name: parameter.name, type: parameter.type, context: context)
            } else if let node = parameter.defaultNode {
                let includerOrigin = diagnostics.origin
                diagnostics.origin = origin
                bindings[parameter.name] = bind(
                    component.document, node, name: parameter.name, type: parameter.type, context: index)
                diagnostics.origin = includerOrigin
            } else {
                diagnostics.add(
                    .missingParameter(name: parameter.name, instance: instance, type: parameter.type),
                    at: document.writtenSpan(keyNode))
                bindings[parameter.name] = ParameterBinding(
                    type: parameter.type, context: context, node: keyNode, value: nil, isValid: false)
            }
        }
        return bindings
    }

    /// The binding of the parameter `name` to the value `node` written in
    /// the file of `context`, checked against `type` when it has one.
    mutating func bind(
        _ document: borrowing YAMLDocument, _ node: YAMLDocument.Node, name: String, type: ValueType?, context: Int
    ) -> ParameterBinding {
        // `$outer` in a component passes on that file's own parameter.
        if contexts[context].parameters != nil, let reference = Self.parameterReference(document, node) {
            guard let outer = contexts[context].parameters?[reference] else {
                diagnostics.add(
                    .unknownParameterReference(
                        name: reference,
                        suggestion: Suggestions.closest(to: reference, in: parameterNames(context)),
                        known: parameterNames(context)),
                    at: document.span(node))
                return ParameterBinding(type: type, context: context, node: node, value: nil, isValid: false)
            }
            guard let type, outer.isValid else { return outer }
            if let outerType = outer.type {
                guard Self.fits(outerType, type) else {
                    diagnostics.add(
                        .parameterTypeMismatch(name: reference, type: outerType, property: name, propertyType: type),
                        at: document.span(node))
                    return ParameterBinding(type: type, context: context, node: node, value: nil, isValid: false)
                }
                return ParameterBinding(
                    type: type, context: outer.context, node: outer.node, value: outer.value, isValid: true)
            }
            guard let outerDocument = documentOf(outer.context) else { return outer }
            let saved = diagnostics.origin
            enter(outer.context)
            let binding = bind(outerDocument, outer.node, name: name, type: type, context: outer.context)
            diagnostics.origin = saved
            return binding
        }
        guard let type else {
            return ParameterBinding(type: nil, context: context, node: node, value: nil, isValid: true)
        }
        let value = ValueResolver.resolve(
            node, in: document, as: type, subject: { name }, into: &diagnostics)
        return ParameterBinding(type: type, context: context, node: node, value: value, isValid: value != nil)
    }

    /// The value of the parameter `name`, used at `span` for `property` in
    /// the file of `context`; `nil` after a diagnostic.
    mutating func resolveParameter(
        _ name: String, at span: SourceSpan, for property: PropertyDescription, context: Int
    ) -> SceneValue? {
        guard let binding = contexts[context].parameters?[name] else {
            let known = parameterNames(context)
            diagnostics.add(
                .unknownParameterReference(
                    name: name, suggestion: Suggestions.closest(to: name, in: known), known: known),
                at: span)
            return nil
        }
        guard binding.isValid else { return nil }
        if let type = binding.type {
            guard Self.fits(type, property.type) else {
                diagnostics.add(
                    .parameterTypeMismatch(
                        name: name, type: type, property: property.name, propertyType: property.type),
                    at: span)
                return nil
            }
            if property.range == nil, let value = binding.value { return value }
        }
        // An untyped parameter (or a property with a range) is resolved as
        // the property's type where the value is written.
        guard let document = documentOf(binding.context) else { return nil }
        let saved = diagnostics.origin
        enter(binding.context)
        let value = ValueResolver.resolve(
            binding.node, in: document, as: property.type, range: property.range, subject: { property.name },
            into: &diagnostics)
        diagnostics.origin = saved
        return value
    }

    /// Whether a parameter of type `given` can be used where `expected` is.
    static func fits(_ given: ValueType, _ expected: ValueType) -> Bool {
        given == expected || given == expected.unwrapped
    }

    /// The name in a plain `$name` value, in a file that declares parameters.
    static func parameterReference(_ document: borrowing YAMLDocument, _ node: YAMLDocument.Node) -> String? {
        guard document.kind(node) == .scalar, document.style(node) == .plain,
            let bytes = document.scalarBytes(node), bytes.first == UInt8(ascii: "$")
        else { return nil }
        let name = bytes.dropFirst()
        guard SceneRegistry.isIdentifier(utf8: name) else { return nil }
        return String(decoding: name, as: UTF8.self)
    }

    /// Records an instance's `set:` entries; returns their indices in ``overrides``.
    mutating func registerOverrides(
        _ document: borrowing YAMLDocument, _ setNode: YAMLDocument.Node?, instance: String, context: Int
    ) -> [Int] {
        guard let setNode else { return [] }
        if document.kind(setNode) != .mapping && !document.isNull(setNode) {
            diagnostics.add(.setNotAMapping(found: document.kindDescription(setNode)), at: document.span(setNode))
            return []
        }
        var registered: [Int] = []
        document.forEachEntry(setNode) { entry in
            guard let path = MemberPath(entry.key) else {
                diagnostics.add(.notAnOverridePath(text: entry.key), at: document.writtenSpan(entry.keyNode))
                return
            }
            let objectID = instance + "." + path.id
            overrides.append(
                Override(
                    objectID: objectID, written: path.id, property: path.member, keyNode: entry.keyNode,
                    valueNode: entry.value, context: context))
            overridesByID[objectID, default: []].append(overrides.count - 1)
            registered.append(overrides.count - 1)
        }
        return registered
    }

    /// Whether an instance's `set:` gives the object `id` its `property`.
    func isOverridden(_ id: String, _ property: String) -> Bool {
        guard !overridesByID.isEmpty, let list = overridesByID[id] else { return false }
        return list.contains { overrides[$0].property == property }
    }

    /// Marks the overrides of the object `id` as used (an object whose
    /// type is unknown, whose mistake is reported already).
    mutating func markOverridesUsed(_ id: String) {
        guard !overridesByID.isEmpty, let list = overridesByID[id] else { return }
        for position in list { overrides[position].isUsed = true }
    }

    /// For an object of a component: places a root view under the
    /// instance's parent, and applies the instance's `set:` overrides
    /// (the outermost instance's last, so that it wins).
    mutating func applyComponentContext(
        _ document: borrowing YAMLDocument, _ body: YAMLDocument.Node, of type: TypeDescription, id: String,
        index: Int, context: Int, propertiesFrom start: Int
    ) {
        if let parent = contexts[context].rootParent, let outlet = type.outlets.first(where: \.isHierarchy),
            document.entry(body, outlet.name) == nil
        {
            let first = declaration.outletTargets.count
            addTarget(
                known: declaration.idTable[parent.id], id: parent.id, written: parent.written, offsets: parent.offsets,
                outlet, owner: index, context: parent.context)
            hierarchyOffsets.append((index, parent.offsets, parent.context))
            let target = declaration.outletTargets[first]
            if target < 0 || target >= index { hierarchyStarts.append(index) }
            declaration.outletConnections.append(
                SceneDeclaration.OutletConnection(outlet: outlet, targetRange: first..<declaration.outletTargets.count))
        }
        guard !overridesByID.isEmpty, let list = overridesByID[id] else { return }
        for position in list.reversed() {
            overrides[position].isUsed = true
            let override = overrides[position]
            guard let setDocument = documentOf(override.context) else { continue }
            enter(override.context)
            defer { enter(context) }
            guard case .property(let property)? = type.members[override.property], !property.isReadOnly else {
                let settable = type.properties.filter { !$0.isReadOnly }.map(\.name)
                diagnostics.add(
                    .unknownOverrideProperty(
                        property: override.property, id: override.written, type: type.name,
                        hint: Suggestions.hint(
                            for: override.property, in: settable,
                            fallback: settable.isEmpty
                                ? "\(type.name) has no properties to set"
                                : "its properties are \(Suggestions.list(settable))")),
                    at: setDocument.writtenSpan(override.keyNode))
                continue
            }
            let value: SceneValue?
            if contexts[override.context].parameters != nil,
                let name = Self.parameterReference(setDocument, override.valueNode)
            {
                value = resolveParameter(
                    name, at: setDocument.span(override.valueNode), for: property, context: override.context)
            } else {
                value = ValueResolver.resolve(
                    override.valueNode, in: setDocument, as: property.type, range: property.range,
                    subject: { property.name }, into: &diagnostics)
            }
            guard let value else { continue }
            let entry = SceneDeclaration.PropertyValue(property: property, value: value)
            if let existing = declaration.propertyValues[start...].firstIndex(where: {
                $0.property.name == property.name
            }) {
                declaration.propertyValues[existing] = entry
            } else {
                declaration.propertyValues.append(entry)
            }
        }
    }

    // MARK: - Files

    /// Makes diagnostics from now on belong to the file of `context`.
    mutating func enter(_ context: Int) {
        let component = contexts[context].component
        diagnostics.origin = component < 0 ? nil : (componentFiles[component].source, includedFrom(context))
    }

    /// The includes that led to the file of `context`, nearest first.
    func includedFrom(_ context: Int) -> [Diagnostic.Inclusion] {
        var result: [Diagnostic.Inclusion] = []
        var link = context
        while link > 0 {
            let parent = contexts[link].parent
            result.append(
                Diagnostic.Inclusion(
                    file: fileName(parent), position: contexts[link].includePosition,
                    instance: String(contexts[link].prefix.dropLast())))
            link = parent
        }
        return result
    }

    /// The name of the file of `context`, as diagnostics print it.
    func fileName(_ context: Int) -> String {
        let component = contexts[context].component
        return component < 0 ? ownName : componentFiles[component].source.name
    }

    /// The parsed file of `context`; for the scene's own file, only while
    /// an object of it is validated.
    func documentOf(_ context: Int) -> YAMLDocument? {
        let component = contexts[context].component
        return component < 0 ? ownDocument : componentFiles[component].document
    }

    /// The canonical path of the file of `context`.
    func canonicalPath(of context: Int) -> String {
        let component = contexts[context].component
        return component < 0 ? ownCanonicalPath : componentFiles[component].canonical
    }

    /// The parameters the file of `context` declares, in order.
    func parameterNames(_ context: Int) -> [String] {
        let component = contexts[context].component
        return component < 0 ? ownParameterNames : componentFiles[component].parameters.map(\.name)
    }

    /// For an id that names an instance rather than an object: a hint
    /// naming some of its objects by path, as the file that wrote `written` writes them.
    func instanceHint(_ id: String, written: String) -> String? {
        let prefix = id + "."
        var objects: [String] = []
        for candidate in ids where candidate.hasPrefix(prefix) {
            objects.append(written + "." + candidate.dropFirst(prefix.count))
            if objects.count == 4 { break }
        }
        guard !objects.isEmpty else { return nil }
        return "'\(written)' is an instance of a component; name one of its objects, such as "
            + objects.map { "'\($0)'" }.joined(separator: ", ")
    }

    /// The ids of the objects declared so far, as the file of `context` writes them.
    func localIDs(_ context: Int) -> [String] {
        let prefix = contexts[context].prefix
        guard !prefix.isEmpty else { return ids }
        return ids.compactMap { localID($0, prefix: prefix) }
    }

    /// `id` as a file whose ids start with `prefix` writes it; `nil` when
    /// the object is not in that file.
    func localID(_ id: String, prefix: String) -> String? {
        guard !prefix.isEmpty else { return id }
        guard id.hasPrefix(prefix) else { return nil }
        return String(id.dropFirst(prefix.count))
    }

    /// The path of the file `path` names, relative to the folder of the
    /// file of `context` (as diagnostics print it), and its canonical path.
    mutating func resolveInclude(_ path: String, from context: Int) -> (String, String) {
        let key = IncludeKey(file: contexts[context].component, path: path)
        if let known = resolvedIncludes[key] { return known }
        let includer = fileName(context)
        var display = path
        if !path.hasPrefix("/"), let slash = includer.lastIndex(of: "/") {
            display = String(includer[...slash]) + path
        }
        let resolved = (display, Self.canonicalPath(display))
        resolvedIncludes[key] = resolved
        return resolved
    }

    /// The file's absolute path with links resolved, or `path` itself
    /// when it cannot be worked out (a missing file, a scene in memory).
    static func canonicalPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Reads and parses the component at `path` once; later calls give the
    /// same file. A file that cannot be read is reported at `includeSpan`.
    /// Returns its index in ``componentFiles``.
    mutating func component(
        _ path: String, _ canonical: String, at includeSpan: SourceSpan, includedFrom: [Diagnostic.Inclusion]
    ) -> Int? {
        switch components[canonical] {
        case .success(let index)?: return index
        case .failure(var diagnostic)?:
            if diagnostic.file == nil { diagnostic.span = includeSpan }
            diagnostics.add(diagnostic)
            return nil
        case nil: includedFiles.append(path)
        }
        let source: SceneSource
        do {
            source = try SceneSource(contentsOf: path, maxBytes: limits.yaml.maxInputBytes, maxWait: limits.maxReadWait)
        } catch {
            var diagnostic = error
            diagnostic.span = includeSpan
            if diagnostic.hint == nil { diagnostic.hint = "an include's path is relative to the file that includes it" }
            diagnostics.add(diagnostic)
            components[canonical] = .failure(diagnostic)
            return nil
        }
        let saved = diagnostics.origin
        diagnostics.origin = (source, includedFrom)
        defer { diagnostics.origin = saved }
        let document: YAMLDocument
        do {
            document = try YAMLDocumentReader.readDocument(source.bytes, limits: limits.yaml, pipelining: .off)
        } catch {
            var diagnostic = Diagnostic(error)
            diagnostic.file = source
            diagnostic.includedFrom = includedFrom
            diagnostics.add(diagnostic)
            components[canonical] = .failure(diagnostic)
            return nil
        }
        let file = componentFile(source, canonical, document)
        componentFiles.append(file)
        components[canonical] = .success(componentFiles.count - 1)
        return componentFiles.count - 1
    }

    /// Checks the top level of a component and reads its `params:`.
    mutating func componentFile(_ source: SceneSource, _ canonical: String, _ document: YAMLDocument)
        -> ComponentFile
    {
        var objects: YAMLDocument.Node?
        var parameters: [ParameterDeclaration] = []
        var declaresParameters = false
        guard let root = document.root, document.kind(root) == .mapping else {
            if let root = document.root {
                diagnostics.add(.fileNotAMapping(found: document.kindDescription(root)), at: document.span(root))
            } else {
                diagnostics.add(.emptyFile, at: SourceSpan(at: .start))
            }
            return ComponentFile(
                source: source, canonical: canonical, document: document, objects: nil, declaresParameters: false,
                parameters: [], ids: [])
        }
        var sawObjects = false
        for entry in document.entries(root) {
            switch entry.key {
            case "scene", "description", "version", "script": break
            case "params":
                declaresParameters = true
                parameters = parameterDeclarations(document, entry.value)
            case "objects":
                sawObjects = true
                if document.kind(entry.value) == .mapping {
                    objects = entry.value
                } else if !document.isNull(entry.value) {
                    diagnostics.add(
                        .objectsNotAMapping(found: document.kindDescription(entry.value)),
                        at: document.span(entry.value))
                }
            default:
                diagnostics.add(
                    .unknownTopLevelKey(
                        key: entry.key, suggestion: Suggestions.closest(to: entry.key, in: SceneValidator.topLevelKeys)),
                    at: document.writtenSpan(entry.keyNode))
            }
        }
        if !sawObjects { diagnostics.add(.missingObjects, at: document.span(root)) }
        return ComponentFile(
            source: source, canonical: canonical, document: document, objects: objects,
            declaresParameters: declaresParameters,
            parameters: parameters, ids: objects.map { document.entries($0).map(\.key) } ?? [])
    }

    /// The entries of `params:`: `name: { type: T, default: value, doc: text }`.
    mutating func parameterDeclarations(_ document: YAMLDocument, _ node: YAMLDocument.Node) -> [ParameterDeclaration] {
        guard document.kind(node) == .mapping else {
            if !document.isNull(node) {
                diagnostics.add(.paramsNotAMapping(found: document.kindDescription(node)), at: document.span(node))
            }
            return []
        }
        var result: [ParameterDeclaration] = []
        document.forEachEntry(node) { entry in
            let name = entry.key
            guard SceneRegistry.isIdentifier(name) else {
                diagnostics.add(.invalidID(id: name), at: document.writtenSpan(entry.keyNode))
                return
            }
            var type: ValueType?
            var defaultNode: YAMLDocument.Node?
            if document.kind(entry.value) != .mapping && !document.isNull(entry.value) {
                diagnostics.add(
                    .invalidParameterDeclaration(
                        name: name, problem: "must be a mapping, not \(document.kindDescription(entry.value))",
                        hint: "write '\(name): { type: Duration, default: 3s }'; both are optional"),
                    at: document.span(entry.value))
                // Taken as its default, so that its uses are not reported too.
                defaultNode = entry.value
            }
            document.forEachEntry(entry.value) { member in
                switch member.key {
                case "type":
                    let written = document.text(member.value) ?? ""
                    type = Self.parameterType(written)
                    if type == nil {
                        diagnostics.add(
                            .invalidParameterDeclaration(
                                name: name, problem: "has the unknown type '\(written)'",
                                hint:
                                    "a parameter's type is Bool, Int, Double, String, Duration or Color, 'T?' or '[T]'; leave it out to take the type where it is used"
                            ),
                            at: document.span(member.value))
                    }
                case "default": defaultNode = member.value
                case "doc": break
                default:
                    diagnostics.add(
                        .invalidParameterDeclaration(
                            name: name, problem: "has no key '\(member.key)'",
                            hint: "a parameter takes 'type', 'default' and 'doc'"),
                        at: document.writtenSpan(member.keyNode))
                }
            }
            if let type, let defaultNode {
                _ = ValueResolver.resolve(
                    defaultNode, in: document, as: type, subject: { name }, into: &diagnostics)
            }
            result.append(ParameterDeclaration(name: name, type: type, defaultNode: defaultNode))
        }
        return result
    }

    /// The value type a parameter's `type:` names: `Duration`, `Color?`, `[String]`.
    static func parameterType(_ written: String) -> ValueType? {
        if written.hasSuffix("?") { return parameterType(String(written.dropLast())).map(ValueType.optional) }
        if written.hasPrefix("[") && written.hasSuffix("]") && written.count >= 2 {
            return parameterType(String(written.dropFirst().dropLast())).map(ValueType.list)
        }
        switch written {
        case "Bool": return .bool
        case "Int": return .int
        case "Double": return .double
        case "String": return .string
        case "Duration": return .duration
        case "Color": return .color
        default: return nil
        }
    }
}
