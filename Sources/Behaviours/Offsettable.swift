/// Which offset of an ``Offsettable`` an animation moves.
///
///     let path = OffsetPath.shake(maxOffset: 10, axis: .x, duration: .milliseconds(200))
public enum OffsetAxis: String, Sendable, Hashable, CaseIterable {
    /// Horizontal: ``Offsettable/offsetX``.
    case x
    /// Vertical: ``Offsettable/offsetY``.
    case y
}

/// Something a behaviour can move off its place and back, as a shake
/// does: a view, drawn shifted by its offset without its frame moving.
///
///     field.offsetX = 4   // drawn 4 points to the right
///     let shake = field.animateOffset(along: .shake(maxOffset: 10, axis: .x, duration: .milliseconds(200)),
///                                     clock: clock) { finished in print(finished) }
///
/// Who implements it: a view (the scene's headless `View`, UIKit's `UIView`
/// in BehavioursUIKit). Who calls it: ``ShakeAnimation``.
///
/// The contract: ``animateOffset(along:clock:completion:)`` plays `path`
/// additively on the offset of `path.axis`: the first value at once, and
/// at each frame the offset the view had when the animation began, plus
/// any change someone else made to it meanwhile (kept), plus the path's
/// value then. At the end of `path.duration` the offset is back where it
/// began (plus such changes), exactly, and `completion(true)` is called;
/// with a zero duration, at once. ``ViewAnimation/cancel()`` puts the
/// offset back and calls `completion(false)`. Offsets stay finite. The
/// default implementation steps on `clock`, 60 times a second
/// (``ClockAnimation``); a view system with animations of its own
/// (Core Animation's additive key frames) provides its own.
public protocol Offsettable: AnyObject {
    /// How far the view is drawn right of its place, in points.
    var offsetX: Double { get set }
    /// How far the view is drawn below its place, in points.
    var offsetY: Double { get set }

    /// Plays `path` on the offset of `path.axis`, adding its values to the
    /// offset, then calls `completion` with whether it ran to its end.
    ///
    ///     let shake = view.animateOffset(along: path, clock: clock) { _ in }
    func animateOffset(
        along path: OffsetPath, clock: any BehaviourClock, completion: @escaping (_ finished: Bool) -> Void
    ) -> any ViewAnimation
}

extension Offsettable {
    /// Steps `path` on `clock`, 60 times a second (see ``ClockAnimation``).
    ///
    ///     let shake = view.animateOffset(along: path, clock: MainClock.shared) { _ in }
    public func animateOffset(
        along path: OffsetPath, clock: any BehaviourClock, completion: @escaping (_ finished: Bool) -> Void
    ) -> any ViewAnimation {
        ClockAnimation.offset(of: self, along: path, clock: clock, completion: completion)
    }

    /// The offset along `axis`.
    ///
    ///     view.offset(along: .x)   // view.offsetX
    public func offset(along axis: OffsetAxis) -> Double {
        switch axis {
        case .x: offsetX
        case .y: offsetY
        }
    }

    /// Sets the offset along `axis`.
    ///
    ///     view.setOffset(4, along: .y)   // view.offsetY = 4
    public func setOffset(_ value: Double, along axis: OffsetAxis) {
        switch axis {
        case .x: offsetX = value
        case .y: offsetY = value
        }
    }
}

/// The path of an offset animation: values added to an offset at key
/// times (fractions of the duration), in straight lines between them.
///
///     let path = OffsetPath(axis: .y, values: [0, 6, 0], keyTimes: [0, 0.5, 1], duration: .seconds(1))
///     path?.value(at: 0.25)   // 3
public struct OffsetPath: Sendable, Hashable {
    /// The offset it moves.
    public let axis: OffsetAxis
    /// The values, one per key time; the first and the last are usually 0.
    public let values: [Double]
    /// Fractions of ``duration``, from 0 to 1, not decreasing.
    public let keyTimes: [Double]
    /// How long the whole path takes; a negative duration counts as zero.
    public let duration: Duration

    /// A path through `values` at `keyTimes`; `nil` unless there are as
    /// many times as values (at least two), the times do not decrease, the
    /// first is 0 and the last is 1.
    ///
    ///     OffsetPath(axis: .x, values: [0, 10, 0], keyTimes: [0, 0.5, 1], duration: .milliseconds(100))
    public init?(axis: OffsetAxis, values: [Double], keyTimes: [Double], duration: Duration) {
        guard values.count >= 2, values.count == keyTimes.count, keyTimes.first == 0, keyTimes.last == 1 else {
            return nil
        }
        for (earlier, later) in zip(keyTimes, keyTimes.dropFirst()) where !(earlier <= later) { return nil }
        self.axis = axis
        self.values = values
        self.keyTimes = keyTimes
        self.duration = max(duration, .zero)
    }

    /// The key times of a shake, as fractions of its duration.
    ///
    ///     OffsetPath.shakeKeyTimes   // [0, 1/6, 3/6, 5/6, 1]
    public static let shakeKeyTimes: [Double] = [0, 1.0 / 6, 3.0 / 6, 5.0 / 6, 1]

    /// A shake of `maxOffset` m: 0, m, -0.8m, 0.4m, 0 at 0, 1/6, 3/6, 5/6
    /// and 1 of `duration`.
    ///
    ///     let path = OffsetPath.shake(maxOffset: 10, axis: .x, duration: .milliseconds(200))
    public static func shake(maxOffset m: Double, axis: OffsetAxis, duration: Duration) -> OffsetPath {
        OffsetPath(
            checkedAxis: axis, values: [0, m, -0.8 * m, 0.4 * m, 0], keyTimes: shakeKeyTimes, duration: duration)
    }

    private init(checkedAxis axis: OffsetAxis, values: [Double], keyTimes: [Double], duration: Duration) {
        self.axis = axis
        self.values = values
        self.keyTimes = keyTimes
        self.duration = max(duration, .zero)
    }

    /// The value at `progress` (a fraction of the duration, clamped to
    /// 0...1): exactly the first value at 0, the last at 1, and a key value
    /// at a progress within 1e-12 of its key time (a frame's progress can
    /// miss a key time it falls on by an ulp). At a repeated key time the
    /// later value wins.
    ///
    ///     OffsetPath.shake(maxOffset: 10, axis: .x, duration: .seconds(1)).value(at: 1.0 / 6)   // 10
    public func value(at progress: Double) -> Double {
        var progress = progress
        if let time = keyTimes.first(where: { abs(progress - $0) <= 1e-12 }) { progress = time }
        guard progress > 0 else { return values[0] }
        guard progress < 1 else { return values[values.count - 1] }
        var upper = 1
        while upper < keyTimes.count - 1 && keyTimes[upper] <= progress { upper += 1 }
        let (from, to) = (values[upper - 1], values[upper])
        let span = keyTimes[upper] - keyTimes[upper - 1]
        guard span > 0 else { return to }
        let fraction = (progress - keyTimes[upper - 1]) / span
        let distance = to - from
        // Weighing each end on its own cannot overflow where the distance does.
        return distance.isFinite ? from + distance * fraction : from * (1 - fraction) + to * fraction
    }
}

extension ClockAnimation {
    /// Steps `path` additively on `view`'s offset on `clock`, 60 times a
    /// second: the default ``Offsettable/animateOffset(along:clock:completion:)``,
    /// and what a view of one's own falls back on. Cancelling puts the
    /// offset back.
    ///
    ///     ClockAnimation.offset(of: view, along: path, clock: clock) { finished in print(finished) }
    @discardableResult
    public static func offset(
        of view: any Offsettable, along path: OffsetPath, clock: any BehaviourClock,
        completion: @escaping (Bool) -> Void
    ) -> ClockAnimation {
        let shift = AdditiveOffset(of: view, axis: path.axis)
        return start(duration: path.duration, clock: clock, onCancel: { shift.remove() }, completion: completion) {
            shift.apply(path.value(at: $0))
        }
    }
}

/// What an offset animation adds to a view's offset, kept apart from what
/// others set: each ``apply(_:)`` first takes into its base any change made
/// to the offset since the last, so that such a change is kept. What the
/// implementations of ``Offsettable/animateOffset(along:clock:completion:)``
/// share.
///
///     let shift = AdditiveOffset(of: view, axis: .x)
///     shift.apply(10)   // view.offsetX is 10 more than it was
///     shift.remove()    // back where it was
public final class AdditiveOffset {
    private weak var view: (any Offsettable)?
    private let axis: OffsetAxis
    private var base: Double
    /// What is added now.
    public private(set) var applied: Double = 0

    /// A shift of nothing yet, from the offset `view` has now along `axis`.
    ///
    ///     let shift = AdditiveOffset(of: view, axis: .y)
    public init(of view: any Offsettable, axis: OffsetAxis) {
        self.view = view
        self.axis = axis
        base = view.offset(along: axis)
    }

    /// Sets the offset to its base plus `value`, first taking into the base
    /// any change someone else made since the last value; held at the
    /// largest finite offset where the sum would overflow.
    ///
    ///     shift.apply(-8)
    public func apply(_ value: Double) {
        guard let view else { return }
        let current = view.offset(along: axis)
        if current != shifted(by: applied) { base = current - applied }
        applied = value
        view.setOffset(shifted(by: value), along: axis)
    }

    /// Takes back what is added, if anything.
    ///
    ///     shift.remove()
    public func remove() {
        if applied != 0 { apply(0) }
    }

    /// `base + value`, held at the largest finite offset when the sum
    /// overflows, so that the offset never becomes infinite and
    /// `current - applied` never NaN.
    private func shifted(by value: Double) -> Double {
        let sum = base + value
        if sum.isFinite || !base.isFinite { return sum }
        return sum > 0 ? .greatestFiniteMagnitude : -.greatestFiniteMagnitude
    }
}
