import SceneCore

/// A headless page indicator: a row of dots, one per page.
///
/// YAML keys: those of ``View``, plus `numberOfPages: Int = 0`,
/// `currentPage: Int = 0`, `pageIndicatorTintColor: Color = lightGray`,
/// `currentPageIndicatorTintColor: Color = black`.
open class PageIndicator: View {
    /// How many dots are shown.
    public var numberOfPages = 0
    /// The index of the highlighted dot.
    public var currentPage = 0
    /// The colour of the other dots.
    public var pageIndicatorTintColor = Color.lightGray
    /// The colour of the current page's dot.
    public var currentPageIndicatorTintColor = Color.black

    /// An indicator with the defaults above.
    override public init() {}

    // MARK: Registration

    /// Registers `PageIndicator` as a `View` with its page count, current
    /// page and colours.
    override open class func sceneDescription() -> TypeDescription {
        TypeDescription(
            "PageIndicator", summary: "A row of dots, one per page.", base: View.sceneDescription(),
            make: { PageIndicator() }
        ) { type in
            type.property("numberOfPages", \.numberOfPages, doc: "How many dots are shown.")
            type.property("currentPage", \.currentPage, doc: "The index of the highlighted dot.")
            type.property("pageIndicatorTintColor", \.pageIndicatorTintColor, doc: "The colour of the other dots.")
            type.property(
                "currentPageIndicatorTintColor", \.currentPageIndicatorTintColor,
                doc: "The colour of the current page's dot.")
        }
    }
}
