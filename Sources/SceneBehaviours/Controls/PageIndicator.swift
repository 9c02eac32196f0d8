import SceneCore

/// A headless page indicator: a row of dots, one per page.
///
/// For its keys, defaults, events, actions and inputs, see
/// `scene-runner types PageIndicator`.
open class PageIndicator: View {
    /// How many dots are shown.
    public final var numberOfPages = 0 {
        didSet { propertyDidChange("numberOfPages", from: oldValue, to: numberOfPages) }
    }
    /// The index of the highlighted dot.
    public final var currentPage = 0 {
        didSet { propertyDidChange("currentPage", from: oldValue, to: currentPage) }
    }
    /// The colour of the other dots.
    public final var pageIndicatorTintColor = Color.lightGray {
        didSet { propertyDidChange("pageIndicatorTintColor", from: oldValue, to: pageIndicatorTintColor) }
    }
    /// The colour of the current page's dot.
    public final var currentPageIndicatorTintColor = Color.black {
        didSet { propertyDidChange("currentPageIndicatorTintColor", from: oldValue, to: currentPageIndicatorTintColor) }
    }

    /// An indicator with the defaults above.
    override public init() {}

    // MARK: Registration

    /// Registers `PageIndicator` as a `View` with its page count, current
    /// page and colours.
    override open class func sceneDescription() -> TypeDescription {
        TypeDescription(
            "PageIndicator", summary: "A row of dots, one per page.", base: View.sceneDescription(),
            wakes: false, make: { PageIndicator() }
        ) { type in
            type.property(
                "numberOfPages", get: { $0.numberOfPages }, set: { $0.numberOfPages = $1 },
                doc: "How many dots are shown.")
            type.property(
                "currentPage", get: { $0.currentPage }, set: { $0.currentPage = $1 },
                doc: "The index of the highlighted dot.")
            type.property(
                "pageIndicatorTintColor", get: { $0.pageIndicatorTintColor }, set: { $0.pageIndicatorTintColor = $1 },
                doc: "The colour of the other dots.")
            type.property(
                "currentPageIndicatorTintColor", get: { $0.currentPageIndicatorTintColor },
                set: { $0.currentPageIndicatorTintColor = $1 },
                doc: "The colour of the current page's dot.")
            for name in ["numberOfPages", "currentPage", "pageIndicatorTintColor", "currentPageIndicatorTintColor"] {
                type.changeEvent(of: name)
            }
        }
    }
}
