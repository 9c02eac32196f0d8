/// Why a login service refused a user name and password.
///
///     case .failure(.invalidPassword): passwordField.invalidInput = true
public enum AuthenticationFailure: Error, Sendable, Hashable {
    /// No such user.
    case invalidUsername
    /// Another password for the user.
    case invalidPassword
    /// The service did not answer.
    case serviceUnavailable
}

/// A login service: checks a user name and a password and answers, now or
/// later. What a login form asks; an app's API client, or the simulated
/// ``CredentialAuthenticator``.
///
///     authenticator.authenticate(username: "alice", password: "wonderland") { result in
///         if case .success = result { print("logged in") }
///     }
///
/// The contract: `completion` is called exactly once, on the thread of the
/// form's clock, with success or why it failed; several requests may be
/// under way, each answered on its own.
public protocol CredentialAuthenticating: AnyObject {
    /// Checks `username` and `password`, then calls `completion` with the answer.
    ///
    ///     service.authenticate(username: name, password: secret) { print($0) }
    func authenticate(
        username: String, password: String, completion: @escaping (Result<Void, AuthenticationFailure>) -> Void)
}
