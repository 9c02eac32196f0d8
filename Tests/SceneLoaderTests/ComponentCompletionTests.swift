import Behaviours
import Foundation
import SceneBehaviours
import SceneCore
import Testing

@testable import SceneLoader

/// A login form whose authenticator the file cannot hold (an app makes it
/// in code): a component with a required outlet left unconnected.
let incompleteForm = """
    objects:
      name: { type: TextField }
      secret: { type: TextField }
      form: { type: AuthFormBehaviour, fields: [name, secret], username: name, password: secret }

    """

/// Completing a component from the scene that includes it: outlets set with
/// `set:` to the including scene's objects, required outlets checked after
/// the overrides, and `id.on` connections.
@Suite struct ComponentCompletionTests {
    // MARK: - Outlets set from the including scene

    @Test func anOutletOverrideConnectsAnObjectOfTheIncludingScene() throws {
        let folder = try SceneFolder([
            "form.yaml": incompleteForm,
            "scene.yaml": """
            objects:
              auth: { type: CredentialAuthenticator }
              login: { include: form.yaml, set: { form.authenticator: auth } }

            """,
        ])
        #expect(try folder.check() == "")
        let scene = try folder.load()
        let form = try #require(scene.object("login.form") as? AuthFormBehaviour)
        let auth = try #require(scene.object("auth") as? CredentialAuthenticator)
        #expect(form.authenticator === auth)
        #expect(form.username === scene.object("login.name") as? TextField)
    }

    @Test func aComponentWithARequiredOutletUnconnectedIsRefusedAloneWithAHintOnCompletingIt() throws {
        let folder = try SceneFolder(["form.yaml": incompleteForm])
        #expect(
            try folder.check("form.yaml") == """
                form.yaml:4:3: error: 'form' (AuthFormBehaviour) needs the outlet 'authenticator'
                    4 |   form: { type: AuthFormBehaviour, fields: [name, secret], username: name, password: secret }
                      |   ^~~~
                      = help: add 'authenticator: <id of a CredentialAuthenticator>', or complete this file from a scene that includes it: 'set: { form.authenticator: <id> }'

                """)
    }

    @Test func onlyTheInstanceThatDoesNotSetARequiredOutletIsAnError() throws {
        let folder = try SceneFolder([
            "form.yaml": incompleteForm,
            "scene.yaml": """
            objects:
              auth: { type: CredentialAuthenticator }
              done: { include: form.yaml, set: { form.authenticator: auth } }
              open: { include: form.yaml }

            """,
        ])
        #expect(
            try folder.check() == """
                form.yaml:4:3: error: 'open.form' (AuthFormBehaviour) needs the outlet 'authenticator'
                    4 |   form: { type: AuthFormBehaviour, fields: [name, secret], username: name, password: secret }
                      |   ^~~~
                      = help: add 'authenticator: <id of a CredentialAuthenticator>', or complete this file from a scene that includes it: 'set: { form.authenticator: <id> }'
                scene.yaml:4:20: note: included here as 'open'

                """)
    }

    @Test func aCollectionOverrideTakesTheIncludingScenesIdsInOrderAndAPathIntoAnotherInstance() throws {
        let folder = try SceneFolder([
            "c.yaml": controlsComponent,
            "host.yaml": """
            objects:
              panel: { type: View }
              host: { type: TimeoutControllerHost, viewToHide: panel }

            """,
            "scene.yaml": """
            objects:
              go: { type: Button }
              left: { include: c.yaml, params: { label: L }, set: { timer.providers: [go, left.play] } }
              hider: { include: host.yaml, set: { host.timeoutController: left.timer } }

            """,
        ])
        #expect(try folder.check() == "")
        let scene = try folder.load()
        let timer = try #require(scene.object("left.timer") as? TimeoutController)
        let providers = timer.providers.map { $0 as AnyObject }
        #expect(providers.count == 2)
        #expect(providers.first === scene.object("go") as AnyObject?)
        #expect(providers.last === scene.object("left.play") as AnyObject?)
        let host = try #require(scene.object("hider.host") as? TimeoutControllerHost)
        #expect(host.timeoutController === timer)
    }

    @Test func anOutletOverrideReplacesTheTargetTheComponentWrites() throws {
        let component = incompleteForm.replacingOccurrences(
            of: "password: secret }", with: "password: secret, alert: fallback }")
        let folder = try SceneFolder([
            "form.yaml": component + "  fallback: { type: AlertPresenter }\n",
            "scene.yaml": """
            objects:
              auth: { type: CredentialAuthenticator }
              mine: { type: AlertPresenter }
              login: { include: form.yaml, set: { form.authenticator: auth, form.alert: mine } }

            """,
        ])
        #expect(try folder.check() == "")
        let scene = try folder.load()
        let form = try #require(scene.object("login.form") as? AuthFormBehaviour)
        let fallback = try #require(scene.object("login.fallback") as? AlertPresenter)
        #expect(form.alert === scene.object("mine") as? AlertPresenter)
        #expect(form.alert !== fallback)
    }

    @Test func aNestedComponentIsCompletedByItsIncluderOrByTheSceneByPath() throws {
        let folder = try SceneFolder([
            "form.yaml": incompleteForm,
            "pair.yaml": """
            objects:
              auth: { type: CredentialAuthenticator }
              inner: { include: form.yaml, set: { form.authenticator: auth } }
              open: { include: form.yaml }

            """,
            "scene.yaml": """
            objects:
              service: { type: CredentialAuthenticator }
              pair: { include: pair.yaml, set: { open.form.authenticator: service } }

            """,
        ])
        #expect(try folder.check() == "")
        let scene = try folder.load()
        #expect(
            (scene.object("pair.inner.form") as? AuthFormBehaviour)?.authenticator
                === scene.object("pair.auth") as? CredentialAuthenticator)
        #expect(
            (scene.object("pair.open.form") as? AuthFormBehaviour)?.authenticator
                === scene.object("service") as? CredentialAuthenticator)
    }

    // MARK: - Mistakes in an outlet override

    @Test func anOutletOverrideIsCheckedLikeEveryOtherReference() throws {
        let folder = try SceneFolder([
            "form.yaml": incompleteForm,
            "scene.yaml": """
            objects:
              auth: { type: CredentialAuthenticator }
              note: { type: Label }
              login:
                include: form.yaml
                set:
                  form.authenticator: auht
                  form.alert: note
                  form.username: 5
                  form.password: [note]
                  form.fields: [name, note]
                  form.authenticatr: auth
              other:
                include: form.yaml
                set: { form.authenticator: ~ }

            """,
        ])
        #expect(
            try folder.check() == """
                scene.yaml:7:27: error: no object has the id 'auht'
                    7 |       form.authenticator: auht
                      |                           ^~~~
                      = help: did you mean 'auth'?
                scene.yaml:8:19: error: 'alert' needs an AlertPresenter, but 'note' is a Label
                    8 |       form.alert: note
                      |                   ^~~~
                      = help: the scene has no other AlertPresenter to connect
                scene.yaml:9:22: error: no object has the id '5'
                    9 |       form.username: 5
                      |                      ^
                      = help: objects that fit: login.name, login.secret, other.name, other.secret
                scene.yaml:10:22: error: 'password' takes the id of an object, not a list
                   10 |       form.password: [note]
                      |                      ^~~~~~
                scene.yaml:11:21: error: no object has the id 'name'
                   11 |       form.fields: [name, note]
                      |                     ^~~~
                      = help: did you mean 'login.name'?
                scene.yaml:12:7: error: 'form' is an AuthFormBehaviour, which has no property 'authenticatr' to set
                   12 |       form.authenticatr: auth
                      |       ^~~~~~~~~~~~~~~~~
                      = help: did you mean 'authenticator'?
                scene.yaml:15:32: error: the outlet 'authenticator' of 'form' is required and cannot be null
                   15 |     set: { form.authenticator: ~ }
                      |                                ^
                      = help: give it the id of a CredentialAuthenticator

                """)
    }

    @Test func anOverrideWrittenInAComponentResolvesInThatComponent() throws {
        let folder = try SceneFolder([
            "form.yaml": incompleteForm,
            "pair.yaml": """
            objects:
              inner: { include: form.yaml, set: { form.authenticator: service } }

            """,
            "scene.yaml": """
            objects:
              service: { type: CredentialAuthenticator }
              pair: { include: pair.yaml }

            """,
        ])
        // The scene's `service` is not the component's: a component sees its own objects only.
        #expect(
            try folder.check() == """
                pair.yaml:2:59: error: no object has the id 'service'
                    2 |   inner: { include: form.yaml, set: { form.authenticator: service } }
                      |                                                           ^~~~~~~
                      = help: the scene has no other CredentialAuthenticator to connect
                scene.yaml:3:20: note: included here as 'pair'

                """)
    }

    // MARK: - Events connected from the including scene

    @Test func anOnOverrideConnectsAnInstancesEventToTheIncludingScenesActions() throws {
        let folder = try SceneFolder([
            "c.yaml": "objects:\n  go: { type: Button, on: { tap: count.fire } }\n  count: { type: EventCounter }\n",
            "scene.yaml": """
            objects:
              mine: { type: EventCounter }
              a: { include: c.yaml, set: { go.on: { tap: [mine.fire, a.count.fire] } } }

            """,
        ])
        #expect(try folder.check() == "")
        let scene = try folder.load()
        let button = try #require(scene.object("a.go") as? Button)
        button.tap.send(())
        // The component's own connection stays: `on` adds to it.
        #expect((scene.object("a.count") as? EventCounter)?.count == 2)
        #expect((scene.object("mine") as? EventCounter)?.count == 1)
    }

    @Test func anOnOverrideIsCheckedLikeOnAndAnEventWrittenAfterOnGetsAHint() throws {
        let folder = try SceneFolder([
            "c.yaml": "objects:\n  go: { type: Button }\n",
            "scene.yaml": """
            objects:
              mine: { type: EventCounter }
              a:
                include: c.yaml
                set:
                  go.on.tap: mine.fire
                  go.on: { tapp: mine.fire, tap: mine.fir }

            """,
        ])
        #expect(
            try folder.check() == """
                scene.yaml:6:7: error: c.yaml has no object 'go.on'
                    6 |       go.on.tap: mine.fire
                      |       ^~~~~~~~~
                      = help: to connect an event of 'go', write 'go.on: { tap: <id.action> }'
                scene.yaml:7:16: error: Button has no event 'tapp'
                    7 |       go.on: { tapp: mine.fire, tap: mine.fir }
                      |                ^~~~
                      = help: did you mean 'tap'?
                scene.yaml:7:43: error: EventCounter has no action 'fir'
                    7 |       go.on: { tapp: mine.fire, tap: mine.fir }
                      |                                           ^~~
                      = help: did you mean 'fire'?

                """)
    }
}
