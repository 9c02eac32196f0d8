import Behaviours
import LanguageServerProtocol
import SceneCore
import SceneLoader
import SceneOutput

/// One completion item, before it is written as JSON.
struct CompletionCandidate {
    /// The protocol's `CompletionItemKind`s the server uses.
    enum Kind: Int {
        case method = 2, field = 5, property = 10, value = 12, enumMember = 20, keyword = 14, file = 17
        case reference = 18, event = 23, classType = 7, color = 16
    }
    var label: String
    var kind: Kind
    var detail: String?
    var documentation: String?
    /// What is inserted, when not the label (`text: ` after a key).
    var insertText: String?
}

/// `textDocument/completion`: what fits where the cursor is.
extension LanguageServer {
    func completion(_ params: JSONValue) throws(ResponseError) -> JSONValue {
        let document = try document(params)
        let offset = try offset(params, in: document)
        let context = CursorContext(document, offset: offset)
        let candidates = completionCandidates(context, document)
        let range = self.range(context.wordRange, in: document.lines)
        let items = candidates.enumerated().map { rank, candidate in
            JSONValue.fields([
                ("label", .string(candidate.label)),
                ("kind", .int(candidate.kind.rawValue)),
                ("detail", candidate.detail.map(JSONValue.string)),
                (
                    "documentation",
                    candidate.documentation.map { .fields([("kind", .string("markdown")), ("value", .string($0))]) }
                ),
                // Ranked as listed: what fits best first.
                ("sortText", .string(Self.rankText(rank))),
                ("filterText", .string(candidate.label)),
                (
                    "textEdit",
                    .fields([("range", range), ("newText", .string(candidate.insertText ?? candidate.label))])
                ),
            ])
        }
        return .fields([("isIncomplete", .bool(false)), ("items", .array(items))])
    }

    /// `rank` as text that sorts as the number does.
    static func rankText(_ rank: Int) -> String {
        let digits = String(rank)
        return String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    }

    /// The candidates at `context`, best first.
    func completionCandidates(_ context: CursorContext, _ document: OpenDocument) -> [CompletionCandidate] {
        if let nested = nestedCandidates(context, document) { return nested }
        let registry = loader.registry
        switch context.shape {
        case .typeValue:
            return registry.types.map { type in
                CompletionCandidate(
                    label: type.name, kind: .classType, detail: type.base.map { "extends \($0.name)" },
                    documentation: type.summary)
            }
        case .key:
            guard let (model, element) = patchedElement(document, context, patch: "x: 0") else { return [] }
            return keyCandidates(element?.meaning, model)
        case .value(let key):
            let current = model(of: document)
            var element = current.element(atLine: context.line, column: context.valueColumn)
            var model = current
            if element == nil,
                let (patched, found) = patchedElement(
                    document, context, patch: key + ": x", at: key.unicodeScalars.count + 2)
            {
                (model, element) = (patched, found)
            }
            return valueCandidates(key: key, element?.meaning, model, context, document)
        case .scriptItem:
            return scriptVerbCandidates()
        case .none:
            return []
        }
    }

    /// The model of `document` with the cursor's line replaced by its
    /// indentation and `patch`, and what is at the patch's character
    /// `column` (from 0): what a half-written line would be once done.
    func patchedElement(
        _ document: OpenDocument, _ context: CursorContext, patch: String, at column: Int = 0
    ) -> (SceneModel, SceneModel.Element?)? {
        var bytes = document.text
        bytes.replaceSubrange(context.lineRange, with: Array((context.indentation + patch).utf8))
        let model = loaderWithUnsavedFiles.model(of: SceneSource(name: document.path, bytes: bytes))
        let column = context.indentation.unicodeScalars.count + column + 1
        return (model, model.element(atLine: context.line, column: column))
    }

    /// The keys that fit where `meaning` is a key just written.
    func keyCandidates(_ meaning: SceneModel.Meaning?, _ model: SceneModel) -> [CompletionCandidate] {
        switch meaning {
        case .topLevelKey?:
            return SceneModel.topLevelKeys.map {
                CompletionCandidate(label: $0, kind: .keyword, insertText: $0 + ": ")
            }
        case .unknownKey(_, let index)?, .property(_, let index)?, .outlet(_, let index)?:
            guard let type = model.object(at: index).type else {
                return [
                    CompletionCandidate(
                        label: "type", kind: .keyword, documentation: "The object's type.", insertText: "type: ")
                ]
            }
            return memberCandidates(type)
        case .event(_, let index)?:
            guard let type = model.object(at: index).type else { return [] }
            return type.events.values.sorted { $0.name < $1.name }.map { event in
                CompletionCandidate(
                    label: event.name, kind: .event, detail: event.payload.map { "payload \($0)" } ?? "no payload",
                    documentation: event.doc, insertText: event.name + ": ")
            }
        case .instanceKey?:
            return ["include", "params", "parent", "set"].map {
                CompletionCandidate(label: $0, kind: .keyword, insertText: $0 + ": ")
            }
        default:
            return []
        }
    }

    /// The keys of an object of `type`: required ones first, then its own
    /// members, then its bases', then `on:`.
    func memberCandidates(_ type: TypeDescription) -> [CompletionCandidate] {
        var properties = type.properties.filter { !$0.isReadOnly }
        properties.sort {
            ($0.isRequired ? 0 : 1, $0.declaringType == type.name ? 0 : 1) < (
                $1.isRequired ? 0 : 1, $1.declaringType == type.name ? 0 : 1
            )
        }
        var outlets = type.outlets
        outlets.sort { ($0.isRequired ? 0 : 1) < ($1.isRequired ? 0 : 1) }
        let required =
            properties.filter(\.isRequired).map(propertyCandidate) + outlets.filter(\.isRequired).map(outletCandidate)
        let others =
            properties.filter { !$0.isRequired }.map(propertyCandidate)
            + outlets.filter { !$0.isRequired }.map(outletCandidate)
        let on =
            type.events.isEmpty
            ? []
            : [
                CompletionCandidate(
                    label: "on", kind: .keyword, detail: "events",
                    documentation: "The events, each connected to `id.action`s.", insertText: "on:\n")
            ]
        return required + others + on
    }

    func propertyCandidate(_ property: PropertyDescription) -> CompletionCandidate {
        CompletionCandidate(
            label: property.name, kind: .property, detail: property.type.description,
            documentation: property.doc + (property.isRequired ? " Required." : ""), insertText: property.name + ": ")
    }

    func outletCandidate(_ outlet: OutletDescription) -> CompletionCandidate {
        let form =
            outlet.isCollection
            ? "[\(loader.registry.typeDescription(of: outlet))]" : loader.registry.typeDescription(of: outlet)
        return CompletionCandidate(
            label: outlet.name, kind: .field, detail: "outlet: " + form,
            documentation: outlet.doc + (outlet.isRequired ? " Required." : ""), insertText: outlet.name + ": ")
    }

    /// The values that fit after `key:`.
    func valueCandidates(
        key: String, _ meaning: SceneModel.Meaning?, _ model: SceneModel, _ context: CursorContext,
        _ document: OpenDocument
    ) -> [CompletionCandidate] {
        switch meaning {
        case .topLevelValue("canvas")?:
            return Device.names.map { CompletionCandidate(label: $0, kind: .value, detail: "device") }
        case .instanceKey("include")?:
            return componentFiles(near: document.path, typed: context.typed)
        case .reference?, .event?:
            return idCandidates(model, context)
        case .value(let key, let index)?:
            let type = model.object(at: index).type
            switch type?.members[key] {
            case .outlet?: return idCandidates(model, context)
            case .property(let property)?: return literalCandidates(property.type)
            case nil: return []
            }
        case .scriptPath?:
            return scriptPathCandidates(context.typed, model, verb: context.scriptVerb)
        default:
            if key == "include" { return componentFiles(near: document.path, typed: context.typed) }
            if key == "canvas" {
                return Device.names.map { CompletionCandidate(label: $0, kind: .value, detail: "device") }
            }
            return []
        }
    }

    /// The ids (or `id.action`s) that fit at the cursor, by the model's answer.
    func idCandidates(_ model: SceneModel, _ context: CursorContext) -> [CompletionCandidate] {
        model.candidates(atLine: context.line, column: context.valueColumn).map { id in
            let index =
                model.index(ofID: id.split(separator: ".").first.map(String.init) ?? id) ?? model.index(ofID: id)
            let type = index.map { model.object(at: $0).type?.name ?? "?" }
            return CompletionCandidate(
                label: id, kind: id.contains(".") ? .method : .reference, detail: type, documentation: nil)
        }
    }

    /// The literals a value of `type` takes: booleans, enum cases, colour names.
    func literalCandidates(_ type: ValueType) -> [CompletionCandidate] {
        switch type.unwrapped {
        case .bool: return ["true", "false"].map { CompletionCandidate(label: $0, kind: .value, detail: "Bool") }
        case .enumeration(let name, let cases):
            return cases.map { CompletionCandidate(label: $0, kind: .enumMember, detail: name) }
        case .color:
            return Color.named.map { entry in
                CompletionCandidate(label: entry.name, kind: .color, detail: entry.color.description)
            }
        default: return []
        }
    }

    /// The script's verbs and the registered types' inputs.
    func scriptVerbCandidates() -> [CompletionCandidate] {
        let verbs = ScriptVerb.allCases.map { verb in
            CompletionCandidate(
                label: verb.rawValue, kind: .keyword, detail: verb.example, documentation: verb.doc,
                insertText: verb.rawValue + ": ")
        }
        var seen = Set(ScriptVerb.names)
        var inputs: [CompletionCandidate] = []
        for type in loader.registry.types {
            for input in type.inputs.values.sorted(by: { $0.name < $1.name }) where seen.insert(input.name).inserted {
                inputs.append(
                    CompletionCandidate(
                        label: input.name, kind: .keyword, detail: "input of \(type.name)", documentation: input.doc,
                        insertText: input.name + ": "))
            }
        }
        return verbs + inputs
    }

    /// At a script step's value: the ids that take the step's input, or
    /// `id.member` paths for `set:`, `expect:` and `call:`.
    func scriptPathCandidates(_ path: String, _ model: SceneModel, verb: String?) -> [CompletionCandidate] {
        switch verb {
        case "set"?: return memberPaths(path, model, members: .settable)
        case "expect"?: return memberPaths(path, model, members: .readable)
        case "call"?: return memberPaths(path, model, members: .actions)
        case let input?:
            return (0..<min(model.objectCount, Self.maxCandidates)).compactMap { index in
                let object = model.object(at: index)
                guard let type = object.type, type.inputs[input] != nil else { return nil }
                return CompletionCandidate(label: object.id, kind: .reference, detail: type.name)
            }
        case nil: return []
        }
    }

    /// The most items a completion lists.
    static let maxCandidates = 10_000

    /// Which members a path may end in.
    enum PathMembers {
        case settable, readable, actions
    }

    /// `id.member` paths for `typed`: with a dot, the members of the
    /// object it names; without one, every id, each with its dot.
    func memberPaths(_ typed: String, _ model: SceneModel, members: PathMembers) -> [CompletionCandidate] {
        if let dot = typed.lastIndex(of: "."), let index = model.index(ofID: String(typed[..<dot])) {
            let object = model.object(at: index)
            guard let type = object.type else { return [] }
            if members == .actions {
                return type.orderedActions.map { action in
                    CompletionCandidate(
                        label: object.id + "." + action.name, kind: .method,
                        detail: action.argument.map { "takes \($0)" }, documentation: action.doc)
                }
            }
            return type.properties.filter { members == .readable || !$0.isReadOnly }.map { property in
                CompletionCandidate(
                    label: object.id + "." + property.name, kind: .property, detail: property.type.description,
                    documentation: property.doc)
            }
        }
        return (0..<min(model.objectCount, Self.maxCandidates)).compactMap { index in
            let object = model.object(at: index)
            guard let type = object.type else { return nil }
            return CompletionCandidate(
                label: object.id, kind: .reference, detail: type.name, insertText: object.id + ".")
        }
    }

    /// What fits inside a mapping nested in an object or an invariant: an
    /// instance's `params:` and `set:`, an invariant's keys and its `when:`
    /// and `expect:` paths; `nil` elsewhere.
    func nestedCandidates(_ context: CursorContext, _ document: OpenDocument) -> [CompletionCandidate]? {
        let atKey = context.flowKey != nil ? context.isAtFlowKey : context.shape == .key
        let container = context.flowKey ?? (context.shape == .key ? context.ancestors.last : nil)
        if context.section == "invariants", context.flowKey == nil, context.shape == .key,
            context.ancestors == ["invariants"]
        {
            return ["name", "when", "expect"].map {
                CompletionCandidate(label: $0, kind: .keyword, insertText: $0 + ": ")
            }
        }
        guard atKey, let container else { return nil }
        switch context.section {
        case "invariants" where container == "when" || container == "expect":
            return memberPaths(context.typed, modelWithoutCursorLine(document, context), members: .readable)
        case "objects" where context.ancestors.count >= 2 && (container == "params" || container == "set"):
            let model = modelWithoutCursorLine(document, context)
            let instance = context.ancestors[1]
            guard let component = model.component(ofInstance: instance) else { return [] }
            if container == "params" {
                return component.parameters.map { parameter in
                    CompletionCandidate(
                        label: parameter.name, kind: .property, detail: parameter.type?.description ?? "any value",
                        documentation: parameter.isRequired ? "Required: the component has no default." : nil,
                        insertText: parameter.name + ": ")
                }
            }
            // `set:` paths: the component's ids, then the members of the one typed.
            if let dot = context.typed.lastIndex(of: "."),
                let index = model.index(ofID: instance + "." + context.typed[..<dot]),
                let type = model.object(at: index).type
            {
                let id = String(context.typed[..<dot])
                return type.properties.filter { !$0.isReadOnly }.map { property in
                    CompletionCandidate(
                        label: id + "." + property.name, kind: .property, detail: property.type.description,
                        documentation: property.doc, insertText: id + "." + property.name + ": ")
                }
            }
            return component.ids.map {
                CompletionCandidate(label: $0, kind: .reference, detail: component.file, insertText: $0 + ".")
            }
        default:
            return nil
        }
    }

    /// The model of `document` with the cursor's line left blank: a
    /// half-written key there would keep the rest from parsing.
    func modelWithoutCursorLine(_ document: OpenDocument, _ context: CursorContext) -> SceneModel {
        var bytes = document.text
        bytes.replaceSubrange(context.lineRange, with: [])
        return loaderWithUnsavedFiles.model(of: SceneSource(name: document.path, bytes: bytes))
    }

    /// For `include:`: the YAML files and folders in the folder `typed`
    /// names so far (up to its last `/`), relative to the folder of `path`.
    func componentFiles(near path: String, typed: String) -> [CompletionCandidate] {
        var folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        var written = ""
        if let slash = typed.lastIndex(of: "/") {
            written = String(typed[...slash])
            folder = typed.hasPrefix("/") ? String(written.dropLast()) : folder + "/" + written.dropLast()
        }
        return DirectoryListing.entries(of: folder.isEmpty ? "." : folder, limit: 1_000).compactMap { entry in
            if entry.isDirectory {
                return CompletionCandidate(label: written + entry.name + "/", kind: .file, detail: "folder")
            }
            guard entry.name.hasSuffix(".yaml") || entry.name.hasSuffix(".yml"), folder + "/" + entry.name != path
            else {
                return nil
            }
            return CompletionCandidate(label: written + entry.name, kind: .file, detail: "component file")
        }
    }
}
