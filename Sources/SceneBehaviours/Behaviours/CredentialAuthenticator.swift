import Behaviours
import SceneCore

/// The portable `CredentialAuthenticator` in a scene: it answers on the
/// scene's virtual scheduler, taken in ``awake(in:)`` unless it was given a
/// clock.
///
/// For its keys, defaults, events, actions and inputs, see
/// `scene-runner types CredentialAuthenticator`.
///
///     let authenticator = CredentialAuthenticator(scheduler: scheduler)
///     authenticator.accounts = ["alice": "wonderland"]
///     authenticator.authenticate(username: "alice", password: "rabbit") { result in
///         // at 0.5 s: .failure(.invalidPassword)
///     }
///     try scheduler.advance(by: .milliseconds(500))
extension CredentialAuthenticator: SceneObject, PropertyNotifying, SceneClockTaking {
    /// An authenticator on `scheduler`, for use without a scene.
    ///
    ///     let authenticator = CredentialAuthenticator(scheduler: scheduler, accounts: ["alice": "wonderland"])
    package convenience init(scheduler: VirtualScheduler, accounts: [String: String] = [:]) {
        self.init(clock: scheduler.clock, accounts: accounts)
    }

    /// Takes the scene's clock, unless one was given.
    public func awake(in scene: Scene) { takeClock(of: scene) }

    /// Registers `CredentialAuthenticator`: `accounts`, `latency`,
    /// `available` and `requests`.
    package static func sceneDescription() -> TypeDescription {
        TypeDescription(
            "CredentialAuthenticator", summary: "A simulated login service that answers after a latency.",
            make: { CredentialAuthenticator() }
        ) { type in
            type.property("accounts", \.accounts, changeEvent: true, doc: "The accounts: user name to password.")
            type.property(
                "latency", \.latency, changeEvent: true, doc: "How long each request takes on the scene clock.")
            type.property(
                "available", \.available, changeEvent: true,
                doc: "Whether the service answers; false fails every request (an outage).")
            type.readOnly("requests", \.requests, doc: "How many requests were made.")
        }
    }
}
