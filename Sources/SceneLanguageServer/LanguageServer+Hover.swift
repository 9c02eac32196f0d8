import Behaviours
import LanguageServerProtocol
import SceneCore
import SceneLoader
import SceneOutput

/// `textDocument/hover`: what the thing under the cursor is.
extension LanguageServer {
    func hover(_ params: JSONValue) throws(ResponseError) -> JSONValue {
        let document = try document(params)
        let offset = try offset(params, in: document)
        let model = model(of: document)
        guard let element = element(atOffset: offset, in: document, model),
            let text = hoverText(element, model, document)
        else { return .null }
        let range: JSONValue? =
            element.file == model.source.name ? self.range(element.span, in: document.lines) : nil
        return .fields([
            ("contents", .fields([("kind", .string("markdown")), ("value", .string(text))])), ("range", range),
        ])
    }

    /// The hover's markdown for `element`, `nil` when there is nothing to say.
    func hoverText(_ element: SceneModel.Element, _ model: SceneModel, _ document: OpenDocument) -> String? {
        switch element.meaning {
        case .type(let index):
            guard let type = model.object(at: index).type else { return nil }
            return typeSummary(type)
        case .objectID(let index):
            return objectSummary(index, model)
        case .property(let name, let index), .value(ofKey: let name, object: let index):
            guard let type = model.object(at: index).type, let member = type.members[name] else { return nil }
            var text = memberSummary(member)
            if case .value = element.meaning, case .property(let property) = member,
                let meaning = valueMeaning(property.type, written(element, document))
            {
                text += "\n\n" + meaning
            }
            return text
        case .outlet(let name, let index):
            guard let type = model.object(at: index).type, let member = type.members[name] else { return nil }
            return memberSummary(member)
        case .event(let name, let index):
            guard let event = model.object(at: index).type?.events[name] else { return nil }
            return "**\(name)** (event of \(event.declaringType))" + (event.payload.map { ", payload `\($0)`" } ?? "")
                + "\n\n" + event.doc
        case .reference(let reference):
            guard let target = reference.resolution.namedObject else {
                return "No object has the id `\(reference.written)`."
            }
            var text = objectSummary(target, model)
            if case .actionTarget(_, let action) = reference.kind,
                let description = model.object(at: target).type?.actions[action]
            {
                text +=
                    "\n\n**\(action)**" + (description.argument.map { "(`\($0)`)" } ?? "()") + ": " + description.doc
            }
            return text
        case .scriptPath(let path, let object):
            guard let object else { return nil }
            let id = model.object(at: object).id
            var text = objectSummary(object, model)
            let member = path.dropFirst(min(path.count, id.count + 1))
            if !member.isEmpty, let type = model.object(at: object).type {
                if let found = type.members[String(member)] {
                    text += "\n\n" + memberSummary(found)
                } else if let action = type.actions[String(member)] {
                    text += "\n\n**\(action.name)**: " + action.doc
                }
            }
            return text
        case .scriptStep(let verb):
            if let known = ScriptVerb(rawValue: verb) { return "**\(verb)** `\(known.example)`\n\n" + known.doc }
            for type in loader.registry.types {
                if let input = type.inputs[verb] { return "**\(verb)** (input of \(type.name))\n\n" + input.doc }
            }
            return nil
        case .topLevelValue("canvas"):
            let text = written(element, document)
            guard let device = Device.named(text) else { return nil }
            return "**\(text)**: \(Self.points(device.size.width)) × \(Self.points(device.size.height)) points"
        default:
            return nil
        }
    }

    /// The text written at `element`, in `document`.
    func written(_ element: SceneModel.Element, _ document: OpenDocument) -> String {
        let range = element.span.start.offset..<max(element.span.start.offset, element.span.end.offset)
        guard range.upperBound <= document.text.count else { return "" }
        return String(decoding: document.text[range], as: UTF8.self)
    }

    /// What a written value means, for the values whose text says it indirectly.
    func valueMeaning(_ type: ValueType, _ text: String) -> String? {
        switch type.unwrapped {
        case .duration:
            guard let duration = SceneModel.duration(text) else { return nil }
            return "`\(text)` is \(duration.seconds) seconds"
        case .color:
            guard let color = Color(parsing: text) else { return nil }
            return "`\(text)` is the colour \(color.description)"
        default:
            return nil
        }
    }

    /// A type's summary and members, as markdown.
    func typeSummary(_ type: TypeDescription) -> String {
        var lines = ["**\(type.name)**" + (type.base.map { " (extends \($0.name))" } ?? ""), "", type.summary]
        let properties = type.properties.map { "- `\($0.name)`: `\($0.type)`" + ($0.isReadOnly ? " (read-only)" : "") }
        let outlets = type.outlets.map { "- `\($0.name)` → \(loader.registry.typeDescription(of: $0))" }
        let events = type.events.values.sorted { $0.name < $1.name }.map { "- `\($0.name)`" }
        let actions = type.orderedActions.map { "- `\($0.name)`" + ($0.argument.map { "(\($0))" } ?? "") }
        for (title, items) in [
            ("Properties", properties), ("Outlets", outlets), ("Events", events), ("Actions", actions),
        ]
        where !items.isEmpty {
            lines += ["", title + ":"] + items
        }
        return lines.joined(separator: "\n")
    }

    /// An object's id, type and where it is declared.
    func objectSummary(_ index: Int, _ model: SceneModel) -> String {
        let object = model.object(at: index)
        let name = object.type?.name ?? "an object of unknown type"
        return "`\(object.id)`: **\(name)**, declared at \(object.file):\(object.span.start.line)"
            + (object.type.map { "\n\n" + $0.summary } ?? "")
    }

    /// A member's form and doc.
    func memberSummary(_ member: TypeDescription.Member) -> String {
        switch member {
        case .property(let property):
            return "**\(property.name)**: `\(property.type)`" + (property.isRequired ? " (required)" : "")
                + (property.isReadOnly ? " (read-only)" : "") + " — property of \(property.declaringType)\n\n"
                + property.doc
        case .outlet(let outlet):
            return "**\(outlet.name)** → \(loader.registry.typeDescription(of: outlet))"
                + (outlet.isCollection ? " (a list)" : "") + (outlet.isRequired ? " (required)" : "")
                + " — outlet of \(outlet.declaringType)\n\n" + outlet.doc
        }
    }

    static func points(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e9 ? String(Int(value)) : String(value)
    }
}
