import Behaviours
import SceneCore

/// A login form: a ``FormBehaviour`` that checks what was typed, asks a
/// ``CredentialAuthenticator``, marks the wrong field and presents the
/// error: logic that would otherwise live in a view controller.
///
/// For its keys, defaults, events, actions and inputs, see
/// `scene-runner types AuthFormBehaviour`.
///
///     let form = AuthFormBehaviour()
///     form.fields = WeakList([username, password])
///     form.username = username
///     form.password = password
///     form.authenticator = authenticator     // latency 0.5 s
///     form.alert = alert
///     username.type("alice"); password.type("rabbit")
///     form.submit()                          // busy
///     try scheduler.advance(by: .milliseconds(500))
///     // password.invalidInput (it shakes), alert "Invalid password"
///
/// The contract, for `submit`:
/// - While a request is under way (`busy`), `submit` is ignored (because
///   "a login request is under way"): no `submitted`, nothing checked.
/// - Otherwise it ends editing (no field of the form stays focused), sends
///   `submitted`, then checks the fields: an empty user name marks the
///   username field invalid (so it shakes) and fails with `emptyUsername`;
///   else an empty password does the same for the password field
///   (`emptyPassword`). Neither makes a request or presents an alert.
/// - Otherwise it asks the authenticator; `busy` is true until the answer,
///   which comes after the authenticator's latency on the scene clock.
/// - The answer sets both fields' `invalidInput`: only the field at fault
///   is marked (and shakes), the other is cleared. Unknown user:
///   `invalidUsername`, alert "Invalid user name". Wrong password:
///   `invalidPassword`, alert "Invalid password". Service unavailable:
///   `serviceUnavailable`, alert "Something went wrong.", no field marked.
///   Success clears both marks and `failure`, and sends `loggedIn`.
/// - Each failure sets `failure` and sends `loginFailed` with it, after
///   the fields are marked and the alert is presented; `busy` is already
///   false, so a handler may submit again.
/// - Without an authenticator a submit that passes the checks fails with
///   `serviceUnavailable` at once.
///
/// `cancel` sends `cancelled` and leaves a request under way alone.
package final class AuthFormBehaviour: FormBehaviour, FormVariant {
    /// Why a login failed: the `loginFailed` payload and `failure`.
    package enum Failure: String, SceneEnum, Sendable {
        /// The user name was empty; no request was made.
        case emptyUsername
        /// The password was empty; no request was made.
        case emptyPassword
        /// The authenticator knows no such user.
        case invalidUsername
        /// The authenticator has another password for the user.
        case invalidPassword
        /// The authenticator is not available.
        case serviceUnavailable

        /// The name docs and messages use.
        package static var sceneEnumName: String { "LoginFailure" }

        /// The alert for the failure; `nil` for the checks made before any
        /// request, which present none.
        package var alertMessage: String? {
            switch self {
            case .emptyUsername, .emptyPassword: nil
            case .invalidUsername: "Invalid user name"
            case .invalidPassword: "Invalid password"
            case .serviceUnavailable: "Something went wrong."
            }
        }

        init(_ failure: CredentialAuthenticator.Failure) {
            switch failure {
            case .invalidUsername: self = .invalidUsername
            case .invalidPassword: self = .invalidPassword
            case .serviceUnavailable: self = .serviceUnavailable
            }
        }
    }

    /// The user name field; weak, as every outlet.
    package weak var username: TextField?
    /// The password field; weak, as every outlet.
    package weak var password: TextField?
    /// The service that checks the credentials; weak, as every outlet.
    package weak var authenticator: CredentialAuthenticator?
    /// Where errors from the authenticator are presented; weak, as every outlet.
    package weak var alert: AlertPresenter?

    /// Sent when the authenticator accepted the credentials (`loggedIn`).
    package private(set) lazy var loggedIn = SceneEvent<Void>()
    /// Sent when a login failed, with why (`loginFailed`).
    package private(set) lazy var loginFailed = SceneEvent<Failure>()

    /// Whether a request is under way.
    package private(set) var isBusy = false {
        didSet { propertyDidChange(\.isBusy, from: oldValue, to: isBusy) }
    }
    /// Why the last login failed; `nil` before any failure and after a success.
    package private(set) var failure: Failure? {
        didSet { propertyDidChange(\.failure, from: oldValue, to: failure) }
    }

    /// A form with no outlets connected.
    override package init() {}

    /// Ends editing, checks the fields and asks the authenticator (the
    /// `submit` action); ignored while busy. See the type's contract.
    @discardableResult
    override package func submit() -> ActionOutcome {
        guard !isBusy else { return .ignored(because: "a login request is under way") }
        endEditing()
        // Without rules the form's own submit is always taken.
        let checked = super.submit()
        if checked.isIgnored { return checked }
        let name = username?.text ?? ""
        let secret = password?.text ?? ""
        if name.isEmpty {
            fail(.emptyUsername)
            return .handled
        }
        if secret.isEmpty {
            fail(.emptyPassword)
            return .handled
        }
        guard let authenticator else {
            fail(.serviceUnavailable)
            return .handled
        }
        isBusy = true
        authenticator.authenticate(username: name, password: secret) { [weak self] result in
            self?.didAnswer(result)
        }
        return .handled
    }

    /// Unfocuses the form's fields: those in `fields`, `username` and `password`.
    private func endEditing() {
        for case let field as TextField in fields.elements { field.resignFocus() }
        username?.resignFocus()
        password?.resignFocus()
    }

    private func didAnswer(_ result: Result<Void, CredentialAuthenticator.Failure>) {
        isBusy = false
        switch result {
        case .success:
            mark(nil)
            failure = nil
            loggedIn.send()
        case .failure(let reason):
            fail(Failure(reason))
        }
    }

    /// Marks the field at fault, presents the alert, records and reports.
    private func fail(_ reason: Failure) {
        switch reason {
        case .emptyUsername, .invalidUsername: mark(username)
        case .emptyPassword, .invalidPassword: mark(password)
        case .serviceUnavailable: mark(nil)
        }
        if let message = reason.alertMessage { alert?.present(message: message) }
        failure = reason
        loginFailed.send(reason)
    }

    /// Clears the mark of the form's fields other than `field`, then marks
    /// `field`, which makes it shake.
    private func mark(_ field: TextField?) {
        for other in [username, password] where other !== field { other?.invalidInput = false }
        field?.invalidInput = true
    }

    // MARK: Registration

    /// Registers `AuthFormBehaviour` as a `FormBehaviour` with its four
    /// outlets, `busy`, `failure`, `loggedIn` and `loginFailed`.
    package static func variantDescription() -> TypeDescription {
        TypeDescription(
            "AuthFormBehaviour",
            summary: "A login form: checks the fields, asks an authenticator, marks the wrong field.",
            base: FormBehaviour.formDescription(), make: { AuthFormBehaviour() }
        ) { type in
            type.outlet(
                "username", get: { $0.username }, set: { $0.username = $1 }, required: true,
                doc: "The user name field; marked invalid (and shaken) when it is at fault.")
            type.outlet(
                "password", get: { $0.password }, set: { $0.password = $1 }, required: true,
                doc: "The password field; marked invalid (and shaken) when it is at fault.")
            type.outlet(
                "authenticator", get: { $0.authenticator }, set: { $0.authenticator = $1 },
                required: true, doc: "The service that checks the credentials.")
            type.outlet(
                "alert", get: { $0.alert }, set: { $0.alert = $1 },
                doc: "Presents the authenticator's errors; none for empty fields.")
            type.readOnly("busy", \.isBusy, doc: "Whether a request is under way; submits are ignored.")
            type.readOnly("failure", \.failure, doc: "Why the last login failed; null after a success.")
            type.event("loggedIn", connect: { $0.loggedIn.connect($1) }, doc: "The credentials were accepted.")
            type.event(
                "loginFailed",
                connect: { (form, handler: @escaping (Failure) -> Void) in form.loginFailed.connect(handler) },
                doc: "A login failed: empty field, invalid user name or password, or service unavailable.")
        }
    }
}
