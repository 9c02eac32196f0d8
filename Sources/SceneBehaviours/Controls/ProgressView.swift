import SceneCore

/// A headless progress bar, as UIKit's `UIProgressView`: a track filled
/// from the left to `progress`.
///
/// For its keys, defaults, events, actions and inputs, see
/// `scene-runner types ProgressView`.
///
/// `progress` is a fraction, 0...1: a scene's value outside it is
/// refused by the loader; a value set in Swift is clamped (NaN reads 0).
/// It takes no input of its own: a script moves it with
/// `set: { download.progress: 0.5 }`:
///
///     let download = ProgressView()
///     download.progress = 0.5     // half the track filled
///     download.progress = 2       // reads 1: clamped
open class ProgressView: View {
    /// How much of the track is filled, 0...1.
    public final var progress: Double = 0 {
        didSet {
            // Stored clamped, so that a read gives what is drawn (a write
            // in didSet does not call didSet again).
            if !(0...1).contains(progress) { progress = progress.isNaN ? 0 : Swift.min(Swift.max(progress, 0), 1) }
            propertyDidChange(\.progress, from: oldValue, to: progress)
        }
    }

    /// An empty progress bar.
    override public init() {}

    // MARK: Registration

    /// Registers `ProgressView` as a `View` with `progress`.
    override open class func sceneDescription() -> TypeDescription {
        TypeDescription(
            "ProgressView", summary: "A progress bar: a track filled to progress, 0...1.",
            base: View.sceneDescription(), wakes: false, make: { ProgressView() }
        ) { type in
            type.property(
                "progress", \.progress, range: 0...1, changeEvent: true, doc: "How much of the track is filled, 0...1.")
        }
    }
}
