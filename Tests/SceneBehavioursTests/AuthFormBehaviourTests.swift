import Behaviours
import SceneBehaviours
import SceneCore
import Testing

@Suite struct AuthFormBehaviourTests {
    // MARK: Registration

    @Test func registersAsAFormWithFourOutletsBusyFailureAndTwoEvents() {
        let type = AuthFormBehaviour.sceneDescription()
        #expect(type.base?.name == "FormBehaviour")
        #expect(type.lineage.map(\.name) == ["AuthFormBehaviour", "FormBehaviour"])
        let failure = "emptyUsername|emptyPassword|invalidUsername|invalidPassword|serviceUnavailable"
        #expect(
            MemberList(of: type)
                == MemberList(
                    properties: ["busy: Bool (read-only)", "failure: \(failure)? (read-only)"],
                    outlets: [
                        "fields: [View]", "rules: [FieldRule]", "shake: ShakeAnimation?", "username: TextField",
                        "password: TextField", "authenticator: CredentialAuthenticator", "alert: AlertPresenter?",
                    ],
                    events: ["submitted", "cancelled", "invalid", "loggedIn", "loginFailed: \(failure)"],
                    actions: ["next", "submit", "validate", "cancel"]))
        #expect(type.requiredOutlets.map(\.name) == ["username", "password", "authenticator"])
        #expect(type.defaultValues() == ["busy": .bool(false), "failure": .null])
    }

    @Test func theDescriptionDrivesTheFormAsALoaderWould() throws {
        let fixture = LoginFixture()
        let type = AuthFormBehaviour.sceneDescription()
        let form = AuthFormBehaviour()
        for (name, target) in [
            ("username", fixture.username), ("password", fixture.password),
        ] as [(String, AnyObject)] {
            let outlet = try #require(type.outlets.first { $0.name == name })
            #expect(outlet.connect(form, to: target))
            #expect(!outlet.connect(form, to: Button()))
        }
        let authenticator = try #require(type.outlets.first { $0.name == "authenticator" })
        #expect(authenticator.connect(form, to: fixture.authenticator))
        let log = Log()
        log.observeEvents(of: form, type)
        fixture.enter("alice", "wonderland")
        #expect(type.action("submit", on: form) == .handled)  // the override, through the base's action
        #expect(type.property(named: "busy")?.value(of: form) == .bool(true))
        try fixture.scheduler.advance(by: .seconds(1))
        #expect(log.entries == ["submitted", "loggedIn"])
        #expect(fixture.scheduler.isIdle)
    }

    // MARK: Submitting

    @Test func submitEndsEditingThenAsksTheAuthenticator() throws {
        let fixture = LoginFixture()
        fixture.enter("alice", "wonderland")
        #expect(fixture.password.focused)
        fixture.form.submit()
        #expect(!fixture.username.focused && !fixture.password.focused)
        #expect(fixture.authenticator.requests == 1)
        #expect(fixture.log.entries == ["submitted"])
        try fixture.scheduler.advance(by: .seconds(1))
        #expect(fixture.scheduler.isIdle)
    }

    @Test func returnOnThePasswordFieldSubmitsTheLogin() throws {
        let fixture = LoginFixture()
        fixture.enter("alice", "wonderland")
        fixture.password.returnKey()
        #expect(fixture.form.isBusy)
        #expect(!fixture.password.focused)
        try fixture.scheduler.advance(by: .seconds(1))
        #expect(fixture.log.entries == ["submitted", "loggedIn"])
        #expect(fixture.scheduler.isIdle)
    }

    @Test func anEmptyUserNameMarksAndShakesTheUserNameFieldWithNoRequestAndNoAlert() throws {
        let fixture = LoginFixture()
        fixture.enter("", "wonderland")
        fixture.form.submit()
        #expect(fixture.username.invalidInput)
        #expect(!fixture.password.invalidInput)
        #expect(fixture.usernameShake.isPlaying)
        #expect(!fixture.passwordShake.isPlaying)
        #expect(fixture.authenticator.requests == 0)
        #expect(!fixture.form.isBusy)
        #expect(!fixture.alert.isPresented)
        #expect(fixture.form.failure == .emptyUsername)
        #expect(fixture.log.entries == ["submitted", "loginFailed emptyUsername"])
        try fixture.scheduler.advance(by: .milliseconds(100))
        #expect(fixture.username.offsetX == -8)
        try fixture.scheduler.advance(by: .milliseconds(100))
        #expect(fixture.username.offsetX == 0)
        #expect(fixture.scheduler.isIdle)
    }

    @Test func otherwiseAnEmptyPasswordMarksAndShakesThePasswordFieldWithNoRequestAndNoAlert() throws {
        let fixture = LoginFixture()
        fixture.enter("", "")
        fixture.form.submit()
        #expect(fixture.form.failure == .emptyUsername)  // the user name first
        fixture.enter("alice", "")
        fixture.form.submit()
        #expect(!fixture.username.invalidInput)
        #expect(fixture.password.invalidInput)
        #expect(fixture.passwordShake.isPlaying)
        #expect(fixture.authenticator.requests == 0)
        #expect(!fixture.alert.isPresented)
        #expect(fixture.form.failure == .emptyPassword)
        try fixture.scheduler.advance(by: .seconds(1))
        #expect(fixture.scheduler.isIdle)
    }

    @Test func aRequestTakesTheAuthenticatorsLatencyAndTheFormIsBusyMeanwhile() throws {
        let fixture = LoginFixture()
        fixture.authenticator.latency = .milliseconds(800)
        fixture.enter("alice", "wonderland")
        #expect(!fixture.form.isBusy)
        fixture.form.submit()
        #expect(fixture.form.isBusy)
        try fixture.scheduler.advance(by: .milliseconds(799))
        #expect(fixture.form.isBusy)
        #expect(fixture.log.entries == ["submitted"])
        try fixture.scheduler.advance(by: .milliseconds(1))
        #expect(!fixture.form.isBusy)
        #expect(fixture.log.entries == ["submitted", "loggedIn"])
        #expect(fixture.scheduler.isIdle)
    }

    @Test func submitsWhileBusyAreIgnored() throws {
        let fixture = LoginFixture()
        fixture.enter("alice", "wonderland")
        #expect(fixture.form.submit() == .handled)
        fixture.password.focus()
        try fixture.scheduler.advance(by: .milliseconds(250))
        #expect(fixture.form.submit() == .ignored(because: "a login request is under way"))
        #expect(
            AuthFormBehaviour.sceneDescription().action("submit", on: fixture.form)
                == .ignored(because: "a login request is under way"))
        fixture.password.returnKey()
        #expect(fixture.form.isBusy)
        #expect(fixture.form.failure == nil)
        #expect(fixture.authenticator.requests == 1)
        #expect(fixture.password.focused)  // an ignored submit does not even end editing
        try fixture.scheduler.advance(by: .seconds(1))
        #expect(fixture.log.entries == ["submitted", "loggedIn"])
        #expect(fixture.scheduler.isIdle)
    }

    // MARK: Answers

    @Test func anUnknownUserMarksTheUserNameAndAlertsInvalidUserName() throws {
        let fixture = LoginFixture()
        fixture.password.invalidInput = true
        fixture.enter("carol", "wonderland")
        fixture.form.submit()
        try fixture.scheduler.advance(by: .milliseconds(500))
        #expect(fixture.username.invalidInput)
        #expect(!fixture.password.invalidInput)
        #expect(fixture.usernameShake.isPlaying)
        #expect(fixture.alert.isPresented)
        #expect(fixture.alert.title == "Error")
        #expect(fixture.alert.message == "Invalid user name")
        #expect(fixture.alert.buttonTitle == "Close")
        #expect(fixture.form.failure == .invalidUsername)
        #expect(fixture.log.entries == ["submitted", "loginFailed invalidUsername"])
        try fixture.scheduler.advance(by: .milliseconds(200))
        #expect(fixture.scheduler.isIdle)
    }

    @Test func aWrongPasswordMarksThePasswordAndAlertsInvalidPassword() throws {
        let fixture = LoginFixture()
        fixture.username.invalidInput = true
        fixture.enter("alice", "rabbit")
        fixture.form.submit()
        try fixture.scheduler.advance(by: .milliseconds(500))
        #expect(!fixture.username.invalidInput)
        #expect(fixture.password.invalidInput)
        #expect(fixture.passwordShake.isPlaying)
        #expect(fixture.alert.message == "Invalid password")
        #expect(fixture.form.failure == .invalidPassword)
        #expect(fixture.log.entries == ["submitted", "loginFailed invalidPassword"])
        try fixture.scheduler.advance(by: .milliseconds(100))
        #expect(fixture.password.offsetX == -8)
        try fixture.scheduler.advance(by: .milliseconds(100))
        #expect(fixture.password.offsetX == 0)
        #expect(fixture.scheduler.isIdle)
    }

    @Test func anOutageAlertsSomethingWentWrongAndMarksNoField() throws {
        let fixture = LoginFixture()
        fixture.username.invalidInput = true
        fixture.password.invalidInput = true
        try fixture.scheduler.advance(by: .seconds(1))  // let those shakes end
        fixture.authenticator.available = false
        fixture.enter("alice", "wonderland")
        fixture.form.submit()
        try fixture.scheduler.advance(by: .milliseconds(500))
        #expect(!fixture.username.invalidInput)
        #expect(!fixture.password.invalidInput)
        #expect(!fixture.usernameShake.isPlaying && !fixture.passwordShake.isPlaying)
        #expect(fixture.alert.message == "Something went wrong.")
        #expect(fixture.form.failure == .serviceUnavailable)
        #expect(fixture.log.entries == ["submitted", "loginFailed serviceUnavailable"])
        #expect(fixture.scheduler.isIdle)
    }

    @Test func successClearsBothMarksAndTheFailureAndSendsLoggedIn() throws {
        let fixture = LoginFixture()
        fixture.enter("alice", "rabbit")
        fixture.form.submit()
        try fixture.scheduler.advance(by: .seconds(1))
        fixture.alert.dismiss()
        fixture.username.invalidInput = true
        fixture.enter("alice", "wonderland")
        fixture.form.submit()
        try fixture.scheduler.advance(by: .milliseconds(500))
        #expect(!fixture.username.invalidInput)
        #expect(!fixture.password.invalidInput)
        #expect(fixture.form.failure == nil)
        #expect(!fixture.alert.isPresented)
        #expect(fixture.log.entries == ["submitted", "loginFailed invalidPassword", "submitted", "loggedIn"])
        try fixture.scheduler.advance(by: .seconds(1))
        #expect(fixture.scheduler.isIdle)
    }

    @Test func aFailureIsReportedAfterTheFieldsAreMarkedAndTheAlertIsPresented() throws {
        let fixture = LoginFixture()
        var seen: [String] = []
        fixture.form.loginFailed.connect { [unowned fixture] failure in
            seen.append(
                "\(failure.rawValue) busy=\(fixture.form.isBusy) failure=\(fixture.form.failure?.rawValue ?? "nil") "
                    + "marked=\(fixture.password.invalidInput) alert=\(fixture.alert.message)")
        }
        fixture.enter("alice", "rabbit")
        fixture.form.submit()
        try fixture.scheduler.advance(by: .seconds(1))
        #expect(seen == ["invalidPassword busy=false failure=invalidPassword marked=true alert=Invalid password"])
        #expect(fixture.scheduler.isIdle)
    }

    @Test func aLoginFailedHandlerMaySubmitAgain() throws {
        let fixture = LoginFixture()
        var retries = 0
        fixture.form.loginFailed.connect { [unowned fixture] _ in
            guard retries == 0 else { return }
            retries += 1
            fixture.authenticator.available = true
            fixture.form.submit()
        }
        fixture.authenticator.available = false
        fixture.enter("alice", "wonderland")
        fixture.form.submit()
        try fixture.scheduler.advance(by: .seconds(1))
        #expect(fixture.authenticator.requests == 2)
        #expect(fixture.log.entries == ["submitted", "loginFailed serviceUnavailable", "submitted", "loggedIn"])
        #expect(fixture.scheduler.isIdle)
    }

    @Test func withoutAnAlertFailuresStillMarkTheFields() throws {
        let fixture = LoginFixture(connectAlert: false)
        fixture.enter("alice", "rabbit")
        fixture.form.submit()
        try fixture.scheduler.advance(by: .milliseconds(500))
        #expect(fixture.password.invalidInput)
        #expect(!fixture.alert.isPresented)
        #expect(fixture.form.failure == .invalidPassword)
        try fixture.scheduler.advance(by: .seconds(1))
        #expect(fixture.scheduler.isIdle)
    }

    @Test func withoutAnAuthenticatorTheServiceIsUnavailableAtOnce() throws {
        let fixture = LoginFixture()
        fixture.form.authenticator = nil
        fixture.enter("alice", "wonderland")
        fixture.form.submit()
        #expect(!fixture.form.isBusy)
        #expect(fixture.form.failure == .serviceUnavailable)
        #expect(fixture.alert.message == "Something went wrong.")
        #expect(fixture.scheduler.isIdle)
    }

    // MARK: Ownership

    @Test func releasingTheObjectsMidRequestAndMidAnimationFreesThemAll() throws {
        weak var weakForm: AuthFormBehaviour?
        weak var weakAuthenticator: CredentialAuthenticator?
        weak var weakShake: ShakeAnimation?
        weak var weakHighlight: HighlightBehaviour?
        weak var weakField: TextField?
        weak var weakScheduler: VirtualScheduler?
        do {
            let fixture = LoginFixture()
            let highlight = HighlightBehaviour(scheduler: fixture.scheduler)
            fixture.password.backgroundColor = .white
            highlight.highlightedColor = .lightGray
            highlight.view = fixture.password
            weakForm = fixture.form
            weakAuthenticator = fixture.authenticator
            weakShake = fixture.usernameShake
            weakHighlight = highlight
            weakField = fixture.password
            weakScheduler = fixture.scheduler
            fixture.enter("", "wonderland")
            fixture.form.submit()  // the user name shakes
            try fixture.scheduler.advance(by: .milliseconds(50))
            fixture.enter("alice", "wonderland")  // the password's highlight fades in
            try fixture.scheduler.advance(by: .milliseconds(50))
            fixture.form.submit()  // a request is under way; the highlight fades out
            #expect(fixture.form.isBusy && fixture.usernameShake.isPlaying && highlight.isAnimating)
        }
        #expect(weakForm == nil)
        #expect(weakAuthenticator == nil)
        #expect(weakShake == nil)
        #expect(weakHighlight == nil)
        #expect(weakField == nil)
        #expect(weakScheduler == nil)
    }

    // MARK: Cancel

    @Test func cancelSendsCancelledAndLeavesARequestUnderWayAlone() throws {
        let fixture = LoginFixture()
        fixture.enter("alice", "wonderland")
        fixture.form.submit()
        fixture.form.cancel()
        #expect(fixture.form.isBusy)
        try fixture.scheduler.advance(by: .seconds(1))
        #expect(fixture.log.entries == ["submitted", "cancelled", "loggedIn"])
        #expect(fixture.scheduler.isIdle)
    }
}
