import Foundation
import SceneBehaviours
import SceneTesting
import TestSupport
import Testing

@testable import SceneRunning

/// A scene that completes a component it includes, run: the component's
/// required outlet set to the scene's object with `set:`, a behaviour of the
/// scene's own wired to the instance's object by path, and the scene's
/// script driving the instance.
@Suite struct ComponentCompletionRunTests {
    /// A login form as an Interface Builder file would give it: no authenticator.
    static let form = """
        objects:
          name: { type: TextField }
          secret: { type: TextField, secure: true }
          login: { type: Button, title: Log in, backgroundColor: "#2F6FDE", on: { tap: form.submit } }
          form: { type: AuthFormBehaviour, fields: [name, secret], username: name, password: secret }

        """

    static let scene = """
        objects:
          auth: { type: CredentialAuthenticator, accounts: { alice: wonderland }, latency: 0.5s }
          done: { type: EventCounter }
          ui:
            include: form.yaml
            set: { form.authenticator: auth, form.on: { loggedIn: done.fire } }
          glow: { type: HighlightBehaviour, view: ui.login, highlightedColor: "#1F4FA8" }
        script:
          - type: { ui.name: alice }
          - type: { ui.secret: wonderland }
          - press: ui.login
          - wait: 0.25s
          - expect: { ui.login.backgroundColor: "#1F4FA8" }
          - release: ui.login
          - expect: { auth.requests: 1, ui.form.busy: true }
          - wait: 0.5s
          - expect: { ui.form.failure: null, done.count: 1, ui.login.backgroundColor: "#2F6FDE" }

        """

    @Test func anOutletOverrideAnExtraBehaviourAndTheScriptRunTogether() throws {
        let temporary = try temporaryFolder("completion")
        let folder = temporary.url
        try Data(Self.form.utf8).write(to: folder.appendingPathComponent("form.yaml"))
        try Data(Self.scene.utf8).write(to: folder.appendingPathComponent("scene.yaml"))
        switch SceneRunner(registry: .standard).run(contentsOf: folder.appendingPathComponent("scene.yaml").path) {
        case .ran(let transcript):
            #expect(transcript.succeeded)
            // One per key of the three `expect` steps.
            #expect(transcript.passedCount == 6)
            #expect(transcript.failedCount == 0)
        case .invalid(let error):
            Issue.record("the scene did not load: \(error)")
        }
    }
}
