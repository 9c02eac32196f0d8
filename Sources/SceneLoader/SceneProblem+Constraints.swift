import SceneCore
import SceneYAML

/// Required constraints that cannot all hold, as `check` finds them once
/// the views are made: every constraint of one contradiction, and the one
/// the layout breaks to go on (the last added, as UIKit breaks one and
/// says which).
package struct ConstraintConflict: Sendable, Hashable {
    /// One constraint of the conflict.
    package struct Member: Sendable, Hashable {
        /// The id of the view it is written on, or holds.
        package var id: String
        /// Its place in the view's `constraints:`; `nil` for one the layout
        /// adds: a view without constraints held at the frame it is given.
        package var element: Int?
        /// The constraint as written (`width == 100`), or what the layout
        /// adds (`its frame, 120 by 44 at (0, 0)`).
        package var text: String
        /// The line it is written on, once the declaration has placed it.
        package var line: Int?

        package init(id: String, element: Int?, text: String, line: Int? = nil) {
            self.id = id
            self.element = element
            self.text = text
            self.line = line
        }
    }

    /// Every constraint of the contradiction, in the order they were added.
    package var members: [Member]
    /// The one broken: an index into ``members``.
    package var broken: Int

    package init(members: [Member], broken: Int) {
        self.members = members
        self.broken = broken
    }
}

extension SceneProblem {
    /// The wording of ``unsatisfiableConstraints(_:)``.
    static func unsatisfiable(_ conflict: ConstraintConflict) -> Wording {
        let members = conflict.members.map { "'\($0.id)': \($0.text)" + ($0.line.map { " (line \($0))" } ?? "") }
        let broken = conflict.members.indices.contains(conflict.broken) ? conflict.members[conflict.broken] : nil
        return .error(
            .unsatisfiableConstraints,
            "\(conflict.members.count) required constraints cannot all hold: "
                + members.joined(separator: "; ")
                + (broken.map { "; '\($0.text)' of '\($0.id)' is broken to lay the views out" } ?? ""),
            hint: "lower the priority of one (as in 'width == 400 @750'), or remove one")
    }
}

extension SceneProblem {
    /// The wording of ``ambiguousLayout(id:axis:open:)``: `open` is a
    /// position (`horizontal position`) or a size (`width`).
    static func ambiguous(id: String, axis: String, open: String) -> Wording {
        let horizontal = axis == "horizontal"
        let hint =
            open.hasSuffix("position")
            ? "fix one of its \(horizontal ? "horizontal edges or its centerX ('leading == parent.leading + 16')" : "vertical edges or its centerY ('top == parent.top + 16')")"
            : "give it a \(horizontal ? "width ('width == 120') or a second horizontal edge ('trailing == parent.trailing - 16')" : "height ('height == 44') or a second vertical edge ('bottom == parent.bottom - 16')")"
        return .warning(.ambiguousLayout, "the constraints of '\(id)' leave its \(open) open", hint: hint)
    }
}

extension SceneDeclaration {
    /// The error for `conflict`, at the broken constraint (or the view it
    /// is on), with a note at each other constraint of the conflict.
    package func diagnostic(_ conflict: ConstraintConflict) -> Diagnostic {
        func place(_ member: ConstraintConflict.Member) -> SourceSpan? {
            guard let index = index(ofID: member.id) else { return nil }
            return member.element.flatMap { span(ofConstraint: $0, object: index) } ?? span(of: index)
        }
        var conflict = conflict
        for index in conflict.members.indices {
            conflict.members[index].line = place(conflict.members[index])?.start.line
        }
        let broken = conflict.members.indices.contains(conflict.broken) ? conflict.members[conflict.broken] : nil
        let notes = conflict.members.enumerated().compactMap { position, member -> Diagnostic.Note? in
            guard position != conflict.broken, let at = place(member) else { return nil }
            return Diagnostic.Note("'\(member.text)' of '\(member.id)', in the conflict", at: at.start)
        }
        return SceneProblem.unsatisfiableConstraints(conflict).diagnostic(
            at: broken.flatMap(place) ?? SourceSpan(at: .start), notes: notes)
    }

    /// The warning for a view, the object at `index`, whose constraints
    /// leave `open` (`horizontal position`, `width`) along `axis` open.
    package func ambiguityDiagnostic(object index: Int, axis: String, open: String) -> Diagnostic {
        SceneProblem.ambiguousLayout(id: objects[index].id, axis: axis, open: open).diagnostic(at: span(of: index))
    }
}
