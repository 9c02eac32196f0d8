import SceneTesting
import Testing

/// Running scripts: steps, the transcript, expectations and determinism.
@Suite struct SceneRunnerTests {
    static let demo = """
        scene: Demo
        objects:
          controls: {type: View}
          play: {type: Button, parent: controls, on: {tap: spinner.start}}
          spinner: {type: ActivityIndicator}
          volume: {type: Slider, parent: controls, value: 0.5}
        script:
          - tap: play
          - wait: 1.5s
          - slide: { volume: 0.75 }
          - expect: { spinner.animating: true, volume.value: 0.75, controls.parent: null }
          - set: { controls.hidden: true }
          - tap: play
          - note: done
        """

    @Test func transcriptListsStepsEventsChangesAndExpectationsInTimeOrder() throws {
        let transcript = try runScene(Self.demo)
        #expect(
            transcriptText(transcript) == """
                == Demo (scene.yaml, 4 objects)
                    0.000s  tap play
                    0.000s      play.highlighted: false -> true
                    0.000s      play sent touchDown
                    0.000s      play.highlighted: true -> false
                    0.000s      play sent tap
                    0.000s      spinner.animating: false -> true
                    0.000s  wait 1.5s
                    1.500s  slide volume 0.75
                    1.500s      volume.tracking: false -> true
                    1.500s      volume sent editingBegan
                    1.500s      volume.value: 0.5 -> 0.75
                    1.500s      volume sent valueChanged
                    1.500s      volume.tracking: true -> false
                    1.500s      volume sent editingEnded
                    1.500s  expect spinner.animating == true: ok
                    1.500s  expect volume.value == 0.75: ok
                    1.500s  expect controls.parent == null: ok
                    1.500s  set controls.hidden = true
                    1.500s      controls.hidden: false -> true
                    1.500s      controls.visible: true -> false
                    1.500s      play.visible: true -> false
                    1.500s      volume.visible: true -> false
                    1.500s  tap play
                    1.500s      (play ignored 'tap' because a view containing it is hidden)
                    1.500s  note: done
                -- Demo: 3 expectations, 3 passed, 0 failed, virtual time 1.500s

                """)
    }

    @Test func runningTheSameSceneTwiceGivesTheSameTranscript() throws {
        let first = try runScene(Self.demo)
        let second = try runScene(Self.demo)
        #expect(TranscriptRenderer.text(first) == TranscriptRenderer.text(second))
        #expect(TranscriptRenderer.jsonLines(first) == TranscriptRenderer.jsonLines(second))
    }

    @Test func aFailedExpectationSaysExpectedActualAndWhere() throws {
        let outcome = SceneRunner(registry: .standard).run(
            SceneSource(name: "f.yaml", text: "objects:\n  v: {type: View}\nscript:\n  - expect: { v.alpha: 0.5 }\n"))
        guard case .ran(let transcript) = outcome else {
            Issue.record("the scene should load")
            return
        }
        #expect(transcript.failedCount == 1)
        #expect(!transcript.succeeded)
        #expect(
            TranscriptRenderer.text(transcript).contains(
                """
                    0.000s  expect v.alpha == 0.5: FAILED
                                expected 0.5, actual 1 (f.yaml:4:15)
                """))
    }

    @Test func doublesCompareWithinATolerance() throws {
        let transcript = try runScene(
            "objects:\n  s: {type: Slider, value: 0.3}\nscript:\n  - expect: { s.value: 0.3000000001 }\n")
        #expect(transcript.passedCount == 1)
    }

    /// A type whose `ratio` becomes NaN, as a custom behaviour's might.
    final class Spoiler: SceneObject {
        var ratio = 1.0
        func awake(in scene: Scene) {}
        static func sceneDescription() -> TypeDescription {
            TypeDescription("Spoiler", summary: "Makes a NaN.", make: Spoiler.init) { type in
                type.property("ratio", get: { $0.ratio }, set: { $0.ratio = $1 }, doc: "A ratio.")
                type.action("spoil", doc: "Sets ratio to NaN.") { $0.ratio = .nan }
            }
        }
    }

    @Test func aPropertyThatStaysNaNChangesOnceNotOnEveryStep() throws {
        var registry = SceneRegistry.standard
        try registry.register(Spoiler.sceneDescription())
        let transcript = try runScene(
            """
            objects:
              spoiler: {type: Spoiler}
            script:
              - call: spoiler.spoil
              - wait: 1s
              - note: later
              - wait: 1s
            """, registry: registry)
        let changes = transcript.entries.filter {
            if case .change(_, "ratio", _, _, _) = $0.kind { true } else { false }
        }
        #expect(changes.count == 1)
    }

    @Test func waitAndAtMoveTheVirtualClock() throws {
        let transcript = try runScene(
            "objects:\n  v: {type: View}\nscript:\n  - wait: 250ms\n  - at: 1h\n  - wait: 1m30s\n")
        #expect(transcript.endTime == .seconds(3690))
    }

    @Test func jsonLinesHaveOneObjectPerEntryAndASummary() throws {
        let transcript = try runScene("objects:\n  v: {type: View}\nscript:\n  - note: hello\n")
        #expect(
            TranscriptRenderer.jsonLines(transcript) == """
                {"type":"note","file":"scene.yaml","time":0,"text":"hello"}
                {"type":"summary","file":"scene.yaml","title":"scene.yaml","expectations":0,"passed":0,"failed":0,"failures":0,"error":false,"endTime":0}

                """)
    }

    @Test func animationFramesAreSummarisedUnlessVerbose() {
        var transcript = Transcript(title: "T", file: "t.yaml", objectCount: 1)
        for frame in 1...3 {
            transcript.entries.append(
                Transcript.Entry(
                    time: .milliseconds(frame * 16),
                    kind: .change(
                        object: "v", property: "alpha", from: .double(1 - Double(frame - 1) / 3),
                        to: .double(1 - Double(frame) / 3), isAnimationFrame: true)))
        }
        transcript.entries.append(
            Transcript.Entry(
                time: .milliseconds(48),
                kind: .change(
                    object: "v", property: "hidden", from: .bool(false), to: .bool(true), isAnimationFrame: false)))
        #expect(
            TranscriptRenderer.text(transcript) == """
                == T (t.yaml, 1 object)
                    0.016s      v.alpha: 1 -> animating
                    0.048s      v.alpha: -> 0 (animated, 3 frames)
                    0.048s      v.hidden: false -> true
                -- T: 0 expectations, 0 passed, 0 failed, virtual time 0.000s

                """)
        #expect(
            TranscriptRenderer.text(transcript, verbose: true).contains(
                "0.032s      v.alpha: 0.6666666666666667 -> 0.33333333333333337"))
    }

    @Test func loadSceneGivesAnAwakeSceneOnItsOwnClock() throws {
        let scene = try loadScene("objects:\n  v: {type: View}\n")
        #expect(scene.scheduler.now == .zero)
        #expect(scene.scheduler.isIdle)
    }
}
