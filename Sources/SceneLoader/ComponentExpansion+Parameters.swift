import SceneCore
import SceneYAML

/// The file a parameter's value is written in: its document (`nil` for
/// the scene's own file, which is read as a stream and so is not kept),
/// and where diagnostics about it go (`nil`: the scene's own file).
struct WrittenIn {
    let document: YAMLDocument?
    let origin: DiagnosticOrigin?

    /// The document, `own` standing for the scene's own file's.
    func document(own: YAMLDocument) -> YAMLDocument { document ?? own }
}

/// The value a parameter has in one instance.
struct ParameterBinding {
    /// Its declared type, when it has one.
    let type: ValueType?
    /// The file its value is written in.
    let written: WrittenIn
    let node: YAMLDocument.Node
    /// The value resolved as the declared type.
    let value: SceneValue?
    /// False once a diagnostic was reported for the value.
    let isValid: Bool
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
    func binding(ofDefault node: YAMLDocument.Node, in written: WrittenIn) -> ParameterBinding? {
        guard let type else { return nil }
        return ParameterBinding(
            type: type, written: written, node: node, value: defaultValue, isValid: defaultValue != nil)
    }
}

/// A component's parameters: declared, given, passed on and used.
extension ComponentExpansion {
    /// The parameters of the scene's own file (a component checked or run
    /// on its own): each has its default.
    mutating func bindOwnParameters(
        _ document: YAMLDocument, _ params: YAMLDocument.Entry, into diagnostics: inout DiagnosticCollector
    ) -> (bindings: [String: ParameterBinding], names: [String]) {
        let declarations = parameterDeclarations(document, params.value, in: nil, into: &diagnostics)
        let written = WrittenIn(document: nil, origin: nil)
        var bindings: [String: ParameterBinding] = [:]
        for parameter in declarations {
            guard let node = parameter.defaultNode else {
                diagnostics.add(
                    .parameterWithoutDefault(name: parameter.name), at: document.writtenSpan(params.keyNode), in: nil)
                bindings[parameter.name] = ParameterBinding(
                    type: parameter.type, written: written, node: params.keyNode, value: nil, isValid: false)
                continue
            }
            bindings[parameter.name] =
                parameter.binding(ofDefault: node, in: written)
                ?? bind(
                    document, node, name: parameter.name, type: parameter.type, in: written, of: nil, own: document,
                    into: &diagnostics)
        }
        return (bindings, declarations.map(\.name))
    }

    /// The parameters of an instance of `component`: each given value
    /// (checked against the declared type), else the default. `file` is
    /// the file the instance is written in, `origin` where diagnostics
    /// about the component's file (which writes the defaults) go.
    mutating func bindParameters(
        _ document: borrowing YAMLDocument, _ paramsNode: YAMLDocument.Node?, of component: ComponentFile,
        instance: String, at keyNode: YAMLDocument.Node, in file: ObjectFile, origin: DiagnosticOrigin,
        own: YAMLDocument, into diagnostics: inout DiagnosticCollector
    ) -> [String: ParameterBinding] {
        let given = WrittenIn(document: file.component?.document, origin: file.origin)
        let defaults = WrittenIn(document: component.document, origin: origin)
        var givenNodes: [String: YAMLDocument.Node] = [:]
        if let paramsNode {
            if document.kind(paramsNode) != .mapping && !document.isNull(paramsNode) {
                diagnostics.add(
                    .paramsNotAMapping(found: document.kindDescription(paramsNode)), at: document.span(paramsNode),
                    in: file.origin)
            }
            let names = component.parameters.map(\.name)
            let declared = Set(names)
            document.forEachEntry(paramsNode) { entry in
                guard declared.contains(entry.key) else {
                    diagnostics.add(at: document.writtenSpan(entry.keyNode), in: file.origin) { withHints in
                        .unknownParameter(
                            name: entry.key, component: component.source.name,
                            suggestion: withHints ? Suggestions.closest(to: entry.key, in: names) : nil,
                            known: withHints ? names : [])
                    }
                    return
                }
                givenNodes[entry.key] = entry.value
            }
        }
        var bindings: [String: ParameterBinding] = [:]
        for parameter in component.parameters {
            if let node = givenNodes[parameter.name] {
                bindings[parameter.name] = bind(
                    document, node, name: parameter.name, type: parameter.type, in: given, of: file,
                    own: own, into: &diagnostics)
            } else if let node = parameter.defaultNode,
                let binding = parameter.binding(ofDefault: node, in: defaults)
            {
                bindings[parameter.name] = binding
            } else if let node = parameter.defaultNode {
                // A default's `$name` is plain text: the parameters it could
                // name are the instance's own, not bound yet.
                bindings[parameter.name] = bind(
                    component.document, node, name: parameter.name, type: parameter.type, in: defaults,
                    of: nil, own: own, into: &diagnostics)
            } else {
                diagnostics.add(
                    .missingParameter(name: parameter.name, instance: instance, type: parameter.type),
                    at: document.writtenSpan(keyNode), in: file.origin)
                bindings[parameter.name] = ParameterBinding(
                    type: parameter.type, written: given, node: keyNode, value: nil, isValid: false)
            }
        }
        return bindings
    }

    /// The binding of the parameter `name` to the value `node` written in
    /// `written` (where its diagnostics go), checked against `type` when it has one. `file` is the
    /// file that writes it when its `$outer` names that file's own
    /// parameter (`nil`: a `$` is plain text there).
    func bind(
        _ document: borrowing YAMLDocument, _ node: YAMLDocument.Node, name: String, type: ValueType?,
        in written: WrittenIn, of file: ObjectFile?, own: YAMLDocument, into diagnostics: inout DiagnosticCollector
    ) -> ParameterBinding {
        // `$outer` in a component passes on that file's own parameter.
        if let parameters = file?.parameters, let reference = Self.parameterReference(document, node) {
            guard let outer = parameters[reference] else {
                let known = file?.parameterNames ?? []
                diagnostics.add(at: document.span(node), in: written.origin) { withHints in
                    .unknownParameterReference(
                        name: reference, suggestion: withHints ? Suggestions.closest(to: reference, in: known) : nil,
                        known: withHints ? known : [])
                }
                return ParameterBinding(type: type, written: written, node: node, value: nil, isValid: false)
            }
            guard let type, outer.isValid else { return outer }
            if let outerType = outer.type {
                guard Self.fits(outerType, type) else {
                    diagnostics.add(
                        .parameterTypeMismatch(name: reference, type: outerType, property: name, propertyType: type),
                        at: document.span(node), in: written.origin)
                    return ParameterBinding(type: type, written: written, node: node, value: nil, isValid: false)
                }
                return ParameterBinding(
                    type: type, written: outer.written, node: outer.node, value: outer.value, isValid: true)
            }
            return bind(
                outer.written.document(own: own), outer.node, name: name, type: type, in: outer.written, of: nil,
                own: own, into: &diagnostics)
        }
        guard let type else {
            return ParameterBinding(type: nil, written: written, node: node, value: nil, isValid: true)
        }
        let value = ValueResolver.resolve(
            node, in: document, as: type, subject: { name }, origin: written.origin, into: &diagnostics)
        return ParameterBinding(type: type, written: written, node: node, value: value, isValid: value != nil)
    }

    /// The value of the parameter `name`, used at `span` for `property` in
    /// `file`; `nil` after a diagnostic.
    static func resolveParameter(
        _ name: String, at span: SourceSpan, for property: PropertyDescription, in file: ObjectFile,
        own: YAMLDocument, into diagnostics: inout DiagnosticCollector
    ) -> SceneValue? {
        guard let binding = file.parameters?[name] else {
            let known = file.parameterNames
            diagnostics.add(at: span, in: file.origin) { withHints in
                .unknownParameterReference(
                    name: name, suggestion: withHints ? Suggestions.closest(to: name, in: known) : nil,
                    known: withHints ? known : [])
            }
            return nil
        }
        guard binding.isValid else { return nil }
        if let type = binding.type {
            guard Self.fits(type, property.type) else {
                diagnostics.add(
                    .parameterTypeMismatch(
                        name: name, type: type, property: property.name, propertyType: property.type),
                    at: span, in: file.origin)
                return nil
            }
            if property.range == nil, let value = binding.value { return value }
        }
        // An untyped parameter (or a property with a range) is resolved as
        // the property's type where the value is written.
        return ValueResolver.resolve(
            binding.node, in: binding.written.document(own: own), as: property.type, range: property.range,
            subject: { property.name }, origin: binding.written.origin, into: &diagnostics)
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

    /// The entries of `params:`: `name: { type: T, default: value, doc: text }`,
    /// written in the file `origin` names.
    func parameterDeclarations(
        _ document: YAMLDocument, _ node: YAMLDocument.Node, in origin: DiagnosticOrigin?,
        into diagnostics: inout DiagnosticCollector
    ) -> [ParameterDeclaration] {
        guard document.kind(node) == .mapping else {
            if !document.isNull(node) {
                diagnostics.add(
                    .paramsNotAMapping(found: document.kindDescription(node)), at: document.span(node), in: origin)
            }
            return []
        }
        var result: [ParameterDeclaration] = []
        document.forEachEntry(node) { entry in
            let name = entry.key
            guard SceneRegistry.isIdentifier(name) else {
                diagnostics.add(.invalidID(id: name), at: document.writtenSpan(entry.keyNode), in: origin)
                return
            }
            var type: ValueType?
            var defaultNode: YAMLDocument.Node?
            if document.kind(entry.value) != .mapping && !document.isNull(entry.value) {
                diagnostics.add(
                    .invalidParameterDeclaration(
                        name: name, problem: "must be a mapping, not \(document.kindDescription(entry.value))",
                        hint: "write '\(name): { type: Duration, default: 3s }'; both are optional"),
                    at: document.span(entry.value), in: origin)
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
                            at: document.span(member.value), in: origin)
                    }
                case "default": defaultNode = member.value
                case "doc": break
                default:
                    diagnostics.add(
                        .invalidParameterDeclaration(
                            name: name, problem: "has no key '\(member.key)'",
                            hint: "a parameter takes 'type', 'default' and 'doc'"),
                        at: document.writtenSpan(member.keyNode), in: origin)
                }
            }
            var defaultValue: SceneValue?
            if let type, let defaultNode {
                defaultValue = ValueResolver.resolve(
                    defaultNode, in: document, as: type, subject: { name }, origin: origin, into: &diagnostics)
            }
            result.append(
                ParameterDeclaration(name: name, type: type, defaultNode: defaultNode, defaultValue: defaultValue))
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
