/// A bug of the seeds' original implementations, put back on purpose for
/// the length of one task, so that a test can show that `explore` finds it
/// and shrinks it to a short script.
///
/// Nothing outside the package's tests sets it; with no bug set (always, in
/// a user's run) every behaviour follows its documented contract.
///
///     try SeededBug.$current.withValue(.cancelledTouchNeverEnds) {
///         // explore the video player: a cancelled touch leaves a touch counted
///     }
package enum SeededBug: String, Sendable, Hashable, CaseIterable {
    /// `TimeoutController.resume()` starts a second timeout without
    /// cancelling the pending one, which then fires on its own.
    case resumeKeepsPendingTimeout
    /// A touch that ends restarts the timeout while another touch is still
    /// down, so the controls hide under a finger.
    case endedTouchRearmsWhileAnotherIsDown
    /// A cancelled touch is never counted as over, so the timeout never
    /// starts again.
    case cancelledTouchNeverEnds
    /// `TimeoutControllerHost` ignores a tap that lands during a fade: the
    /// fade out finishes and the controls stay hidden while the timeout runs.
    case tapDuringFadeIsIgnored
    /// `PasscodeLock` keeps the wrong codes when their window passes, so a
    /// retry after the window closed still counts towards a lockout.
    case expiredWindowKeepsWrongCodes

    /// The bug put back in the current task, if any.
    @TaskLocal package static var current: SeededBug?

    /// Whether `self` is the bug put back in the current task.
    var isActive: Bool { Self.current == self }
}
