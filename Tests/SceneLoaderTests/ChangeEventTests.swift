import Behaviours
import SceneBehaviours
import SceneCore
import SceneLoader
import Testing

/// Change events (`textChanged`) in `on:`: checked as events are, with
/// hints and payload types, and connected so that every change of the
/// property reaches the action.
@Suite struct ChangeEventTests {
    @Test func aMisspeltChangeEventIsAnUnknownEventWithAHint() throws {
        #expect(
            try renderedDiagnostics(
                """
                objects:
                  query: { type: TextField, on: { txtChanged: preview.setText } }
                  preview: { type: Label }
                """) == """
                    test.yaml:2:35: error: TextField has no event 'txtChanged'
                        2 |   query: { type: TextField, on: { txtChanged: preview.setText } }
                          |                                   ^~~~~~~~~~
                          = help: did you mean 'textChanged'?

                    """)
    }

    @Test func aChangeEventsPayloadMustFitTheAction() throws {
        let rendered = try renderedDiagnostics(
            """
            objects:
              query: { type: TextField, on: { textChanged: lock.enter } }
              lock: { type: View }
            """)
        #expect(rendered.contains("error: View has no action 'enter'"))
        let mismatch = try renderedDiagnostics(
            """
            objects:
              query: { type: TextField, on: { textChanged: counter.fire } }
              counter: { type: EventCounter }
              other: { type: Label, on: { textChanged: player.seek } }
              player: { type: Player, duration: 10s }
            """)
        #expect(
            mismatch.contains(
                "error: action 'seek' of Player takes a Duration, but event 'textChanged' of Label sends a String"))
    }

    @Test func everyChangeReachesTheActionWhoeverMakesIt() throws {
        let loader = SceneLoader(registry: .standard)
        let scene = try loader.load(
            SceneSource(
                name: "c.yaml",
                text: """
                    objects:
                      query: { type: TextField, on: { textChanged: preview.setText } }
                      preview: { type: Label }
                    """))
        let query = try #require(scene.object("query", as: TextField.self))
        let preview = try #require(scene.object("preview", as: Label.self))
        query.text = "from code"
        #expect(preview.text == "from code")
        try #require(scene.entry("query")?.type.property(named: "text")).set(.string("from a scene"), on: query)
        #expect(preview.text == "from a scene")
    }

    @Test func aSceneWiresHiddenChangedWhoeverHidesTheView() throws {
        let scene = try SceneLoader(registry: .standard).load(
            SceneSource(
                name: "hidden.yaml",
                text: """
                    objects:
                      banner: { type: View, on: { hiddenChanged: counter.fire } }
                      counter: { type: EventCounter }
                    """))
        let banner = try #require(scene.object("banner", as: View.self))
        let counter = try #require(scene.object("counter", as: EventCounter.self))
        banner.hide()
        banner.hidden = true
        #expect(counter.count == 1)
        try #require(scene.entry("banner")?.type.property(named: "hidden")).set(.bool(false), on: banner)
        #expect(counter.count == 2)
    }
}
