import SceneCore

/// The last layout worked out, kept so that drawing the same scene again
/// lays it out again only when something the layout reads has changed: a
/// frame, a layout, a parent, a content size, a hidden flag, the canvas or
/// its safe area.
/// A fade (opacity), a shake (offset) or a colour is drawn with the frames
/// already worked out.
///
///     let cache = LayoutCache()
///     ScenePicture.write(scene, layout: cache) { ... }   // lays the scene out
///     fade.alpha = 0.5
///     ScenePicture.write(scene, layout: cache) { ... }   // reuses the frames
///     cache.solveCount                                     // 1
///
/// Whether anything changed is one comparison of the views' layout inputs
/// with the last ones, linear in the number of views and without the
/// allocations of a layout. One cache serves one scene (or one series of
/// pictures) on one thread at a time; it holds no view, only values.
package final class LayoutCache {
    private var nodes: [LayoutNode] = []
    private var canvas: Size?
    private var safeArea = EdgeInsets.zero
    private var solution: (frames: [Rect?], preorder: [Int]) = ([], [])

    /// How many times the cache has worked a layout out (rather than reused
    /// the last one).
    package private(set) var solveCount = 0

    /// An empty cache: the first picture lays its views out.
    package init() {}

    /// The frame of each node in canvas coordinates, as
    /// ``Layout/frames(of:canvas:safeArea:)`` gives it, worked out again
    /// only when `nodes`, `canvas` or `safeArea` differ from the last call's.
    ///
    /// - Complexity: O(n) in the number of nodes.
    package func frames(of nodes: [LayoutNode], canvas: Size, safeArea: EdgeInsets = .zero) -> [Rect?] {
        solve(nodes, canvas: canvas, safeArea: safeArea).frames
    }

    /// The frames and the drawing order, from the last call when nothing
    /// the layout reads has changed.
    func solve(
        _ nodes: [LayoutNode], canvas: Size, safeArea: EdgeInsets = .zero
    ) -> (frames: [Rect?], preorder: [Int]) {
        if canvas == self.canvas, safeArea == self.safeArea, nodes == self.nodes { return solution }
        solution = Layout.solve(nodes, canvas: canvas, safeArea: safeArea)
        self.nodes = nodes
        self.canvas = canvas
        self.safeArea = safeArea
        solveCount += 1
        return solution
    }
}
