import SceneCore

/// A shake: moves a view's offset to and fro along one axis and back,
/// what a text field plays when its input is rejected.
///
/// For its keys, defaults, events, actions and inputs, see
/// `scene-runner types ShakeAnimation`.
///
///     let shake = ShakeAnimation(scheduler: scheduler)
///     shake.view = field
///     shake.play()
///     try scheduler.advance(by: .milliseconds(100))   // field.offsetX == -8
///     try scheduler.advance(by: .milliseconds(100))   // field.offsetX == 0: finished
///
/// The timing contract:
/// - The offset moves by 0, m, -0.8m, 0.4m, 0 (m is `maxOffset`) at
///   0, 1/6, 3/6, 5/6 and 1 of `duration`, linearly in between, sampled on
///   the scene's animation frames (``VirtualScheduler/framesPerSecond``,
///   60 by default) as an ``Animation`` samples: the first value at once,
///   frame k at k / framesPerSecond after ``play()``, the last exactly at
///   `duration`. With the default 0.2 s every key time falls on a frame
///   (2, 6, 10 and 12 frames in), and a frame on a key time applies its
///   value exactly.
/// - It is additive: the shake adds to the offset the view had, and a
///   change made to the offset during the shake is kept. At the end the
///   offset is back to its start value (plus any such change), exactly,
///   and `finished` is sent.
/// - ``play()`` while playing restarts from the beginning: the offset
///   returns to its start value first, and the interrupted shake sends no
///   `finished`.
/// - With no `view` it does nothing (no `finished` either) and `play` is
///   ignored, unless it interrupted a shake under way. With a zero
///   duration, or without a scheduler, nothing moves and `finished` is
///   sent at once.
/// - `duration`, `maxOffset`, `axis` and `view` are read when a shake
///   starts; changing them affects the next one.
/// - Offsets stay finite: a swing that would carry the offset past the
///   largest double (a `maxOffset` near 1.8e308) stops there.
///
/// It reads time from the scene's ``VirtualScheduler``, taken in
/// ``awake(in:)`` (or given to ``init(scheduler:)``).
public final class ShakeAnimation: SceneObject, PropertyNotifying {
    /// Who follows the declared properties (see ``PropertyNotifying``); `nil`
    /// until someone does.
    public final var propertyObservers: PropertyObservers?
    /// The offset a shake moves: `offsetX` or `offsetY`.
    public enum Axis: String, SceneEnum, Sendable {
        /// Horizontal: `offsetX`.
        case x
        /// Vertical: `offsetY`.
        case y
    }

    /// The key times of every shake, as fractions of its duration.
    package static let keyTimes: [Double] = [0, 1.0 / 6, 3.0 / 6, 5.0 / 6, 1]

    /// The view that shakes; weak, as every outlet.
    public weak var view: View?
    /// How long a shake takes.
    public var duration: Duration = .milliseconds(200) {
        didSet { propertyDidChange(\.duration, from: oldValue, to: duration) }
    }
    /// The largest offset, the first swing's; the others are -0.8 and 0.4
    /// times it.
    public var maxOffset: Double = 10 {
        didSet { propertyDidChange(\.maxOffset, from: oldValue, to: maxOffset) }
    }
    /// Which offset the shake moves.
    public var axis: Axis = .x {
        didSet { propertyDidChange(\.axis, from: oldValue, to: axis) }
    }

    /// Sent when a shake has ended with the offset back where it started
    /// (`finished`).
    public private(set) lazy var finished = SceneEvent<Void>()

    /// The clock: the scene's, from ``awake(in:)``, unless one was given.
    package private(set) var scheduler: VirtualScheduler?

    /// Whether a shake is under way.
    public var isPlaying: Bool { animation?.isRunning ?? false }

    private var animation: Animation<Double>? {
        didSet { propertyMayHaveChanged(\.isPlaying) }
    }
    /// The view the current shake moves, with the axis and the offset it
    /// has added, so that a restart or a change of outlet can take it back.
    private weak var shakenView: View?
    private var shakenAxis: Axis = .x
    private var base: Double = 0
    private var applied: Double = 0

    /// A shake with the defaults above; it gets its scheduler in
    /// ``awake(in:)``.
    public init() {}

    /// A shake on `scheduler`, for use without a scene.
    public init(scheduler: VirtualScheduler) {
        self.scheduler = scheduler
    }

    /// Takes the scene's scheduler, unless one was given.
    public func awake(in scene: Scene) {
        if scheduler == nil { scheduler = scene.scheduler }
    }

    /// The path of a shake of `maxOffset`: 0, m, -0.8m, 0.4m, 0 at
    /// ``keyTimes``.
    package static func keyFrames(maxOffset m: Double) -> KeyFrames<Double>? {
        KeyFrames(values: [0, m, -0.8 * m, 0.4 * m, 0], times: keyTimes)
    }

    /// Plays a shake of `view` (the `play` action), restarting one under
    /// way. Without a view it only stops a shake under way, and is ignored
    /// when there is none.
    @discardableResult
    public func play() -> ActionOutcome {
        let interrupted = stop()
        guard let view, let keyFrames = Self.keyFrames(maxOffset: maxOffset) else {
            return interrupted ? .handled : .ignored(because: "it has no view to shake")
        }
        shakenView = view
        shakenAxis = axis
        base = offset(of: view)
        applied = 0
        guard let scheduler else {
            didFinish()
            return .handled
        }
        // The animation runs through the progress, 0 to 1, and the path is
        // read at it (key values land exactly on their key times).
        let animation = Animation(on: scheduler, from: 0.0, to: 1.0, duration: duration) { [weak self] progress in
            self?.apply(keyFrames.value(at: progress))
        }
        animation.completion = { [weak self] _ in self?.didFinish() }
        self.animation = animation
        animation.start()
        return .handled
    }

    /// Cancels a shake under way and puts its view's offset back; no
    /// `finished`. Returns whether there was one.
    @discardableResult
    private func stop() -> Bool {
        guard let animation else { return false }
        self.animation = nil
        animation.cancel()
        if applied != 0 { apply(0) }
        shakenView = nil
        return true
    }

    /// Moves the shaken view to `base + value`, first taking into `base`
    /// any change made to the offset by someone else since the last frame.
    private func apply(_ value: Double) {
        guard let view = shakenView else { return }
        let current = offset(of: view)
        if current != shifted(by: applied) { base = current - applied }
        applied = value
        setOffset(shifted(by: value), of: view)
    }

    /// `base + value`, held at the largest finite offset when the sum
    /// overflows (a `maxOffset` near the largest double), so that the
    /// offset never becomes infinite and `current - applied` never NaN.
    private func shifted(by value: Double) -> Double {
        let sum = base + value
        if sum.isFinite || !base.isFinite { return sum }
        return sum > 0 ? .greatestFiniteMagnitude : -.greatestFiniteMagnitude
    }

    private func didFinish() {
        animation = nil
        shakenView = nil
        applied = 0
        finished.send()
    }

    private func offset(of view: View) -> Double {
        switch shakenAxis {
        case .x: view.offsetX
        case .y: view.offsetY
        }
    }

    private func setOffset(_ value: Double, of view: View) {
        switch shakenAxis {
        case .x: view.offsetX = value
        case .y: view.offsetY = value
        }
    }

    // MARK: Registration

    /// Registers `ShakeAnimation`: the `view` outlet, `duration`,
    /// `maxOffset`, `axis`, `playing`, `play` and `finished`.
    package static func sceneDescription() -> TypeDescription {
        TypeDescription(
            "ShakeAnimation", summary: "Shakes a view's offset: 0, m, -0.8m, 0.4m, 0 over its duration.",
            make: { ShakeAnimation() }
        ) { type in
            type.outlet(
                "view", get: { $0.view }, set: { $0.view = $1 },
                doc: "The view whose offset shakes; without one, play does nothing.")
            type.property(
                "duration", \.duration, changeEvent: true,
                doc: "How long a shake takes; key frames at 0, 1/6, 3/6, 5/6 and 1 of it.")
            type.property(
                "maxOffset", \.maxOffset, range: SceneGeometry.coordinates, changeEvent: true,
                doc: "The first swing's offset m; then -0.8m and 0.4m.")
            type.property("axis", \.axis, changeEvent: true, doc: "Which offset moves: x or y.")
            type.readOnly("playing", \.isPlaying, doc: "Whether a shake is under way.")
            type.action("play", doc: "Plays a shake, restarting one under way; ignored without a view.") {
                $0.play()
            }
            type.event(
                "finished", connect: { $0.finished.connect($1) },
                doc: "A shake ended with the offset back at its start.")
        }
    }
}
