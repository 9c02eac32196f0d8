import SceneCore

/// A headless page indicator: a row of dots, one per page.
///
/// For its keys, defaults, events, actions and inputs, see
/// `scene-runner types PageIndicator`.
open class PageIndicator: View {
    /// How many dots are shown.
    public final var numberOfPages = 0 {
        didSet { propertyDidChange(\.numberOfPages, from: oldValue, to: numberOfPages) }
    }
    /// The index of the highlighted dot.
    public final var currentPage = 0 {
        didSet { propertyDidChange(\.currentPage, from: oldValue, to: currentPage) }
    }
    /// The colour of the other dots.
    public final var pageIndicatorTintColor = Color.lightGray {
        didSet { propertyDidChange(\.pageIndicatorTintColor, from: oldValue, to: pageIndicatorTintColor) }
    }
    /// The colour of the current page's dot.
    public final var currentPageIndicatorTintColor = Color.black {
        didSet { propertyDidChange(\.currentPageIndicatorTintColor, from: oldValue, to: currentPageIndicatorTintColor) }
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
            type.property("numberOfPages", \.numberOfPages, changeEvent: true, doc: "How many dots are shown.")
            type.property("currentPage", \.currentPage, changeEvent: true, doc: "The index of the highlighted dot.")
            type.property(
                "pageIndicatorTintColor", \.pageIndicatorTintColor, changeEvent: true,
                doc: "The colour of the other dots.")
            type.property(
                "currentPageIndicatorTintColor", \.currentPageIndicatorTintColor, changeEvent: true,
                doc: "The colour of the current page's dot.")
        }
    }
}
