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
        let frames =
            cache?.frames(of: nodes, canvas: canvas, safeArea: safeArea)
            ?? Layout.solve(nodes, canvas: canvas, safeArea: safeArea).frames
        // A view is hidden when it or any container of it is; each view's
        // answer is kept, so that every view is looked at once.
        var hidden = [Bool?](repeating: nil, count: nodes.count)
        func isHidden(_ index: Int) -> Bool {
            var chain: [Int] = []
            var current: Int? = index
            var result = false
            while let at = current, chain.count <= nodes.count {
                if let known = hidden[at] {
                    result = known
                    break
                }
                chain.append(at)
                if nodes[at].isHidden {
                    result = true
                    break
                }
                current = nodes[at].parent.flatMap { nodes.indices.contains($0) && $0 != at ? $0 : nil }
            }
            for visited in chain { hidden[visited] = result }
            return result
        }
        return views.indices.map { index in
            ViewFrame(
                id: views[index].id, typeName: views[index].type,
                frame: index < frames.count ? frames[index] : nil, isHidden: isHidden(index))
        }
    }
}
