import SceneCore

/// A headless activity indicator (a spinner). Hidden or not, it takes
/// `start` and `stop`.
///
/// For its keys, defaults, events, actions and inputs, see
/// `scene-runner types ActivityIndicator`.
open class ActivityIndicator: View {
    /// Whether the spinner turns.
    public final private(set) var animating = false

    /// A stopped indicator.
    override public init() {}

    /// Starts the spinner (the `start` action); ignored when it already turns.
    @discardableResult
    public func startAnimating() -> ActionOutcome {
        guard !animating else { return .ignored(because: "it is already animating") }
        animating = true
        return .handled
    }

    /// Stops the spinner (the `stop` action); ignored when it does not turn.
    @discardableResult
    public func stopAnimating() -> ActionOutcome {
        guard animating else { return .ignored(because: "it is not animating") }
        animating = false
        return .handled
    }

    // MARK: Registration

    /// Registers `ActivityIndicator` as a `View` with `animating` and
    /// `start`/`stop`.
    override open class func sceneDescription() -> TypeDescription {
        TypeDescription(
            "ActivityIndicator", summary: "A spinner: actions start and stop.", base: View.sceneDescription(),
            wakes: false, make: { ActivityIndicator() }
        ) { type in
            type.readOnly("animating", get: { $0.animating }, doc: "Whether the spinner turns.")
            type.action("start", doc: "Starts the spinner; ignored when it is already animating.") {
                $0.startAnimating()
            }
            type.action("stop", doc: "Stops the spinner; ignored when it is not animating.") { $0.stopAnimating() }
        }
    }
}
