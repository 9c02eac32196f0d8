import SceneCore
import SceneYAML

extension ReferenceResolver {
    /// Checks what each view's constraints name against the other objects:
    /// an object id names a view (an object with constraints of its own to
    /// take: a `View` or a type extending it), and `parent` a view that has
    /// one. Run only when every object was declared.
    ///
    /// - Complexity: O(c) in the constraints, plus the suggestions of those
    ///   naming no object.
    mutating func checkConstraints(_ targets: [ReferenceResolution]) {
        for site in checked.constraintSites {
            guard let item = site.constraint.secondItem else { continue }
            let at = site.itemSpan ?? site.span
            switch item.owner {
            case .canvas:
                continue
            case .parent:
                // A named constraint is on the view its `view` outlet names.
                guard let view = site.isNamed ? constrainedView(of: site.owner, targets) : site.owner,
                    parent(of: view, targets) == nil
                else { continue }
                let id = checked.ids[view]
                diagnostics.add(
                    .invalidConstraint(
                        reason: "'parent' is the view's parent, and '\(id)' has none",
                        hint:
                            "relate it to the screen with 'canvas' (as in 'canvas.safeArea.top'), or give '\(id)' a parent"
                    ), at: at, in: site.origin)
            case .object(let id):
                guard let index = checked.idTable[id] else {
                    let suggestion = Suggestions.closest(to: id, in: checked.ids)
                    diagnostics.add(
                        .unknownObject(
                            id: id, suggestion: suggestion,
                            fallback: "a constraint names a view by its id, or 'parent' or 'canvas'"),
                        at: at, in: site.origin)
                    continue
                }
                guard let type = checked.types[index], type.property(named: "constraints") == nil else { continue }
                diagnostics.add(
                    .invalidConstraint(
                        reason: "'\(id)' is \(SceneProblem.article(checked.types[index]?.name ?? "object")), "
                            + "not a view: a constraint relates views",
                        hint: "name a view, 'parent' or 'canvas'"), at: at, in: site.origin)
            }
        }
    }

    /// The view the `view` outlet of the named constraint at `index`
    /// names, when it resolved.
    func constrainedView(of index: Int, _ targets: [ReferenceResolution]) -> Int? {
        checked.outlets[checked.objects[index].outletRange]
            .first { $0.outlet.name == "view" && !$0.targetRange.isEmpty }
            .flatMap { targets[$0.targetRange.lowerBound].fittingObject }
    }
}
