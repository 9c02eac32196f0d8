import Behaviours
import SceneBehaviours
import SceneCore
import Testing

@Suite struct CredentialAuthenticatorTests {
    /// An authenticator knowing alice on its own clock, logging each answer with the time.
    private func makeAuthenticator() -> (CredentialAuthenticator, VirtualScheduler, Log) {
        let scheduler = VirtualScheduler()
        let authenticator = CredentialAuthenticator(scheduler: scheduler, accounts: ["alice": "wonderland"])
        return (authenticator, scheduler, Log())
    }

    private func ask(
        _ authenticator: CredentialAuthenticator, _ username: String, _ password: String, log: Log,
        at scheduler: VirtualScheduler
    ) {
        authenticator.authenticate(username: username, password: password) { result in
            switch result {
            case .success: log.append("success@\(scheduler.now.sceneText)")
            case .failure(let failure): log.append("\(failure)@\(scheduler.now.sceneText)")
            }
        }
    }

    // MARK: Registration

    @Test func registersAccountsLatencyAvailableAndRequests() {
        let type = CredentialAuthenticator.sceneDescription()
        #expect(
            MemberList(of: type)
                == MemberList(
                    properties: [
                        "accounts: {String: String}", "latency: Duration in 0.0...inf", "available: Bool",
                        "requests: Int (read-only)",
                    ],
                    events: [
                        "accountsChanged: {String: String}", "latencyChanged: Duration", "availableChanged: Bool",
                    ]))
        #expect(
            type.defaultValues() == [
                "accounts": .map([]), "latency": .duration(.milliseconds(500)), "available": .bool(true),
                "requests": .int(0),
            ])
    }

    @Test func accountsAreSetThroughTheDescription() {
        let type = CredentialAuthenticator.sceneDescription()
        let authenticator = CredentialAuthenticator()
        let accounts = SceneValue.map([SceneValue.Pair("bob", .string("builder"))])
        #expect(type.property(named: "accounts")?.set(accounts, on: authenticator) == true)
        #expect(authenticator.accounts == ["bob": "builder"])
        #expect(type.property(named: "requests")?.set(.int(3), on: authenticator) == false)
    }

    // MARK: Answers

    @Test func aRequestIsAnsweredAfterTheLatencyOnTheSceneClock() throws {
        let (authenticator, scheduler, log) = makeAuthenticator()
        ask(authenticator, "alice", "wonderland", log: log, at: scheduler)
        try scheduler.advance(by: .milliseconds(499))
        #expect(log.entries.isEmpty)
        try scheduler.advance(by: .milliseconds(1))
        #expect(log.entries == ["success@500ms"])
        #expect(scheduler.isIdle)
    }

    @Test func classifiesUnknownUserWrongPasswordAndOutage() throws {
        let (authenticator, scheduler, log) = makeAuthenticator()
        authenticator.latency = .zero
        ask(authenticator, "carol", "wonderland", log: log, at: scheduler)
        ask(authenticator, "alice", "rabbit", log: log, at: scheduler)
        ask(authenticator, "Alice", "wonderland", log: log, at: scheduler)
        authenticator.available = false
        ask(authenticator, "alice", "wonderland", log: log, at: scheduler)
        ask(authenticator, "carol", "x", log: log, at: scheduler)
        #expect(
            log.entries == [
                "invalidUsername@0s", "invalidPassword@0s", "invalidUsername@0s", "serviceUnavailable@0s",
                "serviceUnavailable@0s",
            ])
    }

    @Test func theAnswerReflectsTheStateWhenItComes() throws {
        let (authenticator, scheduler, log) = makeAuthenticator()
        ask(authenticator, "alice", "wonderland", log: log, at: scheduler)
        try scheduler.advance(by: .milliseconds(200))
        authenticator.available = false
        try scheduler.advance(by: .milliseconds(300))
        #expect(log.entries == ["serviceUnavailable@500ms"])
        #expect(scheduler.isIdle)
    }

    @Test func everyRequestCountsWhenItIsMade() throws {
        let (authenticator, scheduler, log) = makeAuthenticator()
        authenticator.available = false
        ask(authenticator, "alice", "wonderland", log: log, at: scheduler)
        ask(authenticator, "bob", "builder", log: log, at: scheduler)
        #expect(authenticator.requests == 2)
        #expect(log.entries.isEmpty)
        try scheduler.advance(by: .seconds(1))
        #expect(authenticator.requests == 2)
        #expect(scheduler.isIdle)
    }

    @Test func requestsAreIndependent() throws {
        let (authenticator, scheduler, log) = makeAuthenticator()
        ask(authenticator, "alice", "wonderland", log: log, at: scheduler)
        try scheduler.advance(by: .milliseconds(200))
        authenticator.latency = .milliseconds(100)
        ask(authenticator, "alice", "rabbit", log: log, at: scheduler)
        try scheduler.advance(by: .seconds(1))
        #expect(log.entries == ["invalidPassword@300ms", "success@500ms"])
        #expect(scheduler.isIdle)
    }

    @Test func aZeroLatencyAnswersAtOnce() {
        let (authenticator, scheduler, log) = makeAuthenticator()
        authenticator.latency = .zero
        ask(authenticator, "alice", "wonderland", log: log, at: scheduler)
        #expect(log.entries == ["success@0s"])
        #expect(scheduler.isIdle)
    }

    @Test func withoutASchedulerItAnswersAtOnce() {
        let authenticator = CredentialAuthenticator()
        authenticator.accounts = ["alice": "wonderland"]
        var answers: [Bool] = []
        authenticator.authenticate(username: "alice", password: "wonderland") { answers.append((try? $0.get()) != nil) }
        #expect(answers == [true])
    }

    @Test func aReleasedAuthenticatorAnswersServiceUnavailable() throws {
        let scheduler = VirtualScheduler()
        let log = Log()
        do {
            let authenticator = CredentialAuthenticator(scheduler: scheduler, accounts: ["alice": "wonderland"])
            ask(authenticator, "alice", "wonderland", log: log, at: scheduler)
        }
        try scheduler.advance(by: .seconds(1))
        #expect(log.entries == ["serviceUnavailable@500ms"])
        #expect(scheduler.isIdle)
    }

    @Test func awakeTakesTheScenesScheduler() {
        let authenticator = CredentialAuthenticator()
        let scene = Scene(title: nil, summary: nil, entries: [])
        authenticator.awake(in: scene)
        #expect(authenticator.scheduler === scene.scheduler)
    }
}
