import SceneCore
import SceneDrawing
import SceneLoader

/// `check`'s warnings about where views are: the scene's objects are made
/// (not run), its views laid out as they are before the script's first
/// step, and what ``PlacementAudit`` finds out of place is worded by the
/// loader (``PlacementWarning``) at each view's id.
enum PlacementCheck {
    /// The most warnings of this kind reported for one file.
    static let maxWarnings = 100

    /// The warnings for `declaration`'s views, at most ``maxWarnings`` in
    /// file order; none when it declares no view, or when its objects
    /// cannot be made (which `run` reports). With `keepingObjects`, the
    /// objects made are left for the process's end to free (``LeftToExit``).
    static func warnings(
        _ declaration: SceneDeclaration, source: SceneSource, loader: SceneLoader, keepingObjects: Bool = false
    ) -> [Diagnostic] {
        guard declaration.objects.contains(where: { $0.type.objectType is any DrawableView.Type }),
            let scene = try? loader.instantiate(declaration, source: source)
        else { return [] }
        defer { if keepingObjects { LeftToExit.keep(scene) } }
        let canvas = scene.canvas ?? ScenePicture.defaultCanvas
        var warnings: [(index: Int, diagnostic: Diagnostic)] = []
        for finding in ScenePicture.placementFindings(of: scene) {
            guard let index = declaration.index(ofID: finding.id) else { continue }
            if case .textCut(let text, let width, let room) = finding.kind, let cut = finding.truncation {
                let truncation = TextTruncation(
                    member: text.member, text: text.text, fontSize: text.fontSize, width: width, room: room,
                    height: cut.height, numberOfLines: text.numberOfLines, needed: cut.lines.needed,
                    shown: cut.lines.lines.count, lastLine: cut.lines.lines.last ?? "",
                    truncates: text.lineBreak?.truncates ?? false)
                warnings.append((index, declaration.diagnostic(truncation, object: index)))
                continue
            }
            let warning: PlacementWarning =
                switch finding.kind {
                case .outside(let parent, let overhang, let isWhollyOutside):
                    .outside(parent: parent, canvas: canvas, overhang: overhang, isWhollyOutside: isWhollyOutside)
                case .stackOverflow(let axis, let content, let room):
                    .stackOverflow(axis: axis.rawValue, content: content, room: room)
                case .textCut(let text, let width, let room):
                    .textCut(member: text.member, text: text.text, fontSize: text.fontSize, width: width, room: room)
                }
            warnings.append((index, declaration.diagnostic(warning, object: index)))
        }
        for report in ScenePicture.constraintReports(of: scene) {
            switch report {
            case .conflict(let members, let broken):
                let conflict = ConstraintConflict(
                    members: members.map { .init(id: $0.id, element: $0.element, text: $0.text) }, broken: broken)
                let owner = members.indices.contains(broken) ? members[broken].id : members.first?.id
                guard let index = owner.flatMap(declaration.index(ofID:)) else { continue }
                warnings.append((index, declaration.diagnostic(conflict)))
            case .ambiguous(let id, let axis, let open):
                guard let index = declaration.index(ofID: id) else { continue }
                warnings.append(
                    (index, declaration.ambiguityDiagnostic(object: index, axis: axis.rawValue, open: open)))
            }
        }
        // In declaration order, a view's own warnings in the order found.
        return warnings.enumerated()
            .sorted { ($0.element.index, $0.offset) < ($1.element.index, $1.offset) }
            .prefix(maxWarnings).map(\.element.diagnostic)
    }

    /// What `check` reports for `model`: the model's diagnostics and, when
    /// the scene loads, the warnings of ``warnings(_:source:loader:keepingObjects:)``,
    /// in file order; with the declaration when the scene loads and its
    /// required constraints all hold. `check` and `lsp` both report this.
    static func checked(
        _ model: consuming SceneModel, loader: SceneLoader, keepingObjects: Bool = false
    ) -> (diagnostics: [Diagnostic], declaration: SceneDeclaration?) {
        let (diagnostics, source) = (model.diagnostics, model.source)
        guard let declaration = try? model.declaration.get() else { return (diagnostics, nil) }
        // The model is let go before the objects are made: the declaration
        // holds all the placement check needs.
        _ = consume model
        let placement = warnings(declaration, source: source, loader: loader, keepingObjects: keepingObjects)
        // A conflict among required constraints is an error of `check`'s own.
        let isLaidOut = !placement.contains { $0.severity == .error }
        return (inFileOrder(diagnostics + placement), isLaidOut ? declaration : nil)
    }

    /// `diagnostics` sorted by where they are written, those at one place
    /// in the order given.
    static func inFileOrder(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.enumerated().sorted {
            ($0.element.position.line, $0.element.position.column, $0.offset)
                < ($1.element.position.line, $1.element.position.column, $1.offset)
        }.map(\.element)
    }
}
