import SceneCore

@testable import Behaviours
@testable import SceneBehaviours

/// A bug of the seeds' original implementations, put back in a faulty
/// variant of the shipped type (a subclass defined here), so that a test
/// can show that the invariants the shipped scenes state catch it, and
/// that `explore` finds it and shrinks it to a short script.
///
///     let runner = SceneRunner(registry: SeededBug.cancelledTouchNeverEnds.registry)
///
/// The variant is registered under the shipped type's name, in place of
/// it, on a registry of its own (``registry``); the shipped behaviours
/// know nothing of it.
enum SeededBug: String, Sendable, Hashable, CaseIterable {
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

    /// The faulty variant's description, under the shipped type's name.
    var faultyType: TypeDescription {
        switch self {
        case .resumeKeepsPendingTimeout:
            TimeoutController.sceneDescription { ResumeKeepsPendingTimeout(clock: nil) }
        case .endedTouchRearmsWhileAnotherIsDown:
            TimeoutController.sceneDescription { EndedTouchRearmsWhileAnotherIsDown(clock: nil) }
        case .cancelledTouchNeverEnds:
            TimeoutController.sceneDescription { CancelledTouchNeverEnds(clock: nil) }
        case .tapDuringFadeIsIgnored:
            TimeoutControllerHost.sceneDescription { TapDuringFadeIsIgnored() }
        case .expiredWindowKeepsWrongCodes:
            PasscodeLock.sceneDescription { ExpiredWindowKeepsWrongCodes() }
        }
    }

    /// The standard registry with the faulty variant in place of its type.
    var registry: SceneRegistry {
        let faulty = faultyType
        var registry = SceneRegistry()
        registry.declareBuiltInProtocols()
        registry.registerBuiltIn(SceneRegistry.standardTypes.map { $0.name == faulty.name ? faulty : $0 })
        return registry
    }
}

/// `resume()` schedules a full timeout beside the pending one instead of
/// in its place: the one left behind fires on its own and stops the
/// controller while the new one is still pending.
private final class ResumeKeepsPendingTimeout: TimeoutController {
    private var isResuming = false

    override func resume() -> ActionOutcome {
        isResuming = true
        defer { isResuming = false }
        return super.resume()
    }

    override func arm() {
        guard isResuming, let clock else { return super.arm() }
        schedule(on: clock)
    }
}

/// A touch that ends restarts the timeout even while another is down.
private final class EndedTouchRearmsWhileAnotherIsDown: TimeoutController {
    override func interaction(_ phase: InteractionPhase, on observation: ProviderWatch) {
        let wasCounted = observation.activeTouches > 0
        super.interaction(phase, on: observation)
        if phase != .began, wasCounted, activeInteractions > 0, isRunning { arm() }
    }
}

/// A cancelled touch is never counted as over.
private final class CancelledTouchNeverEnds: TimeoutController {
    override func interaction(_ phase: InteractionPhase, on observation: ProviderWatch) {
        if phase == .cancelled && observation.activeTouches > 0 { return }
        super.interaction(phase, on: observation)
    }
}

/// A tap during a fade neither turns the fade round nor starts another;
/// the controller is still resumed or paused.
private final class TapDuringFadeIsIgnored: TimeoutControllerHost {
    override func showView() {
        if !isFading { super.showView() }
    }

    override func hideView() {
        if !isFading { super.hideView() }
    }
}

/// The wrong codes stay counted when their window passes.
private final class ExpiredWindowKeepsWrongCodes: PasscodeLock {
    override func windowPassed() {}
}
