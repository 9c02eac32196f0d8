import SceneCore

/// A headless activity indicator (a spinner).
///
/// YAML keys: those of ``View``; read-only `animating = false`. Actions
/// `start`, `stop`.
open class ActivityIndicator: View {
    /// Whether the spinner turns.
    public final private(set) var animating = false

    /// A stopped indicator.
    override public init() {}

    /// Starts the spinner (the `start` action).
    public func startAnimating() {
        animating = true
    }

    /// Stops the spinner (the `stop` action).
    public func stopAnimating() {
        animating = false
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
            type.action("start", doc: "Starts the spinner.") { $0.startAnimating() }
            type.action("stop", doc: "Stops the spinner.") { $0.stopAnimating() }
        }
    }
}
