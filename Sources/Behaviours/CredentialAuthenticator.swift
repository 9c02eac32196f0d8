/// A simulated login service on a clock: checks a user name and a
/// password against its accounts after a latency, as an API client would
/// over the network.
///
///     let authenticator = CredentialAuthenticator(clock: MainClock.shared, accounts: ["alice": "wonderland"])
///     authenticator.authenticate(username: "alice", password: "rabbit") { result in
///         // 0.5 s later: .failure(.invalidPassword)
///     }
///
/// The contract:
/// - Each request counts in ``requests`` when it is made, and is answered
///   ``latency`` later on ``clock``, from the state the authenticator has
///   then: when not ``available``, ``AuthenticationFailure/serviceUnavailable``;
///   a user name not in ``accounts``, ``AuthenticationFailure/invalidUsername``;
///   another password, ``AuthenticationFailure/invalidPassword``; else
///   success. Names and passwords are compared exactly.
/// - Requests are independent: several may be under way, each answered
///   after its own latency.
/// - With a zero latency, or without a clock, the answer comes at once,
///   before ``authenticate(username:password:completion:)`` returns.
/// - An authenticator released before it answers answers
///   ``AuthenticationFailure/serviceUnavailable``.
open class CredentialAuthenticator: ReportsChanges, CredentialAuthenticating {
    /// Where changes of the reported state are told (see ``ReportsChanges``).
    public let changeReports = ChangeReports()

    /// Why a request failed.
    ///
    ///     CredentialAuthenticator.Failure.invalidPassword
    public typealias Failure = AuthenticationFailure

    /// The accounts: user name to password.
    ///
    ///     authenticator.accounts = ["alice": "wonderland"]
    @Reported public var accounts: [String: String] = [:]

    /// How long each request takes on the clock.
    ///
    ///     authenticator.latency = .seconds(1)
    @Reported public var latency: Duration = .milliseconds(500)

    /// Whether the service answers; false fails every request (an outage).
    ///
    ///     authenticator.available = false
    @Reported public var available = true

    /// How many requests were made.
    ///
    ///     authenticator.requests   // 1 after one authenticate
    @Reported public private(set) var requests = 0

    /// The clock requests are answered on; without one, at once.
    ///
    ///     authenticator.clock = scheduler.clock
    public var clock: (any BehaviourClock)?

    /// An authenticator of `accounts` answering on `clock`.
    ///
    ///     let authenticator = CredentialAuthenticator(clock: MainClock.shared)
    public init(clock: (any BehaviourClock)? = nil, accounts: [String: String] = [:]) {
        self.clock = clock
        self.accounts = accounts
    }

    /// Counts a request and answers it after ``latency`` (see the type's
    /// contract).
    ///
    ///     authenticator.authenticate(username: "alice", password: "wonderland") { print($0) }
    open func authenticate(
        username: String, password: String, completion: @escaping (Result<Void, AuthenticationFailure>) -> Void
    ) {
        requests += 1
        guard latency > .zero, let clock else {
            completion(answer(username: username, password: password))
            return
        }
        clock.schedule(after: latency) { [weak self] in
            // An authenticator released meanwhile cannot answer: the service is gone.
            completion(self?.answer(username: username, password: password) ?? .failure(.serviceUnavailable))
        }
    }

    /// The answer to `username` and `password` now, without a request.
    ///
    ///     authenticator.answer(username: "alice", password: "wonderland")   // .success
    public func answer(username: String, password: String) -> Result<Void, AuthenticationFailure> {
        guard available else { return .failure(.serviceUnavailable) }
        guard let expected = accounts[username] else { return .failure(.invalidUsername) }
        guard expected == password else { return .failure(.invalidPassword) }
        return .success(())
    }
}
