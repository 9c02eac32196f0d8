import Behaviours
import SceneCore

/// The portable `PageController` in a scene: it pages a ``TableData`` in a
/// ``TableView`` with an optional ``PageIndicator``, and awake starts it.
///
/// For its keys, defaults, events, actions and inputs, see
/// `scene-runner types PageController`.
///
///     let controller = PageController()
///     controller.data = latin          // three sections
///     controller.table = table
///     controller.indicator = dots
///     controller.awake(in: scene)      // table.section == 0, dots: 3 pages, page 0
///     controller.swipeLeft()           // page 1
extension PageController: SceneObject, PropertyNotifying {
    /// Puts the table and the indicator in step with the current page.
    public func awake(in scene: Scene) {
        start()
    }

    /// Registers `PageController`: its outlets, the page count, the current
    /// page and the two swipes.
    package static func sceneDescription() -> TypeDescription {
        TypeDescription(
            "PageController", summary: "Pages through a TableData one section at a time, with a page indicator.",
            make: { PageController() }
        ) { type in
            type.outlet(
                "data", get: { $0.data }, set: { $0.data = $1 }, required: true,
                doc: "The model paged through, one section a page; passed down to the table.")
            type.outlet(
                "table", get: { $0.table as? TableView }, set: { $0.table = $1 }, required: true,
                doc: "The table that shows the current page (its section is kept at the page).")
            type.outlet(
                "indicator", get: { $0.indicator as? PageIndicator }, set: { $0.indicator = $1 },
                doc: "Dots kept at the page count and the current page.")
            type.readOnly("pageCount", \.pageCount, doc: "How many pages: one per section of data.")
            type.readOnly("currentPage", \.currentPage, doc: "The index of the page shown, from 0.")
            type.input("swipeLeft", doc: "Goes to the next page; ignored on the last one.") { $0.swipeLeft() }
            type.input("swipeRight", doc: "Goes to the previous page; ignored on the first one.") {
                $0.swipeRight()
            }
        }
    }
}
