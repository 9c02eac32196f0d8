import SceneCore
import SceneLoader
import SceneOutput

/// The schema of a scene's `script:`: each verb with the shape of its argument.
extension SchemaGenerator {
    // MARK: - The script

    /// One step: a mapping with exactly one verb.
    func stepSchema() -> JSONValue {
        let memberNames = Self.unique(registry.types.flatMap { $0.properties.map(\.name) + $0.outlets.map(\.name) })
        let settableNames = Self.unique(registry.types.flatMap { $0.properties.filter { !$0.isReadOnly }.map(\.name) })
        func paths(_ names: [String], _ description: String) -> JSONValue {
            .fields([
                ("description", .string(description)),
                ("type", .string("object")),
                ("minProperties", .int(1)),
                ("propertyNames", .fields([("pattern", .string(Self.pathPattern(names)))])),
            ])
        }
        let actionPath = Self.pathPattern(allActionNames())
        func schema(_ verb: ScriptVerb) -> JSONValue {
            switch verb {
            case .wait:
                return Self.documented(verb.doc, .object(Self.valueFields(.duration, range: 0...Double.infinity)))
            case .at:
                return Self.documented(verb.doc, .object(Self.valueFields(.duration, range: 0...Double.infinity)))
            case .expect:
                return paths(memberNames, verb.doc)
            case .set:
                return paths(settableNames, verb.doc)
            case .call:
                return Self.documented(
                    verb.doc,
                    .fields([
                        (
                            "anyOf",
                            .array([
                                .fields([("type", .string("string")), ("pattern", .string(actionPath))]),
                                .fields([
                                    ("type", .string("object")), ("minProperties", .int(1)),
                                    ("maxProperties", .int(1)),
                                    ("propertyNames", .fields([("pattern", .string(actionPath))])),
                                ]),
                            ])
                        )
                    ]))
            case .note:
                return Self.documented(verb.doc, Self.anyScalar(orNull: true))
            case .snapshot:
                return Self.documented(
                    verb.doc,
                    .fields([
                        // A plain scalar such as `1` or `true` is a name too.
                        ("type", .strings(["string", "number", "boolean"])),
                        ("pattern", .string("^[A-Za-z0-9][A-Za-z0-9_-]{0,\(ScriptStep.maxSnapshotNameLength - 1)}$")),
                    ]))
            }
        }
        var verbs = ScriptVerb.allCases.map { (key: $0.rawValue, value: schema($0)) }
        for (verb, inputs) in inputsByVerb() {
            verbs.append((verb, inputSchema(verb, inputs)))
        }
        return .fields([
            ("description", .string("A script step: a mapping with one verb and its argument.")),
            ("type", .string("object")),
            ("minProperties", .int(1)),
            ("maxProperties", .int(1)),
            ("properties", .object(verbs)),
            ("additionalProperties", .bool(false)),
        ])
    }

    /// One entry of `invariants:`: `id.member: value` entries, as `expect`
    /// takes them (each value may also be `{ not: value }` or
    /// `{ min: a, max: b }`), or a mapping with `expect:` and optionally
    /// `when:`, `name:` and `doc:`.
    func invariantSchema() -> JSONValue {
        let memberNames = Self.unique(registry.types.flatMap { $0.properties.map(\.name) + $0.outlets.map(\.name) })
        func paths(_ description: String) -> JSONValue {
            .fields([
                ("description", .string(description)),
                ("type", .string("object")),
                ("minProperties", .int(1)),
                ("propertyNames", .fields([("pattern", .string(Self.pathPattern(memberNames)))])),
            ])
        }
        let text = { (description: String) in Self.documented(description, Self.anyScalar(orNull: false)) }
        return .fields([
            (
                "description",
                .string(
                    "An invariant: 'id.member: value' entries that must always hold, each value as 'expect' takes it, or '{ not: value }', or '{ min: a, max: b }'; or a mapping with 'expect' and an optional 'when'."
                )
            ),
            (
                "anyOf",
                .array([
                    paths("What must hold, as 'expect' writes it."),
                    .fields([
                        ("type", .string("object")),
                        ("required", .strings(["expect"])),
                        (
                            "properties",
                            .fields([
                                ("expect", paths("What must hold whenever 'when' does.")),
                                ("when", paths("The invariant applies only while all of these hold.")),
                                ("name", text("A name for the invariant, shown when it breaks.")),
                                ("doc", text("What the invariant promises, for readers.")),
                            ])
                        ),
                        ("additionalProperties", .bool(false)),
                    ]),
                ])
            ),
        ])
    }

    /// Each script input's verb with the types that declare it, in registration order.
    func inputsByVerb() -> [(String, [(type: TypeDescription, input: ActionDescription)])] {
        var order: [String] = []
        var declarations: [String: [(type: TypeDescription, input: ActionDescription)]] = [:]
        for type in registry.types {
            for input in type.ownInputs {
                if declarations[input.name] == nil { order.append(input.name) }
                declarations[input.name, default: []].append((type, input))
            }
        }
        return order.map { ($0, declarations[$0] ?? []) }
    }

    /// An input verb: `verb: id`, or `verb: { id: argument }` when it takes one.
    func inputSchema(_ verb: String, _ declarations: [(type: TypeDescription, input: ActionDescription)])
        -> JSONValue
    {
        let lines = declarations.map { declaration in
            let argument = declaration.input.argument.map { " { id: \($0) }" } ?? " id"
            return "\(declaration.type.name): \(verb):\(argument). \(declaration.input.doc)"
        }
        var arguments: [ValueType] = []
        for declaration in declarations {
            if let argument = declaration.input.argument, !arguments.contains(argument) { arguments.append(argument) }
        }
        let takesBareID = declarations.contains { $0.input.argument == nil || $0.input.argument?.isOptional == true }
        var forms: [JSONValue] = []
        if takesBareID { forms.append(Self.idSchema()) }
        if !arguments.isEmpty {
            let values = arguments.map { JSONValue.object(Self.valueFields($0, range: nil)) }
            forms.append(
                .fields([
                    ("type", .string("object")), ("minProperties", .int(1)), ("maxProperties", .int(1)),
                    // The id may be a path into instances of components (`p.volume`), as for a bare id.
                    ("propertyNames", .fields([("pattern", .string(Self.idPathPattern))])),
                    ("additionalProperties", values.count == 1 ? values[0] : .fields([("anyOf", .array(values))])),
                ]))
        }
        let description = "A script input: " + lines.joined(separator: " ")
        var fields: [(key: String, value: JSONValue)] = [
            ("description", .string(description)),
            (
                "markdownDescription",
                .string("Script input **\(verb)**\n\n" + lines.map { "- \($0)" }.joined(separator: "\n"))
            ),
        ]
        fields += forms.count == 1 ? Self.objectFields(forms[0]) : [("anyOf", .array(forms))]
        return .object(fields)
    }

    func allActionNames() -> [String] {
        Self.unique(registry.types.flatMap { $0.orderedActions.map(\.name) })
    }
}
