import Behaviours
import SceneCore
import Testing

@Suite struct PortableCredentialAuthenticatorTests {
    @Test func aRequestIsAnsweredAfterTheLatencyFromTheStateThen() throws {
        let scheduler = VirtualScheduler()
        let service = CredentialAuthenticator(clock: scheduler.clock, accounts: ["alice": "wonderland"])
        var answers: [Result<Void, AuthenticationFailure>] = []
        service.authenticate(username: "alice", password: "wonderland") { answers.append($0) }
        #expect(service.requests == 1 && answers.isEmpty)
        service.available = false
        try scheduler.advance(by: .milliseconds(499))
        #expect(answers.isEmpty)
        try scheduler.advance(by: .milliseconds(1))
        #expect(answers.count == 1)
        #expect(throws: AuthenticationFailure.serviceUnavailable) { try answers[0].get() }
        #expect(scheduler.isIdle)
    }

    @Test func withoutAClockTheAnswerComesAtOnce() {
        let service = CredentialAuthenticator(accounts: ["alice": "wonderland"])
        var answers: [Result<Void, AuthenticationFailure>] = []
        let asked: any CredentialAuthenticating = service
        asked.authenticate(username: "bob", password: "x") { answers.append($0) }
        asked.authenticate(username: "alice", password: "x") { answers.append($0) }
        asked.authenticate(username: "alice", password: "wonderland") { answers.append($0) }
        #expect(throws: AuthenticationFailure.invalidUsername) { try answers[0].get() }
        #expect(throws: AuthenticationFailure.invalidPassword) { try answers[1].get() }
        #expect(throws: Never.self) { try answers[2].get() }
        #expect(service.requests == 3)
    }

    @Test func itsStateIsReported() {
        let service = CredentialAuthenticator()
        var keys: [AnyKeyPath] = []
        service.changeReports.listen { key, _ in keys.append(key) }
        service.latency = .zero
        service.authenticate(username: "a", password: "b") { _ in }
        #expect(keys == [\CredentialAuthenticator.latency, \CredentialAuthenticator.requests])
    }
}
