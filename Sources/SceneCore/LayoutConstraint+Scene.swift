extension LayoutAnchorItem {
    /// The item as a scene writes it: `parent`, `canvas.safeArea`, `card.title`.
    package var text: String {
        let owner =
            switch owner {
            case .parent: "parent"
            case .canvas: "canvas"
            case .object(let id): id
            }
        return guide.map { "\(owner).\($0.rawValue)" } ?? owner
    }
}

extension LayoutConstraint: SceneValueConvertible {
    /// A constraint is written as a string, in the form ``ConstraintSyntax``
    /// reads: `leading == parent.leading + 16`.
    package static var sceneValueType: ValueType { .string }

    /// The constraint `sceneValue`'s text writes; `nil` for another value
    /// or a text ``ConstraintSyntax`` refuses.
    package init?(sceneValue: SceneValue) {
        guard case .string(let text) = sceneValue, case .success(let constraint) = ConstraintSyntax.parse(text)
        else { return nil }
        self = constraint
    }

    /// The constraint's text, as ``text``.
    package var sceneValue: SceneValue { .string(text) }

    /// The constraint as a scene writes it, each part that differs from its
    /// default included: `width == 0.5 * parent.width + 10 @750`. Reading
    /// it back gives the same constraint.
    package var text: String {
        var text = "\(first.rawValue) \(relation.rawValue) "
        guard let secondItem, let secondAttribute else {
            return text + Self.number(constant) + priorityText
        }
        if multiplier != 1 { text += "\(Self.number(multiplier)) * " }
        text += "\(secondItem.text).\(secondAttribute.rawValue)"
        if constant != 0 { text += constant < 0 ? " - \(Self.number(-constant))" : " + \(Self.number(constant))" }
        return text + priorityText
    }

    private var priorityText: String {
        priority.isRequired ? "" : " @\(Self.number(priority.value))"
    }

    /// `value` as the constraint syntax reads it: `16`, `0.5`, `-3.25`.
    private static func number(_ value: Double) -> String {
        if value.rounded() == value, abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}
