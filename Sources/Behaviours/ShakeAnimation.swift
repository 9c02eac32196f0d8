/// A shake: moves a view's offset to and fro along one axis and back,
/// what a text field plays when its input is rejected.
///
///     let shake = ShakeAnimation(clock: MainClock.shared)
///     shake.view = passwordField
///     shake.finished.connect { print("shaken") }
///     shake.play()
///
/// The timing contract:
/// - The offset moves by 0, m, -0.8m, 0.4m, 0 (m is ``maxOffset``) at
///   0, 1/6, 3/6, 5/6 and 1 of ``duration``, linearly in between
///   (``OffsetPath/shake(maxOffset:axis:duration:)``), played by the view
///   (``Offsettable/animateOffset(along:clock:completion:)``): on a scene's
///   clock, on its animation frames; by default 60 times a second.
/// - It is additive: the shake adds to the offset the view had, and a
///   change made to the offset during the shake is kept. At the end the
///   offset is back at its start value (plus any such change), exactly,
///   and ``finished`` is sent.
/// - ``play()`` while playing restarts from the beginning: the offset
///   returns to its start value first, and the interrupted shake sends no
///   ``finished``.
/// - With no ``view`` it does nothing (no ``finished`` either) and ``play()``
///   is ignored, unless it interrupted a shake under way. With a zero
///   duration, or without a clock, nothing moves and ``finished`` is sent
///   at once.
/// - ``duration``, ``maxOffset``, ``axis`` and ``view`` are read when a
///   shake starts; changing them affects the next one.
open class ShakeAnimation: ReportsChanges {
    /// Where changes of the reported settings are told (see ``ReportsChanges``).
    public let changeReports = ChangeReports()

    /// The offset a shake moves: `x` or `y`.
    ///
    ///     shake.axis = .y
    public typealias Axis = OffsetAxis

    /// The key times of every shake, as fractions of its duration.
    ///
    ///     ShakeAnimation.keyTimes   // [0, 1/6, 3/6, 5/6, 1]
    public static var keyTimes: [Double] { OffsetPath.shakeKeyTimes }

    /// The view that shakes; weak, as every outlet.
    ///
    ///     shake.view = passwordField
    public weak var view: (any Offsettable)?

    /// How long a shake takes.
    ///
    ///     shake.duration = .milliseconds(300)
    @Reported public var duration: Duration = .milliseconds(200)

    /// The largest offset, the first swing's; the others are -0.8 and 0.4
    /// times it.
    ///
    ///     shake.maxOffset = 16
    @Reported public var maxOffset: Double = 10

    /// Which offset the shake moves.
    ///
    ///     shake.axis = .y
    @Reported public var axis: Axis = .x

    /// Whether a shake is under way.
    ///
    ///     shake.isPlaying   // true from play() until finished
    @Reported public private(set) var isPlaying = false

    /// Sent when a shake has ended with the offset back where it started.
    ///
    ///     shake.finished.connect { print("shaken") }
    public let finished = BehaviourEvent<Void>()

    /// The clock shakes run on; without one, a shake ends at once.
    ///
    ///     shake.clock = scheduler.clock
    public var clock: (any BehaviourClock)?

    private var animation: (any ViewAnimation)?

    /// A shake with the defaults above, on `clock`.
    ///
    ///     let shake = ShakeAnimation(clock: MainClock.shared)
    public init(clock: (any BehaviourClock)? = nil) {
        self.clock = clock
    }

    /// The path of a shake of `maxOffset` m along `axis`: 0, m, -0.8m,
    /// 0.4m, 0 at ``keyTimes`` of `duration`.
    ///
    ///     shake.path   // what play() plays now
    public var path: OffsetPath {
        .shake(maxOffset: maxOffset, axis: axis, duration: duration)
    }

    /// Plays a shake of ``view``, restarting one under way. Without a view
    /// it only stops a shake under way, and is ignored when there is none.
    ///
    ///     shake.play()
    @discardableResult
    open func play() -> ActionOutcome {
        let interrupted = stop()
        guard let view else {
            return interrupted ? .handled : .ignored(because: "it has no view to shake")
        }
        guard let clock else {
            didFinish()
            return .handled
        }
        let animation = view.animateOffset(along: path, clock: clock) { [weak self] finished in
            if finished { self?.didFinish() }
        }
        // A zero duration ends within animateOffset: nothing runs then.
        if animation.isRunning {
            self.animation = animation
            isPlaying = true
        }
        return .handled
    }

    /// Cancels a shake under way, which puts its view's offset back; no
    /// ``finished``. Returns whether there was one.
    @discardableResult
    private func stop() -> Bool {
        guard let animation else { return false }
        self.animation = nil
        isPlaying = false
        animation.cancel()
        return true
    }

    private func didFinish() {
        animation = nil
        isPlaying = false
        finished.send()
    }
}
