import SceneCore

/// A view of a scene where the layout puts it: what `render --format json`
/// prints for each view.
package struct ViewFrame: Sendable, Hashable {
    /// The view's id.
    package var id: String
    /// Its registered type's name.
    package var typeName: String
    /// Its frame in canvas points, or `nil` when the layout places it
    /// nowhere.
    package var frame: Rect?
    /// Whether it is hidden, or inside a hidden view: laid out, not drawn.
    package var isHidden: Bool
}

extension ScenePicture {
    /// Every view of `scene`, in declaration order, with its frame as the
    /// scene's picture would lay it out now, on `canvas` (the scene's own
    /// by default).
    ///
    ///     for view in ScenePicture.viewFrames(of: scene) { print(view.id, view.frame ?? .zero) }
    ///
    /// - Complexity: O(n) in the number of views.
    package static func viewFrames(
        of scene: Scene, canvas: Size? = nil, layout cache: LayoutCache? = nil
    ) -> [ViewFrame] {
        let views = drawableViews(of: scene)
        let nodes = layoutNodes(of: views)
        let canvas = canvas ?? scene.canvas ?? defaultCanvas
        let safeArea = scene.device?.safeArea ?? .zero
        let solution =
            cache?.solve(nodes, canvas: canvas, safeArea: safeArea)
            ?? Layout.solve(nodes, canvas: canvas, safeArea: safeArea)
        // Parents before their views: a view is shown when it and every
        // container of it are (as PlacementAudit reads them); one in a
        // cycle of parents is placed nowhere, and not shown.
        var shown = [Bool](repeating: false, count: nodes.count)
        for index in solution.preorder {
            let parent = nodes[index].parent.flatMap { nodes.indices.contains($0) && $0 != index ? $0 : nil }
            shown[index] = !nodes[index].isHidden && (parent.map { shown[$0] } ?? true)
        }
        return views.indices.map { index in
            ViewFrame(
                id: views[index].id, typeName: views[index].type,
                frame: index < solution.frames.count ? solution.frames[index] : nil, isHidden: !shown[index])
        }
    }

    /// Where the layout puts `view`, one of `scene`'s objects, now: its
    /// frame in canvas points, as ``viewFrames(of:canvas:layout:)`` gives
    /// it; `nil` when `view` is not one of the scene's views or is placed
    /// nowhere.
    ///
    /// - Complexity: O(n) in the number of views.
    package static func layoutFrame(of view: AnyObject, in scene: Scene) -> Rect? {
        guard let index = drawableViews(of: scene).firstIndex(where: { $0.view === view }) else { return nil }
        return viewFrames(of: scene)[index].frame
    }
}
