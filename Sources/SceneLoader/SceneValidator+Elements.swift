import SceneCore
import SceneYAML

/// Where one constraint of a view's `constraints:` is written, and what it
/// names: what the ``ReferenceResolver`` checks against the other objects
/// (the item an id, the view with a parent for `parent`), and where `check`
/// reports a conflict it is part of.
struct ConstraintSite {
    /// The index of the view it is written on.
    let owner: Int
    /// Its place in the view's list.
    let element: Int
    /// The constraint as read.
    let constraint: LayoutConstraint
    /// Where it is written (for a view of a component: where the instance is).
    let span: SourceSpan
    /// Where its second item's id is written, for an item that is an object.
    let itemSpan: SourceSpan?
    /// Whether ``owner`` is a named constraint (a `Constraint`), whose
    /// `view` outlet names the view it is on, rather than the view.
    let isNamed: Bool
    /// The file it is written in, `nil` for the scene's own.
    let origin: DiagnosticOrigin?
}

extension SceneValidator {
    /// Whether `property` is a view's list of Auto Layout constraints.
    static func isConstraintList(_ property: PropertyDescription) -> Bool {
        property.name == "constraints" && property.elementRefusal != nil && property.type == .list(.string)
    }

    /// The constraints of `value` (a list, or one relation) with each
    /// view they name by id named by path in the component whose file
    /// writes them: a component's constraints name its own views, as its
    /// outlets do (`title` in an instance `card` is `card.title`).
    static func prefixingItems(of value: SceneValue, with prefix: String) -> SceneValue {
        func prefixed(_ text: SceneValue) -> SceneValue {
            guard case .string(let string) = text, case .success(var constraint) = ConstraintSyntax.parse(string),
                case .object(let id)? = constraint.secondItem?.owner
            else { return text }
            constraint.secondItem?.owner = .object(prefix + id)
            return .string(constraint.text)
        }
        if case .list(let elements) = value { return .list(elements.map(prefixed)) }
        return prefixed(value)
    }

    /// Whether `property` is the relation of a named constraint (a `Constraint`'s `is`).
    static func isConstraintRelation(_ property: PropertyDescription) -> Bool {
        property.name == "is" && property.declaringType == "Constraint" && property.refusal != nil
            && property.type == .string
    }

    /// Records where each constraint of `value` (a view's `constraints:`
    /// written at `node`, already checked) is, for the view at `owner`.
    mutating func recordConstraints(
        _ value: SceneValue, at node: YAMLDocument.Node, in document: borrowing YAMLDocument, owner: Int,
        file: ObjectFile, named: Bool = false
    ) {
        guard case .list(let elements) = value else { return }
        let items = document.kind(node) == .sequence ? Array(document.items(node)) : []
        for (element, text) in elements.enumerated() {
            guard case .string(let string) = text,
                case .success(let parsed) = ConstraintSyntax.parseWithItem(string)
            else { continue }
            let elementNode = items.indices.contains(element) ? items[element] : node
            let ownSpan = file.isOwn ? document.span(elementNode) : nil
            var itemSpan: SourceSpan?
            if file.isOwn, let owner = parsed.constraint.secondItem?.owner, let start = parsed.itemOffsets?.lowerBound {
                let length =
                    switch owner {
                    case .object(let id): id.utf8.count
                    case .parent: "parent".utf8.count
                    case .canvas: "canvas".utf8.count
                    }
                itemSpan = Self.span(of: start..<(start + length), in: elementNode, document)
            }
            checked.constraintSites.append(
                ConstraintSite(
                    owner: owner, element: element, constraint: parsed.constraint,
                    span: ownSpan ?? document.locator.span(file.siteOffsets), itemSpan: itemSpan ?? ownSpan,
                    isNamed: named, origin: nil))
        }
    }

    /// The span of `offsets` (UTF-8, into a scalar's text) in the file,
    /// when the scalar at `node` is written on one line exactly as it
    /// reads (plain, or quoted without escapes); `nil` otherwise.
    static func span(of offsets: Range<Int>, in node: YAMLDocument.Node, _ document: borrowing YAMLDocument)
        -> SourceSpan?
    {
        guard let text = document.scalarBytes(node), let style = document.style(node) else { return nil }
        let written = document.offsets(node)
        let quote = style == .plain ? 0 : 1
        guard style == .plain || style == .singleQuoted || style == .doubleQuoted else { return nil }
        let start = written.lowerBound + quote
        let file = document.utf8Text
        guard start + text.count <= file.count, file[start..<(start + text.count)].elementsEqual(text),
            offsets.lowerBound >= 0, offsets.upperBound <= text.count
        else { return nil }
        return document.locator.span((start + offsets.lowerBound)..<(start + offsets.upperBound))
    }
}

extension DiagnosticCollector {
    /// Reports what `property` refuses of `value` (written at `node`, for
    /// `subject`): the whole value, or each element of a list that its
    /// element refusal refuses, at the element; a refusal that gives
    /// offsets (a constraint's text that does not read) is reported at
    /// them, when the text is written as it reads. True when nothing is refused.
    mutating func reportRefusals(
        of value: SceneValue, at node: YAMLDocument.Node, in document: borrowing YAMLDocument,
        _ property: PropertyDescription, subject: String, origin: DiagnosticOrigin?
    ) -> Bool {
        if let refusal = property.refusal?(value) {
            report(refusal, of: value, at: node, in: document, subject: subject, origin: origin)
            return false
        }
        guard let refusal = property.elementRefusal, case .list(let elements) = value,
            document.kind(node) == .sequence
        else { return true }
        var accepted = true
        for (element, elementNode) in zip(elements, document.items(node)) {
            guard let refused = refusal(element) else { continue }
            accepted = false
            report(refused, of: element, at: elementNode, in: document, subject: subject, origin: origin)
        }
        return accepted
    }

    private mutating func report(
        _ refusal: ValueRefusal, of value: SceneValue, at node: YAMLDocument.Node, in document: borrowing YAMLDocument,
        subject: String, origin: DiagnosticOrigin?
    ) {
        guard let offsets = refusal.offsets else {
            add(.refused(value, refusal, subject: subject), at: document.span(node), in: origin)
            return
        }
        let at = SceneValidator.span(of: offsets, in: node, document) ?? document.span(node)
        add(.invalidConstraint(reason: refusal.reason, hint: refusal.hint), at: at, in: origin)
    }
}
