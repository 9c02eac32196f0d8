import SceneBehaviours
import SceneCore
import SceneLoader
import Testing

@Suite struct SceneLoaderTests {
    @Test func setsPropertiesOfEveryKindFromTheFile() throws {
        let scene = try loadScene(
            """
            objects:
              probe:
                type: Probe
                flag: true
                count: 7
                ratio: 0.25
                name: no
                delay: 1m30s
                tint: "#E44F72"
                axis: y
                tags: [a, b]
                accounts: { alice: secret }
                sections:
                  - title: Fruit
                    rows: [apple, pear]
            """)
        let probe = try #require(scene.object("probe", as: Probe.self))
        #expect(probe.flag == true)
        #expect(probe.count == 7)
        #expect(probe.ratio == 0.25)
        #expect(probe.name == "no")
        #expect(probe.delay == .seconds(90))
        #expect(probe.tint == Color(red: 0xE4, green: 0x4F, blue: 0x72))
        #expect(probe.axis == .y)
        #expect(probe.tags == ["a", "b"])
        #expect(probe.accounts == ["alice": "secret"])
        #expect(probe.sections == [ProbeSection(title: "Fruit", rows: ["apple", "pear"])])
    }

    @Test func keysLeftOutKeepTheirDefaults() throws {
        let scene = try loadScene("objects:\n  probe: {type: Probe}\n")
        let probe = try #require(scene.object("probe", as: Probe.self))
        #expect(probe.ratio == 0.5)
        #expect(probe.delay == .seconds(1))
        #expect(probe.tint == nil)
    }

    @Test func connectsOutletsAndCollectionsInWrittenOrder() throws {
        let scene = try loadScene(
            """
            objects:
              controls: {type: View}
              play: {type: Button, parent: controls}
              volume: {type: Slider, parent: controls}
              tap: {type: TapGesture}
              probe:
                type: Probe
                target: volume
                items: [volume, tap, play]
            """)
        let probe = try #require(scene.object("probe", as: Probe.self))
        let volume = try #require(scene.object("volume", as: Slider.self))
        #expect(probe.target === volume)
        #expect(probe.items.elements.map { scene.id(of: $0) } == ["volume", "tap", "play"])
        #expect(scene.value(of: "probe", "items") == .list([.object("volume"), .object("tap"), .object("play")]))
        #expect(scene.value(of: "play", "parent") == .object("controls"))
        #expect(scene.value(of: "controls", "parent") == .null)
    }

    @Test func connectsEventsToActionsWithAndWithoutPayload() throws {
        let scene = try loadScene(
            """
            objects:
              source:
                type: Probe
                ratio: 0.75
                on:
                  fired: [sink.reset, sink.reset]
                  changed: sink.setRatio
              sink: {type: Probe}
            """)
        let source = try #require(scene.object("source", as: Probe.self))
        let sink = try #require(scene.object("sink", as: Probe.self))
        source.fired.send()
        #expect(sink.resets == 2)
        source.changed.send(0.75)
        #expect(sink.ratio == 0.75)
    }

    @Test func buttonTapReachesAnActionThroughTheScene() throws {
        let scene = try loadScene(
            """
            objects:
              controls: {type: View}
              hide: {type: Button, on: {tap: controls.hide}}
            """)
        let controls = try #require(scene.object("controls", as: View.self))
        let hide = try #require(scene.object("hide", as: Button.self))
        #expect(controls.hidden == false)
        hide.tap.send()
        #expect(controls.hidden == true)
    }

    @Test func awakesDependenciesFirstAndOtherwiseInDeclarationOrder() throws {
        let log = AwakeLog()
        let registry = try testRegistry(log: log)
        _ = try loadScene(
            """
            objects:
              first: {type: Probe, host: third}
              second: {type: Probe}
              third: {type: Probe, host: fourth}
              fourth: {type: Probe}
              fifth: {type: Probe, host: fifth}
            """, registry: registry)
        #expect(log.entries == ["fourth", "third", "first", "second", "fifth"])
    }

    @Test func mutualReferencesAwakeEachObjectOnce() throws {
        let log = AwakeLog()
        _ = try loadScene(
            """
            objects:
              a: {type: Probe, host: b}
              b: {type: Probe, host: a}
            """, registry: try testRegistry(log: log))
        #expect(log.entries == ["b", "a"])
    }

    @Test func reportsEveryMistakeInOnePass() throws {
        let text = try renderedDiagnostics(
            """
            objects:
              controls:
                type: View
                hidden: yes
              play:
                type: Buton
              volume:
                type: Slider
                parent: contrls
                valeu: 2
            """)
        #expect(
            text == """
                test.yaml:4:13: error: 'hidden' takes true or false, not 'yes'
                    4 |     hidden: yes
                      |             ^~~
                      = help: scene files take booleans literally: write true
                test.yaml:6:11: error: unknown type 'Buton'
                    6 |     type: Buton
                      |           ^~~~~
                      = help: did you mean 'Button'?
                test.yaml:9:13: error: no object has the id 'contrls'
                    9 |     parent: contrls
                      |             ^~~~~~~
                      = help: did you mean 'controls'?
                test.yaml:10:5: error: Slider has no property or outlet 'valeu'
                   10 |     valeu: 2
                      |     ^~~~~
                      = help: did you mean 'value'?

                """)
    }

    @Test func stopsCollectingAtTheLimitAndSaysSo() throws {
        var limits = SceneLimits()
        limits.maxDiagnostics = 2
        let yaml = (1...5).map { "  v\($0): {type: View, alpha: 2}" }.joined(separator: "\n")
        let loader = SceneLoader(registry: try testRegistry(), limits: limits)
        let diagnostics = loader.check(SceneSource(name: "many.yaml", text: "objects:\n" + yaml + "\n"))
        #expect(diagnostics.map(\.code) == [.valueOutOfRange, .valueOutOfRange, .tooManyDiagnostics])
        #expect(diagnostics.last?.message == "too many diagnostics; stopped after the first 2")
    }

    @Test func anEmptyObjectsMappingIsAValidScene() throws {
        let scene = try loadScene("scene: Empty\nobjects: {}\n")
        #expect(scene.entries.isEmpty)
        #expect(scene.title == "Empty")
    }

    @Test func keepsTitleAndDescription() throws {
        let scene = try loadScene("scene: Demo\ndescription: >\n  Two lines\n  folded.\nversion: 1\nobjects: {}\n")
        #expect(scene.title == "Demo")
        #expect(scene.description == "Two lines folded.\n")
    }

    @Test func aliasesShareValuesAcrossObjects() throws {
        let scene = try loadScene(
            """
            objects:
              a: {type: Probe, tags: &tags [x, y]}
              b: {type: Probe, tags: *tags}
            """)
        #expect(scene.object("b", as: Probe.self)?.tags == ["x", "y"])
    }
}

@Suite struct SceneOwnershipTests {
    /// Weak references to every object of a scene.
    final class Watch {
        struct Entry {
            weak var object: AnyObject?
        }
        var entries: [Entry] = []
    }

    @Test func releasingTheSceneFreesEveryObject() throws {
        let watch = Watch()
        do {
            let scene = try loadScene(
                """
                objects:
                  controls: {type: View}
                  play: {type: Button, parent: controls, on: {tap: controls.hide}}
                  volume: {type: Slider, parent: controls}
                  tap: {type: TapGesture, view: controls}
                  a: {type: Probe, host: b, target: play, items: [play, volume, tap], on: {fired: b.reset}}
                  b: {type: Probe, host: a, on: {fired: a.reset, changed: a.setRatio}}
                """)
            #expect(scene.entries.count == 6)
            watch.entries = scene.entries.map { Watch.Entry(object: $0.object) }
        }
        #expect(watch.entries.count == 6)
        #expect(watch.entries.allSatisfy { $0.object == nil })
    }

    @Test func outletsDoNotKeepTheirTargetsAlive() throws {
        let scene = try loadScene("objects:\n  v: {type: View}\n  p: {type: Probe, target: v, items: [v]}\n")
        let probe = try #require(scene.object("p", as: Probe.self))
        #expect(probe.target != nil)
        weak let view = probe.target
        _ = consume scene
        #expect(view == nil)
        #expect(probe.target == nil)
        #expect(probe.items.isEmpty)
    }
}

@Suite struct EmbeddingTests {
    /// A program's own type, registered the same way the built-ins are.
    final class Counter: SceneObject {
        var step = 1
        private(set) var count = 0
        weak var display: Label?

        func awake(in scene: Scene) { display?.text = String(count) }

        func increment() {
            count += step
            display?.text = String(count)
        }

        static func sceneDescription() -> TypeDescription {
            TypeDescription("Counter", summary: "Counts taps.", make: Counter.init) { type in
                type.property("step", \.step, range: 1...100, doc: "How much each increment adds.")
                type.readOnly("count", \.count, doc: "The total so far.")
                type.outlet("display", \.display, doc: "Shows the count.")
                type.action("increment", doc: "Adds `step`.") { $0.increment() }
            }
        }
    }

    @Test func aProgramRegistersItsOwnTypeAndWiresItToBuiltIns() throws {
        var registry = SceneRegistry.standard
        try registry.register(Counter.sceneDescription())
        let scene = try loadScene(
            """
            objects:
              label: {type: Label}
              counter: {type: Counter, step: 5, display: label}
              plus: {type: Button, on: {tap: counter.increment}}
            """, registry: registry)
        let plus = try #require(scene.object("plus", as: Button.self))
        #expect(scene.value(of: "label", "text") == .string("0"))
        plus.tap.send()
        plus.tap.send()
        #expect(scene.value(of: "counter", "count") == .int(10))
        #expect(scene.value(of: "label", "text") == .string("10"))
    }

    @Test func registeringTheSameNameTwiceIsRefused() throws {
        var registry = SceneRegistry.standard
        try registry.register(Counter.sceneDescription())
        #expect(throws: SceneRegistry.RegistrationError.duplicateType("Counter")) {
            try registry.register(Counter.sceneDescription())
        }
    }

    @Test func anOutletRequiringAnUnknownTypeIsRefused() {
        final class Widget {}
        final class Orphan: SceneObject {
            weak var friend: Widget?
            func awake(in scene: Scene) {}
        }
        var registry = SceneRegistry()
        let description = TypeDescription("Orphan", summary: "Refers to nothing known.", make: Orphan.init) { type in
            type.outlet("friend", \.friend, doc: "Unknown.")
        }
        #expect(
            throws: SceneRegistry.RegistrationError.unknownRequirement(
                type: "Orphan", outlet: "friend", requirement: "Widget")
        ) {
            try registry.register(description)
        }
    }

    @Test func aSceneCannotConstructAnUnregisteredType() throws {
        let loader = SceneLoader(registry: SceneRegistry())
        let diagnostics = loader.check(SceneSource(name: "x.yaml", text: "objects:\n  v: {type: View}\n"))
        #expect(diagnostics.map(\.code) == [.unknownType])
    }
}
