/// One phase of a touch that an ``InteractionProviding`` object reports.
public enum InteractionPhase: Sendable, Hashable {
    /// A finger went down on the provider.
    case began
    /// The finger lifted: the touch is over.
    case ended
    /// The system took the touch away: the touch is over without completing.
    case cancelled
}

/// Something the user touches that reports every touch it accepts: a
/// control, a view, a gesture recogniser. What a ``TimeoutController``
/// counts.
///
///     let connection = button.connectInteractions { phase in print(phase) }
///     connection.disconnect()
///
/// The contract: every touch it accepts is reported as one
/// ``InteractionPhase/began`` followed, later or at the same instant, by
/// exactly one ``InteractionPhase/ended`` or ``InteractionPhase/cancelled``.
/// Input it ignores (a hidden view, a disabled control) is not reported.
/// A handler connected during a touch hears its end without its beginning.
/// The provider holds the handler until the connection is disconnected.
public protocol InteractionProviding: AnyObject {
    /// Calls `handler` with each phase of every touch from now on, until
    /// the returned connection is disconnected.
    @discardableResult
    func connectInteractions(_ handler: @escaping (InteractionPhase) -> Void) -> BehaviourConnection
}

/// Something whose taps a behaviour follows: a tap gesture recogniser.
///
///     let connection = backgroundTap.connectTaps { host.toggle() }
///
/// The contract: the handler is called once for each tap recognised, after
/// the touches of the tap were reported, until the connection is
/// disconnected.
public protocol TapRecognizing: AnyObject {
    /// Calls `handler` after each tap recognised from now on, until the
    /// returned connection is disconnected.
    @discardableResult
    func connectTaps(_ handler: @escaping () -> Void) -> BehaviourConnection
}

/// Something that can be hidden and shown, and faded: a view.
///
///     view.isHidden = false
///     let fade = view.animateAlpha(to: 0, duration: .milliseconds(200), clock: clock) { finished in
///         if finished { view.isHidden = true }
///     }
///     fade.reverse()    // a tap during the fade turns it round
///
/// The contract: ``animateAlpha(to:duration:clock:completion:)`` moves
/// ``alpha`` from its value now to `target` over `duration` and then calls
/// `completion(true)`, or `completion(false)` when the fade is
/// cancelled; ``AlphaAnimation/reverse()`` turns it round, to run back to
/// where it started for as long as it had run, and then completes. A zero
/// duration sets `alpha` at once and completes. The default implementation
/// steps ``alpha`` on `clock`, 60 times a second, in a straight line; a
/// view system with animations of its own (UIKit's `UIView.animate`)
/// provides its own.
public protocol Hideable: AnyObject {
    /// Whether the view is hidden.
    var isHidden: Bool { get set }
    /// How opaque the view is, from 0 (transparent) to 1.
    var alpha: Double { get set }

    /// Fades ``alpha`` to `target` over `duration` on `clock`, then calls
    /// `completion` with whether the fade ran to its end.
    func animateAlpha(
        to target: Double, duration: Duration, clock: any BehaviourClock,
        completion: @escaping (_ finished: Bool) -> Void
    ) -> any AlphaAnimation
}

/// A fade that ``Hideable/animateAlpha(to:duration:clock:completion:)``
/// started.
///
///     if fade.isRunning { fade.reverse() }
public protocol AlphaAnimation: AnyObject {
    /// Whether the fade is still moving.
    var isRunning: Bool { get }
    /// Turns the fade round, back to where it started, for as long as it
    /// had run; `false` when it was not running.
    @discardableResult
    func reverse() -> Bool
    /// Stops the fade where it is; its completion is called with `false`.
    func cancel()
}

extension Hideable {
    /// Steps ``alpha`` on `clock`, 60 times a second, in a straight line
    /// from its value now to `target`.
    public func animateAlpha(
        to target: Double, duration: Duration, clock: any BehaviourClock,
        completion: @escaping (_ finished: Bool) -> Void
    ) -> any AlphaAnimation {
        ClockFade.start(from: alpha, to: target, duration: duration, clock: clock, completion: completion) {
            [weak self] in self?.alpha = $0
        }
    }
}

/// A fade stepped on a ``BehaviourClock``, 60 times a second in a straight
/// line: the default ``Hideable/animateAlpha(to:duration:clock:completion:)``,
/// and what a view of one's own can use.
///
///     let fade = ClockFade.start(from: 1, to: 0, duration: .milliseconds(200), clock: clock,
///                                completion: { _ in }) { [weak view] in view?.alpha = $0 }
public final class ClockFade: AlphaAnimation {
    private let origin: Double
    private let end: Double
    private let clock: any BehaviourClock
    private let apply: (Double) -> Void
    private var completion: ((Bool) -> Void)?
    private var progress: FadeProgress
    private var timer: ClockTimer?
    /// Whether the fade is still moving.
    public private(set) var isRunning = false

    private static let frame = Duration.nanoseconds(16_666_667)

    private init(
        from start: Double, to end: Double, duration: Duration, clock: any BehaviourClock,
        apply: @escaping (Double) -> Void
    ) {
        self.origin = start
        self.end = end
        self.progress = FadeProgress(duration: duration)
        self.clock = clock
        self.apply = apply
    }

    /// Starts a fade from `start` to `end` over `duration` on `clock`,
    /// calling `apply` with each value and then `completion(true)`; a zero
    /// duration applies `end` and completes at once.
    ///
    ///     ClockFade.start(from: 0, to: 1, duration: .seconds(1), clock: clock, completion: { _ in }) { print($0) }
    @discardableResult
    public static func start(
        from start: Double, to end: Double, duration: Duration, clock: any BehaviourClock,
        completion: @escaping (Bool) -> Void, apply: @escaping (Double) -> Void
    ) -> ClockFade {
        let fade = ClockFade(from: start, to: end, duration: duration, clock: clock, apply: apply)
        fade.completion = completion
        fade.begin()
        return fade
    }

    private func begin() {
        guard progress.duration > .zero else {
            apply(end)
            finish(true)
            return
        }
        isRunning = true
        progress.began = clock.now
        scheduleFrame()
    }

    private func scheduleFrame() {
        timer = clock.schedule(after: Self.frame) { [weak self] in self?.step() }
    }

    private func step() {
        let fraction = progress.fraction(at: clock.now)
        apply(origin + (end - origin) * fraction)
        if progress.isAtItsEnd(fraction) {
            isRunning = false
            timer = nil
            finish(true)
        } else {
            scheduleFrame()
        }
    }

    /// Turns the fade round, back to where it started, for as long as it
    /// had run; `false` when it was not running.
    @discardableResult
    public func reverse() -> Bool {
        guard isRunning else { return false }
        progress.turn(at: clock.now)
        return true
    }

    /// Stops the fade where it is; its completion is called with `false`.
    public func cancel() {
        guard isRunning else { return }
        isRunning = false
        if let timer { clock.cancel(timer) }
        timer = nil
        finish(false)
    }

    private func finish(_ finished: Bool) {
        let completion = self.completion
        self.completion = nil
        completion?(finished)
    }
}

/// How far a fade that can turn round has come: a fraction of the way from
/// where it started (0) to its target (1), moving at one whole way per
/// `duration`, back towards 0 after an odd number of turns. What
/// ``ClockFade`` steps by, and what a view system's own fade (UIKit's in
/// `BehavioursUIKit`) measures its turns with.
///
///     var progress = FadeProgress(duration: .milliseconds(200), began: clock.now)
///     progress.fraction(at: clock.now)   // 0 now, 1 after 200 ms
///     progress.turn(at: clock.now)       // runs back for as long as it had run
public struct FadeProgress: Sendable, Hashable {
    /// How long the whole way takes.
    public let duration: Duration
    /// When the running leg began.
    public var began: Duration
    /// Whether it runs back towards the start.
    public private(set) var isReversed = false
    /// How far it had come when the running leg began.
    public private(set) var turnedAt: Double = 0

    /// A fade of `duration` whose first leg began at `began`.
    ///
    ///     FadeProgress(duration: .seconds(1), began: .zero)
    public init(duration: Duration, began: Duration = .zero) {
        self.duration = duration
        self.began = began
    }

    /// The fraction of the way at `now`, within 0...1.
    ///
    ///     progress.fraction(at: clock.now)
    public func fraction(at now: Duration) -> Double {
        guard duration > .zero else { return isReversed ? 0 : 1 }
        let elapsed = min(1, max(0, (now - began) / duration))
        return isReversed ? max(0, turnedAt - elapsed) : min(1, turnedAt + elapsed)
    }

    /// Whether `fraction` is the end the fade now heads for.
    ///
    ///     if progress.isAtItsEnd(fraction) { finish() }
    public func isAtItsEnd(_ fraction: Double) -> Bool {
        isReversed ? fraction <= 0 : fraction >= 1
    }

    /// How much of the whole way is left to the end it now heads for.
    ///
    ///     let time = progress.duration * progress.remaining   // the leg's length
    public var remaining: Double { isReversed ? turnedAt : 1 - turnedAt }

    /// Turns it round at `now`: from where it is, it heads back the other way.
    ///
    ///     progress.turn(at: clock.now)
    public mutating func turn(at now: Duration) {
        turnedAt = fraction(at: now)
        isReversed.toggle()
        began = now
    }
}
