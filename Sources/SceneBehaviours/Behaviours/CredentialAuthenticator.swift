import SceneCore

/// A simulated login service on the scene clock: checks a user name and a
/// password against its accounts after a latency, as an API client would
/// over the network.
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
///
/// The contract:
/// - Each request counts in `requests` when it is made, and is answered
///   `latency` later on the scene's ``VirtualScheduler``, from the state
///   the authenticator has then: when not `available`,
///   ``Failure/serviceUnavailable``; a user name not in `accounts`,
///   ``Failure/invalidUsername``; another password,
///   ``Failure/invalidPassword``; else success. Names and passwords are
///   compared exactly.
/// - Requests are independent: several may be under way, each answered
///   after its own latency.
/// - With a zero latency, or without a scheduler, the answer comes at once,
///   before ``authenticate(username:password:completion:)`` returns.
///
/// It takes the scene's scheduler in ``awake(in:)`` (or is given one by
/// ``init(scheduler:)``).
package final class CredentialAuthenticator: SceneObject, PropertyNotifying {
    /// Who follows the declared properties (see ``PropertyNotifying``); `nil`
    /// until someone does.
    package final var propertyObservers: PropertyObservers?
    /// Why a request failed.
    package enum Failure: Error, Sendable, Hashable {
        /// No account has the user name.
        case invalidUsername
        /// The account has another password.
        case invalidPassword
        /// The service is not available.
        case serviceUnavailable
    }

    /// The accounts: each user name with its password.
    package var accounts: [String: String] = [:] {
        didSet { propertyDidChange(\.accounts, from: oldValue, to: accounts) }
    }
    /// How long each request takes.
    package var latency: Duration = .milliseconds(500) {
        didSet { propertyDidChange(\.latency, from: oldValue, to: latency) }
    }
    /// Whether the service answers; when false every request fails with
    /// ``Failure/serviceUnavailable``.
    package var available = true {
        didSet { propertyDidChange(\.available, from: oldValue, to: available) }
    }

    /// How many requests were made.
    package private(set) var requests = 0 {
        didSet { propertyDidChange(\.requests, from: oldValue, to: requests) }
    }

    /// The clock: the scene's, from ``awake(in:)``, unless one was given.
    package private(set) var scheduler: VirtualScheduler?

    /// An authenticator with no accounts; it gets its scheduler in
    /// ``awake(in:)``.
    package init() {}

    /// An authenticator on `scheduler`, for use without a scene.
    package init(scheduler: VirtualScheduler, accounts: [String: String] = [:]) {
        self.scheduler = scheduler
        self.accounts = accounts
    }

    /// Takes the scene's scheduler, unless one was given.
    package func awake(in scene: Scene) {
        if scheduler == nil { scheduler = scene.scheduler }
    }

    /// Checks `username` and `password`, and calls `completion` with the
    /// answer `latency` later (at once when it is zero or there is no
    /// scheduler).
    package func authenticate(
        username: String, password: String, completion: @escaping (Result<Void, Failure>) -> Void
    ) {
        requests += 1
        guard latency > .zero, let scheduler else {
            completion(answer(username: username, password: password))
            return
        }
        scheduler.schedule(after: latency) { [weak self] in
            // An authenticator released meanwhile cannot answer: the service is gone.
            completion(self?.answer(username: username, password: password) ?? .failure(.serviceUnavailable))
        }
    }

    /// The answer to `username` and `password` now, without a request.
    package func answer(username: String, password: String) -> Result<Void, Failure> {
        guard available else { return .failure(.serviceUnavailable) }
        guard let expected = accounts[username] else { return .failure(.invalidUsername) }
        guard expected == password else { return .failure(.invalidPassword) }
        return .success(())
    }

    // MARK: Registration

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
