import SceneCore

/// A view that a picture can draw: what the layout and the drawing read of
/// it. The standard `View` and every control conform; a type of your own
/// that subclasses `View` draws through it too.
package protocol DrawableView: AnyObject {
    /// The view that contains this one, or `nil` on the canvas.
    var containingView: (any DrawableView)? { get }
    /// The declared frame, relative to the containing view, if any.
    var frame: Rect? { get }
    /// How the view stacks its own views that have no frame; `nil` for
    /// ``StackLayout/standard``.
    var layout: StackLayout? { get }
    /// Whether the view is hidden.
    var hidden: Bool { get }
    /// The view's opacity, 0...1.
    var alpha: Double { get }
    /// How far the view and its views are moved from where the layout puts them.
    var drawingOffset: Point { get }
    /// The size the view's content asks for.
    var intrinsicSize: Size { get }
    /// Draws the view in its own coordinates.
    func draw(in context: DrawingContext)
    /// The line of text the view shows and must find room for (a label's
    /// text, a button's title), for `check`'s `text-cut` warning; `nil`
    /// (the default) for a view that shows none.
    var textToFit: TextToFit? { get }
    /// Where this view places `view`, one of its own views that has no
    /// frame of its own (a navigation bar's items at its edges), or `nil`
    /// (the default) to stack it by ``layout``.
    func placement(ofContained view: any DrawableView) -> ContainedPlacement?
    /// The view's Auto Layout constraints (the default: none), each with
    /// the object that holds it when that is not the view (a named
    /// constraint's); a view with some is placed by them rather than by
    /// its frame or its parent's stack.
    var layoutConstraints: [(constraint: LayoutConstraint, holder: ObjectIdentifier?)] { get }
    /// How strongly the view keeps to its ``intrinsicSize`` when placed by
    /// constraints (the default: UIKit's 250 hugging, 750 resistance).
    var contentPriorities: ContentPriorities { get }
}

extension DrawableView {
    /// No text to fit.
    package var textToFit: TextToFit? { nil }
    /// No constraints.
    package var layoutConstraints: [(constraint: LayoutConstraint, holder: ObjectIdentifier?)] { [] }
    /// UIKit's defaults.
    package var contentPriorities: ContentPriorities { .standard }
    /// Every view of its own is stacked.
    package func placement(ofContained view: any DrawableView) -> ContainedPlacement? { nil }
}

/// Where a container puts one of its views, as a frame of its own would:
/// relative to the container's top left corner, or, from its trailing
/// edge, with `frame.x` the room between the view's right edge and the
/// container's.
package struct ContainedPlacement: Sendable, Hashable {
    /// The view's frame in the container; its `x` is from the right edge
    /// when ``isFromTrailingEdge``.
    package var frame: Rect
    /// Whether `frame.x` is measured from the container's right edge.
    package var isFromTrailingEdge: Bool

    /// A placement at `frame`, from the left or from the right edge.
    package init(_ frame: Rect, fromTrailingEdge: Bool = false) {
        self.frame = frame
        self.isFromTrailingEdge = fromTrailingEdge
    }
}

/// A line of text a view shows, as `check` measures it against the view's
/// width (``PlacementAudit``).
package struct TextToFit: Sendable, Hashable {
    /// What the text is to the view, as a warning names it: `title`, `text`.
    package var member: String
    /// The text, as drawn.
    package var text: String
    /// The size it is drawn at.
    package var fontSize: Double
    /// The weight it is drawn in.
    package var weight: FontWeight
    /// The room the view's look leaves beside the text, left and right
    /// together (a text field's 8 points either side).
    package var insets: Double
    /// The most lines the text is drawn on (0: as many as the view's
    /// height holds), for a view that wraps it: a label's.
    package var numberOfLines = 1
    /// How the view breaks and cuts text that does not fit, when it draws
    /// it so (a label, which truncates); `nil` for a view that draws its
    /// text whole, past its edges.
    package var lineBreak: TextLayout.LineBreak?

    /// A line of text to fit.
    package init(
        member: String, text: String, fontSize: Double = TextMetrics.defaultFontSize, weight: FontWeight = .regular,
        insets: Double = 0
    ) {
        self.member = member
        self.text = text
        self.fontSize = fontSize
        self.weight = weight
        self.insets = insets
    }
}

/// Pictures of a whole scene: every ``DrawableView`` among its objects, in
/// the order they are declared.
///
///     let svg = ScenePicture.svg(of: scene)
package enum ScenePicture {
    /// The size of the canvas of a scene that does not declare one: a phone
    /// in portrait, 390 by 844 points.
    package static let defaultCanvas = Size(width: 390, height: 844)

    /// The views of `scene` as picture items, in declaration order.
    ///
    /// - Complexity: O(n) in the number of objects.
    package static func items(of scene: Scene) -> [PictureItem] {
        items(of: drawableViews(of: scene))
    }

    /// The scene's views in file order, each cast once.
    static func drawableViews(of scene: Scene) -> [(id: String, type: String, view: any DrawableView)] {
        var views: [(id: String, type: String, view: any DrawableView)] = []
        views.reserveCapacity(scene.entries.count)
        for entry in scene.entries {
            guard let view = entry.object as? any DrawableView else { continue }
            views.append((entry.id, entry.type.name, view))
        }
        return views
    }

    /// The picture's items for `views`.
    static func items(of views: [(id: String, type: String, view: any DrawableView)]) -> [PictureItem] {
        zip(views, layoutNodes(of: views)).map { entry, node in
            let view = entry.view
            return PictureItem(
                node: node, id: entry.id, typeName: entry.type, alpha: view.alpha, offset: view.drawingOffset
            ) {
                view.draw(in: $0)
            }
        }
    }

    /// What the layout needs of each of `views`, each with its parent among them.
    static func layoutNodes(of views: [(id: String, type: String, view: any DrawableView)]) -> [LayoutNode] {
        // Sized once: growing it would copy and rehash along the way.
        var indexByView: [ObjectIdentifier: Int] = [:]
        indexByView.reserveCapacity(views.count)
        for (index, entry) in views.enumerated() { indexByView[ObjectIdentifier(entry.view)] = index }
        // Ids only when some view has constraints, which name views by id.
        var indexByID: [String: Int] = [:]
        if views.contains(where: { !$0.view.layoutConstraints.isEmpty }) {
            indexByID.reserveCapacity(views.count)
            for (index, entry) in views.enumerated() where indexByID[entry.id] == nil { indexByID[entry.id] = index }
        }
        return views.map { entry in
            let view = entry.view
            let container = view.containingView
            let parent = container.flatMap { indexByView[ObjectIdentifier($0)] }
            let constraints = view.layoutConstraints
            // A frame of its own wins over where its container would put it.
            let placed = view.frame == nil && constraints.isEmpty ? container?.placement(ofContained: view) : nil
            var node = LayoutNode(
                parent: parent, frame: view.frame ?? placed?.frame, layout: view.layout,
                intrinsicSize: view.intrinsicSize, isHidden: view.hidden,
                isFrameFromTrailingEdge: placed?.isFromTrailingEdge ?? false)
            // Hugging and resistance: what a constraint layout and a filling stack read.
            node.contentPriorities = view.contentPriorities
            guard !constraints.isEmpty else { return node }
            node.constraints = constraints.enumerated().map { element, held in
                NodeConstraint(held.constraint, element: element, holder: held.holder, parent: parent) { indexByID[$0] }
            }
            return node
        }
    }

    /// Writes the picture of `scene` as it is now, handing the text to
    /// `sink` in pieces.
    /// `canvas` defaults to the scene's own (its `canvas:` key), or
    /// ``defaultCanvas``. On a canvas that names a device, stacked views
    /// start inside its safe area, and with `chrome` (the default) its
    /// status bar and home indicator are drawn over them. Pass the same
    /// `layout` cache to each picture of a series (a run's snapshots, a
    /// timeline's screens) so that views are laid out again only when
    /// something the layout reads has changed.
    package static func write(
        _ scene: Scene, canvas: Size? = nil, chrome: Bool = true, scale: Double = 1, layout cache: LayoutCache? = nil,
        to sink: @escaping (String) -> Void
    ) {
        Picture.write(
            items(of: scene), canvas: canvas ?? scene.canvas ?? defaultCanvas,
            safeArea: scene.device?.safeArea ?? .zero, chrome: chrome ? scene.device : nil, scale: scale,
            layout: cache, to: sink)
    }

    /// The picture of `scene` as it is now, as one string.
    package static func svg(
        of scene: Scene, canvas: Size? = nil, chrome: Bool = true, scale: Double = 1, layout cache: LayoutCache? = nil
    ) -> String {
        var text = ""
        write(scene, canvas: canvas, chrome: chrome, scale: scale, layout: cache) { text += $0 }
        return text
    }
}
