import Behaviours
import SceneBehaviours
import SceneCore

/// The login form of `Scenes/login-form.yaml`, wired in Swift as the loader
/// would wire it, on one virtual clock: `username` and `password` share a
/// focus coordinator and each has a shake; `form` is an
/// ``AuthFormBehaviour`` over both, asking `authenticator` (alice's
/// password is "wonderland", latency 0.5 s) and presenting errors in
/// `alert`.
final class LoginFixture {
    let scheduler = VirtualScheduler()
    let username = TextField()
    let password = TextField()
    let usernameShake: ShakeAnimation
    let passwordShake: ShakeAnimation
    let authenticator: CredentialAuthenticator
    let alert = AlertPresenter()
    let form = AuthFormBehaviour()
    /// The form's events by name (with the `loginFailed` payload), and
    /// every shake that finishes.
    let log = Log()

    init(connectAlert: Bool = true) {
        usernameShake = ShakeAnimation(scheduler: scheduler)
        passwordShake = ShakeAnimation(scheduler: scheduler)
        authenticator = CredentialAuthenticator(scheduler: scheduler, accounts: ["alice": "wonderland"])
        let coordinator = FocusCoordinator()
        username.focusCoordinator = coordinator
        password.focusCoordinator = coordinator
        password.secure = true
        usernameShake.view = username
        passwordShake.view = password
        username.shakeAnimation = usernameShake
        password.shakeAnimation = passwordShake
        form.fields = WeakList([username, password])
        form.username = username
        form.password = password
        form.authenticator = authenticator
        if connectAlert { form.alert = alert }

        form.submitted.connect { [log] in log.append("submitted") }
        form.cancelled.connect { [log] in log.append("cancelled") }
        form.loggedIn.connect { [log] in log.append("loggedIn") }
        form.loginFailed.connect { [log] in log.append("loginFailed \($0.rawValue)") }
    }

    /// Types `name` and `secret` into the fields, as a user would.
    func enter(_ name: String, _ secret: String) {
        username.clear()
        username.type(name)
        password.clear()
        password.type(secret)
    }
}
