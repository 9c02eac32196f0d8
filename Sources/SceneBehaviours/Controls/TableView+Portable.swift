import Behaviours
import SceneCore

/// A headless table view is what the portable behaviours show rows in (a
/// `PageController`'s `table`): its `data`, `section` and `visible`.
extension TableView: RowListing {
    /// ``View/visible``, by the name the portable protocol gives it.
    ///
    ///     if table.isVisible { controller.swipeLeft() }
    public var isVisible: Bool { visible }
}

/// A headless page indicator is what the portable behaviours keep at a page
/// count and a page (a `PageController`'s `indicator`): its `numberOfPages`
/// and `currentPage`.
extension PageIndicator: PageIndicating {}
