import SceneBehaviours
import SceneCore
import SceneLoader
import Testing

@testable import SceneRunning

/// `SceneExplorer`: random inputs and waits find a broken invariant, an
/// event loop or a runaway, shrink it to a minimal script, the same for a
/// seed, within the budget, and count what they reached.
@Suite struct SceneExplorerTests {
    func explorer(_ yaml: String, _ configure: (inout ExploreOptions) -> Void = { _ in }) throws -> SceneExplorer {
        var options = ExploreOptions()
        configure(&options)
        let loader = SceneLoader(registry: .standard)
        return try SceneExplorer.load(SceneSource(name: "e.yaml", text: yaml), loader: loader, options: options).get()
    }

    static let slider = """
        objects:
          volume: { type: Slider, value: 0.5 }
          mute: { type: Button }
        invariants:
          - { volume.value: { max: 0.8 } }
        """

    static let fadingControls = """
        objects:
          controls: { type: View }
          backgroundTap: { type: TapGesture }
          timeout: { type: TimeoutController, timeout: 1s }
          host:
            type: TimeoutControllerHost
            viewToHide: controls
            tapGesture: backgroundTap
            timeoutController: timeout
            animationDuration: 0.2s
        invariants:
          - name: the controls never hide
            expect: { controls.hidden: false }
        """

    @Test func aSlideBeyondTheInvariantsBoundIsFoundAndShrunkToOneStep() throws {
        let result = try explorer(Self.slider).explore()
        let failure = try #require(result.failure)
        #expect(failure.identity == "invariant 5:7")
        #expect(failure.position?.line == 5)
        #expect(result.steps.count == 1)
        #expect(result.minimalSteps.count == 1 && result.minimalSteps[0].hasPrefix("slide: { volume: "))
        #expect(result.foundLength >= result.steps.count)
        // The broken range ends the reproducer as an `expect`, which fails there.
        #expect(result.finalExpectation == "expect: { volume.value: { max: 0.8 } }")
        #expect(result.script == result.minimalSteps + ["expect: { volume.value: { max: 0.8 } }"])
        let reproducer =
            Self.slider.replacingOccurrences(of: "invariants:\n  - { volume.value: { max: 0.8 } }", with: "")
            + "script:\n" + result.script.map { "  - \($0)\n" }.joined()
        guard
            case .ran(let transcript) = SceneRunner(registry: .standard).run(
                SceneSource(name: "r.yaml", text: reproducer))
        else {
            Issue.record("the reproducer did not load: \(reproducer)")
            return
        }
        let failed = transcript.entries.compactMap { entry -> Int? in
            guard case .expectation(_, .range(nil, .double(0.8)), _, false, let position) = entry.kind else {
                return nil
            }
            return position.line
        }
        #expect(failed == [6])
    }

    @Test func aBrokenNotEqualEndsTheReproducerAsAnExpectOfIt() throws {
        let result = try explorer(
            """
            objects:
              name: { type: TextField, text: Ada }
            invariants:
              - { name.text: { not: "" } }
            """
        ).explore()
        #expect(result.failure?.position?.line == 4)
        #expect(result.minimalSteps.count == 1)
        #expect(result.finalExpectation == #"expect: { name.text: { not: "" } }"#)
    }

    @Test func aTimerThatHidesTheControlsIsShrunkToTheShortestWait() throws {
        let result = try explorer(Self.fadingControls).explore()
        let failure = try #require(result.failure)
        guard case .invariant(_, _, let actual, let after, _) = failure.kind else {
            Issue.record("not an invariant: \(failure)")
            return
        }
        #expect(actual == .bool(true))
        #expect(after.contains("when a timer fired"))
        // A tap on the background hides the controls over the fade (0.2s):
        // the wait is shortened to the millisecond it takes. (The timeout's
        // own `wait: 1.2s` is as short, but dropping steps cannot reach it.)
        #expect(result.minimalSteps == ["tap: backgroundTap", "wait: 200ms"])
        #expect(result.finalExpectation == "expect: { controls.hidden: false }")
        #expect(result.script == result.minimalSteps + ["expect: { controls.hidden: false }"])
    }

    @Test func theSameSeedGivesTheSameResultAndAnotherSeedMayNot() throws {
        let first = try explorer(Self.fadingControls) { $0.seed = 7 }.explore()
        let again = try explorer(Self.fadingControls) { $0.seed = 7 }.explore()
        #expect(first.failure == again.failure)
        #expect(first.script == again.script)
        #expect(first.foundLength == again.foundLength && first.stepCount == again.stepCount)
        #expect(first.coverage == again.coverage)
        #expect(first.shrinkAttempts == again.shrinkAttempts)
    }

    @Test func aSceneWhoseInvariantsHoldRunsTheWholeBudget() throws {
        let yaml = """
            objects:
              volume: { type: Slider, value: 0.5 }
            invariants:
              - { volume.value: { min: 0, max: 1 } }
            """
        let result = try explorer(yaml) {
            $0.runs = 7
            $0.stepsPerRun = 11
        }.explore()
        #expect(result.failure == nil)
        #expect(result.runCount == 7 && result.stepCount == 77)
        #expect(result.script.isEmpty)
    }

    @Test func theStepBudgetBoundsTheWholeExploration() throws {
        let result = try explorer(Self.slider.replacingOccurrences(of: "max: 0.8", with: "max: 1")) {
            $0.runs = 1000
            $0.stepsPerRun = 10
            $0.maxSteps = 25
        }.explore()
        #expect(result.failure == nil)
        #expect(result.stepCount == 25 && result.runCount == 3)
    }

    @Test func theWallTimeBudgetStopsTheExploration() throws {
        let result = try explorer(Self.slider.replacingOccurrences(of: "max: 0.8", with: "max: 1")) {
            $0.runs = .max
            $0.maxTime = .milliseconds(200)
        }.explore()
        #expect(result.failure == nil)
        #expect(result.runCount > 0 && result.runCount < .max)
    }

    @Test func anEventLoopAnInputLeadsToIsAFailure() throws {
        let yaml = """
            objects:
              send: { type: Button, on: { tap: form.submit } }
              form: { type: FormBehaviour, on: { submitted: form.submit } }
            """
        let result = try explorer(yaml).explore()
        let failure = try #require(result.failure)
        #expect(failure.identity == "error event loop:")
        // A tap, or a press and a release: each sends the button's `tap`.
        #expect(result.minimalSteps == ["tap: send"] || result.minimalSteps == ["press: send", "release: send"])
    }

    @Test func exploringStartsAfterTheSetupUnlessFromStart() throws {
        // The setup raises the maximum; from the start, the value can never pass 1.
        let yaml = """
            objects:
              volume: { type: Slider, value: 0.5 }
            invariants:
              - { volume.value: { max: 1.5 } }
            script:
              - set: { volume.maximum: 2 }
              - expect: { volume.maximum: 2 }
              - set: { volume.maximum: 1 }
            """
        let afterSetup = try explorer(yaml).explore()
        #expect(afterSetup.setup.count == 1)
        #expect(afterSetup.failure != nil)
        #expect(afterSetup.script.first == "set: { volume.maximum: 2 }")
        let fromStart = try explorer(yaml) {
            $0.fromStart = true
            $0.runs = 30
        }.explore()
        #expect(fromStart.setup.isEmpty)
        #expect(fromStart.failure == nil)
    }

    @Test func aSegmentedControlsSelectIsDrawnFromItsOwnSegments() throws {
        let yaml = """
            objects:
              tabs: { type: SegmentedControl, segments: [a, b, c, d, e, f, g, h, i, j, k, l] }
            invariants:
              - { tabs.selectedIndex: { min: 0 } }
            """
        let result = try explorer(yaml) { $0.runs = 10 }.explore()
        #expect(result.failure == nil)
        let tabs = try #require(result.coverage.objects.first)
        // Every one of the 12 segments is reached, the last ones too.
        #expect(Set(tabs.properties.first?.values ?? []) == Set((0..<12).map { SceneValue.int($0) }))
        #expect((tabs.inputs.first { $0.name == "select" }?.ignored ?? 0) > 0)
    }

    @Test func coverageCountsInputsEventsActionsAndTheValuesInvariantsRead() throws {
        let yaml = """
            objects:
              volume: { type: Slider, value: 0.5 }
              spinner: { type: ActivityIndicator }
              play: { type: Button, on: { tap: spinner.start } }
              form: { type: FormBehaviour }
            invariants:
              - when: { spinner.animating: true }
                expect: { volume.value: { min: 0 } }
            """
        let result = try explorer(yaml) { $0.runs = 20 }.explore()
        #expect(result.failure == nil)
        let objects = Dictionary(uniqueKeysWithValues: result.coverage.objects.map { ($0.id, $0) })
        let volume = try #require(objects["volume"])
        #expect((volume.inputs.first { $0.name == "slide" }?.count ?? 0) > 0)
        #expect((volume.events.first { $0.name == "valueChanged" }?.count ?? 0) > 0)
        #expect(volume.properties.map(\.name) == ["value"])
        #expect(volume.properties[0].values.count > 2)
        let spinner = try #require(objects["spinner"])
        #expect((spinner.actions.first { $0.name == "start" }?.count ?? 0) > 0)
        #expect(Set(spinner.properties[0].values) == [.bool(false), .bool(true)])
        // The form takes no input and nothing calls it: its event is never sent.
        let form = try #require(objects["form"])
        #expect(form.events.first { $0.name == "submitted" }?.count == 0)
    }

    @Test func shrinkingStopsWhenTheWallTimeBudgetIsSpent() throws {
        let explorer = try explorer(Self.fadingControls)
        let found = explorer.explore()
        let failure = try #require(found.failure)
        // A budget that ended before shrinking began: no replay, the steps as found.
        let spent = explorer.shrink(found.steps, failing: failure, until: .now - .seconds(1))
        #expect(spent.attempts == 0)
        #expect(spent.steps.count == found.steps.count)
        let unbounded = explorer.shrink(found.steps, failing: failure)
        #expect(unbounded.attempts > 0)
    }

    @Test func noRunWaitsPastTheVirtualTimeLimitOfScripts() throws {
        // The only break is a timer 16,000 hours ahead, past the 366 days a
        // written script may reach: a reproducer of it would be refused.
        let far = """
            objects:
              counter: { type: EventCounter }
              timeout: { type: TimeoutController, timeout: 16000h, on: { timedOut: counter.fire } }
            script:
              - call: timeout.resume
            invariants:
              - expect: { counter.count: 0 }
            """
        let result = try explorer(far) { $0.runs = 50 }.explore()
        #expect(result.failure == nil, "\(result.script)")
        #expect(result.stepCount > 0)
        // Within the limit, the same timer is reached and its reproducer checks clean.
        let near = far.replacingOccurrences(of: "16000h", with: "8000h")
        let found = try explorer(near) { $0.runs = 50 }.explore()
        #expect(found.failure != nil)
        let objects = try #require(near.components(separatedBy: "invariants:").first)
        let reproducer = objects + found.script.map { "  - \($0)\n" }.joined()
        let diagnostics = SceneLoader(registry: .standard).check(SceneSource(name: "r.yaml", text: reproducer))
        #expect(diagnostics.isEmpty, "\(reproducer)\n\(diagnostics.map(\.message))")
    }

    @Test func shrinkingIsBoundedByItsAttempts() throws {
        let result = try explorer(Self.fadingControls) { $0.maxShrinkAttempts = 3 }.explore()
        #expect(result.failure != nil)
        #expect(result.shrinkAttempts <= 3)
    }
}

/// A dial of a user's own: the explorer sends its declared input, drawing
/// the argument as its registration says.
final class Dial: SceneObject {
    var position = 0

    func awake(in scene: Scene) {}

    static func sceneDescription(draw: Draw) -> TypeDescription {
        TypeDescription("Dial", summary: "Turns to a position.", make: Dial.init) { type in
            type.readOnly("position", \.position, doc: "Where it points.")
            type.input("turn", Int.self, doc: "Turns it to a position.") { dial, position in
                dial.position = position
                return .handled
            }
            switch draw {
            case .byType: break
            case .values: type.exploring("turn") { _ in [.int(4242)] }
            case .range: type.exploring("turn", range: { _ in (5000, 6000) })
            }
        }
    }

    enum Draw { case byType, values, range }
}

@Suite struct CustomDrawTests {
    func explore(_ draw: Dial.Draw, invariant: String) throws -> ExploreResult {
        var registry = SceneRegistry.standard
        registry.registerBuiltIn([Dial.sceneDescription(draw: draw)])
        var options = ExploreOptions()
        options.runs = 50
        let yaml = "objects:\n  dial: { type: Dial }\ninvariants:\n  - { dial.position: \(invariant) }\n"
        return try SceneExplorer.load(
            SceneSource(name: "d.yaml", text: yaml), loader: SceneLoader(registry: registry), options: options
        ).get().explore()
    }

    @Test func aCustomTypesInputIsExploredByItsArgumentsType() throws {
        let result = try explore(.byType, invariant: "{ max: 500 }")
        #expect(result.minimalSteps == ["turn: { dial: 1000 }"])
        #expect(result.coverage.objects.first?.inputs.first?.name == "turn")
    }

    @Test func declaredValuesAreDrawn() throws {
        // No draw by type gives 4242.
        #expect(try explore(.byType, invariant: "{ not: 4242 }").failure == nil)
        let result = try explore(.values, invariant: "{ not: 4242 }")
        #expect(result.minimalSteps == ["turn: { dial: 4242 }"])
    }

    @Test func aDeclaredRangeIsDrawnInWholeNumbersWithinIt() throws {
        let result = try explore(.range, invariant: "{ max: 4999 }")
        let values = result.coverage.objects.first?.properties.first?.values ?? []
        #expect(result.failure != nil)
        #expect(result.minimalSteps.count == 1)
        #expect(values.contains(.int(5000)) || values.contains(.int(6000)) || values.count > 1)
        for value in values where value != .int(0) {
            guard case .int(let number) = value else {
                Issue.record("not a whole number: \(value)")
                continue
            }
            #expect((5000...6000).contains(number) || number == 1000 || number < 100)
        }
    }
}
